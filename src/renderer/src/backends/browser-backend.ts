import { runJob } from '../../../engine/run/job'
import type { ChunkResult, ChunkTask } from '../../../engine/run/run-chunk'
import type { ExactMetric } from '../../../engine/systems/rule-system'
import systemInfo from 'virtual:quickdraw-system-info'
import exampleIndex from 'virtual:quickdraw-examples'
import { ENGINE_VERSION } from '../../../engine/version'
import { hashScenario } from '../../../engine/core/hash'
import { EXACT_CACHE_SIZE, LruCache, SharedRequests } from '../../../engine/run/exact-cache'
import { EXACT_GRACE_SECONDS, SHORT_EXACT_BUDGET_SECONDS } from '../../../engine/run/exact'
import type { Backend } from './backend'
import { browserFiles } from './browser-files'
import { workerUrl, type WorkerRequest } from './chunk-worker'
import type { FindArgs } from '../../../shared/ipc-contract'
import { loadSystemOf } from './systems'
import { withSystems } from './with-systems'

// The library lists every example by name, system and description (worked out when the app is built);
// a whole example is a chunk of its own, fetched when it is opened.
const documents = import.meta.glob<unknown>('../../../../resources/examples/*.json', { import: 'default' })
const examples = exampleIndex.map((e) => ({ ...e, path: `../../../../resources/examples/${e.file}` }))

/**
 * A pool of Web Workers running engine chunks. Workers are started ahead of the first run (so the first
 * partial result comes quickly) and a cancelled worker is terminated and replaced by a fresh one.
 */
class WebWorkerPool {
  private idle: Worker[] = []
  private nextId = 0
  /**
   * The worker script is a second entry of the page's build (electron.vite.config.ts), so the worker and
   * the page load the same chunks (engine, rule systems); its address is the one it reports itself.
   */
  private spawn(): Worker {
    return new Worker(workerUrl, { type: 'module' })
  }
  /** Starts workers until `n` are idle. */
  warm(n: number): void {
    while (this.idle.length < n) this.idle.push(this.spawn())
  }
  execute(task: ChunkTask, signal: AbortSignal): Promise<ChunkResult> {
    return this.post<ChunkResult>((id) => ({ id, task }), signal)
  }

  find(req: FindArgs, signal: AbortSignal): Promise<number | null> {
    return this.post<number | null>((id) => ({ id, find: req }), signal)
  }

  exact(scenario: unknown, signal: AbortSignal, budgetSeconds: number): Promise<ExactMetric[] | null> {
    return this.post<ExactMetric[] | null>((id) => ({ id, exact: scenario, budgetSeconds }), signal)
  }

  private post<T>(request: (id: number) => WorkerRequest, signal: AbortSignal): Promise<T> {
    const worker = this.idle.pop() ?? this.spawn()
    const id = this.nextId++
    return new Promise((resolve, reject) => {
      const onAbort = (): void => {
        worker.terminate()
        this.idle.push(this.spawn())
        reject(new Error('aborted'))
      }
      if (signal.aborted) return onAbort()
      signal.addEventListener('abort', onAbort, { once: true })
      worker.onmessage = (e: MessageEvent<{ id: number; ok: boolean; result?: T; error?: string }>) => {
        if (e.data.id !== id) return
        signal.removeEventListener('abort', onAbort)
        this.idle.push(worker)
        if (e.data.ok) resolve(e.data.result as T)
        else reject(new Error(e.data.error))
      }
      worker.onerror = (e) => {
        signal.removeEventListener('abort', onAbort)
        worker.terminate()
        reject(new Error(e.message || 'worker failed'))
      }
      worker.postMessage(request(id))
    })
  }
}

