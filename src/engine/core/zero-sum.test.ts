import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { payoff, quantize, solveZeroSum } from './zero-sum'

describe('zero-sum game solver', () => {
  it('rock-paper-scissors: each move 1/3, value 0', () => {
    const s = solveZeroSum([
      [0, -1, 1],
      [1, 0, -1],
      [-1, 1, 0],
    ])
    s.row.forEach((p) => expect(p).toBeCloseTo(1 / 3, 9))
    s.col.forEach((p) => expect(p).toBeCloseTo(1 / 3, 9))
    expect(s.value).toBeCloseTo(0, 9)
  })
  it('a saddle point is played as a pure strategy', () => {
    const s = solveZeroSum([
      [3, 5],
      [1, 4],
    ])
    expect(s.row[0]).toBeCloseTo(1, 9)
    expect(s.col[0]).toBeCloseTo(1, 9)
    expect(s.value).toBeCloseTo(3, 9)
  })
  it('property: neither side gains by deviating (random 1–5 × 1–5 games)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5 }).chain((m) => fc.integer({ min: 1, max: 5 }).chain((n) => fc.array(fc.array(fc.integer({ min: -20, max: 20 }), { minLength: n, maxLength: n }), { minLength: m, maxLength: m }))),
        (a) => {
          const s = solveZeroSum(a)
          expect(s.row.reduce((x, y) => x + y, 0)).toBeCloseTo(1, 9)
          expect(s.col.reduce((x, y) => x + y, 0)).toBeCloseTo(1, 9)
          expect(payoff(a, s.row, s.col)).toBeCloseTo(s.value, 7)
          a.forEach((_, i) => expect(payoff(a, a.map((__, k) => (k === i ? 1 : 0)), s.col)).toBeLessThanOrEqual(s.value + 1e-7))
          a[0].forEach((_, j) => expect(payoff(a, s.row, a[0].map((__, k) => (k === j ? 1 : 0)))).toBeGreaterThanOrEqual(s.value - 1e-7))
        },
      ),
    )
  })
  it('quantize keeps the total and stays within one unit of each share', () => {
    const w = quantize([1 / 3, 1 / 3, 1 / 3], 65536)
    expect(w.reduce((a, b) => a + b, 0)).toBe(65536)
    w.forEach((x) => expect(Math.abs(x - 65536 / 3)).toBeLessThan(1))
  })
})
