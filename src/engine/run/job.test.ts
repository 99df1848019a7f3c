import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { cascadeScenario } from '../systems/gurps-waits/test-helpers'
import { runJob, type ChunkExecutor } from './job'
import { withoutTiming } from './result'
import { runChunk } from './run-chunk'
import type { Metric } from '../core/metrics'
import type { ExactMetric } from '../systems/rule-system'

const at = (ms: readonly Metric[], id: string): number | undefined => {
  const m = ms.find((x) => x.id === id)
  return m?.kind === 'probability' ? m.exact : undefined
}

/** A Genesys blaster duel: its sampled "P(defeated)" has no exact value of its own. */
const duel: unknown = JSON.parse(readFileSync('resources/examples/genesys-blaster-duel.json', 'utf8'))
const scenario = cascadeScenario([{ id: 'a', skill: 13 }, { id: 'b', skill: 12, prevents: ['a'] }, { id: 'c', skill: 11 }])
let clock = 0
const now = (): number => (clock += 1)

/** In-process executor that finishes chunks in a scrambled order, as a pool of workers would. */
const scrambled: ChunkExecutor = (task) =>
  new Promise((resolve) => setTimeout(() => resolve(runChunk(task)), (task.chunk * 7919) % 5))

describe('runJob', () => {
  it('gives the same document whatever the concurrency and the order chunks finish in', async () => {
    const docs = []
    for (const concurrency of [1, 2, 4, 7]) {
      docs.push(withoutTiming(await runJob({ scenario, trials: 10_007, seed: 9, chunkSize: 1000, concurrency, workers: concurrency, execute: scrambled, now })))
    }
    for (const d of docs.slice(1)) expect(d).toEqual(docs[0])
    expect(docs[0].status).toBe('done')
    expect(docs[0].run).toEqual({ seed: 9, trials: 10_007, trialsDone: 10_007, chunkSize: 1000, chunks: 11 })
  })

  it('records engine, system, rule variants, seed, trials, chunk size and scenario hash', async () => {
    const doc = await runJob({ scenario, trials: 100, seed: 1, concurrency: 1, workers: 1, execute: async (t) => runChunk(t), now })
    expect(doc.engine.version).toMatch(/^\d+\.\d+\.\d+$/)
    expect(doc.system.id).toBe('gurps-waits')
    expect(doc.rules).toEqual({ yardPenalty: 'whole-distance', belowThree: 'roll', prevention: 'if-it-succeeds' })
    expect(doc.scenario.hash).toMatch(/^[0-9a-f]{16}$/)
    expect(doc.timing.elapsedMs).toBeGreaterThanOrEqual(0)
  })

  it('attaches exact values computed off the thread (a worker, for a whole fight) by id, in the final document and in reports once they arrive', async () => {
    const reports: (number | undefined)[] = []
    let release = (): void => undefined
    const arrived = new Promise<void>((r) => (release = r))
    const exact = async (): Promise<ExactMetric[]> => {
      await arrived
      return [{ id: 'defeated:smuggler', label: 'P(defeated): Smuggler', kind: 'probability', p: 0.123 }]
    }
    const execute: ChunkExecutor = async (t) => {
      if (t.chunk === 3) release()
      return runChunk(t)
    }
    const doc = await runJob({ scenario: duel, trials: 8000, seed: 1, chunkSize: 1000, concurrency: 1, workers: 1, execute, now, exact, progressIntervalMs: 0, onProgress: (p) => reports.push(at(p.partial, 'defeated:smuggler')) })
    expect(at(doc.metrics, 'defeated:smuggler')).toBe(0.123)
    expect(reports[0]).toBeUndefined()
    expect(reports[reports.length - 1]).toBe(0.123)
    // a failing exact computation leaves the metrics as they are
    const failed = await runJob({ scenario: duel, trials: 1000, seed: 1, concurrency: 1, workers: 1, execute: async (t) => runChunk(t), now, exact: () => Promise.reject(new Error('no')) })
    expect(failed.status).toBe('done')
    expect(at(failed.metrics, 'defeated:smuggler')).toBeUndefined()
  })

  it('a different seed gives different numbers', async () => {
    const run = (seed: number) => runJob({ scenario, trials: 5000, seed, concurrency: 1, workers: 1, execute: async (t) => runChunk(t), now })
    expect(withoutTiming(await run(1)).metrics).not.toEqual(withoutTiming(await run(2)).metrics)
  })

  it('ends as error with the message when a chunk throws, and as aborted when cancelled', async () => {
    const failing: ChunkExecutor = async (t) => {
      if (t.chunk === 2) throw new Error('boom in chunk 2')
      return runChunk(t)
    }
    const bad = await runJob({ scenario, trials: 10_000, seed: 1, chunkSize: 1000, concurrency: 2, workers: 2, execute: failing, now })
    expect(bad.status).toBe('error')
    expect(bad.error).toBe('boom in chunk 2')

    const controller = new AbortController()
    const slow: ChunkExecutor = (t, signal) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => resolve(runChunk(t)), 50)
        signal.addEventListener('abort', () => {
          clearTimeout(timer)
          reject(new Error('aborted'))
        })
      })
    const pending = runJob({ scenario, trials: 1_000_000, seed: 1, chunkSize: 1000, concurrency: 2, workers: 2, execute: slow, signal: controller.signal, now })
    setTimeout(() => controller.abort(), 120)
    const doc = await pending
    expect(doc.status).toBe('aborted')
    expect(doc.run.trialsDone).toBeLessThan(1_000_000)
  })

  it('reports progress with partial metrics, throttled', async () => {
    const seen: number[] = []
    let t = 0
    await runJob({
      scenario,
      trials: 20_000,
      seed: 1,
      chunkSize: 1000,
      concurrency: 1,
      workers: 1,
      execute: async (task) => runChunk(task),
      onProgress: (p) => {
        seen.push(p.trialsDone)
        expect(p.partial.length).toBeGreaterThan(0)
      },
      progressIntervalMs: 100,
      now: () => (t += 30),
    })
    // a clock that moves 30 ms per reading allows a report about every fourth chunk, plus the final one
    expect(seen.length).toBeGreaterThan(2)
    expect(seen.length).toBeLessThan(12)
    expect(seen[seen.length - 1]).toBe(20_000)
  })

  it('never reports progress while the chunks that finished wait for an earlier one (no 0 trials/s report)', async () => {
    // Chunk 0 finishes last: chunks 1-3 wait in the ordered merge, and nothing new is merged until it lands.
    const late: ChunkExecutor = (task) => new Promise((resolve) => setTimeout(() => resolve(runChunk(task)), task.chunk === 0 ? 40 : 1))
    const seen: { done: number; rate: number }[] = []
    let t = 0
    await runJob({
      scenario,
      trials: 4000,
      seed: 1,
      chunkSize: 1000,
      concurrency: 4,
      workers: 4,
      execute: late,
      onProgress: (p) => seen.push({ done: p.trialsDone, rate: p.trialsPerSecond }),
      progressIntervalMs: 0,
      now: () => (t += 1000),
    })
    expect(seen.length).toBeGreaterThan(0)
    for (const r of seen) expect(r.done).toBeGreaterThan(0)
    for (const r of seen) expect(r.rate).toBeGreaterThan(0)
    expect(seen[seen.length - 1].done).toBe(4000)
  })

  it('rejects an invalid scenario before any work', async () => {
    await expect(runJob({ scenario: { system: 'gurps-waits' }, concurrency: 1, workers: 1, execute: async (t) => runChunk(t), now })).rejects.toThrow(/name/)
  })
})
