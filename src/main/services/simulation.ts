import { availableParallelism } from 'node:os'
import { performance } from 'node:perf_hooks'
import { Piscina } from 'piscina'
import { runJobWithTally, type JobOutcome, type JobProgress } from '../../engine/run/job'
import type { ResultDocument } from '../../engine/run/result'
import type { Shard } from '../../engine/run/shard'
import type { ChunkResult, ChunkTask } from '../../engine/run/run-chunk'
import type { ExactOptions } from '../../engine/run/exact'
import { ExactCache, exactCacheKeyOf } from '../../engine/run/exact-cache'
import type { ExactMetric } from '../../engine/systems/rule-system'
import type { FindArgs } from '../../shared/ipc-contract'
import { useSynchronousOptimization } from './v8-workarounds'

export interface RunRequest {
  scenario: unknown
  trials?: number
  seed?: number
  /** Worker threads for this run (default: all cores). */
  workers?: number
  chunkSize?: number
  /** Run only this shard of the run's chunks. */
  shard?: Shard
  /** Whether to attach the scenario's exact values (default true; live answers ask for them on their own). */
  exact?: boolean
  signal?: AbortSignal
  onProgress?: (p: JobProgress) => void
}

export interface SimulationServiceOptions {
  /** Path of the built worker bundle (`out/main/worker.js`). */
  workerPath: string
  /** Worker threads when a run names none; default `os.availableParallelism()`. */
  defaultWorkers?: number
  /** Monotonic clock in ms for progress throttling and timings; default `performance.now`. */
  now?: () => number
  /** Told of errors the pool reports outside any task (e.g. a late answer to a cancelled task); default: ignored. */
  onPoolError?: (e: unknown) => void
}

/**
 * Runs simulation jobs on a Piscina worker-thread pool. The pool is created lazily on the first run,
 * sized to the run's worker count, and destroyed by `shutdown()`. Every job settles as `done`,
 * `aborted` or `error`; a throwing or cancelled chunk never takes the pool down (Piscina replaces the
 * worker thread).
 */
export class SimulationService {
  private pool: Piscina<ChunkTask, ChunkResult> | null = null
  private poolThreads = 0
  /** Jobs running on each pool, and pools replaced while jobs still ran on them. */
  private readonly busy = new Map<Piscina<ChunkTask, ChunkResult>, number>()
  private readonly retiring = new Set<Piscina<ChunkTask, ChunkResult>>()
  private readonly workerPath: string
  private readonly now: () => number
  private readonly onPoolError?: (e: unknown) => void
  readonly defaultWorkers: number
  private readonly exactCache = new ExactCache()

  constructor(options: SimulationServiceOptions) {
    // Before any worker isolate exists: see v8-workarounds.ts (Node 20 aborts on some worker teardowns).
    useSynchronousOptimization()
    this.workerPath = options.workerPath
    this.now = options.now ?? (() => performance.now())
    this.onPoolError = options.onPoolError
    this.defaultWorkers = clampWorkers(options.defaultWorkers ?? availableParallelism())
  }

  /** Creates the pool now (optional: `run` does it on demand). */
  boot(workers = this.defaultWorkers): void {
    this.poolFor(workers)
  }

  private poolFor(workers: number): Piscina<ChunkTask, ChunkResult> {
    if (this.pool && this.poolThreads === workers) return this.pool
    // A pool still running jobs for another worker count is retired, not destroyed under them: it goes
    // when its last job settles.
    if (this.pool) {
      if ((this.busy.get(this.pool) ?? 0) > 0) this.retiring.add(this.pool)
      else void this.pool.destroy()
    }
    this.pool = new Piscina<ChunkTask, ChunkResult>({
      filename: this.workerPath,
      minThreads: workers,
      maxThreads: workers,
      idleTimeout: 60_000,
      concurrentTasksPerWorker: 1,
    })
    // A worker's answer to a task that was cancelled a moment before reaches the pool after the task is
    // gone; Piscina reports it as an 'error' event, which with no listener would end the whole process
    // (Electron's main, the CLI). The cancelled task has settled already: nothing is lost.
    this.pool.on('error', (e: unknown) => this.onPoolError?.(e))
    this.poolThreads = workers
    return this.pool
  }

