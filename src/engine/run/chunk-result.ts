import type { TallyShape } from '../core/tally'
import type { ChunkResult, ChunkTask } from './run-chunk'

const isArrayOf = (x: unknown, length: number): x is Float64Array => x instanceof Float64Array && x.length === length

/**
 * A worker's answer checked before it is merged: the chunk asked for, its trial count, and tallies of
 * the run's shape holding finite numbers. A worker that crashed half-way, an old worker bundle or a
 * tampered message would otherwise be merged into a `done` result with wrong or missing trials.
 * Throws a message naming the chunk.
 */
export function checkChunkResult(r: unknown, task: ChunkTask, shape: TallyShape): ChunkResult {
  const what = `chunk ${task.chunk + 1}: the worker's result`
  if (r === null || typeof r !== 'object') throw new Error(`${what} is ${r === null ? 'null' : typeof r}, not a tally`)
  const c = r as Partial<ChunkResult>
  if (c.chunk !== task.chunk) throw new Error(`${what} is for chunk ${typeof c.chunk === 'number' ? c.chunk + 1 : JSON.stringify(c.chunk ?? null)}`)
  if (c.trials !== task.trials) throw new Error(`${what} has ${JSON.stringify(c.trials ?? null)} trials, not ${task.trials}`)
  if (!isArrayOf(c.counts, shape.counters) || !isArrayOf(c.bins, shape.bins)) throw new Error(`${what} has tallies of another shape`)
  for (const a of [c.counts, c.bins]) for (const v of a) if (!Number.isFinite(v)) throw new Error(`${what} holds a count that is not a number`)
  return c as ChunkResult
}
