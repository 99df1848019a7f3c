import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createStream } from '../core/rng'
import {
  D10Stream,
  exactRoll,
  expectedAbove,
  probabilityAtLeast,
  rollAndKeep,
  rollAndKeepExact,
  rollDie,
  rollDieRerollingOnes,
  tenDiceRule,
  truncationErrorBound,
  type RollSpec,
} from './roll-and-keep'

const spec = (rolled: number, kept: number, bonus = 0): RollSpec => ({ rolled, kept, bonus })

/** A fake stream whose u32 draws carry the given d10 faces, nine per draw (0-based digits are face − 1). */
function facesStream(faces: number[]): D10Stream {
  let i = 0
  const draws: number[] = []
  for (let k = 0; k < faces.length; k += 9) {
    let n = 0
    const chunk = faces.slice(k, k + 9)
    for (let j = chunk.length - 1; j >= 0; j--) n = n * 10 + (chunk[j] - 1)
    draws.push(n)
  }
  return new D10Stream({ u32: () => draws[i++], die: () => 1, below: () => 0 })
}

describe('Ten Dice Rule (docs/rules/l5r.md section 1, published examples)', () => {
  it.each([
    [12, 4, spec(10, 5)],
    [13, 9, spec(10, 10, 2)],
    [10, 12, spec(10, 10, 4)],
    [14, 12, spec(10, 10, 12)],
  ])('published: %ik%i becomes %o', (r, k, out) => {
    expect(tenDiceRule(r, k)).toEqual(out)
  })
  it.each([
    [14, 9, spec(10, 10, 4)],
    [15, 9, spec(10, 10, 6)],
    [20, 5, spec(10, 10, 0)],
  ])('check values: %ik%i becomes %o', (r, k, out) => {
    expect(tenDiceRule(r, k)).toEqual(out)
  })
  it('rules.oddExcessRolled default "discard": the odd leftover rolled die is lost (11k4 → 10k4, 13k4 → 10k5)', () => {
    expect(tenDiceRule(11, 4)).toEqual(spec(10, 4))
    expect(tenDiceRule(13, 4)).toEqual(spec(10, 5))
  })
  it('rules.oddExcessRolled "plus2": the odd leftover rolled die is +2 (11k4 → 10k4 +2, 13k4 → 10k5 +2)', () => {
    const o = { oddExcessRolled: 'plus2', keptOverRolled: 'cap' } as const
    expect(tenDiceRule(11, 4, o)).toEqual(spec(10, 4, 2))
    expect(tenDiceRule(13, 4, o)).toEqual(spec(10, 5, 2))
  })
  it('rules.keptOverRolled default "cap": 3k4 keeps what it rolled (3k3); "move-to-rolled": 3k4 becomes 4k3', () => {
    expect(tenDiceRule(3, 4)).toEqual(spec(3, 3))
    expect(tenDiceRule(3, 4, { oddExcessRolled: 'discard', keptOverRolled: 'move-to-rolled' })).toEqual(spec(4, 3))
  })
  it('never rolls or keeps more than 10, and never keeps more than it rolls', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 40 }), fc.integer({ min: 1, max: 40 }), fc.boolean(), fc.boolean(), (r, k, odd, move) => {
        const out = tenDiceRule(r, k, { oddExcessRolled: odd ? 'plus2' : 'discard', keptOverRolled: move ? 'move-to-rolled' : 'cap' })
        expect(out.rolled).toBeLessThanOrEqual(10)
        expect(out.kept).toBeLessThanOrEqual(out.rolled)
        expect(out.kept).toBeGreaterThanOrEqual(1)
        expect(out.bonus % 2).toBe(0)
      }),
    )
  })
})

describe('rolling and keeping (docs/rules/l5r.md section 1)', () => {
  it('"10, 10, 7 → 27": each 10 is rolled again and added', () => {
    expect(rollDie(facesStream([10, 10, 7]), true)).toBe(27)
  })
  it('unskilled rolls do not explode: a 10 stays 10', () => {
    const d = facesStream([10, 4])
    expect(rollDie(d, false)).toBe(10)
    expect(rollDie(d, false)).toBe(4)
  })
  it('explodes before keeping: 3k1 on 10+3, 9, 8 keeps 13 (keep-then-explode would also give 13, but 3k2 on 10+1, 10+2, 9 keeps 23)', () => {
    const top = new Int32Array(10)
    expect(rollAndKeep(facesStream([10, 3, 9, 8]), 3, 1, true, top)).toBe(13)
    expect(rollAndKeep(facesStream([10, 1, 10, 2, 9]), 3, 2, true, top)).toBe(23)
  })
  it('keeps the highest dice: 5k2 on 3, 9, 1, 7, 9 is 18', () => {
    expect(rollAndKeep(facesStream([3, 9, 1, 7, 9]), 5, 2, true, new Int32Array(10))).toBe(18)
  })
  it('one 32-bit draw gives nine dice; draws of 4·10^9 or more are rejected (no modulo bias)', () => {
    const values = [4_000_000_000, 4_294_967_295, 999_999_999, 3_999_999_999]
    let draws = 0
    const d = new D10Stream({ u32: () => values[draws++], die: () => 1, below: () => 0 })
    for (let i = 0; i < 9; i++) expect(d.next()).toBe(10)
    expect(draws).toBe(3)
    for (let i = 0; i < 9; i++) expect(d.next()).toBe(10)
    expect(draws).toBe(4)
  })
})

