import { availableParallelism } from 'node:os'
import { performance } from 'node:perf_hooks'
import { Piscina } from 'piscina'
import { runJobWithTally, type JobOutcome, type JobProgress } from '../../engine/run/job'
import type { ResultDocument } from '../../engine/run/result'
import type { Shard } from '../../engine/run/shard'
import type { ChunkResult, ChunkTask, SharedPlan } from '../../engine/run/run-chunk'
import { MessageChannel } from 'node:worker_threads'
import { serialize } from 'node:v8'
import { compiledKey, compiledOf, isPlainData } from '../../engine/run/compile'
import type { FightSolveProgress } from '../../engine/core/fight-chain'
import { budgetKey, EXACT_GRACE_SECONDS, EXACT_THREAD_MEMORY_MB, exactAtOnce, exactMemoryReason, SHORT_EXACT_BUDGET_SECONDS, type ExactOutcome } from '../../engine/run/exact'
import { fightNotSolved } from '../../engine/core/fight-exact'
import { ExactCache, exactCacheKey, LruCache, SharedRequests } from '../../engine/run/exact-cache'
import { parseScenario, parseScenarioOrThrow } from '../../engine/run/parse'
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
  /** Seconds an exact solve may take when a request names none (default `SHORT_EXACT_BUDGET_SECONDS`). */
  exactBudgetSeconds?: number
  /**
   * Whether exact values that come at once (no whole fight to solve, or one its system refuses before
   * solving any of it: exact.ts `exactAtOnce`) are worked out on this thread, on the plan the run compiled,
   * starting no exact thread (default true; tests of the exact thread itself turn it off).
   */
  exactAtOnce?: boolean
  /**
   * Milliseconds a plan must take to compile on this thread before the workers are sent it (in shared
   * memory) instead of compiling it again each (default `SHARE_PLANS_COMPILED_OVER_MS`; plans that are not
   * plain data are never sent).
   */
  sharePlansCompiledOverMs?: number
  /** MB of JavaScript heap the exact thread may hold before it is stopped and its answer is a refusal (default `EXACT_THREAD_MEMORY_MB`). */
  exactMemoryMb?: number
}

/**
 * A plan that takes this long to compile (ms) is compiled once, on the thread that runs the job, and read
 * by the workers from shared memory (tens of ms for the heaviest Star Wars pool, which takes 2 s to
 * compile); a quicker one each worker compiles for itself (nothing to copy).
 */
export const SHARE_PLANS_COMPILED_OVER_MS = 50

/** How one exact request is asked. */
export interface ServiceExactOptions {
  /** Solve again even when this scenario's values are kept (`quickdraw bench` times the solve itself). */
  fresh?: boolean
  /** Seconds the solve may take (default: the service's); past them the answer is a refusal that says so. */
  budgetSeconds?: number
  /** Told how far the whole-fight solve has got, at most ten times a second. */
  onProgress?: (p: FightSolveProgress) => void
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
  private readonly inFlight = new SharedRequests<ExactOutcome>()
  /** The exact solves' own thread, beside the sampling pool: a solve never takes a worker sampling needs. */
  private exactPool: Piscina | null = null
  readonly exactBudgetSeconds: number
  private readonly atOnce: boolean
  private readonly shareOverMs: number
  private readonly exactMemoryMb: number
  /** Plans sent to the workers, by compiled key (null: compiled quickly, or not plain data: not sent). */
  private readonly sharedPlans = new LruCache<string, SharedPlan | null>(4)

