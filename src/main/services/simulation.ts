import { availableParallelism } from 'node:os'
import { performance } from 'node:perf_hooks'
import { Piscina } from 'piscina'
import { runJobWithTally, type JobOutcome, type JobProgress } from '../../engine/run/job'
import type { ResultDocument } from '../../engine/run/result'
import type { Shard } from '../../engine/run/shard'
import type { ChunkResult, ChunkTask } from '../../engine/run/run-chunk'
import type { FindArgs } from '../../shared/ipc-contract'

export interface RunRequest {
  scenario: unknown
  trials?: number
  seed?: number
  /** Worker threads for this run (default: all cores). */
  workers?: number
  chunkSize?: number
  /** Run only this shard of the run's chunks. */
  shard?: Shard
  signal?: AbortSignal
  onProgress?: (p: JobProgress) => void
}

export interface SimulationServiceOptions {
  /** Path of the built worker bundle (`out/main/worker.js`). */
  workerPath: string
  /** Worker threads when a run names none; default `os.availableParallelism()`. */
  defaultWorkers?: number
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
  private readonly workerPath: string
  readonly defaultWorkers: number

  constructor(options: SimulationServiceOptions) {
    this.workerPath = options.workerPath
    this.defaultWorkers = clampWorkers(options.defaultWorkers ?? availableParallelism())
  }

  /** Creates the pool now (optional: `run` does it on demand). */
  boot(workers = this.defaultWorkers): void {
    this.poolFor(workers)
  }

  private poolFor(workers: number): Piscina<ChunkTask, ChunkResult> {
    if (this.pool && this.poolThreads === workers) return this.pool
    if (this.pool) void this.pool.destroy()
    this.pool = new Piscina<ChunkTask, ChunkResult>({
      filename: this.workerPath,
      minThreads: workers,
      maxThreads: workers,
      idleTimeout: 60_000,
      concurrentTasksPerWorker: 1,
    })
    this.poolThreads = workers
    return this.pool
  }

  /** Throws a `ScenarioError` for an invalid scenario before any work starts; otherwise always resolves. */
  async run(req: RunRequest): Promise<ResultDocument> {
    return (await this.runWithTally(req)).document
  }

  /** Like `run`, and also hands back the merged tally (for shards' partial results). */
  async runWithTally(req: RunRequest): Promise<JobOutcome> {
    const workers = clampWorkers(req.workers ?? this.defaultWorkers)
    const pool = this.poolFor(workers)
    return runJobWithTally({
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
      now: () => performance.now(),
    })
  }

  /**
   * The first trial of a run matching a query (`findTrial`), searched in a worker thread so main never
   * blocks; `signal` ends the search by ending that thread.
   */
  async find(req: FindArgs, signal?: AbortSignal): Promise<number | null> {
    const pool = this.poolFor(this.poolThreads || this.defaultWorkers) as unknown as Piscina<FindArgs, number | null>
    return pool.run(req, { name: 'find', signal })
  }

  async shutdown(): Promise<void> {
    const pool = this.pool
    this.pool = null
    this.poolThreads = 0
    if (pool) await pool.destroy()
  }
}

/** Most worker threads one run may use. */
export const MAX_WORKERS = 64

function clampWorkers(w: number): number {
  return Math.min(MAX_WORKERS, Math.max(1, Math.floor(w)))
}
