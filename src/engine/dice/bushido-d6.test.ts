import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createStream } from '../core/rng'
import {
  CHUNK_CODES,
  challengeExact,
  challengePool,
  codeDistribution,
  codeFinal,
  codeNonOnes,
  codeOfDice,
  diceOfIndex,
  finalDistribution,
  finalOfDice,
  joinCodes,
  opposedAWins,
  opposedExact,
  opposedPools,
  rollCode,
} from './bushido-d6'

describe('Bushido d6 test: remove 1s, highest + up to 2 supporting (docs/rules/bushido.md section 1)', () => {
  it('"remove every natural 1": 1s never count, not even as supporting dice', () => {
    expect(finalOfDice([1, 1, 4])).toBe(4)
    expect(finalOfDice([1, 6])).toBe(6)
    expect(codeNonOnes(codeOfDice([1, 1, 4]))).toBe(1)
  })
  it('"highest + 1 per other non-1 die": Attack dice 4,2 → 5 (docs/rules/bushido.md section 6, worked examples)', () => {
    expect(finalOfDice([4, 2])).toBe(5)
  })
  it('"Attack 5,3 → 6" and "6,3 → 7" (docs/rules/bushido.md section 6, worked examples)', () => {
    expect(finalOfDice([5, 3])).toBe(6)
    expect(finalOfDice([6, 3])).toBe(7)
  })
  it('"at most +2": five dice 6,5,5,4,2 → 8, the maximum without modifiers', () => {
    expect(finalOfDice([6, 5, 5, 4, 2])).toBe(8)
    expect(finalOfDice([2, 2, 2, 2])).toBe(4)
  })
  it('"if every die rolled 1, final = 0"', () => {
    expect(finalOfDice([1, 1, 1])).toBe(0)
    expect(finalOfDice([])).toBe(0)
  })
  it('summary codes combine across groups of dice exactly like rolling them together', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 6 }), { maxLength: 6 }), fc.array(fc.integer({ min: 1, max: 6 }), { maxLength: 6 }), (a, b) => {
        expect(joinCodes(codeOfDice(a), codeOfDice(b))).toBe(codeOfDice([...a, ...b]))
      }),
    )
  })
  it('chunk tables enumerate every ordered roll once', () => {
    expect(CHUNK_CODES[3]).toHaveLength(216)
    expect(diceOfIndex(0, 3)).toEqual([1, 1, 1])
    expect(diceOfIndex(215, 3)).toEqual([6, 6, 6])
    expect(CHUNK_CODES[2][1 + 6 * 3]).toBe(codeOfDice([2, 4]))
  })
})

describe('pools of 0 or less (docs/rules/bushido.md section 1)', () => {
  it('a challenge pool of 0 or less rolls one die anyway', () => {
    expect(challengePool(0)).toBe(1)
    expect(challengePool(-3)).toBe(1)
    expect(challengePool(4)).toBe(4)
  })
  it('opposed: "−1 vs 3 → both +2 → 1 vs 5"', () => {
    expect(opposedPools(-1, 3)).toEqual([1, 5])
    expect(opposedPools(0, 0)).toEqual([1, 1])
    expect(opposedPools(2, 3)).toEqual([2, 3])
  })
  it('property: opposed pools keep their difference and both have at least one die', () => {
    fc.assert(
      fc.property(fc.integer({ min: -6, max: 8 }), fc.integer({ min: -6, max: 8 }), (a, b) => {
        const [x, y] = opposedPools(a, b)
        expect(x - y).toBe(a - b)
        expect(Math.min(x, y)).toBe(Math.max(1, Math.min(a, b)))
      }),
    )
  })
})

