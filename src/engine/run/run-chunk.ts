import { createStream } from '../core/rng'
import { createTally, type Tally } from '../core/tally'
import { compiledFor, type GivenPlan } from './compile'

export { compiledFor } from './compile'

/** What a worker is asked to do: play `trials` trials of one chunk of a run. */
export interface ChunkTask {
  scenario: unknown
  seed: number
  chunk: number
  trials: number
  /**
   * The run's plan as main compiled it, for a plan slow to compile (the heaviest dice pools): its key and
   * its bytes (V8's structured serialization) in memory shared by every thread, read by a worker instead
   * of compiling the scenario again (`SimulationService`).
   */
  shared?: SharedPlan
}

/** A compiled plan in shared memory: the key it is kept under (compile.ts `compiledKey`) and its serialized bytes. */
export interface SharedPlan {
  key: string
  bytes: SharedArrayBuffer
}

export interface ChunkResult {
  chunk: number
  trials: number
  counts: Float64Array
  bins: Float64Array
}

/** Plays one chunk: builds the chunk's stream once, then runs every trial into a fresh tally; `given`: the plan main compiled, if any. */
export function runChunk(task: ChunkTask, given?: GivenPlan): ChunkResult {
  const { system, plan } = compiledFor(task.scenario, given)
  const tally: Tally = createTally(system.shape(plan))
  const rng = createStream(task.seed, task.chunk)
  for (let t = 0; t < task.trials; t++) system.simulate(plan, rng, tally)
  tally.trials = task.trials
  return { chunk: task.chunk, trials: task.trials, counts: tally.counts, bins: tally.bins }
}
