import { describe, expect, it } from 'vitest'
import { createStream } from '../core/rng'
import { withinStandardErrors } from '../../../tests/helpers'
import { codeDistribution, codeOfDice, diceOfIndex } from './bushido-d6'
import { codeAfterRemoving, forEachMultiset, removeTopDistribution, rollRemovingTop } from './bushido-unblockable'

const counts = (dice: number[]): number[] => {
  const c = [0, 0, 0, 0, 0, 0, 0]
  for (const d of dice) c[d]++
  return c
}

describe('Unblockable (X): the opponent removes its X highest Defence dice (docs/rules/bushido.md section 2 step 5)', () => {
  it('Defence 6, 4, 1 with Unblockable (1) keeps 4, 1: final 4', () => expect(codeAfterRemoving(counts([6, 4, 1]), 1)).toBe(codeOfDice([4, 1])))
  it('Defence 5, 5, 3 with Unblockable (1) keeps one 5 and the 3', () => expect(codeAfterRemoving(counts([5, 5, 3]), 1)).toBe(codeOfDice([5, 3])))
  it('Unblockable (2) against two Defence dice leaves none', () => expect(codeAfterRemoving(counts([2, 1]), 2)).toBe(0))
  it('removing 0 dice is the plain summary code', () => expect(codeAfterRemoving(counts([6, 3, 1, 2]), 0)).toBe(codeOfDice([6, 3, 1, 2])))
  it('the multisets of n dice weigh 6^n in all', () => {
    let total = 0
    forEachMultiset(7, (_, w) => (total += w))
    expect(total).toBe(6 ** 7)
  })
  it.each([
    [1, 0], [3, 1], [4, 2], [5, 1], [5, 3],
  ])('exact distribution of %i dice less the %i highest equals brute force over every ordered roll', (n, x) => {
    const brute = new Float64Array(removeTopDistribution(n, x).length)
    for (let i = 0; i < 6 ** n; i++) brute[codeAfterRemoving(counts(diceOfIndex(i, n)), x)]++
    expect(Array.from(removeTopDistribution(n, x))).toEqual(Array.from(brute))
  })
  it('removing none is the fast path\'s distribution (12 dice)', () => expect(Array.from(removeTopDistribution(12, 0))).toEqual(Array.from(codeDistribution(12))))
  it('the sampler matches the exact distribution within 4 standard errors (4 dice, Unblockable 1)', () => {
    const exact = removeTopDistribution(4, 1)
    const seen = new Float64Array(exact.length)
    const rng = createStream(31, 0)
    const trials = 200_000
    for (let t = 0; t < trials; t++) seen[rollRemovingTop(rng, 4, 1)]++
    exact.forEach((w, code) => {
      if (w > 0 || seen[code] > 0) expect(withinStandardErrors(seen[code], trials, w / 6 ** 4), `code ${code}`).toBe(true)
    })
  })
})
