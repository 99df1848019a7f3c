import '../zod-jitless'
import { exactOf } from '../../../engine/run/exact'
import { findTrial } from '../../../engine/run/find'
import { runChunk, type ChunkTask } from '../../../engine/run/run-chunk'
import type { FindArgs } from '../../../shared/ipc-contract'

/** A message to the worker: one engine chunk to run, one "find a fight where…" search, or a scenario's exact values. */
export type WorkerRequest = { id: number; task: ChunkTask } | { id: number; find: FindArgs } | { id: number; exact: unknown }

/** Browser Web Worker: runs the very same engine chunks (and trial searches) as the Piscina workers. */
self.onmessage = (e: MessageEvent<WorkerRequest>) => {
  const post = (msg: unknown, transfer: Transferable[] = []): void => (self as unknown as Worker).postMessage(msg, transfer)
  try {
    if ('find' in e.data) {
      const f = e.data.find
      post({ id: e.data.id, ok: true, result: findTrial(f.scenario, f.seed, f.trials, f.chunkSize, { metric: f.metric, outcome: f.outcome }) })
      return
    }
    if ('exact' in e.data) {
      post({ id: e.data.id, ok: true, result: exactOf(e.data.exact) })
      return
    }
    const r = runChunk(e.data.task)
    post({ id: e.data.id, ok: true, result: r }, [r.counts.buffer, r.bins.buffer])
  } catch (err) {
    post({ id: e.data.id, ok: false, error: err instanceof Error ? err.message : String(err) })
  }
}
