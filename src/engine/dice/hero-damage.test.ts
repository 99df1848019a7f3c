import { describe, expect, it } from 'vitest'
import { createStream } from '../core/rng'
import { withinStandardErrors } from '../../../tests/helpers'
import {
  formatHeroDice,
  killingBodyExact,
  normalDamageExact,
  parseHeroDice,
  rollKillingBody,
  rollNormalDamage,
  rollStunMultiplier,
  stunMultiplierExact,
  type DamageRoll,
} from './hero-damage'

describe('HERO dice notation', () => {
  it('reads whole, half and pip dice', () => {
    expect(parseHeroDice('12d6')).toEqual({ whole: 12, half: false, plus: 0 })
    expect(parseHeroDice('2½d6')).toEqual({ whole: 2, half: true, plus: 0 })
    expect(parseHeroDice('2.5d6')).toEqual({ whole: 2, half: true, plus: 0 })
    expect(parseHeroDice('2 1/2d6')).toEqual({ whole: 2, half: true, plus: 0 })
    expect(parseHeroDice('½d6')).toEqual({ whole: 0, half: true, plus: 0 })
    expect(parseHeroDice('1d6+1')).toEqual({ whole: 1, half: false, plus: 1 })
    expect(parseHeroDice('1d6-1')).toEqual({ whole: 1, half: false, plus: -1 })
    expect(formatHeroDice({ whole: 1, half: true, plus: 0 })).toBe('1½d6')
  })
  it('rejects malformed dice such as "2x6", "d8", "0d6" and "1d6+5"', () => {
    for (const bad of ['2x6', '2d8', 'd', '0d6', '1d6+5', '100d6', '', 'twelve']) expect(parseHeroDice(bad), bad).toBeUndefined()
  })
})

describe('normal damage (docs/rules/hero.md section 6)', () => {
  it('BODY is counted per die: 1 → 0, 2–5 → 1, 6 → 2, so one die averages exactly 1 BODY and 3.5 STUN', () => {
    const { counts, total } = normalDamageExact({ whole: 1, half: false, plus: 0 })
    expect(total).toBe(6)
    expect([...counts.entries()].sort((a, b) => a[0] - b[0])).toEqual([[1000, 1], [2001, 1], [3001, 1], [4001, 1], [5001, 1], [6002, 1]])
  })
  it('a normal half die gives ⌈v/2⌉ STUN and 1 BODY on a raw 4–6', () => {
    const { counts } = normalDamageExact({ whole: 0, half: true, plus: 0 })
    expect(counts.get(1000)).toBe(2)
    expect(counts.get(2000)).toBe(1)
    expect(counts.get(2001)).toBe(1)
    expect(counts.get(3001)).toBe(2)
  })
  it('rules.halfDieBody "none": a normal half die gives ⌈v/2⌉ STUN and never any BODY', () => {
    const { counts, total } = normalDamageExact({ whole: 0, half: true, plus: 0 }, false)
    expect(total).toBe(6)
    expect([...counts.entries()].sort((a, b) => a[0] - b[0])).toEqual([[1000, 2], [2000, 2], [3000, 2]])
  })
  it('rules.halfDieBody "none": the sampler of 2½d6 matches its exact joint distribution, with the same draws as the default (fixed seed, 4 standard errors)', () => {
    const d = { whole: 2, half: true, plus: 0 }
    const { counts, total } = normalDamageExact(d, false)
    const a = createStream(5, 0)
    const b = createStream(5, 0)
    const n = 100_000
    const seen = new Map<number, number>()
    const out: DamageRoll = { stun: 0, body: 0 }
    const withBody: DamageRoll = { stun: 0, body: 0 }
    let extraBody = 0
    for (let i = 0; i < n; i++) {
      rollNormalDamage(a, d, out, false)
      rollNormalDamage(b, d, withBody)
      expect(withBody.stun).toBe(out.stun)
      extraBody += withBody.body - out.body
      seen.set(out.stun * 1000 + out.body, (seen.get(out.stun * 1000 + out.body) ?? 0) + 1)
    }
    for (const k of seen.keys()) expect(counts.has(k), `impossible outcome ${k}`).toBe(true)
    for (const [k, w] of counts) expect(withinStandardErrors(seen.get(k) ?? 0, n, w / total), `${k}`).toBe(true)
    // the default's extra BODY is exactly the half die's raw 4–6 (probability ½)
    expect(withinStandardErrors(extraBody, n, 0.5)).toBe(true)
  })
  it('the 4-at-a-time sampler matches the exact joint distribution of 6½d6 (fixed seed, 4 standard errors)', () => {
    const d = { whole: 6, half: true, plus: 0 }
    const { counts, total } = normalDamageExact(d)
    const rng = createStream(3, 0)
    const n = 200_000
    const seen = new Map<number, number>()
    const out: DamageRoll = { stun: 0, body: 0 }
    for (let i = 0; i < n; i++) {
      rollNormalDamage(rng, d, out)
      const k = out.stun * 1000 + out.body
      seen.set(k, (seen.get(k) ?? 0) + 1)
    }
    for (const k of seen.keys()) expect(counts.has(k), `impossible outcome ${k}`).toBe(true)
    // marginals of STUN and BODY
    for (const which of ['stun', 'body'] as const) {
      const of = (k: number): number => (which === 'stun' ? Math.floor(k / 1000) : k % 1000)
      const exact = new Map<number, number>()
      const got = new Map<number, number>()
      for (const [k, w] of counts) exact.set(of(k), (exact.get(of(k)) ?? 0) + w)
      for (const [k, c] of seen) got.set(of(k), (got.get(of(k)) ?? 0) + c)
      for (const [v, w] of exact) expect(withinStandardErrors(got.get(v) ?? 0, n, w / total), `${which} ${v}`).toBe(true)
    }
  })
})

