import { availableParallelism } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { withoutTiming } from '../../src/engine/run/result'
import { SimulationService } from '../../src/main/services/simulation'
import { example, requireBuild, root, workerPath } from '../helpers'

const triangle = example('gurps-waits-triangle.json')

describe('simulation service on the Piscina pool (built worker)', () => {
  let service: SimulationService
  beforeAll(() => {
    requireBuild()
    service = new SimulationService({ workerPath })
  })
  afterAll(async () => {
    await service.shutdown()
  })

  it('same scenario and seed give the identical result document with 1, 2 and 4 workers', async () => {
    const docs = []
    for (const workers of [1, 2, 4]) {
      const doc = await service.run({ scenario: triangle, trials: 300_001, seed: 42, workers, chunkSize: 20_000 })
      expect(doc.status).toBe('done')
      // A run gets at most one thread per core (issue 16 item 4); the numbers never depend on it.
      expect(doc.timing.workers).toBe(Math.min(workers, availableParallelism()))
      docs.push(withoutTiming(doc))
    }
    expect(docs[1]).toEqual(docs[0])
    expect(docs[2]).toEqual(docs[0])
  })

  it('reports progress at most about ten times a second on its clock, with trials/s and partial results', async () => {
    // The throttle is checked on the service's own clock (injected, advancing 25 ms per reading), not on
    // the wall clock of a shared machine: a report goes out only when 100 ms of that clock have passed.
    // The clock is read once per merge that moves the count; how many merges there are depends on how
    // the chunks' answers interleave (on a loaded machine several wait and merge at once), so the number
    // of reports expected is counted from the readings, not from the chunks.
    let clock = 0
    let readings = 0
    const ticking = new SimulationService({ workerPath, now: () => (readings++, (clock += 25)) })
    const stamps: number[] = []
    const reports: { done: number; rate: number; ordering: boolean }[] = []
    try {
      const doc = await ticking.run({
        scenario: triangle,
        trials: 2_000_000,
        seed: 1,
        workers: 2,
        chunkSize: 20_000,
        onProgress: (p) => {
          stamps.push(p.elapsedMs)
          reports.push({ done: p.trialsDone, rate: p.trialsPerSecond, ordering: p.partial.some((m) => m.id === 'ordering') })
        },
      })
      expect(doc.error).toBeUndefined()
      expect(doc.status).toBe('done')
    } finally {
      await ticking.shutdown()
    }
    // Checked after the run: an assertion thrown inside the listener would end the run as an error.
    reports.forEach((r, i) => expect(r.done).toBeGreaterThanOrEqual(i > 0 ? reports[i - 1].done : 0))
    for (const r of reports) expect(r.ordering).toBe(true)
    for (const r of reports) expect(r.rate).toBeGreaterThan(0)
    const last = reports[reports.length - 1]?.done
    // A report every fourth reading (100 ms at +25 ms), never closer; the start and the end read it too.
    // The first merge always reports, and so does the end.
    expect(stamps.length).toBeGreaterThanOrEqual(Math.max(2, Math.floor((readings - 4) / 5)))
    expect(stamps.length).toBeLessThanOrEqual(Math.ceil(readings / 4) + 1)
    const gaps = stamps.slice(1, -1).map((t, i) => t - stamps[i])
    for (const g of gaps) expect(g).toBeGreaterThanOrEqual(100)
    expect(last).toBe(2_000_000)
  })

  it('cancel settles the job as aborted without waiting for the chunks in flight, and the next run works', async () => {
    // Two chunks of a billion trials each: minutes of work for a worker. A cancel that waited for them
    // would take that long; the job must settle at once (bounded generously for a loaded machine).
    const controller = new AbortController()
    const pending = service.run({ scenario: triangle, trials: 2_000_000_000, seed: 1, workers: 2, chunkSize: 1_000_000_000, signal: controller.signal })
    await new Promise((r) => setTimeout(r, 300))
    const t0 = performance.now()
    controller.abort()
    const doc = await pending
    const took = performance.now() - t0
    expect(doc.status).toBe('aborted')
    expect(doc.run.trialsDone).toBe(0)
    expect(took).toBeLessThan(10_000)
    const next = await service.run({ scenario: triangle, trials: 100_000, seed: 1, workers: 2 })
    expect(next.status).toBe('done')
    expect(next.run.trialsDone).toBe(100_000)
  })

  it('a run asking for another worker count does not break a run already going on the old pool', async () => {
    const long = service.run({ scenario: triangle, trials: 6_000_000, seed: 3, workers: 2, chunkSize: 50_000 })
    await new Promise((r) => setTimeout(r, 100))
    const other = await service.run({ scenario: triangle, trials: 100_000, seed: 3, workers: 1 })
    const first = await long
    expect(other.status).toBe('done')
    expect(first.status).toBe('done')
    expect(first.run.trialsDone).toBe(6_000_000)
  })

  it('rejects an invalid scenario before starting, naming the path', async () => {
    await expect(service.run({ scenario: { ...(triangle as object), combatants: [] } })).rejects.toThrow(/combatants: must list 2–6 combatants/)
  })
})

