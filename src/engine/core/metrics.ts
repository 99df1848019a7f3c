import { summarizeHistogram, wilson, Z95, type HistogramSummary } from './stats'

/**
 * Metric summaries: what a run reports. Every probability carries its Wilson 95% interval and,
 * where the rule system can compute it, the exact value.
 */
export type MetricKind = 'probability' | 'distribution' | 'mean' | 'order'

/** A metric a rule system can report, as listed by `quickdraw systems`. */
export interface MetricDoc {
  id: string
  label: string
  kind: MetricKind
  /** Whether one instance exists per scenario, per combatant or per pair of combatants. */
  per: 'scenario' | 'combatant' | 'pair'
  description: string
}

interface MetricBase {
  /** Unique within a result: the catalogue id, plus `:subject` for per-combatant/pair metrics. */
  id: string
  /** Catalogue id (`MetricDoc.id`). */
  metric: string
  label: string
  /** Combatant id(s) the metric is about, if any. */
  subjects?: string[]
}

export interface ProbabilityMetric extends MetricBase {
  kind: 'probability'
  count: number
  n: number
  p: number
  ci: [number, number]
  exact?: number
}

export interface DistributionMetric extends MetricBase, HistogramSummary {
  kind: 'distribution'
  /** Non-empty bins in value order. */
  bins: { value: number; count: number }[]
  exact?: { mean: number; p: { value: number; p: number }[] }
}

export interface MeanMetric extends MetricBase {
  kind: 'mean'
  n: number
  mean: number
  sd: number
  ci: [number, number]
  exact?: number
}

export interface OrderOutcome {
  key: string
  label: string
  count: number
  p: number
  ci: [number, number]
  exact?: number
}

export interface OrderMetric extends MetricBase {
  kind: 'order'
  n: number
  /** Outcomes seen (or possible, when exact values are known), most frequent first. */
  outcomes: OrderOutcome[]
}

export type Metric = ProbabilityMetric | DistributionMetric | MeanMetric | OrderMetric

type Head = Omit<MetricBase, never>

/**
 * How a side's win reads in results: by the fighter's name when the side is one fighter ("Kakita Ayame
 * wins"), else the side with its members ("Side A wins (Smuggler, Wookiee)"), so the answer says who.
 */
export function sideWinsLabel(side: string, names: readonly string[]): string {
  return names.length === 1 ? `${names[0]} wins` : `Side ${side} wins (${names.join(', ')})`
}

export function probabilityMetric(head: Head, count: number, n: number, exact?: number): ProbabilityMetric {
  const m: ProbabilityMetric = { ...head, kind: 'probability', count, n, p: n > 0 ? count / n : 0, ci: wilson(count, n) }
  if (exact !== undefined) m.exact = exact
  return m
}

export function distributionMetric(
  head: Head,
  bins: ArrayLike<number>,
  minValue: number,
  offset: number,
  length: number,
  exact?: DistributionMetric['exact'],
): DistributionMetric {
  const s = summarizeHistogram(bins, minValue, offset, length)
  const list: { value: number; count: number }[] = []
  for (let i = 0; i < length; i++) {
    const c = bins[offset + i]
    if (c > 0) list.push({ value: minValue + i, count: c })
  }
  const m: DistributionMetric = { ...head, kind: 'distribution', ...s, bins: list }
  if (exact) m.exact = exact
  return m
}

/**
 * A mean from integer sums (n, Σx, Σx²) with its normal 95% interval (t ≈ z at simulation sample sizes).
 * Keep Σx and Σx² as integer counters in the tally so merging stays exact.
 */
export function meanMetric(head: Head, n: number, sum: number, sumSquares: number, exact?: number): MeanMetric {
  const mean = n > 0 ? sum / n : Number.NaN
  const variance = n > 1 ? Math.max(0, (sumSquares - n * mean * mean) / (n - 1)) : 0
  const sd = Math.sqrt(variance)
  const half = n > 0 ? (Z95 * sd) / Math.sqrt(n) : Number.NaN
  const m: MeanMetric = { ...head, kind: 'mean', n, mean, sd, ci: [mean - half, mean + half] }
  if (exact !== undefined) m.exact = exact
  return m
}

/**
 * An ordering metric from counted outcomes. Outcomes with an exact probability but no samples are
 * kept (count 0) so impossible-looking but possible orders stay visible; sorted by count, then by
 * exact probability, then by key so the document is deterministic.
 */
export function orderMetric(
  head: Head,
  counted: { key: string; label: string; count: number; exact?: number }[],
  n: number,
): OrderMetric {
  const outcomes = counted.map((o) => {
    const out: OrderOutcome = { key: o.key, label: o.label, count: o.count, p: n > 0 ? o.count / n : 0, ci: wilson(o.count, n) }
    if (o.exact !== undefined) out.exact = o.exact
    return out
  })
  outcomes.sort((a, b) => b.count - a.count || (b.exact ?? 0) - (a.exact ?? 0) || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
  return { ...head, kind: 'order', n, outcomes }
}
