import type { Metric } from '../core/metrics'
import type { ExactMetric } from '../systems/rule-system'
import { runJob } from './job'
import { runChunk } from './run-chunk'

/**
 * Checking an exact whole fight against the Monte Carlo (the systems' exact-fight tests): the sampled
 * metrics of a scenario run in process with a fixed seed, and every value of the exact answer that lies
 * more than `k` standard errors from its sampled counterpart.
 */

/** The exact chance with this id among a system's exact values (throws when there is none). */
export function exactChance(ms: readonly ExactMetric[], id: string): number {
  const m = ms.find((x) => x.id === id)
  if (m?.kind !== 'probability') throw new Error(`no exact chance ${id}`)
  return m.p
}

/** The exact distribution with this id among a system's exact values (throws when there is none). */
export function exactDistribution(ms: readonly ExactMetric[], id: string): Extract<ExactMetric, { kind: 'distribution' }> {
  const m = ms.find((x) => x.id === id)
  if (m?.kind !== 'distribution') throw new Error(`no exact distribution ${id}`)
  return m
}

/** Sampled metrics of a scenario, in this process, with a fixed seed (the clock is a counter). */
export async function sampledMetrics(scenario: unknown, trials: number, seed: number): Promise<Metric[]> {
  let clock = 0
  const doc = await runJob({ scenario, trials, seed, concurrency: 1, workers: 1, execute: async (t) => runChunk(t), now: () => clock++ })
  return doc.metrics
}

/**
 * Where the exact answer and the sampled one disagree by more than `k` standard errors, one line each
 * (empty when they agree): chances and each outcome of an ordering by their binomial error (at least that
 * of a chance of 1e-6), distributions by the mean's error (at least 1e-3). A missing value or a kind
 * that differs is a disagreement too.
 */
export function disagreements(exact: readonly ExactMetric[], sampled: readonly Metric[], ids: readonly string[], k = 4): string[] {
  const out: string[] = []
  const chance = (id: string, s: number, e: number, n: number): void => {
    const se = Math.sqrt(Math.max(e * (1 - e), 1e-6) / n)
    if (!(Math.abs(s - e) < k * se)) out.push(`${id}: sampled ${s}, exact ${e} (${k} standard errors: ${k * se})`)
  }
  for (const id of ids) {
    const m = sampled.find((x) => x.id === id)
    const e = exact.find((x) => x.id === id)
    if (!m || !e) {
      out.push(`${id}: no ${m ? 'exact' : 'sampled'} value`)
      continue
    }
    if (m.kind === 'probability' && e.kind === 'probability') chance(id, m.p, e.p, m.n)
    else if (m.kind === 'distribution' && e.kind === 'distribution') {
      const se = Math.max(m.sd / Math.sqrt(m.n), 1e-3)
      if (!(Math.abs(m.mean - e.mean) < k * se)) out.push(`${id}: sampled mean ${m.mean}, exact ${e.mean} (${k} standard errors: ${k * se})`)
    } else if (m.kind === 'order' && e.kind === 'order') {
      for (const o of m.outcomes) chance(`${id} ${o.key}`, o.p, e.outcomes.find((y) => y.key === o.key)?.p ?? NaN, m.n)
    } else out.push(`${id}: sampled ${m.kind}, exact ${e.kind}`)
  }
  return out
}
