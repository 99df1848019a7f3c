import '../zod-jitless'
import { exactWithin } from '../../../engine/run/exact'
import { findTrial } from '../../../engine/run/find'
import { runChunk, type ChunkTask } from '../../../engine/run/run-chunk'
import type { FindArgs } from '../../../shared/ipc-contract'
import { loadSystemOf } from './systems'

/** A message to the worker: one engine chunk to run, one "find a fight where…" search, or a scenario's exact values. */
export type WorkerRequest = { id: number; task: ChunkTask } | { id: number; find: FindArgs } | { id: number; exact: unknown; budgetSeconds?: number }

/**
 * This script's own address: the page starts its workers from it. The page's build makes this file an
 * entry of its own (electron.vite.config.ts), so the worker and the page share the engine's chunks and
 * each rule system's chunk, loaded in the worker when a scenario of it first comes.
 */
export const workerUrl: string = import.meta.url

/** The scenario a request is about. */
function scenarioOf(r: WorkerRequest): unknown {
  return 'find' in r ? r.find.scenario : 'exact' in r ? r.exact : r.task.scenario
}

/** Browser Web Worker: runs the very same engine chunks (and trial searches) as the Piscina workers. */
async function handle(e: MessageEvent<WorkerRequest>): Promise<void> {
  const post = (msg: unknown, transfer: Transferable[] = []): void => (self as unknown as Worker).postMessage(msg, transfer)
  try {
    await loadSystemOf(scenarioOf(e.data))
    if ('find' in e.data) {
      const f = e.data.find
      post({ id: e.data.id, ok: true, result: findTrial(f.scenario, f.seed, f.trials, f.chunkSize, { metric: f.metric, outcome: f.outcome }) })
      return
    }
    if ('exact' in e.data) {
      const seconds = e.data.budgetSeconds
      const budget = seconds === undefined ? undefined : { seconds, now: () => performance.now() }
      post({ id: e.data.id, ok: true, result: exactWithin(e.data.exact, { budget }).values })
      return
    }
    const r = runChunk(e.data.task)
    post({ id: e.data.id, ok: true, result: r }, [r.counts.buffer, r.bins.buffer])
  } catch (err) {
    post({ id: e.data.id, ok: false, error: err instanceof Error ? err.message : String(err) })
  }
}

// The page imports this module for its address only; just a worker answers requests.
if (typeof document === 'undefined') self.onmessage = (e: MessageEvent<WorkerRequest>) => void handle(e)
