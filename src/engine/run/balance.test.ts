import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import standoff from '../../../resources/examples/gurps-waits-standoff.json'
import { findBalance, BalanceRefusal, EXACT_ALLOWANCE, type BalanceRequest } from './balance'
import { exactOf } from './exact'
import { runJob } from './job'
import { getAtPath, setAtPath } from './json-path'
import { runChunk } from './run-chunk'
import { roundExact } from './result'

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

  it('when a point of the range has no exact value (too big, or past the time allowed), the whole search is sampled instead', async () => {
    // exact values only for skills up to 13: the search starts exact, meets a point without one, and is sampled
    const partial: BalanceRequest['exact'] = async (scenario) => ((getAtPath(scenario, 'combatants[0].skill') as number) <= 13 ? exactOf(scenario) : null)
    const a = await findBalance({ scenario: standoff, path: 'combatants[0].skill', query: kidFirst, target: 0.5, from: 9, to: 18, trials: 20_000, seed: SEED, run, exact: partial })
    const sampled = await findBalance({ scenario: standoff, path: 'combatants[0].skill', query: kidFirst, target: 0.5, from: 9, to: 18, trials: 20_000, seed: SEED, run })
    expect(a.exact).toBe(false)
    expect(a).toEqual(sampled)
  })

  it('sampled with common random numbers, lands on the same bracket as the exact search, its interval covering the exact crossing', async () => {
    const exactAnswer = await findBalance({ scenario: standoff, path: 'combatants[0].skill', query: kidFirst, target: 0.5, from: 9, to: 18, trials: 100_000, seed: SEED, run, exact })
    const sampled = await findBalance({ scenario: standoff, path: 'combatants[0].skill', query: kidFirst, target: 0.5, from: 9, to: 18, trials: 100_000, seed: SEED, run })
    expect(sampled.exact).toBe(false)
    expect(sampled.bracket.map((p) => p.value)).toEqual(exactAnswer.bracket.map((p) => p.value))
    for (const p of sampled.bracket) {
      expect(p.trials).toBe(100_000)
      // a result document writes exact values with 15 significant digits (result.ts roundExact)
      expect(p.exact).toBe(roundExact(exactKidFirst(p.value)))
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

  it('keeps its automatic range inside the field: a skill of 5 on a 3–30 field is searched from 3, and says so when the target is out of reach there', async () => {
    // Issue 28: the default range (6 either side) used to start at -1 and refuse itself ("--from -1: must be an integer 3–30").
    const low = setAtPath(standoff, 'combatants[0].skill', 5)
    const reached = await findBalance({ scenario: low, path: 'combatants[0].skill', query: kidFirst, target: 0.05, trials: 1_000, seed: SEED, run, exact })
    expect([reached.from, reached.to]).toEqual([3, 11])
    expect(reached.bounded).toEqual({ from: true, to: false })
    expect(reached.bracket.every((p) => p.value >= 3 && p.value <= 11)).toBe(true)
    await expect(findBalance({ scenario: low, path: 'combatants[0].skill', query: kidFirst, target: 0.9, trials: 1_000, seed: SEED, run, exact })).rejects.toThrow(
      /does not reach 0\.9 for combatants\[0\]\.skill from 3 to 11 \(the field allows nothing below 3\): it goes from [\d.]+ to [\d.]+; raise --to or pick another target$/,
    )
    const high = setAtPath(standoff, 'combatants[0].skill', 27)
    const top = await findBalance({ scenario: high, path: 'combatants[0].skill', query: kidFirst, target: 0.99, trials: 1_000, seed: SEED, run, exact }).catch((e: Error) => e)
    expect(top).toBeInstanceOf(BalanceRefusal)
    expect((top as Error).message).toMatch(/from 21 to 30 \(the field allows nothing above 30\)/)
  })

  it('keeps the automatic range of a real-valued field on its grid and inside it (Basic Speed 1.5 on a 1–20 field in quarters: 1 to 2.5)', async () => {
    const slow = setAtPath(standoff, 'combatants[1].basicSpeed', 1.5)
    const a = await findBalance({ scenario: slow, path: 'combatants[1].basicSpeed', query: kidFirst, target: 0.99, trials: 1_000, seed: SEED, run, exact }).catch((e: Error) => e)
    expect(a).toBeInstanceOf(BalanceRefusal)
    expect((a as Error).message).toMatch(/from 1 to 2\.5 \(the field allows nothing below 1\)/)
  })

  it('an automatic range inside the field on both sides (a Genesys skill rank of 2 on a 0–5 field) is the whole field, and a target beyond it is refused as such', async () => {
    const duel = JSON.parse(readFileSync(join(__dirname, '../../../resources/examples/genesys-blaster-duel.json'), 'utf8')) as unknown
    const flat = async (): Promise<never> => {
      throw new Error('not run: refused before sampling')
    }
    // The exact values of a fake: the smuggler's hit chance rises with his rank, 40% + 10% a rank.
    const fakeExact: BalanceRequest['exact'] = async (s) => [{ id: 'hit:smuggler', label: 'Hit: Smuggler', kind: 'probability', p: 0.4 + 0.1 * (getAtPath(s, 'combatants[0].attack.skill') as number) }]
    const e = await findBalance({ scenario: duel, path: 'combatants[0].attack.skill', query: { metric: 'hit:smuggler' }, target: 0.99, trials: 1_000, seed: SEED, run: flat, exact: fakeExact }).catch((x: Error) => x)
    expect((e as Error).message).toBe('hit:smuggler does not reach 0.99 for combatants[0].attack.skill from 0 to 5 (all the field allows): it goes from 0.4 to 0.9; pick another target')
    const ok = await findBalance({ scenario: duel, path: 'combatants[0].attack.skill', query: { metric: 'hit:smuggler' }, target: 0.75, trials: 1_000, seed: SEED, run: flat, exact: fakeExact })
    expect(ok.bracket.map((p) => p.value)).toEqual([3, 4])
    expect(ok.bounded).toEqual({ from: true, to: true })
  })

  describe('with a clock: each point exact only where that costs no more than sampling it, the answer saying which', () => {
    /**
     * A fake clock the fake costs move (never the wall clock): sampling costs `msPerTrial` a trial; an exact
     * answer `exactMs`, or, past the budget it is given, the budget and no answer (a refusal for lack of time).
     */
    function costed(msPerTrial: number, exactMs: number, threadStartMs = 0): { req: Pick<BalanceRequest, 'run' | 'exact' | 'now'>; sampledOnly: Pick<BalanceRequest, 'run'>; elapsed: () => number } {
      let t = 0
      // the exact answers' own thread starts on the first request, before any solve (and its budget) begins
      let started = false
      const timedRun: BalanceRequest['run'] = async (scenario, trials) => {
        t += trials * msPerTrial
        return run(scenario, trials)
      }
      const timedExact: BalanceRequest['exact'] = async (scenario, budgetSeconds) => {
        if (!started) t += threadStartMs
        started = true
        if (budgetSeconds !== undefined && exactMs > budgetSeconds * 1000) {
          t += budgetSeconds * 1000
          return null
        }
        t += exactMs
        return exactOf(scenario)
      }
      return { req: { run: timedRun, exact: timedExact, now: () => t }, sampledOnly: { run: timedRun }, elapsed: () => t }
    }
    const ask = { scenario: standoff, path: 'combatants[0].skill', query: kidFirst, target: 0.5, from: 9, to: 18, trials: 20_000, seed: SEED }

    it('exact values that come at once make every point exact: the answer says "exact", no sampling', async () => {
      const c = costed(0.01, 1)
      const a = await findBalance({ ...ask, ...c.req })
      expect(a.values).toEqual({ how: 'exact' })
      expect(a.exact).toBe(true)
      expect(a.trials).toBe(0)
      expect(a.bracket.map((p) => [p.value, p.exact])).toEqual([[13, exactKidFirst(13)], [14, exactKidFirst(14)]])
      // named as a chance, as the results name it
      expect([a.label, a.percent]).toEqual(['Acts first alone: The Kid', true])
    })

    it('exact values at once behind a slow start of their thread: the other end tells, and the search is all exact', async () => {
      const c = costed(1, 1, 2000)
      const a = await findBalance({ ...ask, ...c.req })
      expect(a.values).toEqual({ how: 'exact' })
      expect(a.trials).toBe(0)
      // nothing sampled, not even a pilot run (2 s here): the thread's start and a few exact answers of 1 ms
      expect(c.elapsed()).toBeLessThan(2000 + 50)
    })

    it('exact answers dearer than sampling are not waited for: the search is sampled, says why, and costs at most a fifth more than sampling alone', async () => {
      // a full point samples in 2 s; an exact answer would take 100 s
      const c = costed(0.1, 100_000)
      const a = await findBalance({ ...ask, ...c.req })
      const mixedCost = c.elapsed()
      const s = costed(0.1, 100_000)
      const sampled = await findBalance({ ...ask, ...s.sampledOnly })
      const sampledCost = s.elapsed()
      expect(a.exact).toBe(false)
      expect(a.values.how).toBe('sampled')
      expect(a.values.why).toBe('working out an exact answer takes longer than sampling')
      expect(a.bracket.every((p) => p.trials === ask.trials)).toBe(true)
      // the same common-random-number search as sampling alone: the same points, the same answer
      expect([a.bracket, a.value, a.interval]).toEqual([sampled.bracket, sampled.value, sampled.interval])
      expect(mixedCost).toBeLessThanOrEqual((1 + EXACT_ALLOWANCE) * sampledCost)
    })

    it('exact answers dearer than a pilot run but cheaper than sampling a point are taken at the ends and the bracket: the answer is exact, the bisection between sampled ("mixed")', async () => {
      // a full point samples in 20 s, a bisection point in 2 s; an exact answer takes 5 s
      const exactMs = 5000
      const c = costed(1, exactMs)
      const a = await findBalance({ ...ask, ...c.req })
      const s = costed(1, exactMs)
      await findBalance({ ...ask, ...s.sampledOnly })
      expect(a.exact).toBe(true)
      expect(a.values).toEqual({ how: 'mixed' })
      expect(a.bracket.map((p) => [p.value, p.exact, p.trials])).toEqual([[13, exactKidFirst(13), 0], [14, exactKidFirst(14), 0]])
      expect(a.interval).toEqual([a.value, a.value])
      expect(c.elapsed()).toBeLessThan(s.elapsed())
    })
  })
})
