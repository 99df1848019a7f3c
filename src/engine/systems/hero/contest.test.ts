import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { heroContestExact } from '../../dice/quick-contest'
import { BothFail, contestExact, contestKey, contestPart, contestPartsExact, contestRound, NOBODY, Part } from './contest'

describe('DEX Roll contest (the campaign house rules (docs/rules/hero.md) "whoever makes their roll by the most resolves their action first")', () => {
  it('exact odds equal the larger-margin-first contest computed by enumeration (heroContestExact)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 3, max: 17 }), fc.integer({ min: 3, max: 17 }), (ta, tb) => {
        const e = heroContestExact(ta, tb)
        const simul = contestExact(ta, tb, 15, 15, BothFail.SmallerFailure, true)
        expect(simul.aFirst).toBe(e.aFirst / 46656)
        expect(simul.simultaneous).toBe(e.tie / 46656)
        const reroll = contestExact(ta, tb, 15, 15, BothFail.SmallerFailure, false)
        expect(reroll.aFirst).toBe(e.aFirst / (e.aFirst + e.bFirst))
      }),
    )
  })
  it('docs/rules/hero.md section 8 table: 11 vs 11 → 0.5000; 12 vs 11 → 0.6008; 13 → 0.6951; 14 → 0.7778; 15 → 0.8459; 16 → 0.8986 (ties re-rolled)', () => {
    const want = [0.5, 0.6008, 0.6951, 0.7778, 0.8459, 0.8986]
    want.forEach((p, k) => expect(contestExact(11 + k, 11, 10, 10, BothFail.SmallerFailure, false).aFirst).toBeCloseTo(p, 4))
  })
  it('docs/rules/hero.md section 8 with equal margins simultaneous (variants.contestTie): 11 vs 11 → 0.4536 first, 0.0928 together; 14 vs 11 → 0.7206 / 0.0735', () => {
    const e = contestExact(11, 11, 10, 10, BothFail.SmallerFailure, true)
    expect(e.aFirst).toBeCloseTo(0.4536, 4)
    expect(e.simultaneous).toBeCloseTo(0.0928, 4)
    const f = contestExact(14, 11, 10, 10, BothFail.SmallerFailure, true)
    expect(f.aFirst).toBeCloseTo(0.7206, 4)
    expect(f.simultaneous).toBeCloseTo(0.0735, 4)
  })
  it('variants.bothFail "smaller-failure": if both fail, the smaller failure goes first', () => {
    expect(contestRound(14, 16, 11, 11, 10, 20, BothFail.SmallerFailure)).toBe(1)
  })
  it('variants.bothFail "dex-order": if both fail, the higher DEX goes first; equal DEX leaves the round undecided', () => {
    expect(contestRound(14, 16, 11, 11, 10, 20, BothFail.DexOrder)).toBe(-1)
    expect(contestRound(14, 16, 11, 11, 15, 15, BothFail.DexOrder)).toBe(0)
    expect(contestRound(9, 16, 11, 11, 10, 20, BothFail.DexOrder)).toBe(1)
  })
  it('a natural 3 always succeeds and an 18 always fails in the contest too: a 3 against 2- beats an 18 against 30-', () => {
    expect(contestRound(3, 18, 2, 30, 10, 10, BothFail.SmallerFailure)).toBe(1)
    expect(contestRound(3, 18, 2, 30, 10, 10, BothFail.Nobody)).toBe(1)
    expect(contestKey(18, 25)).toBe(-1)
    expect(contestKey(3, 2)).toBe(0)
  })
  it('a Fast Draw 25- that rolls 18 fails, and loses to a DEX Roll of 13- that is made', () => {
    expect(contestRound(18, 13, 25, 13, 20, 20, BothFail.SmallerFailure)).toBe(-1)
    expect(contestPart(18, 13, 25, 13)).toBe(Part.MoverFirst)
  })
  it('house rules: if neither makes the roll, nobody interrupts', () => {
    expect(contestRound(14, 16, 13, 13, 10, 20, BothFail.Nobody)).toBe(NOBODY)
    expect(contestPart(14, 16, 13, 13)).toBe(Part.Neither)
    expect(contestRound(12, 16, 13, 13, 10, 20, BothFail.Nobody)).toBe(1)
  })
  it('the four parts of one round add up to 1; 13- vs 13-: neither makes it (1 − 0.8380)² = 0.0262, the rest split evenly around the same margin', () => {
    const [h, same, m, neither] = contestPartsExact(13, 13)
    expect(h + same + m + neither).toBeCloseTo(1, 12)
    expect(neither).toBeCloseTo((1 - 181 / 216) ** 2, 12)
    expect(h).toBeCloseTo(m, 12)
    const e = contestExact(13, 13, 18, 18, BothFail.Nobody, false)
    expect(e.aFirst).toBeCloseTo(h / (1 - same), 12)
    expect(e.nobody).toBeCloseTo(neither / (1 - same), 12)
  })
})
