import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { createTally, mergeAll, mergeInto, type Tally } from './tally'

const shape = { counters: 3, bins: 5 }
const arbTally = fc
  .record({
    trials: fc.nat({ max: 1_000_000 }),
    counts: fc.array(fc.nat({ max: 1_000_000 }), { minLength: 3, maxLength: 3 }),
    bins: fc.array(fc.nat({ max: 1_000_000 }), { minLength: 5, maxLength: 5 }),
  })
  .map((r): Tally => ({ trials: r.trials, counts: Float64Array.from(r.counts), bins: Float64Array.from(r.bins) }))

const same = (a: Tally, b: Tally): void => {
  expect(a.trials).toBe(b.trials)
  expect(Array.from(a.counts)).toEqual(Array.from(b.counts))
  expect(Array.from(a.bins)).toEqual(Array.from(b.bins))
}

describe('tally merge', () => {
  it('is associative and commutative, so chunk order never matters', () => {
    fc.assert(
      fc.property(arbTally, arbTally, arbTally, (a, b, c) => {
        const left = mergeAll(shape, [mergeAll(shape, [a, b]), c])
        const right = mergeAll(shape, [a, mergeAll(shape, [b, c])])
        const swapped = mergeAll(shape, [c, a, b])
        same(left, right)
        same(left, swapped)
      }),
    )
  })
  it('has the empty tally as identity', () => {
    fc.assert(fc.property(arbTally, (a) => same(mergeAll(shape, [a, createTally(shape)]), a)))
  })
  it('refuses tallies of another shape', () => {
    expect(() => mergeInto(createTally(shape), createTally({ counters: 2, bins: 5 }))).toThrow(/different shapes/)
  })
})
