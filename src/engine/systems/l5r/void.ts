import type { Fight } from './fight'
import { canSpendVoid, checkEnd, isDefeated, nameOf, say } from './fight'
import { SPEC_SKILL, SPEC_VOID, VOID_ARMOR, VOID_ATTACK, VOID_DAMAGE, VOID_DOWN, VOID_FULL_DEFENSE, VOID_INITIATIVE, VOID_INITIATIVE_ROLL, VOID_SKILL, VOID_SWAP, VOID_USE_CODES, VOID_WOUNDS } from './plan'
import { COUNTER, counterIndex, VOID_USE_COUNTERS } from './tally-layout'
import { DOWN } from './wounds'

/**
 * Void Points (docs/rules/l5r.md section 1): a character has Void Ring points for the skirmish and normally spends
 * one per Round (variant `voidPerRound`). Uses modelled, each chosen per Round in his plan: +1k1 on his
 * attack roll, his Initiative roll or his Full Defense roll (declared before rolling), +10 Armor TN for the Round (declared at Round start, ends in
 * the Reaction stage with the other expiring effects), −10 wounds from one hit, +1k1 on a katana's
 * damage roll, or +10 Initiative for the skirmish (declared at Round start). Under the "void-to-act"
 * reading of variants.down a Down character spends one per Turn to act (Free actions only).
 * @see docs/rules/l5r.md section 1, section 4 (Void Points, wound ranks) and section 7 (A character at Down)
 */

export function resetVoid(f: Fight): void {
  const s = f.s
  for (let i = 0; i < f.plan.n; i++) s.voidLeft[i] = f.plan.fighters[i].voidPoints
  s.voidThisRound.fill(0)
  s.voidSpent.fill(0)
  s.voidArmor.fill(0)
  s.woundsPrevented.fill(0)
  s.voidByUse.fill(0)
  s.initBonus.fill(0)
  s.swapped.fill(0)
}

const canSpend = canSpendVoid

function spend(f: Fight, i: number, use: number): void {
  f.s.voidLeft[i]--
  f.s.voidThisRound[i]++
  f.s.voidSpent[i]++
  f.s.voidByUse[i * VOID_USE_CODES + use]++
}

/**
 * Start of a Round, before the Turn order: the Round's Void count restarts (from Round 2 on: Round 1's
 * count started with the skirmish and already holds the Points spent in Stage 1 on the Initiative and
 * Full Defense rolls), and whoever is not Down, plans "initiative" and has not bought it yet takes +10
 * Initiative for the rest of the skirmish.
 */
export function declareVoidInitiative(f: Fight): void {
  const s = f.s
  for (let i = 0; i < f.plan.n; i++) {
    if (f.round > 0) s.voidThisRound[i] = 0
    if (f.plan.fighters[i].voidOf[f.round] !== VOID_INITIATIVE || s.initBonus[i] !== 0 || s.rank[i] >= DOWN || !canSpend(f, i)) continue
    spend(f, i, VOID_INITIATIVE)
    s.initBonus[i] = 10
    if (f.log) say(f, 'void', [i], `${nameOf(f, i)} spends a Void Point: +10 Initiative for the skirmish (${s.initiative[i]} → ${s.initiative[i] + 10}; ${s.voidLeft[i]} left).`)
  }
}

/**
 * Start of a Round, before the Turn order: "swap Initiative with a willing character". Whoever is not
 * Down and plans it, with his ally still able to take Turns, spends a Point and the two exchange
 * Initiative Scores (the rolled and already swapped scores; Void +10 and Center +10 stay with their
 * owner). Variant initiativeSwap "skirmish" (default): for the rest of the skirmish, bought once;
 * "round": for this Round only (`roundHeld`), spent in every Round that plans it. Roster order. Skirmishes
 * without any swap planned skip this and order by `held`.
 */
export function declareVoidSwaps(f: Fight): void {
  const s = f.s
  if (!f.plan.anySwap) return
  s.roundHeld.set(s.held)
  for (let i = 0; i < f.plan.n; i++) {
    const p = f.plan.fighters[i].swapWithOf[f.round]
    if (p < 0 || s.rank[i] >= DOWN || s.rank[p] >= DOWN || (f.plan.swapForSkirmish && s.swapped[i] !== 0) || !canSpend(f, i)) continue
    spend(f, i, VOID_SWAP)
    if (f.log) say(f, 'void', [i, p], `${nameOf(f, i)} spends a Void Point to swap Initiative with ${nameOf(f, p)} (${s.roundHeld[i]} ↔ ${s.roundHeld[p]}, ${f.plan.swapForSkirmish ? 'for the skirmish' : 'this Round'}; ${s.voidLeft[i]} left).`)
    exchange(s.roundHeld, i, p)
    if (!f.plan.swapForSkirmish) continue
    exchange(s.held, i, p)
    s.swapped[i] = 1
  }
}

function exchange(a: Int32Array, i: number, j: number): void {
  const t = a[i]
  a[i] = a[j]
  a[j] = t
}

