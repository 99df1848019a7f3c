import type { Metric } from '../core/metrics'
import { createStream } from '../core/rng'
import { createTally } from '../core/tally'
import { chunkAt, chunkCount } from './chunks'
import { compiledFor } from './compile'

/** What to look for: a trial that counts toward a probability metric, or one with a given ordering outcome. */
export interface TrialQuery {
  metric: string
  /** For order metrics: the outcome key (as in the result document). */
  outcome?: string
}

function matches(metrics: Metric[], q: TrialQuery): boolean {
  const m = metrics.find((x) => x.id === q.metric)
  if (!m) throw new Error(`no metric ${JSON.stringify(q.metric)}; metric ids are: ${metrics.map((x) => x.id).join(', ')}`)
  if (m.kind === 'probability') return m.count > 0
  if (m.kind === 'order') {
    if (q.outcome === undefined) throw new Error(`${q.metric} is an ordering: name the outcome key to look for`)
    return m.outcomes.some((o) => o.key === q.outcome && o.count > 0)
  }
  throw new Error(`${q.metric} is a ${m.kind} metric: look for a probability or an ordering outcome`)
}

/**
 * The first trial of a run (seed, trials, chunk size) whose own one-trial summary matches the query.
 * Deterministic: the same seed always finds the same trial, which `replayTrial` then tells in full.
 */
export function findTrial(scenario: unknown, seed: number, trials: number, chunkSize: number, q: TrialQuery): number | null {
  const { system, plan } = compiledFor(scenario)
  const shape = system.shape(plan)
  for (let c = 0; c < chunkCount(trials, chunkSize); c++) {
    const rng = createStream(seed, c)
    const n = chunkAt(trials, chunkSize, c).trials
    for (let t = 0; t < n; t++) {
      const one = createTally(shape)
      system.simulate(plan, rng, one)
      one.trials = 1
      if (matches(system.summarize(plan, one), q)) return c * chunkSize + t
    }
  }
  return null
}
