import { describe, expect, it } from 'vitest'
import { BUDGET_CHECK_EVERY, checkFightSolveBudget, FightBudgetExceeded, solveFight, withFightSolveBudget, type FightModel } from './fight-chain'
import { boundUp, exactnessWords, FightRefusal, solveOrRefuse } from './fight-exact'

/**
 * A fight that spreads wide: two brawlers each take 0–`spread` damage a step (evenly), the first past
 * `hp` loses; the frontier holds up to (hp+1)² situations and each step emits `spread + 1`² ways per
 * situation, so a budget is met both between steps and inside one.
 */
interface Brawl {
  a: number
  b: number
}
const brawl = (hp: number, spread: number): FightModel<Brawl> => ({
  sides: 2,
  start: { a: 0, b: 0 },
  key: (s) => s.a * 100_000 + s.b,
  ending: (s) => (s.a > hp && s.b > hp ? 'draw' : s.b > hp ? 0 : s.a > hp ? 1 : null),
  step: () => {
    throw new Error('stepEach is used')
  },
  stepEach: (s, p, emit) => {
    const q = p / ((spread + 1) * (spread + 1))
    for (let x = 0; x <= spread; x++) for (let y = 0; y <= spread; y++) emit(q, { a: s.a + x, b: s.b + y })
  },
  damage: (s) => [s.a, s.b],
  clock: { unit: 'Round', stepsPerUnit: 1 },
})

const options = { maxSteps: 200, maxStates: 10_000_000 }

describe('a solve within a budget (withFightSolveBudget)', () => {
  it('gives the very same answer as without one when the budget is not spent', () => {
    const plain = solveFight(brawl(20, 3), options)
    let clock = 0
    const bounded = withFightSolveBudget({ deadlineMs: 1e12, now: () => clock++, seconds: 1e9, maxLiveStates: 1e9, shouldStop: () => false }, () => solveFight(brawl(20, 3), options))
    expect(bounded).toEqual(plain)
    expect(plain.ok).toBe(true)
    // the clock was read: after each step and between steps' situations
    expect(clock).toBeGreaterThan(10)
  })

  it('stops when its time is up and says so in a GM\'s words: "stopped after 2 s without an exact answer"', () => {
    let clock = 0
    // each look at the clock is 100 ms later: the 21st look (some 80,000 situations in) is past 2 s
    const r = withFightSolveBudget({ deadlineMs: 2000, now: () => 100 * clock++, seconds: 2 }, () => solveFight(brawl(400, 6), options))
    expect(r.ok).toBe(false)
    if (r.ok) return
    expect(r.reason).toBe('stopped after 2 s without an exact answer (the fight goes too many ways to follow in that time); the simulated answer stands')
    expect(clock).toBe(22)
  })

  it('looks at its budget inside a step, every few thousand situations, not only between steps', () => {
    let looks = 0
    let stop = false
    // one step of 2,000 × 2,000 ways from a single start: it stops inside the first step
    const wide: FightModel<Brawl> = { ...brawl(10_000, 1999) }
    const r = withFightSolveBudget(
      {
        shouldStop: () => {
          looks++
          if (looks === 3) stop = true
          return stop
        },
      },
      () => solveFight(wide, options),
    )
    expect(r.ok).toBe(false)
    if (r.ok) return
    expect(r.reason).toMatch(/^the exact answer was no longer wanted/)
    // the first look before the solve, two inside the first step
    expect(looks).toBe(3)
    expect(BUDGET_CHECK_EVERY).toBeLessThan(2000 * 2000)
  })

  it('stops when one step holds more situations than the memory allows, naming the Round', () => {
    const r = withFightSolveBudget({ maxLiveStates: 500 }, () => solveFight(brawl(100, 5), options))
    expect(r.ok).toBe(false)
    if (r.ok) return
    // Round k holds (5k+1)² situations: 676 by Round 5, past 500
    expect(r.reason).toBe('stopped without an exact answer: more than 500 different situations at once by Round 5 of 200, more than the memory allowed for it; the simulated answer stands')
  })

  it('nested budgets: the inner one applies inside, the outer one again after it', () => {
    const inner = withFightSolveBudget({ maxLiveStates: 1e9 }, () => withFightSolveBudget({ maxLiveStates: 10 }, () => solveFight(brawl(20, 2), options)))
    expect(inner.ok).toBe(false)
    const after = withFightSolveBudget({ maxLiveStates: 10 }, () => {
      withFightSolveBudget({ maxLiveStates: 1e9 }, () => undefined)
      return solveFight(brawl(20, 2), options)
    })
    expect(after.ok).toBe(false)
    expect(solveFight(brawl(20, 2), options).ok).toBe(true)
  })

  it('a system that builds its model inside the budget may look at it too: solveOrRefuse turns that into the refusal', () => {
    const r = withFightSolveBudget({ shouldStop: () => true }, () =>
      solveOrRefuse(
        undefined,
        () => {
          checkFightSolveBudget()
          throw new FightRefusal('never reached')
        },
        options,
        'too many',
      ),
    )
    expect(r).toEqual({ ok: false, reason: expect.stringMatching(/^the exact answer was no longer wanted/) as unknown as string })
    expect(() => checkFightSolveBudget()).not.toThrow()
    expect(() => withFightSolveBudget({ shouldStop: () => true }, () => checkFightSolveBudget())).toThrow(FightBudgetExceeded)
  })
})

describe('how exact a solved fight is, in words (exactnessWords)', () => {
  it('"exact" within rounding (1e-12); past it "exact to within" the bound rounded up, never down', () => {
    expect(exactnessWords({ solved: true, massError: 3e-15 })).toBe('exact')
    expect(exactnessWords({ solved: true, massError: 1e-12 })).toBe('exact')
    expect(exactnessWords({ solved: true, massError: 2.1e-10 })).toBe('exact to within 3e-10')
    expect(exactnessWords({ solved: true, massError: 1e-9 })).toBe('exact to within 1e-9')
    expect(exactnessWords({ solved: true, massError: 9.5e-10 })).toBe('exact to within 1e-9')
    expect(exactnessWords({ solved: false })).toBeUndefined()
    expect(boundUp(0.0012)).toBe('0.002')
  })
})
