import { withExact } from '../core/fight-exact'
import { fnv1a64 } from '../core/hash'
import type { Metric } from '../core/metrics'
import type { Tally } from '../core/tally'
import { ENGINE_VERSION } from '../version'
import { chunkRange } from './job'
import { parseScenarioOrThrow } from './parse'
import type { PartialDocument } from './partial-schema'
import { resultDocument, type ResultDocument } from './result'

export type { PartialDocument } from './partial-schema'

/**
 * A shard's partial result: its raw integer tally plus everything needed to check that shards belong
 * together (and were made by the same engine and rule-system versions). Merging every shard of a run
 * gives exactly the document a single run would give.
 */
export function partialDocument(scenario: unknown, doc: ResultDocument, tally: Tally): PartialDocument {
  if (!doc.run.shard) throw new Error('a partial document needs a sharded run')
  return {
    format: 'quickdraw-partial/1',
    engine: { version: doc.engine.version },
    system: { id: doc.system.id, version: doc.system.version },
    scenario,
    scenarioHash: doc.scenario.hash,
    seed: doc.run.seed,
    trials: doc.run.trials,
    chunkSize: doc.run.chunkSize,
    shard: doc.run.shard,
    tally: { trials: tally.trials, counts: Array.from(tally.counts), bins: Array.from(tally.bins) },
    checks: { digest: tallyDigest(tally), metrics: metricSums(doc.metrics) },
    elapsedMs: doc.timing.elapsedMs,
    workers: doc.timing.workers,
  }
}

/**
 * What each metric of a tally adds up to: the trials (or events) it was measured over, and the count of its
 * outcomes (a chance: the times it happened; an ordering: all its outcomes together; a distribution: all
 * its values). Written with a shard's counts, and worked out again from them when merging.
 */
export function metricSums(metrics: readonly Metric[]): { id: string; n: number; count: number }[] {
  return metrics.map((m) => {
    switch (m.kind) {
      case 'probability':
        return { id: m.id, n: m.n, count: m.count }
      case 'order':
        return { id: m.id, n: m.n, count: m.outcomes.reduce((s, o) => s + o.count, 0) }
      case 'distribution':
        return { id: m.id, n: m.n, count: m.bins.reduce((s, b) => s + b.count, 0) }
      default:
        return { id: m.id, n: m.n, count: m.n }
    }
  })
}

/** A digest of every count of a tally (64-bit FNV-1a of its numbers in order): a count changed, moved or lost changes it. */
export function tallyDigest(tally: { trials: number; counts: ArrayLike<number>; bins: ArrayLike<number> }): string {
  return fnv1a64(`${tally.trials}|${Array.from(tally.counts).join(',')}|${Array.from(tally.bins).join(',')}`)
}

const fmt = (n: number): string => n.toLocaleString('en-US')

/**
 * A shard's counts against the checks written with them: each metric must add up to what it did when the
 * shard was run (and a chance can never happen more often than it was tried), then the whole tally must
 * match its digest (which also catches a count moved from one outcome to another).
 */
function checkMetrics(p: PartialDocument, metrics: readonly Metric[]): void {
  const where = `merge: shard ${p.shard.index + 1} of ${p.shard.count}`
  const recorded = new Map(p.checks.metrics.map((m) => [m.id, m]))
  for (const m of metrics) {
    const now = metricSums([m])[0]
    if (m.kind === 'probability' && m.count > m.n) throw new Error(`${where}: "${m.label}" counts ${fmt(m.count)} of ${fmt(m.n)} trials; the file was edited or damaged: run that shard again`)
    const was = recorded.get(m.id)
    if (!was) throw new Error(`${where}: "${m.label}" is not among the metrics the shard recorded; the file was edited or damaged: run that shard again`)
    if (was.n !== now.n || was.count !== now.count) {
      throw new Error(`${where}: "${m.label}" adds up to ${fmt(now.count)} of ${fmt(now.n)}, but the shard recorded ${fmt(was.count)} of ${fmt(was.n)}; the file was edited or damaged: run that shard again`)
    }
  }
  if (recorded.size !== metrics.length) throw new Error(`${where}: it records ${recorded.size} metrics, its counts give ${metrics.length}; the file was edited or damaged: run that shard again`)
  if (tallyDigest(p.tally) !== p.checks.digest) throw new Error(`${where}: its counts do not match their digest (a count was changed or moved between outcomes); the file was edited or damaged: run that shard again`)
}