describe('a worker that throws', () => {
  it('ends the job as error with its message; the pool survives for the next run', async () => {
    requireBuild()
    const service = new SimulationService({ workerPath: join(root, 'tests', 'fixtures', 'throwing-worker.cjs') })
    try {
      const bad = await service.run({ scenario: { ...(triangle as object), name: 'explode' }, trials: 200_000, seed: 1, workers: 2, chunkSize: 10_000 })
      expect(bad.status).toBe('error')
      expect(bad.error).toMatch(/rule system exploded in chunk 1/)
      const good = await service.run({ scenario: triangle, trials: 200_000, seed: 1, workers: 2, chunkSize: 10_000 })
      expect(good.status).toBe('done')
    } finally {
      await service.shutdown()
    }
  })
})

describe('an error the pool reports outside any task', () => {
  it('(a worker answering a task cancelled a moment before) is passed on and never ends the process; the next run works', async () => {
    requireBuild()
    const seen: unknown[] = []
    const service = new SimulationService({ workerPath, onPoolError: (e) => seen.push(e) })
    try {
      service.boot(1)
      // What Piscina does when a worker's answer arrives for a task it no longer holds. Without a
      // listener, an 'error' event on an EventEmitter throws: in Electron's main that ended the app.
      const pool = (service as unknown as { pool: { emit: (event: string, e: Error) => boolean } }).pool
      expect(() => pool.emit('error', new Error('Unexpected message from Worker: { taskId: 19 }'))).not.toThrow()
      expect(seen).toHaveLength(1)
      const good = await service.run({ scenario: triangle, trials: 20_000, seed: 1, workers: 1, chunkSize: 10_000 })
      expect(good.status).toBe('done')
    } finally {
      await service.shutdown()
    }
  })
})

describe('exact values kept by scenario', () => {
  it('a second identical request is answered without asking a worker again; any change to the scenario asks again', async () => {
    const service = new SimulationService({ workerPath: join(root, 'tests', 'fixtures', 'counting-worker.cjs'), defaultWorkers: 1, exactAtOnce: false })
    const solves = (ms: unknown): unknown => (ms as { mean: number }[] | null)?.[0]?.mean
    try {
      expect(solves(await service.exact(triangle))).toBe(1)
      expect(solves(await service.exact(JSON.parse(JSON.stringify(triangle))))).toBe(1)
      // the run's trials and seed are not part of an exact answer
      expect(solves(await service.exact({ ...(triangle as object), run: { trials: 1000, seed: 7 } }))).toBe(1)
      expect(solves(await service.exact({ ...(triangle as object), name: 'another standoff' }))).toBe(2)
      expect(solves(await service.exact(triangle))).toBe(1)
      // fresh (quickdraw bench): asked again all the same
      expect(solves(await service.exact(triangle, undefined, { fresh: true }))).toBe(3)
      // asked twice at once (the exact panel and a Run of one edit): one solve answers both
      const twice = { ...(triangle as object), name: 'asked twice at once' }
      const both = await Promise.all([service.exact(twice), service.exact(JSON.parse(JSON.stringify(twice)))])
      expect(both.map(solves)).toEqual([4, 4])
    } finally {
      await service.shutdown()
    }
  })
})

