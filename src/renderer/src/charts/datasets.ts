import type { DistributionMetric, Metric, OrderMetric, ProbabilityMetric } from '../../../engine/core/metrics'

/**
 * Chart data built from metrics by pure functions (tested without a canvas). Percentages are in 0–100 so
 * axes and tooltips read as a GM expects; whiskers carry the 95% interval in the same units.
 */
export const PALETTE = ['#3182ce', '#dd6b20', '#38a169', '#d53f8c', '#805ad5', '#d69e2e', '#319795', '#e53e3e', '#718096']

export interface BarDataset {
  type: 'bar'
  label: string
  /** null: no bar (a subject with no sample, e.g. the hit rate of a fighter who never attacked). */
  data: (number | null)[]
  backgroundColor: string | string[]
  whiskers?: ([number, number] | null)[]
  stack?: string
  yAxisID?: string
  xAxisID?: string
  order?: number
}

export interface LineDataset {
  type: 'line'
  label: string
  data: (number | null)[]
  borderColor: string
  backgroundColor: string
  showLine: boolean
  pointRadius: number
  pointStyle?: string
  yAxisID?: string
  order?: number
  /** Fill to another dataset (`'+1'`: down to the next one), for interval bands. */
  fill?: string | false
  borderWidth?: number
  borderDash?: number[]
  /** Draw the line across values with no data (null) instead of breaking it. */
  spanGaps?: boolean
  /** 95% interval whiskers at each point, [low, high] in the value axis' units (see whisker-plugin). */
  whiskers?: ([number, number] | null)[]
}

export interface ChartSpec {
  kind: 'probability' | 'distribution' | 'order' | 'sweep'
  title: string
  labels: (string | string[])[]
  datasets: (BarDataset | LineDataset)[]
  /** Axis captions. */
  x: string
  y: string
  y2?: string
  horizontal?: boolean
  stacked?: boolean
  /** Unit of the values in tooltips; default `%`. */
  unit?: string
  /** What the metric means, from the system's catalogue (the chart title's tooltip). */
  description?: string
  /** One tooltip per x value ("54.27% (53.93–54.61) · exact 54.31%"), shown instead of each dataset's raw value. */
  tooltips?: string[]
}

const pct = (p: number): number => Math.round(p * 1e6) / 1e4

/**
 * A short label for one metric among its siblings: what follows its last ": " if any, else its own
 * label without a trailing parenthesis, wrapped into lines of about 24 characters so long pair labels
 * ("The Kid and The Marshal strike simultaneously") stay readable under a narrow bar.
 */
export function subjectLabel(m: Metric): string | string[] {
  const colon = m.label.lastIndexOf(': ')
  const text = colon >= 0 ? m.label.slice(colon + 2) : m.label.replace(/\s*\([^)]*\)\s*$/, '')
  return wrapWords(text, 24)
}

/** Splits text at spaces into lines of at most `width` characters (a longer word keeps its own line). */
export function wrapWords(text: string, width: number): string | string[] {
  if (text.length <= width) return text
  const lines: string[] = []
  let line = ''
  for (const word of text.split(' ')) {
    if (line !== '' && line.length + 1 + word.length > width) {
      lines.push(line)
      line = word
    } else line = line === '' ? word : `${line} ${word}`
  }
  if (line !== '') lines.push(line)
  return lines
}

/** Probabilities of one catalogue metric (one bar per subject) with Wilson 95% whiskers and exact dots. */
export function probabilitySpec(group: ProbabilityMetric[], title: string): ChartSpec {
  const labels = group.map(subjectLabel)
  const datasets: (BarDataset | LineDataset)[] = [
    {
      type: 'bar',
      label: 'Estimate',
      data: group.map((m) => (m.n === 0 ? null : pct(m.p))),
      backgroundColor: group.map((_, i) => PALETTE[i % PALETTE.length]),
      whiskers: group.map((m) => (m.n === 0 ? null : [pct(m.ci[0]), pct(m.ci[1])])),
      order: 2,
    },
  ]
  if (group.some((m) => m.exact !== undefined)) {
    datasets.push({ type: 'line', label: 'Exact', data: group.map((m) => (m.exact === undefined ? null : pct(m.exact))), borderColor: '#1a202c', backgroundColor: '#f6e05e', showLine: false, pointRadius: 6, pointStyle: 'rectRot', order: 1 })
  }
  return { kind: 'probability', title, labels, datasets, x: '', y: 'Chance (%)' }
}

