import type { DistributionMetric } from '../../../engine/core/metrics'
import { PALETTE, type ChartSpec } from '../charts/datasets'
import type { BalanceAnswer, BalancePoint } from '../../../engine/run/balance'
import { estimateText, sweepCurve, type Estimate, type SeriesKey } from './sweep-series'
import type { SweepDocument } from './sweep-plan'

/** The band's fill: strong enough to read when the interval is narrow next to the axis range. */
export const BAND = 'rgba(49, 130, 206, 0.35)'

/**
 * A one-parameter sweep of one curve: the estimate at each swept value as a line with a whisker of its
 * 95% interval at each point, and the interval between points as a shaded band (the upper bound filled
 * down to the lower one, both edges dashed). Missing points break the line.
 */
export function sweepLineSpec(sweep: SweepDocument, series: SeriesKey, xLabel?: string): ChartSpec {
  const { x, y } = sweepCurve(sweep, series.key)
  const exact = y.some((e) => e?.exact !== undefined)
  const line = (label: string, data: (number | null)[], extra: object) => ({ type: 'line' as const, label, data, borderColor: PALETTE[0], backgroundColor: BAND, showLine: true, pointRadius: 0, ...extra })
  return {
    kind: 'sweep',
    title: series.label,
    labels: x.map(String),
    datasets: [
      line('95% interval', y.map((e) => e?.hi ?? null), { fill: '+1', borderWidth: 1, borderDash: [4, 3], order: 3 }),
      line('', y.map((e) => e?.lo ?? null), { fill: false, borderWidth: 1, borderDash: [4, 3], order: 2 }),
      line('Estimate', y.map((e) => e?.v ?? null), { fill: false, pointRadius: 3, backgroundColor: PALETTE[0], order: 1, whiskers: y.map((e): [number, number] | null => (e ? [e.lo, e.hi] : null)) }),
      ...(exact ? [{ type: 'line' as const, label: 'Exact', data: y.map((e) => e?.exact ?? null), borderColor: '#1a202c', backgroundColor: '#f6e05e', showLine: false, pointRadius: 5, pointStyle: 'rectRot', order: 0 }] : []),
    ],
    tooltips: y.map((e) => (e ? estimateText(e, series.percent) : 'not run')),
    x: xLabel ?? sweep.params[0].path,
    y: series.percent ? 'Chance (%)' : 'Value',
    unit: series.percent ? '%' : '',
  }
}

/** Two distributions of the same metric overlaid: the share of trials at each value for A and for B. */
export function overlaidDistributionSpec(a: DistributionMetric, b: DistributionMetric, names: [string, string]): ChartSpec {
  const share = (m: DistributionMetric): Map<number, number> => {
    const n = m.bins.reduce((s, x) => s + x.count, 0)
    return new Map(m.bins.map((x) => [x.value, n > 0 ? Math.round((x.count / n) * 1e6) / 1e4 : 0]))
  }
  const sa = share(a)
  const sb = share(b)
  const values = [...sa.keys(), ...sb.keys()]
  const lo = Math.min(...values)
  const hi = Math.max(...values)
  const labels: string[] = []
  for (let v = lo; values.length > 0 && v <= hi; v++) labels.push(String(v))
  const data = (s: Map<number, number>): number[] => labels.map((v) => s.get(Number(v)) ?? 0)
  return {
    kind: 'distribution',
    title: a.label,
    labels,
    datasets: [
      { type: 'bar', label: names[0], data: data(sa), backgroundColor: 'rgba(49, 130, 206, 0.6)', order: 2 },
      { type: 'bar', label: names[1], data: data(sb), backgroundColor: 'rgba(221, 107, 32, 0.6)', order: 1 },
    ],
    x: 'Value',
    y: 'Share of trials (%)',
  }
}

/**
 * The Balance tab's curve near the crossing: every value the search tried (the one with the most trials
 * where a value was tried twice), its estimate with the 95% interval as a whisker, exact values as
 * diamonds, and the target as a flat line, so a designer sees where and how steeply the metric crosses it.
 */
export function balanceCurveSpec(answer: BalanceAnswer, points: readonly BalancePoint[], field: string): ChartSpec {
  const best = new Map<number, BalancePoint>()
  for (const p of points) {
    const seen = best.get(p.value)
    if (!seen || (seen.trials !== 0 && (p.trials === 0 || p.trials > seen.trials))) best.set(p.value, p)
  }
  const tried = [...best.keys()].sort((a, b) => a - b)
  // An evenly spaced axis: every step of the field between the ends when that is few enough, so 14 → 20
  // looks six times as far as 13 → 14; untried values carry no point and the line runs across them.
  const steps = tried.length > 1 ? Math.round((tried[tried.length - 1] - tried[0]) / answer.step) : 0
  const xs = steps > 0 && steps <= 80 ? Array.from({ length: steps + 1 }, (_, k) => Math.round((tried[0] + k * answer.step) * 1e9) / 1e9) : tried
  const unit = (v: number): number => (answer.percent ? pct(v) : v)
  const y = xs.map((x): Estimate | null => {
    const p = best.get(x)
    if (!p) return null
    const v = unit(p.exact ?? p.estimate)
    return p.trials === 0 ? { v, lo: v, hi: v, exact: v } : { v, lo: unit(p.ci[0]), hi: unit(p.ci[1]), ...(p.exact === undefined ? {} : { exact: unit(p.exact) }) }
  })
  const exact = y.some((e) => e?.exact !== undefined)
  return {
    kind: 'sweep',
    title: `${answer.label} near the target`,
    labels: xs.map(String),
    datasets: [
      { type: 'line', label: 'Estimate', data: y.map((e) => e?.v ?? null), borderColor: PALETTE[0], backgroundColor: PALETTE[0], showLine: true, spanGaps: true, pointRadius: 3, order: 1, whiskers: y.map((e): [number, number] | null => (e ? [e.lo, e.hi] : null)) },
      ...(exact ? [{ type: 'line' as const, label: 'Exact', data: y.map((e) => e?.exact ?? null), borderColor: '#1a202c', backgroundColor: '#f6e05e', showLine: false, pointRadius: 5, pointStyle: 'rectRot', order: 0 }] : []),
      { type: 'line', label: 'Target', data: xs.map(() => unit(answer.target)), borderColor: '#c53030', backgroundColor: '#c53030', borderDash: [6, 4], borderWidth: 1.5, pointRadius: 0, showLine: true, order: 2 },
    ],
    tooltips: y.map((e) => (e ? estimateText(e, answer.percent) : 'not tried')),
    x: field,
    y: answer.percent ? 'Chance (%)' : 'Value',
    unit: answer.percent ? '%' : '',
  }
}

const pct = (p: number): number => Math.round(p * 1e6) / 1e4