describe('exact XkY (docs/rules/l5r.md section 6 means)', () => {
  const means: [number, number, number, number][] = [
    [1, 1, 6.11, 5.5], [2, 1, 8.33, 7.15], [2, 2, 12.22, 11.0], [3, 1, 9.69, 7.98], [3, 2, 15.31, 13.47], [3, 3, 18.33, 16.5],
    [4, 1, 10.69, 8.47], [4, 2, 17.4, 14.97], [4, 3, 21.91, 19.47], [4, 4, 24.44, 22.0], [5, 1, 11.49, 8.79], [5, 2, 18.99, 15.96],
    [5, 3, 24.51, 21.46], [5, 4, 28.35, 25.29], [5, 5, 30.56, 27.5], [6, 1, 12.16, 9.02], [6, 2, 20.28, 16.66], [6, 3, 26.54, 22.88],
    [6, 4, 31.33, 27.66], [6, 5, 34.69, 31.02], [7, 1, 12.75, 9.19], [7, 2, 21.38, 17.19], [7, 3, 28.21, 23.94], [7, 4, 33.72, 29.44],
    [7, 5, 37.97, 33.69], [8, 1, 13.28, 9.32], [8, 2, 22.35, 17.6], [8, 3, 29.64, 24.77], [8, 4, 35.71, 30.82], [8, 5, 40.66, 35.77],
    [10, 1, 14.19, 9.51], [10, 2, 24.03, 18.19], [10, 3, 32.03, 25.96], [10, 4, 38.93, 32.83], [10, 5, 44.89, 38.78],
  ]
  // The table prints two decimals, so the exact mean must round to it: within half a unit (13.475 prints 13.47).
  const HALF_UNIT = 0.005 + 1e-12
  it.each(means)('%ik%i: mean %f exploding, %f unskilled', (x, y, exploding, plain) => {
    expect(Math.abs(exactRoll(spec(x, y), true).mean - exploding)).toBeLessThanOrEqual(HALF_UNIT)
    expect(Math.abs(exactRoll(spec(x, y), false).mean - plain)).toBeLessThanOrEqual(HALF_UNIT)
  })
  it('mean of one exploding d10 is 55/9, and XkX is X × 55/9 (10k10 = 61.11)', () => {
    expect(exactRoll(spec(1, 1), true).mean).toBeCloseTo(55 / 9, 10)
    for (let x = 1; x <= 10; x++) expect(exactRoll(spec(x, x), true).mean).toBeCloseTo((x * 55) / 9, 9)
  })
  it('probabilities sum to 1 and the truncation bound is at most 1e-12 for ten dice', () => {
    for (const [x, y] of [[10, 10], [7, 3], [1, 1]]) {
      expect(rollAndKeepExact(x, y, true).reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12)
    }
    expect(truncationErrorBound(10)).toBeLessThanOrEqual(1e-12)
  })
  it('a tighter truncation agrees with the default within its bound', () => {
    const loose = rollAndKeepExact(4, 2, true, 3)
    const tight = rollAndKeepExact(4, 2, true)
    for (let s = 0; s < loose.length - 10; s++) expect(Math.abs(loose[s] - tight[s])).toBeLessThanOrEqual(truncationErrorBound(4, 3))
  })
  it('unskilled 2k1 matches hand counting: P(max of 2d10 = 10) = 19/100', () => {
    const p = rollAndKeepExact(2, 1, false)
    expect(p[10]).toBeCloseTo(0.19, 14)
    expect(p[1]).toBeCloseTo(0.01, 14)
  })
})

