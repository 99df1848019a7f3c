import { createStream } from '../core/rng'
import { createTally, type Tally } from '../core/tally'
import { compiledFor } from './compile'

export { compiledFor } from './compile'

/** What a worker is asked to do: play `trials` trials of one chunk of a run. */
export interface ChunkTask {
  scenario: unknown
  seed: number
  chunk: number
  trials: number
}

export interface ChunkResult {
  chunk: number
  trials: number
  counts: Float64Array
  bins: Float64Array
}

/** Plays one chunk: builds the chunk's stream once, then runs every trial into a fresh tally. */
export function runChunk(task: ChunkTask): ChunkResult {
  const { system, plan } = compiledFor(task.scenario)
  const tally: Tally = createTally(system.shape(plan))
  const rng = createStream(task.seed, task.chunk)
  for (let t = 0; t < task.trials; t++) system.simulate(plan, rng, tally)
  tally.trials = task.trials
  return { chunk: task.chunk, trials: task.trials, counts: tally.counts, bins: tally.bins }
}
