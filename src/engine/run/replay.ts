import { createStream } from '../core/rng'
import { createTally } from '../core/tally'
import type { TraceEvent } from '../core/trace'
import { DEFAULT_CHUNK_SIZE } from './chunks'
import { parseScenarioOrThrow } from './parse'

/**
 * Replays trial `trial` (0-based) of a run exactly: it lies in chunk ⌊trial / chunkSize⌋, so that chunk's
 * stream is advanced through the trials before it and the trial itself is then traced. This relies on
 * the RuleSystem contract that `trace` makes the same draws, in the same order, as `simulate`.
 */
export function replayTrial(scenario: unknown, seed: number, trial: number, chunkSize = DEFAULT_CHUNK_SIZE): TraceEvent[] {
  const { system, scenario: s } = parseScenarioOrThrow(scenario)
  const plan = system.compile(s)
  const chunk = Math.floor(trial / chunkSize)
  const rng = createStream(seed, chunk)
  const scratch = createTally(system.shape(plan))
  for (let t = chunk * chunkSize; t < trial; t++) system.simulate(plan, rng, scratch)
  return system.trace(plan, rng)
}
