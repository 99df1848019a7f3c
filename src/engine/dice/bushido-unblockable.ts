import type { Rng } from '../core/rng'
import { CODE_COUNT, MAX_POOL } from './bushido-d6'

/**
 * Unblockable (X): after the roll, the opponent removes its X highest Defence dice. The summary code of
 * the fast path (highest non-1 die, count of non-1 dice) cannot say what is left once the top dice go,
 * so this path keeps the dice themselves, as face counts (a sorted multiset): the sampler rolls each die
 * and drops the X highest; the exact distribution enumerates every sorted multiset of n dice with its
 * multinomial weight n! / (c1! … c6!), at most C(17, 5) = 6188 of them for 12 dice.
 * @see docs/rules/bushido.md section 2 step 5 (Unblockable (X))
 */

/** Summary code (`max + 8 · nonOnes`, as in bushido-d6) of face counts `c[1..6]` after removing the `x` highest dice. */
export function codeAfterRemoving(c: ArrayLike<number>, x: number): number {
  let left = x
  let max = 0
  let n = 0
  for (let face = 6; face >= 2; face--) {
    const kept = c[face] > left ? c[face] - left : 0
    left = c[face] > left ? 0 : left - c[face]
    if (kept > 0 && max === 0) max = face
    n += kept
  }
  return max + 8 * n
}

const COUNTS = new Int32Array(7)

/**
 * Rolls n dice one by one (`rng.die(6)`), removes the x highest and returns the summary code of the
 * rest; the dice rolled are pushed to `dice` when given, the removed ones to `removed`.
 */
export function rollRemovingTop(rng: Rng, n: number, x: number, dice?: number[], removed?: number[]): number {
  COUNTS.fill(0)
  for (let k = 0; k < n; k++) {
    const d = rng.die(6)
    COUNTS[d]++
    if (dice) dice.push(d)
  }
  if (removed) {
    const sorted = [...(dice ?? [])].sort((a, b) => b - a)
    removed.push(...sorted.slice(0, Math.min(x, n)))
  }
  return codeAfterRemoving(COUNTS, x)
}

/** Calls `visit(counts, weight)` for every sorted multiset of n dice; weights sum to 6^n. */
export function forEachMultiset(n: number, visit: (c: Int32Array, weight: number) => void): void {
  const fact = [1]
  for (let k = 1; k <= n; k++) fact[k] = fact[k - 1] * k
  const c = new Int32Array(7)
  const place = (face: number, left: number, denom: number): void => {
    if (face === 6) {
      c[6] = left
      visit(c, fact[n] / (denom * fact[left]))
      return
    }
    for (let k = 0; k <= left; k++) {
      c[face] = k
      place(face + 1, left - k, denom * fact[k])
    }
  }
  place(1, n, 1)
}

/** Exact ways (out of 6^n) for each summary code of n dice after removing the x highest. */
export function removeTopDistribution(n: number, x: number): Float64Array {
  if (n > MAX_POOL) throw new RangeError(`at most ${MAX_POOL} dice`)
  const out = new Float64Array(CODE_COUNT)
  forEachMultiset(n, (c, w) => (out[codeAfterRemoving(c, x)] += w))
  return out
}
