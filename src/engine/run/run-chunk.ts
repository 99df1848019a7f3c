import { createStream } from '../core/rng'
import { createTally, type Tally } from '../core/tally'
import type { AnyRuleSystem } from '../systems/rule-system'
import { parseScenarioOrThrow } from './parse'

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

interface Compiled {
  system: AnyRuleSystem
  plan: unknown
}

/** Compiled plans by scenario hash; a worker sees the same scenario for every chunk of a run. */
const cache = new Map<string, Compiled>()
const CACHE_LIMIT = 16

export function compiledFor(scenario: unknown): Compiled {
  const parsed = parseScenarioOrThrow(scenario)
  const key = `${parsed.system.id}:${parsed.hash}`
  let hit = cache.get(key)
  if (!hit) {
    if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value as string)
    hit = { system: parsed.system, plan: parsed.system.compile(parsed.scenario) }
    cache.set(key, hit)
  }
  return hit
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
