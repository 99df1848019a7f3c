import { describe, expect, it } from 'vitest'
import { forEachRoll, everyValue, groupDraw } from './rng-paths'

describe('forEachRoll: every way sampler code can roll, with its exact chance', () => {
  it('two dice, one rolled only when the first shows 6: P(total 12) = 1/36, P(total 1..5) = 1/6 each, chances sum to 1', () => {
    const at = new Map<number, number>()
    const runs = forEachRoll(
      (rng) => {
        const a = rng.die(6)
        return a === 6 ? a + rng.die(6) : a
      },
      (total, p) => at.set(total, (at.get(total) ?? 0) + p),
      everyValue,
    )
    expect(runs).toBe(5 + 6)
    expect(at.get(12)).toBeCloseTo(1 / 36, 15)
    for (let t = 1; t <= 5; t++) expect(at.get(t)).toBeCloseTo(1 / 6, 15)
    expect([...at.values()].reduce((x, y) => x + y, 0)).toBeCloseTo(1, 15)
  })

  it('a draw read only by class is followed once per class with the class chance (even or odd of 216: two runs, 1/2 each)', () => {
    const seen: [number, number][] = []
    const runs = forEachRoll((rng) => rng.below(216) % 2, (odd, p) => seen.push([odd, p]), (n) => groupDraw(n, (v) => v % 2))
    expect(runs).toBe(2)
    expect(seen).toEqual([
      [0, 0.5],
      [1, 0.5],
    ])
  })

  it('stops, with an error the caller turns into a refusal, beyond its budget of runs', () => {
    expect(() => forEachRoll((rng) => rng.below(10) + rng.below(10), () => undefined, everyValue, 50)).toThrow(/^more than 50 ways/)
  })
})
