import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { z } from 'zod'
import { MAX_SEED } from '../../engine/core/rng'
import { MAX_TRIALS } from '../../engine/core/scenario'
import { MAX_CHUNK_SIZE } from '../../engine/run/chunks'
import { int } from '../../engine/core/schema'
import { parseScenarioOrThrow } from '../../engine/run/parse'
import { ENGINE_VERSION } from '../../engine/version'
import type { EventContract, InvokeContract, InvokeChannel, ScenarioFile, WindowState } from '../../shared/ipc-contract'
import { systemInfo } from '../../shared/system-info'
import type { CloseGuard } from '../close-guard'
import { MAX_WORKERS, type SimulationService } from '../services/simulation'
import { createFileHandlers, type FileHandlerDeps } from './file-handlers'
import { JobRegistry } from './jobs'
import { arg, exampleFile, filePath, jobId } from './validate'

/**
 * IPC handlers as plain functions (no electron import), so tests call them directly. The electron seam
 * (`register.ts`) checks the sender before any handler runs; each handler validates its own arguments.
 */
export interface HandlerDeps extends FileHandlerDeps {
  appVersion: string
  examplesDir: string
  simulation: SimulationService
  emit: <E extends keyof EventContract>(channel: E, payload: EventContract[E]) => void
  /** The jobs in flight; main passes its own so it can cancel them all when the window goes. */
  jobs?: JobRegistry
  /** Asks before a window with unsaved edits closes (absent where there is no window, as in tests). */
  closeGuard?: Pick<CloseGuard, 'setState' | 'approve'>
  /** The window's title shows its scenario's name and whether it has unsaved edits. */
  onWindowState?: (state: WindowState) => void
  /** The page is ready: the file this window was opened for, if any (once). */
  windowReady?: () => Promise<ScenarioFile | null>
}

export type Handlers = { [C in InvokeChannel]: (...args: unknown[]) => Promise<InvokeContract[C]['result']> }

const runArgs = z.strictObject({
  jobId,
  scenario: z.unknown(),
  trials: int(1, MAX_TRIALS).optional(),
  seed: int(0, MAX_SEED).optional(),
  workers: int(1, MAX_WORKERS).optional(),
  exact: z.boolean().optional(),
})

const findArgs = z.strictObject({
  jobId,
  scenario: z.unknown(),
  seed: int(0, MAX_SEED),
  trials: int(1, MAX_TRIALS),
  chunkSize: int(1, MAX_CHUNK_SIZE),
  metric: z.string().min(1, { error: 'must be a metric id of the result, like first:kid' }).max(200, { error: 'must be a metric id of at most 200 characters' }),
  outcome: z.string().max(500, { error: 'must be an ordering outcome key of at most 500 characters' }).optional(),
})

const exactArgs = z.strictObject({ jobId, scenario: z.unknown() })

const windowState = z.strictObject({
  dirty: z.boolean({ error: 'must be true or false' }),
  name: z.string({ error: 'must be text' }).max(300, { error: 'must be at most 300 characters' }),
  path: filePath.nullable().optional(),
})

export function createHandlers(deps: HandlerDeps): Handlers {
  const jobs = deps.jobs ?? new JobRegistry()
  return {
    ...createFileHandlers(deps),
    'app:info': async () => ({
      appVersion: deps.appVersion,
      engineVersion: ENGINE_VERSION,
      systems: systemInfo(),
    }),
    'examples:list': async () =>
      readdirSync(deps.examplesDir)
        .filter((f) => f.endsWith('.json'))
        .sort()
        .map((file) => {
          const doc = JSON.parse(readFileSync(join(deps.examplesDir, file), 'utf8')) as { name: string; system: string; description?: string }
          return { file, name: doc.name, system: doc.system, description: doc.description ?? '' }
        }),
    'examples:load': async (file: unknown) => JSON.parse(readFileSync(join(deps.examplesDir, arg(exampleFile, file, 'example')), 'utf8')) as unknown,
    'sim:run': async (raw: unknown) => {
      const run = arg(runArgs, raw, 'run')
      parseScenarioOrThrow(run.scenario)
      return jobs.track(run.jobId, 'run', (signal) =>
        deps.simulation.run({
          scenario: run.scenario,
          trials: run.trials,
          seed: run.seed,
          workers: run.workers,
          exact: run.exact,
          signal,
          onProgress: (progress) => deps.emit('sim:progress', { jobId: run.jobId, progress }),
        }),
      )
    },
    'sim:find': async (raw: unknown) => {
      const req = arg(findArgs, raw, 'find')
      parseScenarioOrThrow(req.scenario)
      return jobs.track(req.jobId, 'find', async (signal) => {
        try {
          return await deps.simulation.find(req, signal)
        } catch (e) {
          if (signal.aborted) return null
          throw new Error(`find: ${e instanceof Error ? e.message : String(e)}`, { cause: e })
        }
      })
    },
    'sim:exact': async (raw: unknown) => {
      const req = arg(exactArgs, raw, 'exact')
      parseScenarioOrThrow(req.scenario)
      return jobs.track(req.jobId, 'exact', async (signal) => {
        try {
          return await deps.simulation.exact(req.scenario, signal)
        } catch (e) {
          if (signal.aborted) return null
          throw new Error(`exact: ${e instanceof Error ? e.message : String(e)}`, { cause: e })
        }
      })
    },
    'sim:cancel': async (id: unknown) => jobs.cancel(arg(jobId, id, 'cancel')),
    'window:state': async (raw: unknown) => {
      const state = arg(windowState, raw, 'window state')
      deps.closeGuard?.setState(state)
      deps.onWindowState?.(state)
    },
    'window:close': async () => deps.closeGuard?.approve(),
    'window:ready': async () => (await deps.windowReady?.()) ?? null,
  }
}
