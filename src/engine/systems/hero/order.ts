import type { Rng } from '../../core/rng'
import { THREE_D6_TOTAL_OF_INDEX } from '../../dice/three-d6'
import { BothFail, contestKey } from './contest'
import { name, say } from './common'
import type { Plan } from './plan'
import type { FightState } from './state'

/**
 * Order among characters who start acting on the same DEX in a Segment, decided afresh every
 * Segment (except the "fixed" alternative).
 * @see the campaign house rules (docs/rules/hero.md) "each character rolls 1d6 ... Reroll any ties";
 * docs/rules/hero.md section 2 (6E2 p.21 contested DEX Roll and the GM alternatives) and section 9 (variants.tieRule, variants.contestTie, variants.bothFail)
 */

/** A failed roll under variants.bothFail "dex-order": the contest is void, and equal DEX makes it a tie. */
const VOID = -1000

/** Stage-0 key of a tie rule (a fixed preference before any roll); 0 for rules that go straight to rolls. */
function staticKey(p: Plan, st: FightState, entry: number): number {
  const who = st.eWho[entry]
  switch (p.rules.tieRule) {
    case 'int-pre':
      return p.intPre[who]
    case 'fast-draw':
      return p.hasFastDraw[who]
    case 'holder-first':
      return st.eKind[entry]
    case 'fixed':
      return -st.fixedRank[who]
    default:
      return 0
  }
}

/** Random key: 1d6 (the house rule), a Fast Draw roll margin (both have Fast Draw), or a DEX Roll margin. */
function rolledKey(p: Plan, st: FightState, rng: Rng, entry: number): number {
  const who = st.eWho[entry]
  if (p.rules.tieRule === 'd6' || p.rules.tieRule === 'fixed') {
    const d = rng.below(6) + 1
    if (st.log) say(p, st, 'roll', [who], `${name(p, who)} rolls ${d} on 1d6 for the tie on DEX ${st.eKey[entry] >> 1}.`)
    return d
  }
  const fast = p.rules.tieRule === 'fast-draw' && p.hasFastDraw[who] === 1
  const target = fast ? p.fastDraw[who] : p.dexRoll[who]
  const roll = THREE_D6_TOTAL_OF_INDEX[rng.below(216)]
  // A made roll ranks above a failed one (a 3 always succeeds, an 18 always fails); on equal DEX someone
  // must go first, so "nobody interrupts" ranks two failures as "smaller-failure" does.
  const key = contestKey(roll, target)
  if (st.log) say(p, st, 'roll', [who], `${name(p, who)} rolls ${roll} on his ${fast ? 'Fast Draw' : 'DEX'} Roll (${target}-) for the tie on DEX ${st.eKey[entry] >> 1}: ${key >= 0 ? `made by ${key}` : `failed by ${-key}`}.`)
  return tieKeyOf(p, who, roll)
}

/** The order key a 3d6 roll of `who` gives under a rolled tie rule: his DEX Roll (or Fast Draw) margin, a failure void under variants.bothFail "dex-order". */
export function tieKeyOf(p: Plan, who: number, roll: number): number {
  const fast = p.rules.tieRule === 'fast-draw' && p.hasFastDraw[who] === 1
  const key = contestKey(roll, fast ? p.fastDraw[who] : p.dexRoll[who])
  return p.rules.bothFail === BothFail.DexOrder && key < 0 ? VOID : key
}

/** Sorts group positions [from, to) by key, highest first (insertion sort: groups are tiny). */
function sortRange(st: FightState, from: number, to: number): void {
  const g = st.gEntry
  const k = st.gKey
  for (let a = from + 1; a < to; a++) {
    const e = g[a]
    const key = k[a]
    let b = a - 1
    while (b >= from && k[b] < key) {
      g[b + 1] = g[b]
      k[b + 1] = k[b]
      b--
    }
    g[b + 1] = e
    k[b + 1] = key
  }
}

/**
 * Orders positions [from, to) of the tie group. Stage 0 applies the rule's fixed preference; stage 1
 * rolls, and equal rolls are rolled again among themselves (1d6: always; DEX Rolls: unless variants.contestTie says
 * equal margins act simultaneously, which sets `gSame`).
 */
function resolveRange(p: Plan, st: FightState, rng: Rng, from: number, to: number, stage: number): void {
  for (let a = from; a < to; a++) {
    // for the exact solver: which of two tied entries rolls now (its d6 is then read only against the other's)
    st.tieDraw = stage === 1 && to - from === 2 ? 1 + a - from : 0
    if (st.tieDraw === 1) {
      st.tieWho0 = st.eWho[st.gEntry[from]]
      st.tieWho1 = st.eWho[st.gEntry[from + 1]]
    }
    st.gKey[a] = stage === 0 ? staticKey(p, st, st.gEntry[a]) : rolledKey(p, st, rng, st.gEntry[a])
  }
  st.tieDraw = 0
  sortRange(st, from, to)
  const simultaneous = stage === 1 && p.rules.contestSimultaneous && p.rules.tieRule !== 'd6' && p.rules.tieRule !== 'fixed'
  let a = from
  while (a < to) {
    let b = a + 1
    while (b < to && st.gKey[b] === st.gKey[a]) b++
    if (b - a > 1) {
      if (simultaneous) for (let c = a + 1; c < b; c++) st.gSame[c] = 1
      else resolveRange(p, st, rng, a, b, 1)
    }
    a = b
  }
}

/** Orders a tie group of `len` entries already placed in `st.gEntry[0..len)`. */
export function orderTies(p: Plan, st: FightState, rng: Rng, len: number): void {
  for (let a = 0; a < len; a++) st.gSame[a] = 0
  resolveRange(p, st, rng, 0, len, 0)
}

/** The "fixed" alternative: one 1d6 roll-off per combat (rerolling ties), kept for every Segment. */
export function rollFixedRanks(p: Plan, st: FightState, rng: Rng): void {
  const n = p.n
  for (let i = 0; i < n; i++) {
    st.eWho[i] = i
    st.eKind[i] = 0
    st.eKey[i] = 2 * p.orderDex[i]
    st.gEntry[i] = i
    st.fixedRank[i] = 0
  }
  orderTies(p, st, rng, n)
  for (let a = 0; a < n; a++) st.fixedRank[st.eWho[st.gEntry[a]]] = a
}
