import type { Tally } from '../core/tally'
import { parseScenarioOrThrow } from './parse'
import { resultDocument, type ResultDocument } from './result'

/**
 * A shard's partial result: its raw integer tally plus everything needed to check that shards belong
 * together. Merging every shard of a run gives exactly the document a single run would give.
 */
export interface PartialDocument {
  format: 'quickdraw-partial/1'
  scenario: unknown
  scenarioHash: string
  seed: number
  trials: number
  chunkSize: number
  shard: { index: number; count: number }
  tally: { trials: number; counts: number[]; bins: number[] }
  elapsedMs: number
  workers: number
}

export function partialDocument(scenario: unknown, doc: ResultDocument, tally: Tally): PartialDocument {
  if (!doc.run.shard) throw new Error('a partial document needs a sharded run')
  return {
    format: 'quickdraw-partial/1',
    scenario,
    scenarioHash: doc.scenario.hash,
    seed: doc.run.seed,
    trials: doc.run.trials,
    chunkSize: doc.run.chunkSize,
    shard: doc.run.shard,
    tally: { trials: tally.trials, counts: Array.from(tally.counts), bins: Array.from(tally.bins) },
    elapsedMs: doc.timing.elapsedMs,
    workers: doc.timing.workers,
  }
}

/** Checks that the partials are every shard of one run, exactly once; returns them in shard order. */
function checkShards(parts: PartialDocument[]): PartialDocument[] {
  if (parts.length === 0) throw new Error('merge: no partial results given')
  const [first] = parts
  for (const p of parts) {
    if (p.format !== 'quickdraw-partial/1') throw new Error(`merge: not a partial result (format ${JSON.stringify(p.format)})`)
    for (const key of ['scenarioHash', 'seed', 'trials', 'chunkSize'] as const) {
      if (p[key] !== first[key]) throw new Error(`merge: shard ${p.shard.index + 1} has ${key} ${JSON.stringify(p[key])}, shard ${first.shard.index + 1} has ${JSON.stringify(first[key])}; they are not parts of one run`)
    }
    if (p.shard.count !== first.shard.count) throw new Error(`merge: shards disagree on the shard count (${p.shard.count} vs ${first.shard.count})`)
  }
  const sorted = [...parts].sort((a, b) => a.shard.index - b.shard.index)
  const missing: number[] = []
  for (let i = 0; i < first.shard.count; i++) {
    const n = sorted.filter((p) => p.shard.index === i).length
    if (n > 1) throw new Error(`merge: shard ${i + 1}/${first.shard.count} is given ${n} times`)
    if (n === 0) missing.push(i + 1)
  }
  if (missing.length > 0) throw new Error(`merge: missing shard${missing.length > 1 ? 's' : ''} ${missing.join(', ')} of ${first.shard.count}`)
  return sorted
}

/** Merges every shard of a run into the result document a single run of it gives. */
export function mergePartials(parts: PartialDocument[]): ResultDocument {
  const sorted = checkShards(parts)
  const { system, scenario, hash } = parseScenarioOrThrow(sorted[0].scenario)
  if (hash !== sorted[0].scenarioHash) throw new Error('merge: the scenario does not match its recorded hash')
  const plan = system.compile(scenario)
  const shape = system.shape(plan)
  const tally: Tally = { trials: 0, counts: new Float64Array(shape.counters), bins: new Float64Array(shape.bins) }
  for (const p of sorted) {
    if (p.tally.counts.length !== shape.counters || p.tally.bins.length !== shape.bins) throw new Error(`merge: shard ${p.shard.index + 1} has a tally of another shape`)
    tally.trials += p.tally.trials
    p.tally.counts.forEach((v, i) => (tally.counts[i] += v))
    p.tally.bins.forEach((v, i) => (tally.bins[i] += v))
  }
  const { seed, trials, chunkSize } = sorted[0]
  return resultDocument({
    status: 'done',
    system: { id: system.id, label: system.label, version: system.version },
    scenario: { name: scenario.name, hash, rules: scenario.rules },
    seed,
    trials,
    trialsDone: tally.trials,
    chunkSize,
    metrics: system.summarize(plan, tally),
    elapsedMs: Math.max(...sorted.map((p) => p.elapsedMs)),
    workers: sorted.reduce((s, p) => s + p.workers, 0),
  })
}