describe('exact P(XkY ≥ TN) (docs/rules/l5r.md section 6 tails)', () => {
  const tns = [10, 15, 20, 25, 30, 35, 40]
  const rows: [number, number, number[]][] = [
    [2, 2, [0.64, 0.278, 0.118, 0.046, 0.017, 0.006, 0.002]],
    [3, 2, [0.846, 0.47, 0.21, 0.095, 0.036, 0.015, 0.005]],
    [4, 2, [0.934, 0.622, 0.292, 0.147, 0.058, 0.025, 0.009]],
    [4, 3, [0.977, 0.847, 0.569, 0.304, 0.16, 0.071, 0.033]],
    [5, 3, [0.994, 0.932, 0.718, 0.417, 0.237, 0.112, 0.055]],
    [6, 3, [0.998, 0.97, 0.82, 0.516, 0.309, 0.155, 0.079]],
    [5, 4, [0.997, 0.968, 0.851, 0.627, 0.389, 0.22, 0.114]],
    [6, 4, [1.0, 0.99, 0.931, 0.765, 0.52, 0.315, 0.175]],
    [7, 4, [1.0, 0.997, 0.969, 0.856, 0.63, 0.402, 0.239]],
    [8, 5, [1.0, 1.0, 0.995, 0.968, 0.876, 0.698, 0.489]],
  ]
  it.each(rows)('%ik%i at TN 10..40', (x, y, ps) => {
    const roll = exactRoll(spec(x, y), true)
    tns.forEach((tn, i) => expect(Math.abs(probabilityAtLeast(roll, tn) - ps[i]), `TN ${tn}`).toBeLessThanOrEqual(0.0005 + 1e-12))
  })
  it('a bonus shifts the distribution: P(4k2+5 ≥ 20) = P(4k2 ≥ 15)', () => {
    expect(probabilityAtLeast(exactRoll(spec(4, 2, 5), true), 20)).toBeCloseTo(probabilityAtLeast(exactRoll(spec(4, 2), true), 15), 14)
  })
  it('docs/rules/l5r.md section 6: 5k3 vs TN 15 hits .932; a katana 6k2 then gives E[wounds] 18.90 at Reduction 0 and 16.10 at Reduction 3 (17.3 per hit)', () => {
    const hit = probabilityAtLeast(exactRoll(spec(5, 3), true), 15)
    const katana = exactRoll(spec(6, 2), true)
    // the table prints three decimals for P(hit) and two for E[wounds]: within half a unit
    expect(Math.abs(hit - 0.932)).toBeLessThanOrEqual(0.0005 + 1e-12)
    expect(Math.abs(hit * expectedAbove(katana, 0) - 18.9)).toBeLessThanOrEqual(0.005 + 1e-12)
    expect(Math.abs(hit * expectedAbove(katana, 3) - 16.1)).toBeLessThanOrEqual(0.005 + 1e-12)
    expect(Math.abs(expectedAbove(katana, 3) - 17.3)).toBeLessThanOrEqual(0.05 + 1e-12)
  })
})

describe('docs/rules/l5r.md section 6: katana (Strength 3, 6k2 + 1k0 per Raise), P(hit); E[wounds] at Reduction 0; at Reduction 3', () => {
  const cells: [number, number, number, number, number, number][] = [
    [5, 15, 0, 0.932, 18.9, 16.1], [5, 15, 1, 0.718, 15.35, 13.2], [5, 15, 2, 0.417, 9.31, 8.06],
    [5, 20, 0, 0.718, 14.56, 12.4], [5, 20, 1, 0.417, 8.91, 7.66], [5, 20, 2, 0.237, 5.29, 4.58],
    [6, 20, 0, 0.82, 16.63, 14.17], [6, 20, 1, 0.516, 11.03, 9.48], [6, 20, 2, 0.309, 6.91, 5.99],
    [6, 25, 0, 0.516, 10.46, 8.91], [6, 25, 1, 0.309, 6.61, 5.69], [6, 25, 2, 0.155, 3.47, 3.01],
  ]
  it.each(cells)('%ik3 vs TN %i with %i Raises: %f; %f; %f', (x, tn, raises, hit, w0, w3) => {
    const p = probabilityAtLeast(exactRoll(spec(x, 3), true), tn + 5 * raises)
    const damage = exactRoll(spec(6 + raises, 2), true)
    // printed with three decimals (P) and two (E): within half a unit
    expect(Math.abs(p - hit)).toBeLessThanOrEqual(0.0005 + 1e-12)
    expect(Math.abs(p * expectedAbove(damage, 0) - w0)).toBeLessThanOrEqual(0.005 + 1e-12)
    expect(Math.abs(p * expectedAbove(damage, 3) - w3)).toBeLessThanOrEqual(0.005 + 1e-12)
  })
})

