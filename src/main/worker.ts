import { move, transferableSymbol, valueSymbol } from 'piscina'
import type { MessagePort } from 'node:worker_threads'
import { performance } from 'node:perf_hooks'
import { deserialize } from 'node:v8'
import { compileCounts } from '../engine/run/compile'
import { withFightSolveProgress } from '../engine/core/fight-chain'
import { exactWithin, type ExactOutcome } from '../engine/run/exact'
import { findTrial } from '../engine/run/find'
import { runChunk, type ChunkResult, type ChunkTask } from '../engine/run/run-chunk'
import type { FindArgs as FindTask } from '../shared/ipc-contract'

/**
 * The simulation worker: one chunk per task, its tally sent back by transfer (no copy). Built as its own
 * entry, `out/main/worker.js`, which Electron main, the CLI and the tests all load.
 */
export default function simulateChunk(task: ChunkTask): ChunkResult {
  const shared = task.shared
  // the plan main compiled, read from shared memory instead of compiled again (only when this thread has none)
  const result = runChunk(task, shared ? { key: shared.key, plan: () => deserialize(new Uint8Array(shared.bytes)) as unknown } : undefined)
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

/** Plans this thread compiled itself and plans it read as main compiled them (Piscina task name `planCounts`; for tests). */
export function planCounts(): { compiled: number; adopted: number } {
  return compileCounts()
}

/** An exact task: the scenario, its budget in seconds, and where to tell how far the solve has got. */
export interface ExactTask {
  scenario: unknown
  fresh?: boolean
  /** Seconds the solve may take (default: no bound). */
  budgetSeconds?: number
  /** Told `FightSolveProgress` at most ten times a second (a port moved to this thread with the task). */
  progress?: MessagePort
}

/**
 * The exact values of a scenario off the main thread (Piscina task name `exact`), within the task's
 * budget; `values` null when its system has none, `stopped` when the budget stopped the solve.
 */
export function exact(task: ExactTask): ExactOutcome {
  const port = task.progress
  const budget = task.budgetSeconds === undefined ? undefined : { seconds: task.budgetSeconds, now: () => performance.now() }
  const solve = (): ExactOutcome => exactWithin(task.scenario, { fresh: task.fresh, budget })
  if (!port) return solve()
  let told = -Infinity
  try {
    return withFightSolveProgress((p) => {
      const now = performance.now()
      if (now - told < 100) return
      told = now
      port.postMessage(p)
    }, solve)
  } finally {
    port.close()
  }
}