describe('challenge tests (docs/rules/bushido.md sections 1 and 6)', () => {
  it('"success if final ≥ N; SL = final − N": equality is SL 0, a success', () => {
    const c = challengeExact(1, 4)
    expect(c.success).toBe(3)
    expect(c.bySuccessLevel).toEqual([1, 1, 1])
  })
  it.each([
    [1, 3.333, [0.667, 0.5, 0.333, 0.167, 0, 0]],
    [2, 5.139, [0.917, 0.833, 0.694, 0.5, 0.25, 0]],
    [3, 6.458, [0.981, 0.954, 0.894, 0.778, 0.579, 0.282]],
    [4, 7.096, [0.996, 0.988, 0.968, 0.908, 0.764, 0.473]],
    [5, 7.392, [0.999, 0.997, 0.991, 0.961, 0.858, 0.586]],
    [6, 7.551, [1.0, 0.999, 0.997, 0.983, 0.91, 0.662]],
  ])('docs/rules/bushido.md section 6: %i dice, E[final] %f, P(final ≥ 3..8) %j', (dice, mean, ps) => {
    const f = finalDistribution(dice)
    const total = 6 ** dice
    expect(f.reduce((a, b) => a + b, 0)).toBe(total)
    expect(f.reduce((s, w, v) => s + w * v, 0) / total).toBeCloseTo(mean, 3)
    ps.forEach((p, k) => expect(challengeExact(dice, 3 + k).success / total).toBeCloseTo(p, 3))
  })
  it('docs/rules/bushido.md section 6: P(final ≥ 8 | 3 dice) = 61/216 = 0.282', () => {
    expect(challengeExact(3, 8).success).toBe(61)
  })
  it('the code distribution equals brute-force enumeration for 1–5 dice', () => {
    for (let n = 1; n <= 5; n++) {
      const brute = new Float64Array(codeDistribution(n).length)
      for (let i = 0; i < 6 ** n; i++) brute[codeOfDice(diceOfIndex(i, n))]++
      expect(Array.from(codeDistribution(n))).toEqual(Array.from(brute))
    }
  })
})

describe('opposed tests and tiebreakers (docs/rules/bushido.md section 1)', () => {
  it('higher final wins', () => {
    expect(opposedAWins(6, 5, 1, 3, false)).toBe(true)
  })
  it('"ties: whoever rolled more dice that were not 1s wins"', () => {
    expect(opposedAWins(5, 5, 2, 1, false)).toBe(true)
    expect(opposedAWins(5, 5, 1, 2, true)).toBe(false)
  })
  it('"otherwise the Active Player wins"', () => {
    expect(opposedAWins(5, 5, 2, 2, true)).toBe(true)
    expect(opposedAWins(5, 5, 2, 2, false)).toBe(false)
  })
  it('1 vs 1 die: the Active Player wins half plus every full tie', () => {
    const o = opposedExact(1, 1, true)
    // 15 of 36 strictly higher, plus 6 equal faces (5 non-1 ties decided by the Active Player, 1-1 also)
    expect(o.aWins).toBe(21)
    expect(o.total).toBe(36)
  })
  it('swapping sides and the Active Player swaps the odds', () => {
    for (const [a, b] of [
      [1, 3],
      [2, 2],
      [-1, 3],
    ]) {
      const x = opposedExact(a, b, true)
      const y = opposedExact(b, a, false)
      expect(x.aWins).toBe(y.bWins)
    }
  })
})

describe('sampler vs exact (fixed seed, 4 standard errors)', () => {
  it.each([1, 3, 5, 9])('%i dice: every final result', (dice) => {
    const rng = createStream(5, dice)
    const n = 200_000
    const seen = new Array(9).fill(0)
    for (let i = 0; i < n; i++) seen[codeFinal(rollCode(rng, dice))]++
    const exact = finalDistribution(dice)
    for (let f = 0; f <= 8; f++) {
      const p = exact[f] / 6 ** dice
      expect(Math.abs(seen[f] - n * p), `final ${f}`).toBeLessThanOrEqual(4 * Math.sqrt(n * p * (1 - p)))
    }
  })
  it('0 dice rolls nothing and draws nothing', () => {
    const rng = createStream(1, 0)
    expect(rollCode(rng, 0)).toBe(0)
  })
})
