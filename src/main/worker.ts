import { move, transferableSymbol, valueSymbol } from 'piscina'
import { exactOf } from '../engine/run/exact'
import { findTrial } from '../engine/run/find'
import { runChunk, type ChunkResult, type ChunkTask } from '../engine/run/run-chunk'
import type { ExactMetric } from '../engine/systems/rule-system'
import type { FindArgs as FindTask } from '../shared/ipc-contract'

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

/** "Find a fight where…" off the main thread: the first matching trial of a run (Piscina task name `find`). */
export function find(task: FindTask): number | null {
  return findTrial(task.scenario, task.seed, task.trials, task.chunkSize, { metric: task.metric, outcome: task.outcome })
}

/** The exact values of a scenario off the main thread (Piscina task name `exact`); null when its system has none. */
export function exact(task: { scenario: unknown; fresh?: boolean }): ExactMetric[] | null {
  return exactOf(task.scenario, { fresh: task.fresh })
}