  /** Marks `pool` busy for the duration of `work`, destroying it afterwards if it was retired meanwhile. */
  private async leased<T>(pool: Piscina<ChunkTask, ChunkResult>, work: () => Promise<T>): Promise<T> {
    this.busy.set(pool, (this.busy.get(pool) ?? 0) + 1)
    try {
      return await work()
    } finally {
      const left = (this.busy.get(pool) ?? 1) - 1
      if (left > 0) this.busy.set(pool, left)
      else {
        this.busy.delete(pool)
        if (this.retiring.delete(pool)) void pool.destroy()
      }
    }
  }

  /** Throws a `ScenarioError` for an invalid scenario before any work starts; otherwise always resolves. */
  async run(req: RunRequest): Promise<ResultDocument> {
    return (await this.runWithTally(req)).document
  }

  /** Like `run`, and also hands back the merged tally (for shards' partial results). */
  async runWithTally(req: RunRequest): Promise<JobOutcome> {
    const workers = clampWorkers(req.workers ?? this.defaultWorkers)
    const pool = this.poolFor(workers)
    return this.leased(pool, () =>
      runJobWithTally({
        scenario: req.scenario,
        trials: req.trials,
        seed: req.seed,
        chunkSize: req.chunkSize,
        shard: req.shard,
        // Two chunks per worker in flight, so a worker never idles while main merges.
        concurrency: workers * 2,
        workers,
        execute: (task, signal) => pool.run(task, { signal }),
        signal: req.signal,
        onProgress: req.onProgress,
        now: this.now,
        // exact values (a whole fight can take a second to solve) in a worker, never on this thread
        exact: req.exact === false ? undefined : (signal) => this.exact(req.scenario, signal),
      }),
    )
  }

  /**
   * The first trial of a run matching a query (`findTrial`), searched in a worker thread so main never
   * blocks; `signal` ends the search by ending that thread.
   */
  async find(req: FindArgs, signal?: AbortSignal): Promise<number | null> {
    const pool = this.poolFor(this.poolThreads || this.defaultWorkers)
    return this.leased(pool, () => (pool as unknown as Piscina<FindArgs, number | null>).run(req, { name: 'find', signal }))
  }

  /**
   * The exact values of a scenario, computed in a worker thread (so main never blocks); null when none.
   * Kept by scenario (hash and system version, the last EXACT_CACHE_SIZE): a sweep, `balance` or a run
   * of a scenario already solved gets them at once, refusals included (`fresh`: solve again all the same).
   */
  async exact(scenario: unknown, signal?: AbortSignal, options: ExactOptions = {}): Promise<ExactMetric[] | null> {
    const key = exactCacheKeyOf(scenario)
    const kept = key === undefined || options.fresh ? undefined : this.exactCache.get(key)
    if (kept !== undefined) return kept
    const pool = this.poolFor(this.poolThreads || this.defaultWorkers)
    const values = await this.leased(pool, () => (pool as unknown as Piscina<{ scenario: unknown; fresh?: boolean }, ExactMetric[] | null>).run({ scenario, fresh: options.fresh }, { name: 'exact', signal }))
    if (key !== undefined) this.exactCache.set(key, values)
    return values
  }

  async shutdown(): Promise<void> {
    const pools = [...this.retiring, ...(this.pool ? [this.pool] : [])]
    this.pool = null
    this.poolThreads = 0
    this.retiring.clear()
    await Promise.all(pools.map((p) => p.destroy()))
  }
}

/** Largest worker count a request may name (the CLI's --workers, the app's run bar). */
export const MAX_WORKERS = 64

/**
 * The worker threads a run really gets: at most one per core of this machine (more only compete for
 * the same cores, each compiling the scenario again), whatever was asked for.
 */
export function clampWorkers(w: number): number {
  return Math.min(MAX_WORKERS, availableParallelism(), Math.max(1, Math.floor(w)))
}
