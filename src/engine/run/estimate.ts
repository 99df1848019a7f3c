import type { Metric } from '../core/metrics'
import { wilson, Z95 } from '../core/stats'
import type { ExactMetric } from '../systems/rule-system'

/**
 * One number read off a result: a probability, a mean, a distribution's mean, or the chance of one
 * outcome of an ordering (`wins=A` style, as `trace --find` takes it). Balance and tactics work on these.
 */
export interface MetricQuery {
  metric: string
  /** For orderings: the outcome key. */
  outcome?: string
}

export interface Estimate {
  estimate: number
  ci: [number, number]
  /** The exact value, where the system computes it. */
  exact?: number
  /** Samples behind the estimate (0: never happened in this run). */
  n: number
}

/** `id` or `id=outcome-key`. */
export function parseMetricQuery(text: string): MetricQuery {
  const at = text.indexOf('=')
  return at < 0 ? { metric: text } : { metric: text.slice(0, at), outcome: text.slice(at + 1) }
}

export function formatMetricQuery(q: MetricQuery): string {
  return q.outcome === undefined ? q.metric : `${q.metric}=${q.outcome}`
}

/** Thrown when the query names no metric of the result, or needs an outcome key it lacks. */
export class MetricQueryError extends Error {}

/** The estimate of `q` in `metrics`, with its 95% interval and exact value. */
export function estimateOf(metrics: readonly Metric[], q: MetricQuery): Estimate {
  const m = metrics.find((x) => x.id === q.metric)
  if (!m) throw new MetricQueryError(`no metric ${JSON.stringify(q.metric)} in this scenario's results; its metric ids are: ${metrics.map((x) => x.id).join(', ')}`)
  if (m.kind === 'order') {
    if (q.outcome === undefined) throw new MetricQueryError(`${q.metric} is an ordering: name one outcome, e.g. ${q.metric}=${m.outcomes[0]?.key ?? '<outcome key>'}`)
    const o = m.outcomes.find((x) => x.key === q.outcome)
    const n = m.n
    if (!o) return { estimate: 0, ci: wilson(0, n), n }
    return { estimate: o.p, ci: o.ci, exact: o.exact, n }
  }
  if (q.outcome !== undefined) throw new MetricQueryError(`${q.metric} is a ${m.kind}, not an ordering: leave out "=${q.outcome}"`)
  if (m.kind === 'probability') return { estimate: m.p, ci: m.ci, exact: m.exact, n: m.n }
  if (m.kind === 'mean') return { estimate: m.mean, ci: m.ci, exact: m.exact, n: m.n }
  const half = m.n > 1 ? (Z95 * m.sd) / Math.sqrt(m.n) : Infinity
  return { estimate: m.mean, ci: [m.mean - half, m.mean + half], exact: m.exact?.mean, n: m.n }
}

/** How a query reads: the metric's label (with the outcome's) and whether it is a chance (shown in percent). */
export function describeQuery(metrics: readonly { id: string; label: string; kind: string; outcomes?: readonly { key: string; label: string }[] }[], q: MetricQuery): { label: string; percent: boolean } {
  const m = metrics.find((x) => x.id === q.metric)
  if (!m) return { label: formatMetricQuery(q), percent: false }
  if (m.kind === 'order') return { label: `${m.label}: ${m.outcomes?.find((o) => o.key === q.outcome)?.label ?? q.outcome ?? ''}`, percent: true }
  return { label: m.label, percent: m.kind === 'probability' }
}

/** The exact value of `q` among a system's exact metrics, if it is there. */
export function exactValueOf(exact: readonly ExactMetric[] | null, q: MetricQuery): number | undefined {
  const m = exact?.find((x) => x.id === q.metric)
  if (!m) return undefined
  if (m.kind === 'order') return q.outcome === undefined ? undefined : (m.outcomes.find((o) => o.key === q.outcome)?.p ?? 0)
  if (q.outcome !== undefined) return undefined
  if (m.kind === 'probability') return m.p
  if (m.kind === 'mean' || m.kind === 'distribution') return m.mean
  return undefined
}
