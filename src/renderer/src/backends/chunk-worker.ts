import { runChunk, type ChunkTask } from '../../../engine/run/run-chunk'

/** Browser Web Worker: runs the very same engine chunks as the Piscina workers. */
self.onmessage = (e: MessageEvent<{ id: number; task: ChunkTask }>) => {
  try {
    const r = runChunk(e.data.task)
    ;(self as unknown as Worker).postMessage({ id: e.data.id, ok: true, result: r }, [r.counts.buffer, r.bins.buffer])
  } catch (err) {
    ;(self as unknown as Worker).postMessage({ id: e.data.id, ok: false, error: err instanceof Error ? err.message : String(err) })
  }
}