/** Backend for a plain browser: the same engine chunks in Web Workers, examples bundled with the page. */
export function browserBackend(): Backend {
  const pool = new WebWorkerPool()
  // Exact solves have workers of their own (started when first asked): a solve never takes a worker
  // sampling needs, and a cancelled one is ended with its worker.
  const exactPool = new WebWorkerPool()
  const jobs = new Map<string, AbortController>()
  // One core is left to the page so it stays responsive while the workers run flat out.
  const defaultWorkers = Math.max(1, (navigator.hardwareConcurrency || 2) - 1)
  setTimeout(() => pool.warm(defaultWorkers), 0)
  // A scenario's exact values, kept by its canonical hash (its run settings aside, as the desktop keeps
  // them): the exact panel, a Run and the live answers of one edit, and every sweep point or tactics cell
  // seen before, ask once. Refusals are kept too; a cancelled solve is not.
  const solved = new LruCache<string, readonly ExactMetric[] | null>(EXACT_CACHE_SIZE)
  const inFlight = new SharedRequests<ExactMetric[] | null>()
  async function exactOf(scenario: unknown, signal: AbortSignal): Promise<ExactMetric[] | null> {
    const key = exactKey(scenario)
    if (key !== undefined && solved.has(key)) {
      const kept = solved.get(key) ?? null
      return kept === null ? null : structuredClone(kept) as ExactMetric[]
    }
    // asked again while it is being solved (the exact panel and a Run of one edit): the same solve
    const solve = (sig: AbortSignal): Promise<ExactMetric[] | null> => exactPool.exact(scenario, sig, SHORT_EXACT_BUDGET_SECONDS)
    const values = key === undefined ? await solve(signal) : await inFlight.run(key, signal, solve)
    if (key !== undefined) solved.set(key, values === null ? null : structuredClone(values))
    return values === null ? null : structuredClone(values)
  }
  /** A run's exact values: ended (its worker stopped) when they have not come within the budget and a grace, so the run settles without them. */
  async function runExact(scenario: unknown, signal: AbortSignal): Promise<ExactMetric[] | null> {
    const ends = new AbortController()
    const follow = (): void => ends.abort()
    signal.addEventListener('abort', follow)
    if (signal.aborted) ends.abort()
    const timer = setTimeout(follow, (SHORT_EXACT_BUDGET_SECONDS + EXACT_GRACE_SECONDS) * 1000)
    try {
      return await exactOf(scenario, ends.signal)
    } finally {
      clearTimeout(timer)
      signal.removeEventListener('abort', follow)
    }
  }
  /** A search or an exact computation as job `jobId`: cancelling it answers null. */
  async function cancellable<T>(jobId: string, work: (signal: AbortSignal) => Promise<T>): Promise<T | null> {
    const controller = new AbortController()
    jobs.set(jobId, controller)
    try {
      return await work(controller.signal)
    } catch (e) {
      if (controller.signal.aborted) return null
      throw e
    } finally {
      jobs.delete(jobId)
    }
  }
  return withSystems({
    ...browserFiles(window.localStorage),
    onMenu: () => () => undefined,
    // A browser tab asks through `beforeunload` itself and never sends a close command.
    reportWindowState: () => undefined,
    closeWindow: async () => undefined,
    windowReady: async () => null,
    kind: 'browser',
    defaultWorkers,
    info: async () => ({ appVersion: ENGINE_VERSION, engineVersion: ENGINE_VERSION, systems: systemInfo }),
    examples: async () => examples.map(({ file, name, system, description }) => ({ file, name, system, description })),
    loadExample: async (file) => {
      const hit = examples.find((e) => e.file === file)
      const load = hit && documents[hit.path]
      if (!load) throw new Error(`example ${file} is not shipped`)
      return structuredClone(await load())
    },
    async run(req, onProgress) {
      const controller = new AbortController()
      jobs.set(req.jobId, controller)
      const workers = Math.min(Math.max(1, navigator.hardwareConcurrency || 1), Math.max(1, req.workers ?? this.defaultWorkers))
      try {
        // the page compiles the scenario and sums up the workers' tallies: its rule system first
        await loadSystemOf(req.scenario)
        return await runJob({
          scenario: req.scenario,
          trials: req.trials,
          seed: req.seed,
          concurrency: workers,
          workers,
          execute: (task, signal) => pool.execute(task, signal),
          signal: controller.signal,
          onProgress,
          now: () => performance.now(),
          // exact values (a whole fight can take a second to solve) in a worker of their own, never on the
          // page's thread nor on a sampling worker
          exact: req.exact === false ? undefined : (signal) => runExact(req.scenario, signal),
        })
      } finally {
        jobs.delete(req.jobId)
      }
    },
    findTrial: (req) => cancellable(req.jobId, (signal) => pool.find(req, signal)),
    exact: (req) => cancellable(req.jobId, (signal) => exactOf(req.scenario, signal)),
    async cancel(jobId) {
      jobs.get(jobId)?.abort()
    },
  })
}

/** The key a scenario's exact values are kept under: the engine's version and the scenario's canonical hash, without its run settings. */
function exactKey(scenario: unknown): string | undefined {
  if (scenario === null || typeof scenario !== 'object' || Array.isArray(scenario)) return undefined
  const { run: _run, $schema: _schema, ...rest } = scenario as Record<string, unknown>
  return `${ENGINE_VERSION}#${hashScenario(rest)}`
}