describe('Emphasis: reroll 1s once (docs/rules/l5r.md section 1, optional)', () => {
  it('a 1 is rolled again once and the new face stands: 1 then 7 gives 7; 1 then 1 gives 1', () => {
    expect(rollDieRerollingOnes(facesStream([1, 7]), true)).toBe(7)
    expect(rollDieRerollingOnes(facesStream([1, 1]), true)).toBe(1)
  })
  it('a rerolled 10 explodes: 1, 10, 4 gives 14; a 1 on the explosion die is kept: 10, 1 gives 11', () => {
    expect(rollDieRerollingOnes(facesStream([1, 10, 4]), true)).toBe(14)
    expect(rollDieRerollingOnes(facesStream([10, 1, 9]), true)).toBe(11)
  })
  it('5k2 with an Emphasis on 1, 1, 3, 9, 2 then rerolls 8, 1: keeps 9 + 8 = 17', () => {
    expect(rollAndKeep(facesStream([1, 8, 1, 1, 3, 9, 2]), 5, 2, true, new Int32Array(10), true)).toBe(17)
  })
  it('exact 1k1: P(1) = 1/100, every other face 11/100; means 5.95 unskilled and 0.01 + 0.11 × (44 + 10 + 55/9) exploding', () => {
    const plain = rollAndKeepExact(1, 1, false, 12, true)
    expect(plain[1]).toBeCloseTo(0.01, 14)
    expect(plain[7]).toBeCloseTo(0.11, 14)
    expect(exactRoll(spec(1, 1), false, 12, true).mean).toBeCloseTo(5.95, 12)
    expect(exactRoll(spec(1, 1), true, 12, true).mean).toBeCloseTo(0.01 + 0.11 * (44 + 10 + 55 / 9), 10)
  })
  it('exact 6k3 sums to 1 and beats the plain roll in every tail', () => {
    const e = exactRoll(spec(6, 3), true, 12, true)
    expect(e.p.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12)
    const plain = exactRoll(spec(6, 3), true)
    for (const tn of [10, 20, 30, 40]) expect(probabilityAtLeast(e, tn)).toBeGreaterThan(probabilityAtLeast(plain, tn))
  })
  it.each([
    [6, 3, true],
    [3, 3, false],
  ])('sampler %ik%i (explode %s) within 4 standard errors of exact on every total', (x, y, explode) => {
    const dice = new D10Stream(createStream(9753, x * 10 + y))
    const top = new Int32Array(10)
    const n = 200_000
    const seen = new Map<number, number>()
    for (let i = 0; i < n; i++) {
      const v = rollAndKeep(dice, x, y, explode, top, true)
      seen.set(v, (seen.get(v) ?? 0) + 1)
    }
    const exact = exactRoll(spec(x, y), explode, 12, true)
    let checked = 0
    exact.p.forEach((p, i) => {
      if (p < 1e-6) return
      const c = seen.get(exact.min + i) ?? 0
      expect(Math.abs(c - n * p), `total ${exact.min + i}`).toBeLessThanOrEqual(4 * Math.sqrt(n * p * (1 - p)))
      checked++
    })
    expect(checked).toBeGreaterThan(20)
  })
})

describe('sampler vs exact (fixed seed, 4 standard errors)', () => {
  it.each([
    [6, 3, true],
    [10, 2, true],
    [4, 4, false],
  ])('%ik%i (explode %s): every total and tail', (x, y, explode) => {
    const dice = new D10Stream(createStream(7531, x * 10 + y))
    const top = new Int32Array(10)
    const n = 200_000
    const seen = new Map<number, number>()
    let sum = 0
    for (let i = 0; i < n; i++) {
      const v = rollAndKeep(dice, x, y, explode, top)
      seen.set(v, (seen.get(v) ?? 0) + 1)
      sum += v
    }
    const exact = exactRoll(spec(x, y), explode)
    for (let i = 0; i < exact.p.length; i++) {
      const p = exact.p[i]
      if (p < 1e-6) continue
      const c = seen.get(exact.min + i) ?? 0
      expect(Math.abs(c - n * p), `total ${exact.min + i}`).toBeLessThanOrEqual(4 * Math.sqrt(n * p * (1 - p)))
    }
    let variance = 0
    for (let i = 0; i < exact.p.length; i++) variance += exact.p[i] * (exact.min + i - exact.mean) ** 2
    expect(Math.abs(sum / n - exact.mean)).toBeLessThanOrEqual(4 * Math.sqrt(variance / n))
  })
})
