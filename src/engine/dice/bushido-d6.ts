import type { Rng } from '../core/rng'

/**
 * The Bushido d6 test: roll the pool, remove every natural 1, then the final result is the highest
 * remaining die plus 1 for each other remaining die, at most +2 ("Supporting Dice"); no die left → 0.
 * @see docs/rules/bushido.md section 1; the Bushido reference card (docs/rules/bushido.md) "un dé ... auxquels s'ajoutent
 * jusqu'à 2 Dés de Soutien"
 *
 * A set of dice is reduced to a summary code `max + 8 · nonOnes`, where `max` is the highest non-1 die
 * (0 when every die rolled 1) and `nonOnes` the number of dice that were not 1. That is all the rules
 * ever read: the final result and the tiebreaker (more non-1 dice wins). Codes combine across groups
 * of dice (max of maxes, sum of counts), so a pool is sampled in chunks of up to four dice, one
 * unbiased draw per chunk: each of the 6^m ordered rolls is equally likely, exactly as m separate d6.
 */

/** Largest pool the exact tables cover (6^12 ≈ 2.2e9 outcomes, exact in doubles). */
export const MAX_POOL = 12
/** Number of distinct summary codes (max ≤ 6, nonOnes ≤ MAX_POOL). */
export const CODE_COUNT = 8 * (MAX_POOL + 1)
/** Largest group of dice drawn with one random number. */
export const CHUNK = 4

export function codeMax(code: number): number {
  return code & 7
}

export function codeNonOnes(code: number): number {
  return code >> 3
}

/** Final result of a summary code: highest non-1 die + min(2, other non-1 dice); 0 if none. */
export function codeFinal(code: number): number {
  const n = code >> 3
  return n === 0 ? 0 : (code & 7) + (n > 3 ? 2 : n - 1)
}

/** Summary code of two groups of dice rolled together. */
export function joinCodes(a: number, b: number): number {
  const max = (a & 7) > (b & 7) ? a & 7 : b & 7
  return max + (a & ~7) + (b & ~7)
}

/** Summary code of explicit dice (faces 1..6). */
export function codeOfDice(dice: readonly number[]): number {
  let max = 0
  let n = 0
  for (const d of dice) {
    if (d === 1) continue
    n++
    if (d > max) max = d
  }
  return max + 8 * n
}

/** Final result of explicit dice, the rule as written. */
export function finalOfDice(dice: readonly number[]): number {
  return codeFinal(codeOfDice(dice))
}

/** Dice of the ordered roll with index `index` in 0..6^m−1 (die k is digit k in base 6, plus 1). */
export function diceOfIndex(index: number, m: number): number[] {
  const out: number[] = []
  let x = index
  for (let k = 0; k < m; k++) {
    out.push((x % 6) + 1)
    x = Math.floor(x / 6)
  }
  return out
}

/** `CHUNK_CODES[m][i]`: summary code of the m-dice roll with index i (m = 0..CHUNK). */
export const CHUNK_CODES: readonly Uint8Array[] = (() => {
  const tables: Uint8Array[] = []
  for (let m = 0; m <= CHUNK; m++) {
    const t = new Uint8Array(6 ** m)
    for (let i = 0; i < t.length; i++) t[i] = codeOfDice(diceOfIndex(i, m))
    tables.push(t)
  }
  return tables
})()

const SIDES_POW = [1, 6, 36, 216, 1296]

/** Rolls `n` dice (0 ≤ n ≤ MAX_POOL) and returns their summary code; 0 dice → code 0. */
export function rollCode(rng: Rng, n: number): number {
  let code = 0
  let left = n
  while (left > 0) {
    const m = left > CHUNK ? CHUNK : left
    code = joinCodes(code, CHUNK_CODES[m][rng.below(SIDES_POW[m])])
    left -= m
  }
  return code
}

/**
 * Pool actually rolled in a challenge test: a pool of 0 or less rolls one die anyway.
 * @see docs/rules/bushido.md section 1
 */