/** Start of a Round, after the Turn order: everyone not Down whose plan says "armor" declares +10 Armor TN for this Round. */
export function declareVoidArmor(f: Fight): void {
  const s = f.s
  for (let i = 0; i < f.plan.n; i++) {
    if (f.plan.fighters[i].voidOf[f.round] !== VOID_ARMOR || s.rank[i] >= DOWN || !canSpend(f, i)) continue
    spend(f, i, VOID_ARMOR)
    s.voidArmor[i] = 1
    if (f.log) say(f, 'void', [i], `${nameOf(f, i)} spends a Void Point: +10 Armor TN this Round (${s.voidLeft[i]} left).`)
  }
}

/** Reaction stage: the +10 Armor TN bought at Round start ends. */
export function expireVoidArmor(f: Fight, i: number): void {
  if (f.s.voidArmor[i] === 0) return
  f.s.voidArmor[i] = 0
  if (f.log) say(f, 'reaction', [i], `Reactions: ${nameOf(f, i)}'s Void +10 Armor TN ends.`)
}

/**
 * Before an attack roll: the spec bit of the Void Point his plan spends on it this Round, if he may —
 * SPEC_VOID (+1k1) or SPEC_SKILL (an unskilled attacker rolls as with skill 1) — else 0.
 */
export function voidOnAttack(f: Fight, i: number): number {
  const use = f.plan.fighters[i].voidOf[f.round]
  if ((use !== VOID_ATTACK && use !== VOID_SKILL) || !canSpend(f, i)) return 0
  spend(f, i, use)
  return use === VOID_ATTACK ? SPEC_VOID : SPEC_SKILL
}

/** Stage 1, before his Initiative roll: spends a Point for +1k1 when his Round 1 plan is "initiative-roll". */
export function voidOnInitiativeRoll(f: Fight, i: number): boolean {
  if (f.plan.fighters[i].voidOf[0] !== VOID_INITIATIVE_ROLL || !canSpend(f, i)) return false
  spend(f, i, VOID_INITIATIVE_ROLL)
  return true
}

/** Before a Full Defense roll (one is actually made): spends a Point for +1k1 when this Round's plan is "full-defense". */
export function voidOnFullDefense(f: Fight, i: number): boolean {
  if (f.plan.fighters[i].voidOf[f.round] !== VOID_FULL_DEFENSE || !canSpend(f, i)) return false
  spend(f, i, VOID_FULL_DEFENSE)
  return true
}

/** Before rolling: will his damage roll take the katana's Void +1k1 if he hits (plan and Points allow)? */
export function plansVoidDamage(f: Fight, i: number): boolean {
  return f.plan.fighters[i].voidOf[f.round] === VOID_DAMAGE && f.plan.fighters[i].takesVoid && canSpend(f, i)
}

/** After a hit, before the damage roll: spends the Point for +1k1 damage when plansVoidDamage says so. */
export function voidOnDamage(f: Fight, i: number): boolean {
  if (!plansVoidDamage(f, i)) return false
  spend(f, i, VOID_DAMAGE)
  return true
}

/**
 * variants.down "void-to-act": a Down character's Turn costs a Void Point and allows Free actions only, so no
 * attack. With his last Point spent he can no longer act and counts as defeated.
 */
export function actWhileDown(f: Fight, i: number): void {
  if (!canSpend(f, i)) return
  spend(f, i, VOID_DOWN)
  if (f.log) say(f, 'act', [i], `${nameOf(f, i)} is Down and spends a Void Point to act: Free actions only, no attack (${f.s.voidLeft[i]} left).`)
  if (!isDefeated(f, i)) return
  f.s.defeatedIn[i] = f.round + 1
  if (f.log) say(f, 'wound', [i], `${nameOf(f, i)} has no Void Point left to act with and is out of the fight.`)
  checkEnd(f)
}

/**
 * After a damage roll: a target whose plan is "wounds" spends a Void Point on the first hit of 10 or
 * more wounds (so the whole −10 counts) and takes 10 fewer. Returns the wounds he takes.
 */
export function soakWithVoid(f: Fight, j: number, wounds: number): number {
  if (wounds < 10 || f.plan.fighters[j].voidOf[f.round] !== VOID_WOUNDS || !canSpend(f, j)) return wounds
  spend(f, j, VOID_WOUNDS)
  f.s.woundsPrevented[j] += 10
  if (f.log) say(f, 'void', [j], `${nameOf(f, j)} spends a Void Point: 10 fewer wounds (${wounds} → ${wounds - 10}; ${f.s.voidLeft[j]} left).`)
  return wounds - 10
}

/** Per-skirmish Void tallies: wounds prevented, and Points spent per use (sum and sum of squares). */
export function recordVoid(f: Fight, c: Float64Array, i: number): void {
  const w = f.s.woundsPrevented[i]
  c[counterIndex(i, COUNTER.woundsPrevented)] += w
  c[counterIndex(i, COUNTER.woundsPreventedSq)] += w * w
  for (let u = 1; u < VOID_USE_CODES; u++) {
    const k = f.s.voidByUse[i * VOID_USE_CODES + u]
    if (k === 0) continue
    c[counterIndex(i, VOID_USE_COUNTERS + 2 * u)] += k
    c[counterIndex(i, VOID_USE_COUNTERS + 2 * u + 1)] += k * k
  }
}
