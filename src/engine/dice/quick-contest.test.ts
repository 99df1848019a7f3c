import { describe, expect, it } from 'vitest'
import { createStream } from '../core/rng'
import { contestKey, heroContestExact, quickContestExact } from './quick-contest'
import { roll3d6 } from './three-d6'

const share = (x: number): number => x / (216 * 216)

describe('HERO larger-margin-first contest (docs/rules/gurps.md section 4)', () => {
  it.each([
    [11, 0.4536, 0.0928, 0.5],
    [12, 0.5464, 0.0905, 0.6008],
    [13, 0.6369, 0.0837, 0.6951],
    [14, 0.7206, 0.0735, 0.7778],
    [15, 0.7942, 0.0612, 0.8459],
    [16, 0.8554, 0.0482, 0.8986],
  ])('target %i vs 11: A first %f, tie %f, A first with ties re-rolled %f', (a, first, tie, rerolled) => {
    const c = heroContestExact(a, 11)
    expect(share(c.aFirst)).toBeCloseTo(first, 4)
    expect(share(c.tie)).toBeCloseTo(tie, 4)
    expect(c.aFirst / (c.aFirst + c.bFirst)).toBeCloseTo(rerolled, 4)
  })
})

describe('GURPS Quick Contest (docs/rules/gurps.md sections 1 and 4)', () => {
  it.each([
    [10, 10, 0.4536, 0.0928, 0.4536],
    [14, 10, 0.7942, 0.0612, 0.1446],
    [18, 12, 0.9019, 0.0334, 0.0646],
  ])('%i vs %i: A first %f, tie %f, B first %f', (a, b, af, t, bf) => {
    const c = quickContestExact(a, b)
    expect(share(c.aFirst)).toBeCloseTo(af, 4)
    expect(share(c.tie)).toBeCloseTo(t, 4)
    expect(share(c.bFirst)).toBeCloseTo(bf, 4)
  })
  it('criticals do not decide: skill 30 rolling 10 beats skill 14 rolling 4', () => {
    expect(contestKey(10, 30)).toBeGreaterThan(contestKey(4, 14))
  })
  it('any success beats any failure, even a success by a negative margin', () => {
    // skill 2 rolling 4 succeeds by -2; skill 18 rolling 17 fails by -1
    expect(contestKey(4, 2)).toBeGreaterThan(contestKey(17, 18))
  })
  it('sampled contests match the exact odds within 4 standard errors (fixed seed)', () => {
    const rng = createStream(99, 1)
    const n = 200_000
    let a = 0
    let tie = 0
    for (let i = 0; i < n; i++) {
      const ka = contestKey(roll3d6(rng), 14)
      const kb = contestKey(roll3d6(rng), 10)
      if (ka > kb) a++
      else if (ka === kb) tie++
    }
    const exact = quickContestExact(14, 10)
    for (const [seen, ways] of [
      [a, exact.aFirst],
      [tie, exact.tie],
    ]) {
      const p = share(ways)
      expect(Math.abs(seen - n * p)).toBeLessThan(4 * Math.sqrt(n * p * (1 - p)))
    }
  })
})
