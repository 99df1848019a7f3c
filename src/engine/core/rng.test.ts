import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { createStream } from './rng'

describe('seeded streams', () => {
  it('the same (seed, chunk) gives the same stream', () => {
    fc.assert(
      fc.property(fc.nat(), fc.nat({ max: 1_000_000 }), (seed, chunk) => {
        const a = createStream(seed, chunk)
        const b = createStream(seed, chunk)
        for (let i = 0; i < 8; i++) expect(a.u32()).toBe(b.u32())
      }),
    )
  })

  it('different chunks of one seed give different streams', () => {
    const seen = new Set<number>()
    for (let c = 0; c < 1000; c++) seen.add(createStream(42, c).u32())
    expect(seen.size).toBeGreaterThan(995)
  })

  it('seeds above 2^32 are distinct from their low 32 bits', () => {
    expect(createStream(2 ** 32 + 5, 0).u32()).not.toBe(createStream(5, 0).u32())
  })

  it('below(n) stays in range for awkward n', () => {
    const rng = createStream(7, 0)
    for (const n of [1, 2, 3, 6, 10, 216, 1_000_003, 2 ** 21]) {
      for (let i = 0; i < 2000; i++) {
        const v = rng.below(n)
        expect(Number.isInteger(v) && v >= 0 && v < n).toBe(true)
      }
    }
  })

  it('below(n) draws what the textbook multiply-and-reject gives on the same stream (seed 11, chunk 0)', () => {
    // the reference: threshold 2^32 mod n, low half of u·n by a remainder, high half by a division
    const reference = (next: () => number, n: number): number => {
      const threshold = 2 ** 32 % n
      for (;;) {
        const m = next() * n
        const low = m % 2 ** 32
        if (low >= threshold) return (m - low) / 2 ** 32
      }
    }
    const fast = createStream(11, 0)
    const raw = createStream(11, 0)
    for (const n of [1, 2, 3, 6, 36, 216, 1296, 7776, 1_000_003, 2 ** 21 - 1, 2 ** 21]) {
      for (let i = 0; i < 3000; i++) expect(fast.below(n)).toBe(reference(() => raw.u32(), n))
    }
  })

  it('d6 faces are uniform within 4 standard errors (fixed seed)', () => {
    const rng = createStream(2026, 3)
    const n = 600_000
    const counts = new Array(7).fill(0)
    for (let i = 0; i < n; i++) counts[rng.die(6)]++
    const p = 1 / 6
    const se = Math.sqrt(n * p * (1 - p))
    for (let f = 1; f <= 6; f++) expect(Math.abs(counts[f] - n * p)).toBeLessThan(4 * se)
    expect(counts[0]).toBe(0)
  })
})
