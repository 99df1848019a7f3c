import { rollD6Sum } from '../../dice/gurps-damage'
import { injuryOf } from '../gurps-common/basic-damage'
import { roll3, RollUse } from './log'
import type { WeaponStats } from './fighter'
import { armOf, type Plan } from './plan'
import type { FightState } from './state'

/**
 * Damage of one hit: the weapon's dice by ST, All-Out Attack (Strong), the critical-hit table, DR and
 * the wounding multiplier.
 * @see docs/rules/gurps.md section 3 (The attack: the critical-hit table; Damage and injury)
 */
export const enum Crit {
  Normal = 0,
  Triple = 1,
  HalfDr = 2,
  Double = 3,
  Max = 4,
  MajorIfPenetrates = 5,
  DoubleShock = 6,
  DropWeapon = 7,
}

/** Critical-hit table by 3d6 roll 3..18 (index roll − 3). */
export const CRITICAL_HIT_TABLE: readonly Crit[] = [
  Crit.Triple, Crit.HalfDr, Crit.Double, Crit.Max, Crit.MajorIfPenetrates, Crit.DoubleShock, Crit.Normal, Crit.Normal,
  Crit.Normal, Crit.DropWeapon, Crit.MajorIfPenetrates, Crit.MajorIfPenetrates, Crit.Max, Crit.Double, Crit.HalfDr, Crit.Triple,
]

export const CRIT_TEXT = ['normal damage', 'triple damage', "the target's DR is halved", 'double damage', 'maximum damage', 'a major wound if any damage penetrates', 'double shock', 'the victim drops his weapon']

/** Rolls on the critical-hit table (one 3d6 draw). */
export function rollCritical(st: FightState): Crit {
  return CRITICAL_HIT_TABLE[roll3(st, RollUse.CriticalTable) - 3]
}

/** "+2 damage or +1 per die, whichever is more" for All-Out Attack (Strong). */
export function strongBonus(dice: number): number {
  return dice > 2 ? dice : 2
}

/** Basic damage of one hit by `a` (draws the dice unless the critical gives maximum damage). */
export function basicDamage(plan: Plan, st: FightState, a: number, strong: boolean, crit: Crit): number {
  const f = armOf(plan, st, a)
  let dmg = (crit === Crit.Max ? f.dice * 6 : rollD6Sum(st.rng, f.dice)) + f.add
  if (strong) dmg += strongBonus(f.dice)
  if (dmg < f.minDamage) dmg = f.minDamage
  if (crit === Crit.Double) dmg *= 2
  else if (crit === Crit.Triple) dmg *= 3
  return dmg
}

/** `d`'s DR against `a`'s attack: his DR plus any DR limited to that damage type (B47 "Limited"). */
export function drAgainst(plan: Plan, st: FightState, a: number, d: number): number {
  return drAgainstArm(plan, armOf(plan, st, a), d)
}

/** `d`'s DR against the weapon `w`. */
export function drAgainstArm(plan: Plan, w: WeaponStats, d: number): number {
  const v = plan.fighters[d]
  return v.dr + v.drByType[w.typeIndex]
}

/** Injury from basic damage against `d`'s DR (halved by critical results 4 and 17). */
export function injuryAgainst(plan: Plan, st: FightState, a: number, d: number, dmg: number, crit: Crit): number {
  const dr = drAgainst(plan, st, a, d)
  return injuryOf(dmg, crit === Crit.HalfDr ? Math.floor(dr / 2) : dr, armOf(plan, st, a).halves, plan.rules.minimumInjuryOne)
}