describe('killing damage (docs/rules/hero.md section 6)', () => {
  it('BODY is the sum of the dice; the half die adds ⌈v/2⌉; pips add', () => {
    const { counts, total } = killingBodyExact({ whole: 1, half: false, plus: 1 })
    expect(total).toBe(6)
    expect(counts.slice(2, 8)).toEqual([1, 1, 1, 1, 1, 1])
    const half = killingBodyExact({ whole: 1, half: true, plus: 0 })
    expect(half.counts.reduce((s, w, b) => s + w * b, 0) / half.total).toBeCloseTo(3.5 + 2, 12)
  })
  it('6e STUN Multiplier is ½d6 (1–3, mean 2); 5e is 1d6−1 with a minimum of 1 (mean 8/3)', () => {
    expect(stunMultiplierExact('6e-half-d6')).toEqual([0, 2, 2, 2, 0, 0, 0])
    expect(stunMultiplierExact('5e-d6-minus-1')).toEqual([0, 2, 1, 1, 1, 1, 0])
  })
  it('samplers match the exact BODY and multiplier distributions (fixed seed, 4 standard errors)', () => {
    const d = { whole: 5, half: true, plus: 0 }
    const { counts, total } = killingBodyExact(d)
    const rng = createStream(4, 0)
    const n = 100_000
    const seen = new Array<number>(counts.length).fill(0)
    const mult = new Array<number>(7).fill(0)
    for (let i = 0; i < n; i++) {
      seen[rollKillingBody(rng, d)]++
      mult[rollStunMultiplier(rng, '5e-d6-minus-1')]++
    }
    counts.forEach((w, b) => expect(withinStandardErrors(seen[b], n, w / total), `BODY ${b}`).toBe(true))
    stunMultiplierExact('5e-d6-minus-1').forEach((w, m) => expect(withinStandardErrors(mult[m], n, w / 6), `x${m}`).toBe(true))
  })
})
