import type { Metric } from '../core/metrics'
import { ENGINE_VERSION } from '../version'

export type JobStatus = 'done' | 'aborted' | 'error'

/**
 * Everything needed to reproduce a chart: engine, system and rule variants, seed, trials, chunk size
 * and the scenario's hash. `timing` is the only part that differs between two runs of the same request.
 */
export interface ResultDocument {
  format: 'quickdraw-result/1'
  status: JobStatus
  error?: string
  engine: { version: string }
  system: { id: string; label: string; version: string }
  scenario: { name: string; hash: string }
  rules: Record<string, string>
  run: { seed: number; trials: number; trialsDone: number; chunkSize: number; chunks: number; shard?: { index: number; count: number } }
  metrics: Metric[]
  /** What the scenario touches that Quickdraw does not play, in a GM's words; absent when nothing. */
  notModelled?: string[]
  timing: { elapsedMs: number; workers: number; trialsPerSecond: number }
}

export interface DocumentParts {
  status: JobStatus
  error?: string
  system: { id: string; label: string; version: string }
  scenario: { name: string; hash: string; rules: Record<string, string> }
  seed: number
  trials: number
  trialsDone: number
  chunkSize: number
  shard?: { index: number; count: number }
  metrics: Metric[]
  notModelled?: string[]
  elapsedMs: number
  workers: number
}

/**
 * Exact values are written with 15 significant digits (EXACT_DIGITS): the solvers' last digits depend on
 * the platform's Math.exp/log/pow (Node 22 and 24 differ there), and a document must be the same on every
 * machine. 15 digits keep every exact value far below any sampling error (a double carries 15–17).
 */
export const EXACT_DIGITS = 15
export const roundExact = (x: number): number => (Number.isFinite(x) && x !== 0 ? Number(x.toPrecision(EXACT_DIGITS)) : x)

/** A metric with its exact values (if any) rounded to EXACT_DIGITS; the sampled numbers are untouched. */
export function withRoundedExact(m: Metric): Metric {
  switch (m.kind) {
    case 'probability':
    case 'mean':
      return m.exact === undefined ? m : { ...m, exact: roundExact(m.exact) }
    case 'order':
      return m.outcomes.some((o) => o.exact !== undefined) ? { ...m, outcomes: m.outcomes.map((o) => (o.exact === undefined ? o : { ...o, exact: roundExact(o.exact) })) } : m
    case 'distribution':
      return m.exact === undefined ? m : { ...m, exact: { mean: roundExact(m.exact.mean), p: m.exact.p.map((e) => ({ value: e.value, p: roundExact(e.p) })) } }
  }
}

export function resultDocument(p: DocumentParts): ResultDocument {
  const doc: ResultDocument = {
    format: 'quickdraw-result/1',
    status: p.status,
    engine: { version: ENGINE_VERSION },
    system: p.system,
    scenario: { name: p.scenario.name, hash: p.scenario.hash },
    rules: { ...p.scenario.rules },
    run: { seed: p.seed, trials: p.trials, trialsDone: p.trialsDone, chunkSize: p.chunkSize, chunks: Math.ceil(p.trials / p.chunkSize) },
    metrics: p.metrics.map(withRoundedExact),
    timing: { elapsedMs: Math.round(p.elapsedMs), workers: p.workers, trialsPerSecond: p.elapsedMs > 0 ? Math.round((p.trialsDone / p.elapsedMs) * 1000) : 0 },
  }
  if (p.shard) doc.run.shard = { index: p.shard.index, count: p.shard.count }
  if (p.error !== undefined) doc.error = p.error
  if (p.notModelled !== undefined && p.notModelled.length > 0) doc.notModelled = [...p.notModelled]
  return doc
}

/** The document without its timing: what must be identical for the same scenario, seed and trials. */
export function withoutTiming(doc: ResultDocument): Omit<ResultDocument, 'timing'> {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  const { timing, ...rest } = doc
  return rest
}
