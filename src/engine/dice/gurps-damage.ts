import type { Rng } from '../core/rng'
import { THREE_D6_TOTAL_OF_INDEX } from './three-d6'

/**
 * GURPS damage dice: the sum of N six-sided dice, sampled three dice per draw (one unbiased draw of
 * 216 stands for three dice, exactly as with separate dice), with its exact distribution beside it.
 * @see docs/rules/gurps.md section 3
 */

/** Sum of two dice for each of the 36 ordered pairs. */
const TWO_D6_TOTAL_OF_INDEX: Uint8Array = (() => {
  const t = new Uint8Array(36)
  for (let i = 0; i < 36; i++) t[i] = (i % 6) + Math.floor(i / 6) + 2
  return t
})()

/** Sum of `n` d6 (n ≥ 0). Draws ⌈n/3⌉ numbers: below(216) per three dice, below(36) or die(6) for the rest. */
export function rollD6Sum(rng: Rng, n: number): number {
  let sum = 0
  let left = n
  while (left >= 3) {
    sum += THREE_D6_TOTAL_OF_INDEX[rng.below(216)]
    left -= 3
  }
  if (left === 2) sum += TWO_D6_TOTAL_OF_INDEX[rng.below(36)]
  else if (left === 1) sum += rng.die(6)
  return sum
}

/** Exact ways to roll each total n..6n with n d6: `ways[total - n]`, out of 6^n (exact in doubles to n = 20). */
export function d6SumWays(n: number): number[] {
  let ways = [1]
  for (let d = 0; d < n; d++) {
    const next = new Array<number>(ways.length + 5).fill(0)
    for (let i = 0; i < ways.length; i++) for (let f = 0; f < 6; f++) next[i + f] += ways[i]
    ways = next
  }
  return ways
}
