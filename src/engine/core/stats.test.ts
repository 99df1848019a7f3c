import { describe, expect, it } from 'vitest'
import { summarizeHistogram, wilson } from './stats'

describe('Wilson 95% interval', () => {
  it('matches the textbook value for 81 successes in 263 trials', () => {
    const [lo, hi] = wilson(81, 263)
    expect(lo).toBeCloseTo(0.2553, 4)
    expect(hi).toBeCloseTo(0.3662, 4)
  })
  it('stays inside [0, 1] at the edges', () => {
    expect(wilson(0, 50)[0]).toBe(0)
    expect(wilson(0, 50)[1]).toBeGreaterThan(0)
    expect(wilson(50, 50)[1]).toBe(1)
    expect(wilson(50, 50)[0]).toBeLessThan(1)
  })
  it('narrows as the sample grows', () => {
    const a = wilson(50, 100)
    const b = wilson(5000, 10000)
    expect(b[1] - b[0]).toBeLessThan((a[1] - a[0]) / 5)
  })
})

describe('histogram summary', () => {
  it('gives mean, sd and quantiles of 3d6 counts', () => {
    const ways = [1, 3, 6, 10, 15, 21, 25, 27, 27, 25, 21, 15, 10, 6, 3, 1]
    const s = summarizeHistogram(ways, 3)
    expect(s.n).toBe(216)
    expect(s.mean).toBeCloseTo(10.5, 12)
    // population variance 8.75; sample variance uses n - 1
    expect(s.sd).toBeCloseTo(Math.sqrt((8.75 * 216) / 215), 12)
    expect(s.quantiles.p50).toBe(10)
    expect(s.min).toBe(3)
    expect(s.max).toBe(18)
    expect(s.quantiles.p05).toBe(6)
    expect(s.quantiles.p95).toBe(15)
  })
  it('handles an empty histogram', () => {
    const s = summarizeHistogram([0, 0, 0], 0)
    expect(s.n).toBe(0)
    expect(Number.isNaN(s.mean)).toBe(true)
  })
})
