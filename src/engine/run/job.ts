import type { Metric } from '../core/metrics'
import { createTally, mergeInto, type Tally } from '../core/tally'
import { chunkAt, chunkCount, DEFAULT_CHUNK_SIZE } from './chunks'
import { parseScenarioOrThrow } from './parse'
import { resultDocument, type ResultDocument } from './result'
import type { ChunkResult, ChunkTask } from './run-chunk'

/** Runs one chunk somewhere (a Piscina worker, a Web Worker, or in-process) and resolves with its tally. */
export type ChunkExecutor = (task: ChunkTask, signal: AbortSignal) => Promise<ChunkResult>

export interface JobProgress {
  trialsDone: number
  trials: number
  trialsPerSecond: number
  elapsedMs: number
  /** Estimated time left, or null before the first chunk finishes. */
  etaMs: number | null
  /** Metrics of the trials merged so far. */
  partial: Metric[]
}

export interface JobOptions {
  /** The scenario document (validated again here; run settings come from `trials`/`seed` or the file). */
  scenario: unknown
  trials?: number
  seed?: number
  chunkSize?: number
  /** Chunks in flight at once (a little more than the workers, so none idles while main merges). */
  concurrency: number
  /** Worker count recorded in the document's timing. */
  workers: number
  execute: ChunkExecutor
  signal?: AbortSignal
  onProgress?: (p: JobProgress) => void
  /** Minimum time between progress reports (ms); default 100, i.e. at most ~10 a second. */
  progressIntervalMs?: number
  /** Monotonic clock in ms, injected so the engine stays free of ambient time. */
  now: () => number
}

/**
 * Plans the chunks, keeps `concurrency` of them running, merges finished chunks in chunk order, reports
 * progress, and always settles with a result document whose status is `done`, `aborted` or `error`.
 * Throws only for an invalid scenario, before any work starts.
 */
export async function runJob(o: JobOptions): Promise<ResultDocument> {
  const parsed = parseScenarioOrThrow(o.scenario)
  const { system, scenario, hash } = parsed
  const trials = o.trials ?? scenario.run.trials
  const seed = o.seed ?? scenario.run.seed
  const chunkSize = o.chunkSize ?? DEFAULT_CHUNK_SIZE
  const runScenario = { ...scenario, run: { trials, seed } }
  const plan = system.compile(scenario)
  const shape = system.shape(plan)
  const total = chunkCount(trials, chunkSize)
  const started = o.now()
  const interval = o.progressIntervalMs ?? 100

  const merged: Tally = createTally(shape)
  const waiting = new Map<number, ChunkResult>()
  let nextToMerge = 0
  let nextToStart = 0
  let lastProgress = -Infinity
  const inner = new AbortController()
  const onOuterAbort = (): void => inner.abort()
  o.signal?.addEventListener('abort', onOuterAbort)

  const finish = (status: 'done' | 'aborted' | 'error', error?: string): ResultDocument =>
    resultDocument({
      status,
      error,
      system: { id: system.id, label: system.label, version: system.version },
      scenario: { name: scenario.name, hash, rules: scenario.rules },
      seed,
      trials,
      trialsDone: merged.trials,
      chunkSize,
      metrics: system.summarize(plan, merged),
      elapsedMs: o.now() - started,
      workers: o.workers,
    })

  const report = (force: boolean): void => {
    if (!o.onProgress) return
    const t = o.now()
    if (!force && t - lastProgress < interval) return
    lastProgress = t
    const elapsed = t - started
    const rate = elapsed > 0 ? (merged.trials / elapsed) * 1000 : 0
    o.onProgress({
      trialsDone: merged.trials,
      trials,
      trialsPerSecond: Math.round(rate),
      elapsedMs: elapsed,
      etaMs: rate > 0 ? ((trials - merged.trials) / rate) * 1000 : null,
      partial: system.summarize(plan, merged),
    })
  }

  const accept = (r: ChunkResult): void => {
    waiting.set(r.chunk, r)
    // Merge strictly in chunk order (integer counts make any order give the same sums, but a fixed
    // order keeps partial results reproducible too).
    for (let next = waiting.get(nextToMerge); next; next = waiting.get(nextToMerge)) {
      waiting.delete(nextToMerge)
      mergeInto(merged, { trials: next.trials, counts: next.counts, bins: next.bins })
      nextToMerge++
    }
  }

  try {
    await new Promise<void>((resolve, reject) => {
      let running = 0
      let failed = false
      const abortNow = (): void => {
        failed = true
        reject(new AbortError())
      }
      if (inner.signal.aborted) return abortNow()
      inner.signal.addEventListener('abort', abortNow, { once: true })
      const launch = (): void => {
        while (!failed && running < o.concurrency && nextToStart < total) {
          const spec = chunkAt(trials, chunkSize, nextToStart++)
          running++
          o.execute({ scenario: runScenario, seed, chunk: spec.index, trials: spec.trials }, inner.signal).then(
            (r) => {
              running--
              if (failed) return
              accept(r)
              report(false)
              if (nextToMerge === total) resolve()
              else launch()
            },
            (e: unknown) => {
              running--
              if (failed) return
              failed = true
              reject(e)
            },
          )
        }
      }
      if (total === 0) resolve()
      else launch()
    })
    report(true)
    return finish('done')
  } catch (e) {
    if (e instanceof AbortError || o.signal?.aborted) return finish('aborted')
    inner.abort()
    return finish('error', e instanceof Error ? e.message : String(e))
  } finally {
    o.signal?.removeEventListener('abort', onOuterAbort)
  }
}

class AbortError extends Error {
  constructor() {
    super('aborted')
    this.name = 'AbortError'
  }
}
