import { describe, expect, it } from 'vitest'
import { withinStandardErrors } from '../../../tests/helpers'
import { createStream } from '../core/rng'
import { d6SumWays, rollD6Sum } from './gurps-damage'

describe('GURPS damage dice (sum of N d6)', () => {
  it('exact ways: 1d is flat, 2d peaks at 7 with 6 of 36, 3d is the 3d6 table', () => {
    expect(d6SumWays(1)).toEqual([1, 1, 1, 1, 1, 1])
    expect(d6SumWays(2)[7 - 2]).toBe(6)
    expect(d6SumWays(3)).toEqual([1, 3, 6, 10, 15, 21, 25, 27, 27, 25, 21, 15, 10, 6, 3, 1])
    expect(d6SumWays(5).reduce((a, b) => a + b, 0)).toBe(6 ** 5)
  })
  it.each([1, 2, 3, 4, 5, 7])('%id6: the sampler matches the exact distribution within 4 standard errors (fixed seed)', (n) => {
    const rng = createStream(4242, n)
    const trials = 120_000
    const seen = new Array<number>(6 * n + 1).fill(0)
    for (let i = 0; i < trials; i++) seen[rollD6Sum(rng, n)]++
    const ways = d6SumWays(n)
    const total = 6 ** n
    for (let t = n; t <= 6 * n; t++) expect(withinStandardErrors(seen[t], trials, ways[t - n] / total), `${n}d total ${t}`).toBe(true)
  })
  it('0 dice roll 0 without drawing', () => {
    const a = createStream(1, 1)
    const b = createStream(1, 1)
    expect(rollD6Sum(a, 0)).toBe(0)
    expect(a.u32()).toBe(b.u32())
  })
})
