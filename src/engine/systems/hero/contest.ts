import { THREE_D6_WAYS, heroSucceeds } from '../../dice/three-d6'

/**
 * The "whoever makes their roll by the most goes first" contest of two DEX (or Fast Draw) Rolls,
 * used when a held action interrupts (seed 000) and, among many, for same-DEX ties (6E2 p.21).
 * @see ../shared/rules.md §2.3, §2.4 and §8 A2 (equal margins), A3 (both fail)
 */

/**
 * One round of the contest from the two 3d6 totals: +1 when A goes first, −1 when B does, 0 when the
 * round decides nothing (equal margins, or — under A3 "dex-order" — both failed with equal DEX).
 * Under A3 "smaller-failure" only the margins count; under "dex-order" two failures fall back to DEX.
 */
export function contestRound(ra: number, rb: number, ta: number, tb: number, dexA: number, dexB: number, bothFailDexOrder: boolean): number {
  if (bothFailDexOrder && !heroSucceeds(ra, ta) && !heroSucceeds(rb, tb)) return dexA > dexB ? 1 : dexA < dexB ? -1 : 0
  const ma = ta - ra
  const mb = tb - rb
  return ma > mb ? 1 : ma < mb ? -1 : 0
}

export interface ContestOdds {
  /** A resolves strictly first. */
  aFirst: number
  /** Both act at the same instant (only when equal margins are simultaneous, A2). */
  simultaneous: number
  bFirst: number
}

/**
 * Exact odds by enumerating all 216² pairs of 3d6 totals. With A2 "reroll", an undecided round is
 * rolled again, so the odds are the decided shares renormalised; with "simultaneous" it stands.
 */
export function contestExact(ta: number, tb: number, dexA: number, dexB: number, bothFailDexOrder: boolean, simultaneousOnTie: boolean): ContestOdds {
  let a = 0
  let b = 0
  let tie = 0
  for (let ra = 3; ra <= 18; ra++) {
    for (let rb = 3; rb <= 18; rb++) {
      const w = THREE_D6_WAYS[ra - 3] * THREE_D6_WAYS[rb - 3]
      const r = contestRound(ra, rb, ta, tb, dexA, dexB, bothFailDexOrder)
      if (r > 0) a += w
      else if (r < 0) b += w
      else tie += w
    }
  }
  if (simultaneousOnTie) return { aFirst: a / 46656, simultaneous: tie / 46656, bFirst: b / 46656 }
  return { aFirst: a / (a + b), simultaneous: 0, bFirst: b / (a + b) }
}