describe('an exact solve never holds sampling up (issue 29 item 4)', () => {
  /** A scenario whose exact task never answers in the endless-exact worker. */
  const stuck = { ...(triangle as object), name: 'stuck' }

  it('with one worker, a run whose exact solve never answers samples all its trials and settles without exact values', async () => {
    requireBuild()
    // the exact task loops for ever: it must run beside the one sampling worker, not on it, and be ended
    // once its budget (0.2 s) and the grace after it have passed, so the run still settles
    const service = new SimulationService({ workerPath: join(root, 'tests', 'fixtures', 'endless-exact-worker.cjs'), defaultWorkers: 1, exactBudgetSeconds: 0.2, exactAtOnce: false })
    const seen: number[] = []
    try {
      const doc = await service.run({ scenario: stuck, trials: 20_000, seed: 3, workers: 1, chunkSize: 5_000, onProgress: (p) => seen.push(p.trialsDone) })
      expect(doc.status).toBe('done')
      expect(doc.run.trialsDone).toBe(20_000)
      // sampled to the end while the solve was stuck: every report before the last had trials in it
      expect(seen[seen.length - 1]).toBe(20_000)
      // no exact values came: the metrics are those of the same run that asked for none
      const without = await service.run({ scenario: stuck, trials: 20_000, seed: 3, workers: 1, chunkSize: 5_000, exact: false })
      expect(without.status).toBe('done')
      expect(doc.metrics).toEqual(without.metrics)
    } finally {
      await service.shutdown()
    }
  }, 60_000)

  it('an exact request cancelled while it solves ends at once (its thread stopped), and the next one is answered', async () => {
    requireBuild()
    const service = new SimulationService({ workerPath: join(root, 'tests', 'fixtures', 'endless-exact-worker.cjs'), defaultWorkers: 1, exactBudgetSeconds: 600, exactAtOnce: false })
    try {
      const cancel = new AbortController()
      const solving = service.exact(stuck, cancel.signal)
      setTimeout(() => cancel.abort(), 50)
      await expect(solving).rejects.toThrow()
      // the stuck thread is gone: the next scenario's exact values come (the one exact thread is free again)
      const next = await service.exact(triangle)
      expect(next?.length ?? 0).toBeGreaterThan(0)
      // and sampling was never held up
      const doc = await service.run({ scenario: triangle, trials: 5_000, seed: 3, workers: 1, exact: false })
      expect(doc.status).toBe('done')
    } finally {
      await service.shutdown()
    }
  }, 60_000)

  it('an exact request past its budget answers with the refusal that says so, kept only for that budget', async () => {
    requireBuild()
    const service = new SimulationService({ workerPath, defaultWorkers: 1 })
    // a whole HERO street brawl over 10 Turns is far more than a hundredth of a second of solving
    const brawl = { ...(example('hero-street-brawl.json') as object), turnCap: 10 }
    try {
      const quick = await service.exact(brawl, undefined, { budgetSeconds: 0.01 })
      const note = quick?.find((m) => m.kind === 'fight')
      expect(note).toMatchObject({ solved: false, reason: expect.stringMatching(/^stopped after 0\.01 s without an exact answer/) })
      // asked again with the same budget: kept; a run's exact values (the service's own budget) ask again
      const again = await service.exact(brawl, undefined, { budgetSeconds: 0.01 })
      expect(again).toEqual(quick)
    } finally {
      await service.shutdown()
    }
  }, 60_000)
})

describe('the exact thread has a memory cap', () => {
  it("a solve that outgrows it is stopped, and its answer is a refusal in a GM's words; the next request is answered", async () => {
    requireBuild()
    const service = new SimulationService({ workerPath: join(root, 'tests', 'fixtures', 'hungry-exact-worker.cjs'), defaultWorkers: 1, exactAtOnce: false, exactMemoryMb: 64 })
    try {
      const hungry = await service.exact({ ...(triangle as object), name: 'hungry' })
      expect(hungry).toEqual([{ id: 'exact-fight', label: 'Whole fight', kind: 'fight', solved: false, reason: 'stopped without an exact answer: following the fight took more than the 64 MB of memory allowed for it; the simulated answer stands' }])
      const next = await service.exact(triangle)
      expect(next?.length ?? 0).toBeGreaterThan(0)
    } finally {
      await service.shutdown()
    }
  }, 60_000)
})
