import { describe, expect, it } from 'vitest'
import standoff from '../../../resources/examples/gurps-waits-standoff.json'
import { findBalance, BalanceRefusal, type BalanceRequest } from './balance'
import { exactOf } from './exact'
import { runJob } from './job'
import { setAtPath } from './json-path'
import { runChunk } from './run-chunk'

let clock = 0
const now = (): number => (clock += 1)
const SEED = 11

const run: BalanceRequest['run'] = (scenario, trials) =>
  runJob({ scenario, trials, seed: SEED, chunkSize: 20_000, concurrency: 1, workers: 1, execute: async (t) => runChunk(t), now })
const exact: BalanceRequest['exact'] = async (scenario) => exactOf(scenario)

const kidFirst = { metric: 'acts-first-alone:kid' }
const exactKidFirst = (skill: number): number => {
  const m = exactOf(setAtPath(standoff, 'combatants[0].skill', skill))?.find((x) => x.id === kidFirst.metric)
  if (m?.kind !== 'probability') throw new Error('the standoff has an exact acts-first metric')
  return m.p
}

describe('balance: the value of a field at which a metric reaches a target', () => {
  it('with exact values, brackets the target between two neighbouring skills whose exact odds straddle it', async () => {
    const a = await findBalance({ scenario: standoff, path: 'combatants[0].skill', query: kidFirst, target: 0.5, from: 9, to: 18, trials: 100_000, seed: SEED, run, exact })
    expect(a.exact).toBe(true)
    expect(a.integer).toBe(true)
    expect(a.direction).toBe('increasing')
    expect(a.bracket).toHaveLength(2)
    const [lo, hi] = a.bracket
    expect(hi.value - lo.value).toBe(1)
    expect(lo.exact).toBe(exactKidFirst(lo.value))
    expect(hi.exact).toBe(exactKidFirst(hi.value))
    expect(lo.estimate).toBeLessThan(0.5)
    expect(hi.estimate).toBeGreaterThanOrEqual(0.5)
    // The interpolated crossing lies between them, and no sampling was spent.
    expect(a.value).toBeGreaterThan(lo.value)
    expect(a.value).toBeLessThanOrEqual(hi.value)
    expect(a.trials).toBe(0)
    expect(a.label).toBe('Acts first alone: The Kid')
    expect(a.percent).toBe(true)
  })

  it('sampled with common random numbers, lands on the same bracket as the exact search, its interval covering the exact crossing', async () => {
    const exactAnswer = await findBalance({ scenario: standoff, path: 'combatants[0].skill', query: kidFirst, target: 0.5, from: 9, to: 18, trials: 100_000, seed: SEED, run, exact })
    const sampled = await findBalance({ scenario: standoff, path: 'combatants[0].skill', query: kidFirst, target: 0.5, from: 9, to: 18, trials: 100_000, seed: SEED, run })
    expect(sampled.exact).toBe(false)
    expect(sampled.bracket.map((p) => p.value)).toEqual(exactAnswer.bracket.map((p) => p.value))
    for (const p of sampled.bracket) {
      expect(p.trials).toBe(100_000)
      expect(p.exact).toBe(exactKidFirst(p.value))
      expect(p.ci[0]).toBeLessThanOrEqual(p.exact as number)
      expect(p.ci[1]).toBeGreaterThanOrEqual(p.exact as number)
    }
    expect(sampled.interval[0]).toBeLessThanOrEqual(exactAnswer.value)
    expect(sampled.interval[1]).toBeGreaterThanOrEqual(exactAnswer.value)
  })

  it('finds a falling metric too: the Marshal acting first as the Kid gets better', async () => {
    const a = await findBalance({ scenario: standoff, path: 'combatants[0].skill', query: { metric: 'acts-first-alone:marshal' }, target: 0.3, from: 9, to: 18, trials: 50_000, seed: SEED, run, exact })
    expect(a.direction).toBe('decreasing')
    expect(a.bracket[0].estimate).toBeGreaterThan(0.3)
    expect(a.bracket[1].estimate).toBeLessThanOrEqual(0.3)
  })

  it('works on a real-valued field (Basic Speed, in quarters) with an interval', async () => {
    const a = await findBalance({ scenario: standoff, path: 'combatants[1].basicSpeed', query: kidFirst, target: 0.5, from: 4, to: 9, trials: 50_000, seed: SEED, run })
    expect(a.integer).toBe(false)
    expect(a.step).toBe(0.25)
    expect(a.bracket.map((p) => p.value * 4 % 1)).toEqual([0, 0])
    expect(a.direction).toBe('decreasing')
    expect(a.interval[0]).toBeLessThanOrEqual(a.value)
    expect(a.interval[1]).toBeGreaterThanOrEqual(a.value)
  })

  it('refuses a target the metric never reaches in the range, saying what it reaches', async () => {
    await expect(findBalance({ scenario: standoff, path: 'combatants[0].skill', query: kidFirst, target: 0.99, from: 9, to: 18, trials: 20_000, seed: SEED, run, exact })).rejects.toThrow(BalanceRefusal)
    await expect(findBalance({ scenario: standoff, path: 'combatants[0].skill', query: kidFirst, target: 0.99, from: 9, to: 18, trials: 20_000, seed: SEED, run })).rejects.toThrow(/does not reach 0\.99.*goes from/)
  })

  it('refuses a metric that does not depend on the field', async () => {
    // Whether the Marshal acts at all never depends on the Kid's skill here (both always act).
    await expect(findBalance({ scenario: standoff, path: 'combatants[0].skill', query: { metric: 'acts:marshal' }, target: 0.5, from: 9, to: 18, trials: 20_000, seed: SEED, run, exact })).rejects.toThrow(/does not depend/)
    await expect(findBalance({ scenario: standoff, path: 'combatants[0].skill', query: { metric: 'acts:marshal' }, target: 0.5, from: 9, to: 18, trials: 20_000, seed: SEED, run })).rejects.toThrow(/does not depend/)
  })

  it('refuses an end of the range the field does not allow, with the allowed values, and a field that is not a number', async () => {
    await expect(findBalance({ scenario: standoff, path: 'combatants[0].skill', query: kidFirst, target: 0.5, from: 1, to: 18, trials: 20_000, seed: SEED, run })).rejects.toThrow(/--from 1: combatants\[0\]\.skill: must be an integer 3–30/)
    await expect(findBalance({ scenario: standoff, path: 'combatants[0].name', query: kidFirst, target: 0.5, trials: 20_000, seed: SEED, run })).rejects.toThrow(/varies a number/)
    await expect(findBalance({ scenario: standoff, path: 'combatants[0].skill', query: { metric: 'nope' }, target: 0.5, from: 9, to: 18, trials: 20_000, seed: SEED, run })).rejects.toThrow(/no metric "nope"/)
  })
})
