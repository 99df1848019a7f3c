import { withExact } from '../core/fight-exact'
import type { Metric } from '../core/metrics'
import type { ExactMetric } from '../systems/rule-system'
import type { Tally } from '../core/tally'
import { chunkAt, chunkCount, DEFAULT_CHUNK_SIZE } from './chunks'
import { checkChunkResult } from './chunk-result'
import { compiledOf } from './compile'
import { OrderedMerge } from './ordered-merge'
import { parseScenarioOrThrow } from './parse'
import { resultDocument, type ResultDocument } from './result'
import { AbortError, scheduleChunks, type ChunkExecutor } from './schedule'
import { shardRange, type Shard } from './shard'
import type { ChunkTask, SharedPlan } from './run-chunk'

export type { ChunkExecutor } from './schedule'

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
  /** Run only this shard's chunks (for runs spread over several machines). */
  shard?: Shard
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
  /**
   * The scenario's exact values, computed off this thread (a worker: solving a whole fight can take a
   * second, and this thread must not block). Started with the run; once they arrive they are attached by
   * id to the sampled metrics of every report, and the final document waits for them. A failure leaves
   * the metrics as they are. Without it, metrics carry only the exact values the system's own
   * `summarize` attaches.
   */
  exact?: (signal: AbortSignal) => Promise<readonly ExactMetric[] | null>
  /** The plan as this thread compiled it, in shared memory, sent with every chunk (run-chunk.ts `ChunkTask.shared`). */
  sharedPlan?: SharedPlan
}

export interface JobOutcome {
  document: ResultDocument
  /** The merged tally (the shard's own, for a shard). */
  tally: Tally
}

/**
 * Plans the chunks, keeps `concurrency` of them running, merges finished chunks in chunk order, reports
 * progress, and always settles with a result document whose status is `done`, `aborted` or `error`.
 * Throws only for an invalid scenario, before any work starts.
 */
export async function runJobWithTally(o: JobOptions): Promise<JobOutcome> {
  const parsed = parseScenarioOrThrow(o.scenario)
  const { system, scenario, hash } = parsed
  const trials = o.trials ?? scenario.run.trials
  const seed = o.seed ?? scenario.run.seed
  const chunkSize = o.chunkSize ?? DEFAULT_CHUNK_SIZE
  // compiled once in this thread: chunks played here and an exact answer worked out here share it
  const plan = compiledOf(parsed).plan
  const range = chunkRange(trials, chunkSize, o.shard)
  const merge = new OrderedMerge(system.shape(plan), range.first)
  const started = o.now()
  const inner = linkedAbort(o.signal)
  let exact: readonly ExactMetric[] | null = null
  const exactArrived = o.exact
    ? o.exact(inner.signal).then(
        (e) => void (exact = e),
        () => undefined,
      )
    : Promise.resolve()
  const summarize = (): Metric[] => withExact(system.summarize(plan, merge.tally), exact)
  const progress = progressReporter(o, started, range.trials, () => merge.tally, summarize)

  const finish = (status: 'done' | 'aborted' | 'error', error?: string): JobOutcome => ({
    tally: merge.tally,
    document: resultDocument({
      status,
      error,
      system: { id: system.id, label: system.label, version: system.version },
      scenario: { name: scenario.name, hash, rules: scenario.rules },
      seed,
      trials,
      trialsDone: merge.tally.trials,
      chunkSize,
      shard: o.shard,
      metrics: summarize(),
      notModelled: system.notModelled?.(scenario),
      elapsedMs: o.now() - started,
      workers: o.workers,
    }),
  })

  const runScenario = { ...scenario, run: { trials, seed } }
  const shared = o.sharedPlan
  const task = (chunk: number): ChunkTask => ({ scenario: runScenario, seed, chunk, trials: chunkAt(trials, chunkSize, chunk).trials, ...(shared ? { shared } : {}) })
  try {
    const shape = system.shape(plan)
    await scheduleChunks(range.first, range.end, o.concurrency, task, o.execute, inner.signal, (r, t) => {
      merge.accept(checkChunkResult(r, t, shape))
      progress(false)
    })
    await exactArrived
    progress(true)
    return finish('done')
  } catch (e) {
    if (e instanceof AbortError || o.signal?.aborted) return finish('aborted')
    inner.abort()
    return finish('error', e instanceof Error ? e.message : String(e))
  } finally {
    inner.dispose()
  }
}

/** The chunks this run (or this shard of it) executes, `[first, end)`, and how many trials they hold. */
export function chunkRange(trials: number, chunkSize: number, shard: Shard | undefined): { first: number; end: number; trials: number } {
  const count = chunkCount(trials, chunkSize)
  const { first, end } = shard ? shardRange(count, shard) : { first: 0, end: count }
  return { first, end, trials: end > first ? (end - first - 1) * chunkSize + chunkAt(trials, chunkSize, end - 1).trials : 0 }
}

/** An abort controller of the job's own that follows the caller's signal (and can abort alone, on error). */
function linkedAbort(outer: AbortSignal | undefined): AbortController & { dispose(): void } {
  const inner = new AbortController()
  const follow = (): void => inner.abort()
  outer?.addEventListener('abort', follow)
  if (outer?.aborted) inner.abort()
  return Object.assign(inner, { dispose: () => outer?.removeEventListener('abort', follow) })
}

export async function runJob(o: JobOptions): Promise<ResultDocument> {
  return (await runJobWithTally(o)).document
}

/**
 * A progress callback throttled to one report per `progressIntervalMs` (forced reports always go out).
 * An unforced report goes out only when the merged count has moved: a chunk that finishes ahead of an
 * earlier one waits in the ordered merge, and a report then would repeat the last (or show 0 trials/s).
 */
function progressReporter(o: JobOptions, started: number, trials: number, tally: () => Tally, partial: () => Metric[]): (force: boolean) => void {
  const interval = o.progressIntervalMs ?? 100
  let last = -Infinity
  let lastDone = 0
  return (force) => {
    if (!o.onProgress) return
    const done = tally().trials
    if (!force && done === lastDone) return
    const t = o.now()
    if (!force && t - last < interval) return
    last = t
    lastDone = done
    const elapsed = t - started
    const rate = elapsed > 0 ? (done / elapsed) * 1000 : 0
    o.onProgress({ trialsDone: done, trials, trialsPerSecond: Math.round(rate), elapsedMs: elapsed, etaMs: rate > 0 ? ((trials - done) / rate) * 1000 : null, partial: partial() })
  }
}
