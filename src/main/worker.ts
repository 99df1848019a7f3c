import { move, transferableSymbol, valueSymbol } from 'piscina'
import { runChunk, type ChunkResult, type ChunkTask } from '../engine/run/run-chunk'

/**
 * The simulation worker: one chunk per task, its tally sent back by transfer (no copy). Built as its own
 * entry, `out/main/worker.js`, which Electron main, the CLI and the tests all load.
 */
export default function simulateChunk(task: ChunkTask): ChunkResult {
  const result = runChunk(task)
  return move({
    get [transferableSymbol]() {
      return [result.counts.buffer, result.bins.buffer]
    },
    get [valueSymbol]() {
      return result
    },
  } as unknown as Parameters<typeof move>[0]) as unknown as ChunkResult
}