  constructor(options: SimulationServiceOptions) {
    // Before any worker isolate exists: see v8-workarounds.ts (Node 20 aborts on some worker teardowns).
    useSynchronousOptimization()
    this.workerPath = options.workerPath
    this.now = options.now ?? (() => performance.now())
    this.onPoolError = options.onPoolError
    this.defaultWorkers = clampWorkers(options.defaultWorkers ?? availableParallelism())
    this.exactBudgetSeconds = options.exactBudgetSeconds ?? SHORT_EXACT_BUDGET_SECONDS
    this.atOnce = options.exactAtOnce ?? true
    this.shareOverMs = options.sharePlansCompiledOverMs ?? SHARE_PLANS_COMPILED_OVER_MS
    this.exactMemoryMb = options.exactMemoryMb ?? EXACT_THREAD_MEMORY_MB
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
    const sharedPlan = this.sharedPlanFor(req.scenario)
    const pool = this.poolFor(workers)
    return this.leased(pool, () =>
      runJobWithTally({
        sharedPlan,
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
        // exact values (a whole fight can take a second to solve) on the exact thread, never on this one
        // nor on a sampling worker; a solve that does not answer within its budget (and a grace) is ended
        exact: req.exact === false ? undefined : (signal) => this.exactWithin(req.scenario, signal, this.exactBudgetSeconds + EXACT_GRACE_SECONDS),
      }),
    )
  }

  /**
   * Compiles the run's plan here (compile.ts keeps it for the job and an exact answer worked out here) and,
   * when that took `sharePlansCompiledOverMs` or more and the plan is plain data, its bytes in shared memory
   * for the workers to read instead of compiling it again. Throws a ScenarioError for an invalid scenario.
   */
  private sharedPlanFor(scenario: unknown): SharedPlan | undefined {
    const parsed = parseScenarioOrThrow(scenario)
    const key = compiledKey(parsed)
    const kept = this.sharedPlans.get(key)
    if (kept !== undefined) return kept ?? undefined
    const t0 = this.now()
    const { plan } = compiledOf(parsed)
    let shared: SharedPlan | null = null
    if (this.now() - t0 >= this.shareOverMs && isPlainData(plan)) {
      const bytes = serialize(plan)
      const sab = new SharedArrayBuffer(bytes.length)
      new Uint8Array(sab).set(bytes)
      shared = { key, bytes: sab }
    }
    this.sharedPlans.set(key, shared)
    return shared ?? undefined
  }

  /** `exact`, ended (its task's thread stopped) when it has not answered `seconds` after it began. */
  private async exactWithin(scenario: unknown, signal: AbortSignal, seconds: number): Promise<ExactMetric[] | null> {
    const ends = new AbortController()
    const follow = (): void => ends.abort()
    signal.addEventListener('abort', follow)
    if (signal.aborted) ends.abort()
    const timer = setTimeout(follow, seconds * 1000)
    try {
      return await this.exact(scenario, ends.signal)
    } finally {
      clearTimeout(timer)
      signal.removeEventListener('abort', follow)
    }
  }

  /**
   * The first trial of a run matching a query (`findTrial`), searched in a worker thread so main never
   * blocks; `signal` ends the search by ending that thread.
   */
  async find(req: FindArgs, signal?: AbortSignal): Promise<number | null> {
    const pool = this.poolFor(this.poolThreads || this.defaultWorkers)
    return this.leased(pool, () => (pool as unknown as Piscina<FindArgs, number | null>).run(req, { name: 'find', signal }))
  }

  /** The exact thread's pool (one thread, started on the first request, kept a minute after the last, its heap capped). */
  private exactPoolNow(): Piscina {
    if (this.exactPool) return this.exactPool
    this.exactPool = new Piscina({ filename: this.workerPath, minThreads: 0, maxThreads: 1, idleTimeout: 60_000, concurrentTasksPerWorker: 1, resourceLimits: { maxOldGenerationSizeMb: this.exactMemoryMb } })
    this.exactPool.on('error', (e: unknown) => this.onPoolError?.(e))
    return this.exactPool
  }

