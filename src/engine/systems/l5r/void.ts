import type { Fight } from './fight'
import { nameOf, say } from './fight'
import { VOID_ARMOR, VOID_ATTACK, VOID_WOUNDS } from './plan'
import { COUNTER, counterIndex } from './tally-layout'

/**
 * Void Points (rules.md §6.1): a character has Void Ring points for the skirmish and normally spends
 * one per Round (variant `voidPerRound`). Uses modelled, each chosen per Round in his plan: +1k1 on his
 * attack roll (declared before rolling), +10 Armor TN for the Round (declared at Round start, ends in
 * the Reaction stage with the other expiring effects), or −10 wounds from one hit.
 * @see rules.md §6.1; rules-combat.md §C3.1 step 3, §C3.2
 */

export function resetVoid(f: Fight): void {
  const s = f.s
  for (let i = 0; i < f.plan.n; i++) s.voidLeft[i] = f.plan.fighters[i].voidPoints
  s.voidThisRound.fill(0)
  s.voidSpent.fill(0)
  s.voidArmor.fill(0)
  s.woundsPrevented.fill(0)
}

function canSpend(f: Fight, i: number): boolean {
  return f.s.voidLeft[i] > 0 && (!f.plan.voidOnePerRound || f.s.voidThisRound[i] === 0)
}

function spend(f: Fight, i: number): void {
  f.s.voidLeft[i]--
  f.s.voidThisRound[i]++
  f.s.voidSpent[i]++
}

/** Start of a Round: everyone whose plan says "armor" declares +10 Armor TN for this Round. */
export function declareVoidArmor(f: Fight, able: (i: number) => boolean): void {
  const s = f.s
  for (let i = 0; i < f.plan.n; i++) {
    s.voidThisRound[i] = 0
    if (f.plan.fighters[i].voidOf[f.round] !== VOID_ARMOR || !able(i) || !canSpend(f, i)) continue
    spend(f, i)
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

/** Before an attack roll: +1k1 if his plan spends Void on attacks this Round and he may. */
export function voidOnAttack(f: Fight, i: number): boolean {
  if (f.plan.fighters[i].voidOf[f.round] !== VOID_ATTACK || !canSpend(f, i)) return false
  spend(f, i)
  return true
}

/**
 * After a damage roll: a target whose plan is "wounds" spends a Void Point on the first hit of 10 or
 * more wounds (so the whole −10 counts) and takes 10 fewer. Returns the wounds he takes.
 */
export function soakWithVoid(f: Fight, j: number, wounds: number): number {
  if (wounds < 10 || f.plan.fighters[j].voidOf[f.round] !== VOID_WOUNDS || !canSpend(f, j)) return wounds
  spend(f, j)
  f.s.woundsPrevented[j] += 10
  if (f.log) say(f, 'void', [j], `${nameOf(f, j)} spends a Void Point: 10 fewer wounds (${wounds} → ${wounds - 10}; ${f.s.voidLeft[j]} left).`)
  return wounds - 10
}

/** Per-skirmish Void tallies. */
export function recordVoid(f: Fight, c: Float64Array, i: number): void {
  const w = f.s.woundsPrevented[i]
  c[counterIndex(i, COUNTER.woundsPrevented)] += w
  c[counterIndex(i, COUNTER.woundsPreventedSq)] += w * w
}