/** A histogram (share of trials per value) with the cumulative share as a line on a second axis. */
export function distributionSpec(m: DistributionMetric): ChartSpec {
  const labels: string[] = []
  const share: number[] = []
  const cumulative: number[] = []
  const n = m.bins.reduce((s, b) => s + b.count, 0)
  if (m.bins.length > 0 && n > 0) {
    const byValue = new Map(m.bins.map((b) => [b.value, b.count]))
    const lo = m.bins[0].value
    const hi = m.bins[m.bins.length - 1].value
    let run = 0
    for (let v = lo; v <= hi; v++) {
      const c = byValue.get(v) ?? 0
      run += c
      labels.push(String(v))
      share.push(pct(c / n))
      cumulative.push(pct(run / n))
    }
  }
  const datasets: (BarDataset | LineDataset)[] = [
    { type: 'bar', label: 'Share of trials', data: share, backgroundColor: PALETTE[0], yAxisID: 'y', order: 2 },
    { type: 'line', label: 'Cumulative', data: cumulative, borderColor: PALETTE[1], backgroundColor: PALETTE[1], showLine: true, pointRadius: 0, yAxisID: 'y2', order: 1 },
  ]
  return { kind: 'distribution', title: m.label, labels, datasets, x: 'Value', y: 'Share (%)', y2: 'Cumulative (%)' }
}

/** Orderings as one stacked bar: the most frequent outcomes, the rest gathered as "other orders". */
export function orderSpec(m: OrderMetric, top = 8): ChartSpec {
  const shown = m.outcomes.slice(0, top)
  const rest = m.outcomes.slice(top).reduce((s, o) => s + o.p, 0)
  const datasets: BarDataset[] = shown.map((o, i) => ({ type: 'bar', label: o.label, data: [pct(o.p)], backgroundColor: PALETTE[i % PALETTE.length], whiskers: [[pct(o.ci[0]), pct(o.ci[1])]], stack: 'order' }))
  if (rest > 0) datasets.push({ type: 'bar', label: 'Other orders', data: [pct(rest)], backgroundColor: PALETTE[PALETTE.length - 1], stack: 'order' })
  for (const d of datasets) delete d.whiskers // whiskers on stacked segments would mislead; intervals are in the card
  return { kind: 'order', title: m.label, labels: [''], datasets, x: 'Share of trials (%)', y: '', horizontal: true, stacked: true }
}

/** Which charts a result gets: probability metrics grouped by catalogue id, one chart per distribution and ordering. */
export function chartSpecs(metrics: Metric[], titles: (catalogueId: string) => string, describe?: (catalogueId: string) => string | undefined): ChartSpec[] {
  const out: ChartSpec[] = []
  const groups = new Map<string, ProbabilityMetric[]>()
  for (const m of metrics) {
    if (m.kind === 'probability') groups.set(m.metric, [...(groups.get(m.metric) ?? []), m])
  }
  const done = new Set<string>()
  for (const m of metrics) {
    if (m.kind === 'probability' && !done.has(m.metric)) {
      done.add(m.metric)
      out.push(probabilitySpec(groups.get(m.metric) ?? [], titles(m.metric)))
    } else if (m.kind === 'distribution') out.push(distributionSpec(m))
    else if (m.kind === 'order') out.push(orderSpec(m))
    else continue
    const description = describe?.(m.metric)
    if (description) out[out.length - 1].description = description
  }
  return out
}