  /**
   * The exact values of a scenario, computed on a thread of their own (so main never blocks and sampling
   * never waits for a solve); null when none. The solve stops past its budget (the service's, or
   * `options.budgetSeconds`) with a refusal that says so; `signal` ends it at once (its thread is stopped).
   * Kept by scenario (hash and system version, the last EXACT_CACHE_SIZE): a sweep, `balance` or a run
   * of a scenario already solved gets them at once, refusals included (a refusal for lack of time only
   * for the same budget); `fresh`: solve again all the same.
   */
  async exact(scenario: unknown, signal?: AbortSignal, options: ServiceExactOptions = {}): Promise<ExactMetric[] | null> {
    // a run asks at its start: its first chunks go out to the workers before anything is worked out here
    await new Promise((resolve) => setImmediate(resolve))
    if (signal?.aborted) throw new Error('aborted')
    const seconds = options.budgetSeconds ?? this.exactBudgetSeconds
    const parsed = parseScenario(scenario)
    const key = parsed.ok ? exactCacheKey(parsed.system, parsed.hash) : undefined
    if (key !== undefined && !options.fresh) {
      const kept = this.exactCache.get(key) ?? this.exactCache.get(budgetKey(key, seconds))
      if (kept !== undefined) return kept
    }
    // values that come at once (a refusal before any solving included) are worked out here, on the plan the
    // run compiled: no exact thread is started for them, no second compile
    const atOnce = this.atOnce && parsed.ok ? exactAtOnce(parsed, { fresh: options.fresh }) : undefined
    if (atOnce && key !== undefined) {
      this.exactCache.set(key, atOnce.values)
      return atOnce.values
    }
    const solve = (sig: AbortSignal | undefined): Promise<ExactOutcome> => this.exactTask(scenario, sig, seconds, options)
    // the same scenario asked again while it is being solved (the exact panel and a Run of one edit)
    // waits for that solve; a fresh solve (bench) or one that reports progress has its own
    const outcome = key === undefined || options.fresh || options.onProgress ? await solve(signal) : await this.inFlight.run(budgetKey(key, seconds), signal, solve)
    if (key !== undefined && outcome.stopped !== 'stopped') this.exactCache.set(outcome.stopped === 'time' ? budgetKey(key, seconds) : key, outcome.values)
    // each caller its own copy (a shared solve answers several)
    return outcome.values === null ? null : structuredClone(outcome.values)
  }

  /** One exact task on the exact thread, its progress passed on. */
  private async exactTask(scenario: unknown, signal: AbortSignal | undefined, seconds: number, options: ServiceExactOptions): Promise<ExactOutcome> {
    const pool = this.exactPoolNow()
    const channel = options.onProgress ? new MessageChannel() : undefined
    if (channel && options.onProgress) {
      const tell = options.onProgress
      channel.port1.on('message', (p: FightSolveProgress) => tell(p))
    }
    // the worker closes its end once it has answered: every report it sent has arrived by then
    const closed = channel ? new Promise<void>((resolve) => channel.port1.once('close', () => resolve())) : undefined
    let outcome: ExactOutcome
    try {
      const task = { scenario, fresh: options.fresh, budgetSeconds: seconds, progress: channel?.port2 }
      try {
        outcome = (await pool.run(task, { name: 'exact', signal, transferList: channel ? [channel.port2] : undefined })) as ExactOutcome
      } catch (e) {
        // the thread reached its memory cap and was stopped (Piscina starts another for the next task)
        if ((e as { code?: unknown } | null)?.code !== 'ERR_WORKER_OUT_OF_MEMORY') throw e
        return { values: [fightNotSolved(exactMemoryReason(this.exactMemoryMb))] }
      }
      if (closed) await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 1000).unref())])
    } finally {
      channel?.port1.close()
    }
    return outcome
  }

  async shutdown(): Promise<void> {
    const pools: Piscina[] = [...this.retiring, ...(this.pool ? [this.pool] : []), ...(this.exactPool ? [this.exactPool] : [])]
    this.pool = null
    this.exactPool = null
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
