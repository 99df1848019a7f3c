import { describe, expect, it } from 'vitest'
import { createStream } from '../core/rng'
import {
  THREE_D6_TOTAL_OF_INDEX,
  THREE_D6_WAYS,
  gurpsCritical,
  gurpsOddsExact,
  gurpsSucceeds,
  heroSucceeds,
  roll3d6,
  waysAtMost,
} from './three-d6'

describe('3d6 exact distribution (docs/rules/gurps.md section 1)', () => {
  it('the ways per total sum to 216 and match the published table', () => {
    expect(THREE_D6_WAYS.reduce((a, b) => a + b, 0)).toBe(216)
    expect(waysAtMost(10)).toBe(108)
    expect(waysAtMost(8)).toBe(56)
    expect(waysAtMost(14)).toBe(196)
    expect(waysAtMost(4)).toBe(4)
  })
  it('the index table enumerates every ordered triple once', () => {
    const counts = new Array(19).fill(0)
    for (const t of THREE_D6_TOTAL_OF_INDEX) counts[t]++
    expect(counts.slice(3)).toEqual([...THREE_D6_WAYS])
  })
  it('the sampler matches the exact distribution within 4 standard errors (fixed seed)', () => {
    const rng = createStream(11, 0)
    const n = 432_000
    const seen = new Array(19).fill(0)
    for (let i = 0; i < n; i++) seen[roll3d6(rng)]++
    for (let t = 3; t <= 18; t++) {
      const p = THREE_D6_WAYS[t - 3] / 216
      expect(Math.abs(seen[t] - n * p)).toBeLessThan(4 * Math.sqrt(n * p * (1 - p)))
    }
  })
})

describe('GURPS success and criticals (docs/rules/gurps.md sections 1 and 4)', () => {
  it('3 or 4 always succeeds, 17 or 18 always fails', () => {
    expect(gurpsSucceeds(4, 2)).toBe(true)
    expect(gurpsSucceeds(3, -5)).toBe(true)
    expect(gurpsSucceeds(17, 25)).toBe(false)
    expect(gurpsSucceeds(18, 30)).toBe(false)
    expect(gurpsSucceeds(16, 16)).toBe(true)
    expect(gurpsSucceeds(13, 12)).toBe(false)
  })
  it('critical success on 5 needs skill 15, on 6 needs 16', () => {
    expect(gurpsCritical(5, 14)).toBe(null)
    expect(gurpsCritical(5, 15)).toBe('success')
    expect(gurpsCritical(6, 15)).toBe(null)
    expect(gurpsCritical(6, 16)).toBe('success')
  })
  it('critical failure on 17 only at skill 15 or less; 10 over is always a critical failure', () => {
    expect(gurpsCritical(17, 15)).toBe('failure')
    expect(gurpsCritical(17, 16)).toBe(null)
    expect(gurpsCritical(18, 20)).toBe('failure')
    expect(gurpsCritical(13, 3)).toBe('failure')
    expect(gurpsCritical(12, 3)).toBe(null)
  })
  it.each([
    [3, 0.0185, 0.0185, 0.2593],
    [6, 0.0926, 0.0185, 0.0463],
    [8, 0.2593, 0.0185, 0.0185],
    [10, 0.5, 0.0185, 0.0185],
    [12, 0.7407, 0.0185, 0.0185],
    [14, 0.9074, 0.0185, 0.0185],
    [15, 0.9537, 0.0463, 0.0185],
    [16, 0.9815, 0.0926, 0.0046],
    [18, 0.9815, 0.0926, 0.0046],
  ])('effective skill %i: success %f, crit success %f, crit failure %f', (skill, s, cs, cf) => {
    const o = gurpsOddsExact(skill)
    expect(o.success / 216).toBeCloseTo(s, 4)
    expect(o.critSuccess / 216).toBeCloseTo(cs, 4)
    expect(o.critFailure / 216).toBeCloseTo(cf, 4)
  })
})

describe('HERO roll-under (docs/rules/hero.md section 3)', () => {
  it('a natural 3 always succeeds and 18 always fails', () => {
    expect(heroSucceeds(3, 1)).toBe(true)
    expect(heroSucceeds(18, 25)).toBe(false)
    expect(heroSucceeds(11, 11)).toBe(true)
    expect(heroSucceeds(12, 11)).toBe(false)
  })
})