export function challengePool(pool: number): number {
  return pool < 1 ? 1 : pool
}

/**
 * Pools rolled in an opposed test: both sides add dice equally until both have at least one
 * (−1 vs 3 → 1 vs 5). @see docs/rules/bushido.md section 1
 */
export function opposedPools(a: number, b: number): [number, number] {
  const add = Math.max(0, 1 - Math.min(a, b))
  return [a + add, b + add]
}

/**
 * Winner of an opposed comparison of two final results with the tiebreakers: higher final wins;
 * equal → more non-1 dice wins; still equal → the Active Player. Returns true when side A wins.
 * @see docs/rules/bushido.md section 1 (ties)
 */
export function opposedAWins(finalA: number, finalB: number, nonOnesA: number, nonOnesB: number, aIsActive: boolean): boolean {
  if (finalA !== finalB) return finalA > finalB
  if (nonOnesA !== nonOnesB) return nonOnesA > nonOnesB
  return aIsActive
}

/** Exact number of ways (out of 6^n) to roll each summary code with n dice, by dynamic programming. */
export function codeDistribution(n: number): Float64Array {
  let cur = new Float64Array(CODE_COUNT)
  cur[0] = 1
  for (let k = 0; k < n; k++) {
    const next = new Float64Array(CODE_COUNT)
    for (let code = 0; code < CODE_COUNT; code++) {
      const w = cur[code]
      if (w === 0) continue
      next[code] += w // the die rolled a 1: removed
      for (let face = 2; face <= 6; face++) next[joinCodes(code, face + 8)] += w
    }
    cur = next
  }
  return cur
}

/** Exact ways (out of 6^n) for each final result 0..8 of an n-dice test. */
export function finalDistribution(n: number): Float64Array {
  const out = new Float64Array(9)
  const codes = codeDistribution(n)
  for (let code = 0; code < CODE_COUNT; code++) if (codes[code] > 0) out[codeFinal(code)] += codes[code]
  return out
}

export interface ChallengeExact {
  /** Ways to succeed (final ≥ number) out of `total`. */
  success: number
  total: number
  /** `bySuccessLevel[sl]`: ways to succeed with Success Level sl = final − number. */
  bySuccessLevel: number[]
}

/**
 * Exact challenge test `Stat (N)` with a pool (≤ 0 rolls one die): success on final ≥ N, SL = final − N.
 * @see docs/rules/bushido.md section 1 (Challenge test) and the single-test table of section 6
 */
export function challengeExact(pool: number, number: number): ChallengeExact {
  const n = challengePool(pool)
  const finals = finalDistribution(n)
  const bySuccessLevel: number[] = []
  let success = 0
  for (let f = 0; f <= 8; f++) {
    if (f < number || finals[f] === 0) continue
    success += finals[f]
    bySuccessLevel[f - number] = (bySuccessLevel[f - number] ?? 0) + finals[f]
  }
  for (let i = 0; i < bySuccessLevel.length; i++) bySuccessLevel[i] ??= 0
  return { success, total: 6 ** n, bySuccessLevel }
}

/** Exact opposed test between pools a and b (adjusted per `opposedPools`); A is the Active Player if `aIsActive`. */
export function opposedExact(a: number, b: number, aIsActive: boolean): { aWins: number; bWins: number; total: number } {
  const [na, nb] = opposedPools(a, b)
  const da = codeDistribution(na)
  const db = codeDistribution(nb)
  let aWins = 0
  let bWins = 0
  for (let ca = 0; ca < CODE_COUNT; ca++) {
    if (da[ca] === 0) continue
    for (let cb = 0; cb < CODE_COUNT; cb++) {
      if (db[cb] === 0) continue
      const w = da[ca] * db[cb]
      if (opposedAWins(codeFinal(ca), codeFinal(cb), codeNonOnes(ca), codeNonOnes(cb), aIsActive)) aWins += w
      else bWins += w
    }
  }
  return { aWins, bWins, total: 6 ** (na + nb) }
}
