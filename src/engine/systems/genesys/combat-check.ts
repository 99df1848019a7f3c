import type { Pool } from '../../dice/narrative-dice'
import { buildPool, type ModifierOrder } from '../../dice/narrative-pool'

/**
 * The dice pool of a combat check: difficulty by range band or Average for Melee/Brawl, the engaged
 * modifiers, Aim, Guarded Stance, cover, prone and defense.
 * @see the Star Wars turn rules (docs/rules/genesys.md section 5) ("Perform a combat check", maneuvers) and docs/rules/genesys.md sections 4 and 5
 */

export const RANGE_BANDS = ['engaged', 'short', 'medium', 'long', 'extreme'] as const
export type RangeBand = (typeof RANGE_BANDS)[number]

export const COMBAT_SKILLS = ['ranged-light', 'ranged-heavy', 'gunnery', 'melee', 'brawl'] as const
export type CombatSkill = (typeof COMBAT_SKILLS)[number]

export function isMelee(skill: CombatSkill): boolean {
  return skill === 'melee' || skill === 'brawl'
}

/**
 * The band a check scenario fires at: `check.range` when given; else Engaged for Melee/Brawl, and for a
 * ranged weapon Medium or the weapon's own range if that is shorter (a default never puts the target
 * beyond the weapon's reach; docs/rules/genesys.md section 4).
 */
export function checkBand(range: RangeBand | undefined, weapon: { skill: CombatSkill; range: RangeBand }): RangeBand {
  if (range !== undefined) return range
  if (isMelee(weapon.skill)) return 'engaged'
  return RANGE_BANDS[Math.min(RANGE_BANDS.indexOf('medium'), RANGE_BANDS.indexOf(weapon.range))]
}

/** Ranged difficulty by the band the target occupies: Engaged and Short Easy, Medium Average, Long Hard, Extreme Daunting. */
export const RANGED_DIFFICULTY: Readonly<Record<RangeBand, number>> = { engaged: 1, short: 1, medium: 2, long: 3, extreme: 4 }

/** Melee and Brawl checks are always Average (the Star Wars turn rules (docs/rules/genesys.md section 5): "Melee attack difficulties are always Average"). */
export const MELEE_DIFFICULTY = 2

/** Shooting while engaged: Ranged (Light) +1 difficulty, Ranged (Heavy) +2; Gunnery cannot fire (docs/rules/genesys.md section 4, EotE p.163). */
export const ENGAGED_INCREASE: Readonly<Record<CombatSkill, number | null>> = { 'ranged-light': 1, 'ranged-heavy': 2, gunnery: null, melee: 0, brawl: 0 }

/**
 * How defensive sources combine. 'best': cover (ranged defense 1), Guarded Stance (melee defense 1) and
 * armour defense all "provide defense", so only the best counts (docs/rules/genesys.md section 4; Edge of the Empire core rulebook, Defense); 'add': every source
 * adds its own Setback die, as the Star Wars turn rules (docs/rules/genesys.md section 5) words each maneuver.
 */
export type DefenseStacking = 'best' | 'add'

export interface AttackSituation {
  characteristic: number
  skill: number
  combatSkill: CombatSkill
  /** Band of the target (for Melee/Brawl it must be 'engaged'). */
  band: RangeBand
  /** The attacker is engaged with an enemy (only matters for ranged checks). */
  shooterEngaged: boolean
  /** Aim maneuvers counted toward this check (0–2). */
  aims: number
  /** The attacker is in Guarded Stance: one Setback to his own combat checks. */
  ownGuarded: boolean
  targetCover: boolean
  targetProne: boolean
  targetGuarded: boolean
  /** The target's armour defense against this kind of attack (0–4). */
  targetDefense: number
  /** Boost dice from allies (Assist, advantage spent to boost the next check). */
  extraBoost: number
  extraSetback: number
  upgradeAbility: number
  upgradeDifficulty: number
  downgradeAbility: number
  downgradeDifficulty: number
  /** "Increase difficulty" from elsewhere (e.g. a Stinger critical injury): extra Difficulty dice. */
  extraIncrease?: number
  /**
   * A ranged shot at a target engaged with one of the shooter's allies: the difficulty is upgraded once
   * (docs/rules/genesys.md section 4; EotE p.219).
   */
  targetEngagedWithAlly?: boolean
}

/**
 * Whether the shooter counts as engaged: flagged so, or his target is in the Engaged band (a target at
 * Engaged range is engaged with him, so docs/rules/genesys.md section 4 "Ranged at Engaged: Easy (1) + weapon modifier"
 * applies whether or not the flag was set).
 */
export function shooterIsEngaged(s: Pick<AttackSituation, 'band' | 'shooterEngaged'>): boolean {
  return s.shooterEngaged || s.band === 'engaged'
}

/** Whether the attack is possible at all: Melee/Brawl need an engaged target, Gunnery cannot fire while engaged. */
export function canAttack(s: Pick<AttackSituation, 'combatSkill' | 'band' | 'shooterEngaged'>): boolean {
  if (isMelee(s.combatSkill)) return s.band === 'engaged'
  return !(shooterIsEngaged(s) && ENGAGED_INCREASE[s.combatSkill] === null)
}

/** Setback dice the target's situation adds, and Boost dice a prone target gives melee attackers. */
export function defenseDice(s: AttackSituation, stacking: DefenseStacking): { setback: number; boost: number } {
  const melee = isMelee(s.combatSkill)
  const stance = melee && s.targetGuarded ? 1 : 0
  const cover = !melee && s.targetCover ? 1 : 0
  const provided = stacking === 'best' ? Math.max(s.targetDefense, stance, cover) : s.targetDefense + stance + cover
  const setback = Math.min(4, provided) + (!melee && s.targetProne ? 1 : 0)
  return { setback, boost: melee && s.targetProne ? 1 : 0 }
}

/**
 * The full pool: base difficulty (range band or Average), the engaged increase, then upgrades and
 * downgrades in the order of variants.modifierOrder, then Boost (Aim, allies, prone target) and Setback (defense, cover, prone,
 * own Guarded Stance).
 */
export function attackPool(s: AttackSituation, stacking: DefenseStacking, order: ModifierOrder): Pool {
  const melee = isMelee(s.combatSkill)
  const difficulty = melee ? MELEE_DIFFICULTY : RANGED_DIFFICULTY[s.band]
  const increase = (!melee && shooterIsEngaged(s) ? (ENGAGED_INCREASE[s.combatSkill] ?? 0) : 0) + (s.extraIncrease ?? 0)
  const intoMelee = !melee && s.targetEngagedWithAlly === true ? 1 : 0
  const def = defenseDice(s, stacking)
  return buildPool(
    {
      characteristic: s.characteristic,
      skill: s.skill,
      difficulty,
      increase,
      upgradeAbility: s.upgradeAbility,
      upgradeDifficulty: s.upgradeDifficulty + intoMelee,
      downgradeAbility: s.downgradeAbility,
      downgradeDifficulty: s.downgradeDifficulty,
      boost: Math.min(2, s.aims) + s.extraBoost + def.boost,
      setback: def.setback + (s.ownGuarded ? 1 : 0) + s.extraSetback,
    },
    order,
  )
}
