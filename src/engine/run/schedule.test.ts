import { describe, expect, it } from 'vitest'
import { cascadeScenario } from '../systems/gurps-waits/test-helpers'
import { runJob, type ChunkExecutor } from './job'
import { runChunk, type ChunkResult, type ChunkTask } from './run-chunk'
import { scheduleChunks } from './schedule'

/**
 * Issue 16 item 3, fault injection: every way a chunk can go wrong settles the run exactly once, and a
 * worker's result is checked before it is merged. (A hang would show as this file's test timeout.)
 */
const scenario = cascadeScenario([{ id: 'a', skill: 13 }, { id: 'b', skill: 12, prevents: ['a'] }])
let clock = 0
const now = (): number => (clock += 1)
const job = (execute: ChunkExecutor, extra: Partial<Parameters<typeof runJob>[0]> = {}) =>
  runJob({ scenario, trials: 5000, seed: 3, chunkSize: 1000, concurrency: 2, workers: 2, execute, now, ...extra })

/** An executor whose answer for chunk 2 is replaced by `bad(result)`. */
const tampered = (bad: (r: ChunkResult) => unknown): ChunkExecutor => async (t) => (t.chunk === 2 ? (bad(runChunk(t)) as ChunkResult) : runChunk(t))

describe('a run settles exactly once, whatever a chunk does (fault injection)', () => {
  it('a progress listener that throws ends the run as error (it used to hang: the throw never reached fail)', async () => {
    const doc = await job(async (t) => runChunk(t), { onProgress: () => { throw new Error('listener broke') }, progressIntervalMs: 0 })
    expect(doc.status).toBe('error')
    expect(doc.error).toBe('listener broke')
  })

  it.each([
    ['null', () => null, 'chunk 3: the worker\'s result is null, not a tally'],
    ['a number', () => 42, 'chunk 3: the worker\'s result is number, not a tally'],
    ['without its chunk number', (r: ChunkResult) => ({ ...r, chunk: undefined }), 'chunk 3: the worker\'s result is for chunk null'],
    ['for another chunk', (r: ChunkResult) => ({ ...r, chunk: 0 }), 'chunk 3: the worker\'s result is for chunk 1'],
    ['with fewer trials', (r: ChunkResult) => ({ ...r, trials: 10 }), 'chunk 3: the worker\'s result has 10 trials, not 1000'],
    ['with a tally of another shape', (r: ChunkResult) => ({ ...r, counts: new Float64Array(1) }), 'chunk 3: the worker\'s result has tallies of another shape'],
    ['with plain arrays', (r: ChunkResult) => ({ ...r, bins: Array.from(r.bins) }), 'chunk 3: the worker\'s result has tallies of another shape'],
    ['with a count that is not a number', (r: ChunkResult) => ({ ...r, counts: r.counts.map(() => NaN), bins: r.bins.map(() => NaN) }), 'chunk 3: the worker\'s result holds a count that is not a number'],
  ])('a worker result %s is refused before the merge: error, not done with part of the trials', async (_, bad, message) => {
    const doc = await job(tampered(bad))
    expect(doc.status).toBe('error')
    expect(doc.error).toBe(message)
    expect(doc.run.trialsDone).toBeLessThan(5000)
  })

  it('an executor that throws synchronously (not a rejected promise) ends the run as error', async () => {
    const doc = await job((t) => {
      if (t.chunk === 1) throw new Error('no worker')
      return Promise.resolve(runChunk(t))
    })
    expect(doc).toMatchObject({ status: 'error', error: 'no worker' })
  })

  it('scheduleChunks stops handing out results after the first failure and settles once', async () => {
    const seen: number[] = []
    let settledCount = 0
    const task = (chunk: number): ChunkTask => ({ scenario, seed: 1, chunk, trials: 10 })
    const p = scheduleChunks(0, 20, 4, task, async (t) => runChunk(t), new AbortController().signal, (r) => {
      seen.push(r.chunk)
      if (seen.length === 3) throw new Error('merge failed')
    })
    await p.then(() => settledCount++, (e: Error) => {
      settledCount++
      expect(e.message).toBe('merge failed')
    })
    await new Promise((r) => setTimeout(r, 20))
    expect(settledCount).toBe(1)
    expect(seen).toHaveLength(3)
  })
})
