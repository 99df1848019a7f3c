import { groupDraw } from '../../core/rng-paths'
import type { DrawBranches } from '../../core/rng-paths'
import { pack, packedAdv, packedDespairs, packedNet, packedTriumphs } from '../../dice/narrative-dice'
import type { CompiledPool } from '../../dice/narrative-roll'
import { CHARACTERISTIC_BY_D10, critEffectOf, CRIT_TABLE, type CritEffect } from './crit-effects'
import { isMelee } from './combat-check'
import { isHit } from './damage'
import { DROPPED, EMPTY, ammoAt, held, heldAmmo, type FightPlan } from './fight-plan'

/**
 * How the exact whole fight (exact-fight.ts) reads the dice it follows, shared with its size estimate
 * (exact-size.ts): a pool's results grouped as the call site reads them, a Critical Injury roll by the
 * effect of its row, and the effects that would change nothing for a fighter as the fight stands.
 */

/** A pool's exact results: one representative packed result per group of results the fight reads alike, with its chance. */
export interface PoolOutcomes {
  values: Int32Array
  branches: DrawBranches
}

/**
 * The exact distribution of a compiled pool's packed result, grouped by `label` (results with one label
 * are followed once, the first met as representative): each group's table counted, then the groups added.
 */
export function poolOutcomes(cp: CompiledPool, label: (v: number) => number = (v) => v): PoolOutcomes {
  let dist = new Map<number, number>([[0, 1]])
  for (const g of cp.groups) {
    const counts = new Map<number, number>()
    for (let i = 0; i < g.size; i++) counts.set(g.table[i], (counts.get(g.table[i]) ?? 0) + 1)
    const next = new Map<number, number>()
    for (const [v, p] of dist) for (const [w, c] of counts) next.set(v + w, (next.get(v + w) ?? 0) + (p * c) / g.size)
    dist = next
  }
  const groups = new Map<number, { v: number; p: number }>()
  for (const [v, p] of [...dist.entries()].sort((a, b) => a[0] - b[0])) {
    const l = label(v)
    const seen = groups.get(l)
    if (seen) seen.p += p
    else groups.set(l, { v, p })
  }
  const all = [...groups.values()]
  return {
    values: Int32Array.from(all, (x) => x.v),
    branches: { values: Int32Array.from(all, (_, i) => i), p: Float64Array.from(all, (x) => x.p) },
  }
}

/** How initiative reads a result: net successes, then advantage (rollInitiative); Triumphs and Despairs never. */
export function initiativeLabel(v: number): number {
  return pack(packedNet(v), packedAdv(v), 0, 0)
}

/**
 * How an attack reads a result with two fighters (fight-attack.ts `attack`): a miss only by its advantage (Triumphs
 * and the margin of failure do nothing), a hit by all of it; Despairs only as "any" (the weapon runs
 * out of ammunition; with no ally of the attacker beside the target no shot goes astray).
 */
export function attackLabel(v: number): number {
  const de = Math.min(1, packedDespairs(v))
  return isHit(packedNet(v)) ? pack(packedNet(v), packedAdv(v), packedTriumphs(v), de) : pack(0, packedAdv(v), 0, de)
}

/**
 * The same with more than two fighters: a hit that comes up with a Despair on a target engaged with an
 * ally of the attacker hits that ally instead, and a second Despair then empties the weapon, so Despairs
 * are read as none, one, or two and more.
 */
export function attackLabelMany(v: number): number {
  const de = Math.min(2, packedDespairs(v))
  return isHit(packedNet(v)) ? pack(packedNet(v), packedAdv(v), packedTriumphs(v), de) : pack(0, packedAdv(v), 0, de)
}

/**
 * How the fight reads a Critical Injury result on t (fight-aftermath.ts `criticalInjury`): only through
 * the effect of its row (the row's name goes to the trace alone), and not at all on a minion group (one
 * minion falls whatever the roll). Results with the same label are followed once, with their chance.
 * `idle`: the effects (bits by `CRIT_TABLE` row, `idleEffects`) that would change nothing for t now,
 * read as the name-only rows.
 */
export function critLabel(plan: FightPlan, t: number, result: number, idle: number): number {
  if (plan.fighters[t].minions > 1) return -1
  const row = effectRow(result, plan.critTable)
  return (idle & (1 << row)) !== 0 ? NONE_ROW : row
}

/** The first `CRIT_TABLE` row with the effect of this result (rows with one effect read alike), kept by result and table reading. */
const effectRows = new Map<number, number>()
function effectRow(result: number, tableEffects: boolean): number {
  const key = result * 2 + (tableEffects ? 1 : 0)
  let row = effectRows.get(key)
  if (row === undefined) {
    const e = critEffectOf(result, tableEffects)
    row = CRIT_TABLE.findIndex((r) => r.effect === e)
    effectRows.set(key, row)
  }
  return row
}

export const NONE_ROW = CRIT_TABLE.findIndex((r) => r.effect === 'none')
export const rowBits = (...effects: CritEffect[]): number => effects.reduce((m, e) => m | (1 << CRIT_TABLE.findIndex((r) => r.effect === e)), 0)
/**
 * Whether f's attack pool can ever hold a Boost die: from Aim (a planned Aim, the free maneuver bought
 * with advantage, the free maneuver the GM's tactical threat gives), an Accurate weapon, a melee attack
 * on a prone target, or an ally (his Boost, his Assist: always counted as possible). Without one,
 * Scattered Senses ("removes all Boost dice") changes nothing for him.
 */
