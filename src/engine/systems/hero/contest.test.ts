import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { heroContestExact } from '../../dice/quick-contest'
import { contestExact, contestRound } from './contest'

describe('DEX Roll contest (seed 000 "whoever makes their roll by the most resolves their action first")', () => {
  it('exact odds equal the larger-margin-first contest computed by enumeration (heroContestExact)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 3, max: 25 }), fc.integer({ min: 3, max: 25 }), (ta, tb) => {
        const e = heroContestExact(ta, tb)
        const simul = contestExact(ta, tb, 15, 15, false, true)
        expect(simul.aFirst).toBe(e.aFirst / 46656)
        expect(simul.simultaneous).toBe(e.tie / 46656)
        const reroll = contestExact(ta, tb, 15, 15, false, false)
        expect(reroll.aFirst).toBe(e.aFirst / (e.aFirst + e.bFirst))
      }),
    )
  })
  it('rules.md §7.2 table: 11 vs 11 → 0.5000; 12 vs 11 → 0.6008; 13 → 0.6951; 14 → 0.7778; 15 → 0.8459; 16 → 0.8986 (ties re-rolled)', () => {
    const want = [0.5, 0.6008, 0.6951, 0.7778, 0.8459, 0.8986]
    want.forEach((p, k) => expect(contestExact(11 + k, 11, 10, 10, false, false).aFirst).toBeCloseTo(p, 4))
  })
  it('§7.2 with equal margins simultaneous (A2): 11 vs 11 → 0.4536 first, 0.0928 together; 14 vs 11 → 0.7206 / 0.0735', () => {
    const e = contestExact(11, 11, 10, 10, false, true)
    expect(e.aFirst).toBeCloseTo(0.4536, 4)
    expect(e.simultaneous).toBeCloseTo(0.0928, 4)
    const f = contestExact(14, 11, 10, 10, false, true)
    expect(f.aFirst).toBeCloseTo(0.7206, 4)
    expect(f.simultaneous).toBeCloseTo(0.0735, 4)
  })
  it('A3 "smaller-failure": if both fail, the smaller failure goes first', () => {
    expect(contestRound(14, 16, 11, 11, 10, 20, false)).toBe(1)
  })
  it('A3 "dex-order": if both fail, the higher DEX goes first; equal DEX leaves the round undecided', () => {
    expect(contestRound(14, 16, 11, 11, 10, 20, true)).toBe(-1)
    expect(contestRound(14, 16, 11, 11, 15, 15, true)).toBe(0)
    expect(contestRound(9, 16, 11, 11, 10, 20, true)).toBe(1)
  })
  it('order is by margin alone, even when a natural 3 (margin −1 against 2-) meets a natural 18 (margin +12 against 30-)', () => {
    expect(contestRound(3, 18, 2, 30, 10, 10, false)).toBe(-1)
    expect(contestRound(3, 18, 2, 30, 10, 10, true)).toBe(-1)
  })
})