/** Checks that the partials are every shard of one run, exactly once; returns them in shard order. */
function checkShards(parts: PartialDocument[]): PartialDocument[] {
  if (parts.length === 0) throw new Error('merge: no partial results given')
  const [first] = parts
  for (const p of parts) {
    for (const key of ['scenarioHash', 'seed', 'trials', 'chunkSize'] as const) {
      if (p[key] !== first[key]) throw new Error(`merge: shard ${p.shard.index + 1} has ${key} ${JSON.stringify(p[key])}, shard ${first.shard.index + 1} has ${JSON.stringify(first[key])}; they are not parts of one run`)
    }
    if (p.shard.count !== first.shard.count) throw new Error(`merge: shards disagree on the shard count (${p.shard.count} vs ${first.shard.count})`)
    if (p.engine.version !== ENGINE_VERSION) throw new Error(`merge: shard ${p.shard.index + 1} was made by quickdraw engine ${p.engine.version}, this is ${ENGINE_VERSION}; run every shard with one version`)
    if (p.system.id !== first.system.id || p.system.version !== first.system.version) {
      throw new Error(`merge: shard ${p.shard.index + 1} was made with ${p.system.id} rules ${p.system.version}, shard ${first.shard.index + 1} with ${first.system.id} ${first.system.version}; run every shard with one version`)
    }
  }
  const seen = new Map<number, number>()
  for (const p of parts) seen.set(p.shard.index, (seen.get(p.shard.index) ?? 0) + 1)
  for (const [index, n] of seen) if (n > 1) throw new Error(`merge: shard ${index + 1}/${first.shard.count} is given ${n} times`)
  if (parts.length !== first.shard.count) {
    const missing: number[] = []
    for (let i = 0; i < first.shard.count && missing.length < 20; i++) if (!seen.has(i)) missing.push(i + 1)
    const more = first.shard.count - parts.length > missing.length ? ' and more' : ''
    throw new Error(`merge: missing shard${first.shard.count - parts.length > 1 ? 's' : ''} ${missing.join(', ')}${more} of ${first.shard.count}`)
  }
  return [...parts].sort((a, b) => a.shard.index - b.shard.index)
}

/** Each shard holds exactly the trials of its chunks (a tampered or truncated file does not add up). */
function checkCounts(p: PartialDocument): void {
  const expected = chunkRange(p.trials, p.chunkSize, p.shard).trials
  if (p.tally.trials !== expected) throw new Error(`merge: shard ${p.shard.index + 1} holds ${p.tally.trials} trials, but its chunks have ${expected}; the file is damaged or was edited`)
}

/** Merges every shard of a run into the result document a single run of it gives. */
export function mergePartials(parts: PartialDocument[]): ResultDocument {
  const sorted = checkShards(parts)
  sorted.forEach(checkCounts)
  const { system, scenario, hash } = parseScenarioOrThrow(sorted[0].scenario)
  if (hash !== sorted[0].scenarioHash) throw new Error('merge: the scenario does not match its recorded hash')
  if (system.id !== sorted[0].system.id || system.version !== sorted[0].system.version) {
    throw new Error(`merge: the shards were made with ${sorted[0].system.id} rules ${sorted[0].system.version}; this quickdraw has ${system.id} ${system.version}; run every shard with one version`)
  }
  const plan = system.compile(scenario)
  const shape = system.shape(plan)
  const tally: Tally = { trials: 0, counts: new Float64Array(shape.counters), bins: new Float64Array(shape.bins) }
  for (const p of sorted) {
    if (p.tally.counts.length !== shape.counters || p.tally.bins.length !== shape.bins) throw new Error(`merge: shard ${p.shard.index + 1} has a tally of another shape`)
    const own: Tally = { trials: p.tally.trials, counts: Float64Array.from(p.tally.counts), bins: Float64Array.from(p.tally.bins) }
    checkMetrics(p, system.summarize(plan, own))
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
    // as a single run gives them: with the exact values attached (computed here: merging is a CLI step)
    metrics: withExact(system.summarize(plan, tally), system.exact?.(plan)),
    elapsedMs: Math.max(...sorted.map((p) => p.elapsedMs)),
    workers: sorted.reduce((s, p) => s + p.workers, 0),
  })
}