export function mayBoost(plan: FightPlan, f: number): boolean {
  const fp = plan.fighters[f]
  if (!aloneOnSide(plan, f)) return true
  return fp.weapons.some((w) => isMelee(w.w.skill) || w.w.qualities.accurate > 0) || fp.plan.advantage === 'free-maneuver' || plan.threatTactical || fp.turns.some((t) => t.maneuvers.includes('aim'))
}

/** Whether f is the only fighter of his side (a minion group counts as one). */
export function aloneOnSide(plan: FightPlan, f: number): boolean {
  return plan.fighters.every((o) => o.index === f || o.side !== plan.fighters[f].side)
}

/** The rows whose effect only his own attacks read (his next check, his lasting check penalties, At the Brink, a crippled fighting arm, limbs lost). */
export const ATTACK_ONLY = rowBits('off-balance', 'stinger', 'agonizing-wound', 'compromised', 'slightly-dazed', 'scattered-senses', 'at-the-brink', 'blinded', 'crippled', 'maimed')

/**
 * Whether every weapon f may use is empty with no reload left (his plan's, or under "his best against
 * this foe" each of his): he never attacks again.
 */
export function outOfAmmo(plan: FightPlan, f: number): boolean {
  const s = plan.state
  const fp = plan.fighters[f]
  if (plan.endlessReloads || s.reloads[f] > 0) return false
  if (fp.using >= 0) return (heldAmmo(plan, f) & EMPTY) !== 0
  for (let w = 0; w < fp.weapons.length; w++) if ((s.noAmmo[ammoAt(f, w)] & EMPTY) === 0) return false
  return true
}

/**
 * The Critical Injury effects that would change nothing for t as the fight stands (the states made
 * canonical between slots, `canonicalise`): what he already has (Winded, Temporarily Lame,
 * Hamstrung or Knocked Senseless for good, still Stunned or Distracted, Slightly Dazed, Scattered Senses,
 * At the Brink, Blinded, Bleeding Out, a pending The End is Nigh, the next check's Setback or Difficulty,
 * Difficulty from injuries at its most), Slowed Down (alone on his side: he acts in his side's last slot
 * anyway), Sudden Jolt on fists or a weapon already dropped, and what only his attacks read when he never
 * attacks again. `forGood` and `lastAttack` as in `canonicalise`.
 */
export function idleEffects(plan: FightPlan, t: number, forGood: number, lastAttack: readonly number[]): number {
  const s = plan.state
  // Slowed Down: one fighter a side fills his side's last initiative slot, where he acts anyway
  let m = aloneOnSide(plan, t) ? rowBits('slowed-down') : 0
  if (s.winded[t] === 1) m |= rowBits('winded')
  if (s.lame[t] === 1) m |= rowBits('temporarily-lame')
  if (s.noFree[t] >= forGood - 1) m |= rowBits('hamstrung')
  if (s.noFree[t] >= 1) m |= rowBits('distracted')
  if (s.staggered[t] >= forGood - 1) m |= rowBits('knocked-senseless')
  if (s.staggered[t] >= 1) m |= rowBits('stunned')
  if (s.hurtSetback[t] === 1) m |= rowBits('slightly-dazed')
  if (s.noBoost[t] === 1 || !mayBoost(plan, t)) m |= rowBits('scattered-senses')
  if (s.brink[t] === 1) m |= rowBits('at-the-brink')
  if (s.hurtUpgrade[t] >= 2) m |= rowBits('blinded')
  if (s.bleeding[t] === 1) m |= rowBits('bleeding-out')
  if (s.doom[t] !== 0) m |= rowBits('end-is-nigh')
  if (s.nextSetback[t] === 1) m |= rowBits('off-balance')
  if (s.nextIncrease[t] === 1) m |= rowBits('stinger')
  if (s.hurtIncrease[t] >= 7) m |= rowBits('agonizing-wound', 'compromised')
  if (held(plan, t).w.skill === 'brawl' || (heldAmmo(plan, t) & DROPPED) !== 0) m |= rowBits('sudden-jolt')
  // another limb is all a Crippled can take once his fighting arm is (or when the GM spares it)
  if (s.crippled[t] === 1 || plan.crippledLimb === 2) m |= rowBits('crippled')
  if (s.maimed[t] >= 4) m |= rowBits('maimed')
  const noReload = outOfAmmo(plan, t)
  if (s.staggered[t] >= forGood - 1 || noReload || Math.min(s.turnsTaken[t], plan.fighters[t].turns.length - 1) > lastAttack[t]) m |= ATTACK_ONLY
  return m
}

/** The d10 of a Horrific or Gruesome Injury by what the fight reads (Brawn, Agility, Willpower, or none of them); the d4 of a Crippled limb (1: his fighting arm). */
export const CHARACTERISTIC_D10 = groupDraw(10, (i) => ['brawn', 'agility', 'willpower'].indexOf(CHARACTERISTIC_BY_D10[i]))
export const LIMB_D4 = groupDraw(4, (i) => (i === 0 ? 0 : 1))
