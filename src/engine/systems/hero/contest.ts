import { THREE_D6_WAYS, heroSucceeds } from '../../dice/three-d6'

/**
 * The "whoever makes their roll by the most goes first" contest of two DEX (or Fast Draw) Rolls,
 * used when a held action interrupts (the campaign house rules (docs/rules/hero.md)) and, among many, for same-DEX ties (6E2 p.21).
 * A natural 3 always succeeds and an 18 always fails, in the contest too, whatever the target: a roll
 * that is made ranks above one that is not; two made rolls rank by margin, two failures by the smaller
 * failure. docs/rules/hero.md#3-characteristic-rolls, #4-delayed-and-held-actions
 * @see docs/rules/hero.md sections 2 and 3, and section 9 (variants.contestTie: equal margins, variants.bothFail: both fail)
 */

/** How the contest treats a round in which neither makes his roll (variant bothFail). */
export const enum BothFail {
  /** House rules: nobody interrupts; the event resolves first, the holder may act after it. */
  Nobody = 0,
  /** The smaller failure goes first. */
  SmallerFailure = 1,
  /** The contest decides nothing: higher DEX first, equal DEX as equal margins. */
  DexOrder = 2,
}

/** The four parts of one round of the contest, from the holder's side. */
export const enum Part {
  HolderFirst = 0,
  SameMargin = 1,
  MoverFirst = 2,
  Neither = 3,
}

/**
 * Rank of one roll in the contest: a made roll ranks by its margin, never below 0 (a natural 3 against
 * a target under 3 is made "by 0"); a failed roll ranks below every made one, by its margin, never above
 * −1 (a natural 18 against a target of 18 or more fails "by 1").
 */
export function contestKey(roll: number, target: number): number {
  const m = target - roll
  if (heroSucceeds(roll, target)) return m > 0 ? m : 0
  return m < -1 ? m : -1
}

/** Which part of the contest a pair of rolls falls in (holder h against mover x). */
export function contestPart(rh: number, rx: number, th: number, tx: number): Part {
  const kh = contestKey(rh, th)
  const kx = contestKey(rx, tx)
  if (kh < 0 && kx < 0) return Part.Neither
  return kh > kx ? Part.HolderFirst : kh < kx ? Part.MoverFirst : Part.SameMargin
}

/** Outcome of one round: +1 A first, −1 B first, 0 undecided (equal), 2 nobody interrupts (both failed, house rules). */
export const NOBODY = 2

/**
 * One round of the contest from the two 3d6 totals: +1 when A goes first, −1 when B does, 0 when the
 * round decides nothing (equal ranks, or both failed with equal DEX under "dex-order"), NOBODY when both
 * failed and the rule says nobody interrupts.
 */
export function contestRound(ra: number, rb: number, ta: number, tb: number, dexA: number, dexB: number, bothFail: BothFail): number {
  const ka = contestKey(ra, ta)
  const kb = contestKey(rb, tb)
  if (ka < 0 && kb < 0) {
    if (bothFail === BothFail.Nobody) return NOBODY
    if (bothFail === BothFail.DexOrder) return dexA > dexB ? 1 : dexA < dexB ? -1 : 0
  }
  return ka > kb ? 1 : ka < kb ? -1 : 0
}

export interface ContestOdds {
  /** A resolves strictly first. */
  aFirst: number
  /** Both act at the same instant (only when equal margins are simultaneous, variants.contestTie). */
  simultaneous: number
  bFirst: number
  /** Nobody interrupts: both failed and the rule says so (B's action resolves first, A may act after it). */
  nobody: number
}

/**
 * Exact odds by enumerating all 216² pairs of 3d6 totals. With variants.contestTie "reroll", an undecided round is
 * rolled again, so the odds are the decided shares renormalised; with "simultaneous" it stands.
 */
export function contestExact(ta: number, tb: number, dexA: number, dexB: number, bothFail: BothFail, simultaneousOnTie: boolean): ContestOdds {
  let a = 0
  let b = 0
  let tie = 0
  let nobody = 0
  for (let ra = 3; ra <= 18; ra++) {
    for (let rb = 3; rb <= 18; rb++) {
      const w = THREE_D6_WAYS[ra - 3] * THREE_D6_WAYS[rb - 3]
      const r = contestRound(ra, rb, ta, tb, dexA, dexB, bothFail)
      if (r === NOBODY) nobody += w
      else if (r > 0) a += w
      else if (r < 0) b += w
      else tie += w
    }
  }
  if (simultaneousOnTie) return { aFirst: a / 46656, simultaneous: tie / 46656, bFirst: b / 46656, nobody: nobody / 46656 }
  const decided = a + b + nobody
  return { aFirst: a / decided, simultaneous: 0, bFirst: b / decided, nobody: nobody / decided }
}

/** Exact probability of each part of one round (holder first, same margin, mover first, neither makes it). */
export function contestPartsExact(th: number, tx: number): [number, number, number, number] {
  const parts: [number, number, number, number] = [0, 0, 0, 0]
  for (let rh = 3; rh <= 18; rh++) {
    for (let rx = 3; rx <= 18; rx++) parts[contestPart(rh, rx, th, tx)] += THREE_D6_WAYS[rh - 3] * THREE_D6_WAYS[rx - 3]
  }
  return [parts[0] / 46656, parts[1] / 46656, parts[2] / 46656, parts[3] / 46656]
}
