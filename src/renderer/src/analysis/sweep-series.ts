import type { Metric } from '../../../engine/core/metrics'
import { wilson, Z95 } from '../../../engine/core/stats'
import type { SweepDocument } from './sweep-plan'
import { csvText, type CsvCell } from '../../../shared/csv'
import { labelInWords, outcomeInWords } from '../../../shared/report/headline'

/** One curve of a sweep: a probability, a mean, a distribution's mean, or one ordering outcome. */
export interface SeriesKey {
  /** `metric-id`, or `metric-id/outcome-key` for an ordering outcome. */
  key: string
  label: string
  /** Chances are shown in percent, means as plain numbers. */
  percent: boolean
}

/** A value with its 95% interval, in display units (percent for chances). */
export interface Estimate {
  v: number
  lo: number
  hi: number
  /** The exact value where the system computes it, in the same units. */
  exact?: number
}

/** An estimate as a tooltip reads it: "54.27% (53.93–54.61)", then "· exact 54.31%" where known. */
export function estimateText(e: Estimate, percent: boolean): string {
  const f = (x: number): string => (percent ? `${x.toFixed(2)}%` : x.toFixed(3))
  const g = (x: number): string => x.toFixed(percent ? 2 : 3)
  return `${f(e.v)} (${g(e.lo)}–${g(e.hi)})${e.exact === undefined ? '' : ` · exact ${f(e.exact)}`}`
}

const pct = (p: number): number => Math.round(p * 1e6) / 1e4

/** Each curve named as Results name its result ("Doc wins", "The Kid acts first, alone"), never by the engine's label. */
function keysOf(m: Metric): SeriesKey[] {
  switch (m.kind) {
    case 'probability':
      return [{ key: m.id, label: labelInWords(m.label), percent: true }]
    case 'mean':
      return [{ key: m.id, label: labelInWords(m.label), percent: false }]
    case 'distribution':
      return [{ key: m.id, label: `${labelInWords(m.label)} (mean)`, percent: false }]
    case 'order':
      return m.outcomes.map((o) => ({ key: `${m.id}/${o.key}`, label: outcomeInWords(m, o.label), percent: true }))
  }
}

/** Every curve a sweep can draw, in the order of the first point's metrics (outcomes met later appended). */
export function seriesKeys(sweep: SweepDocument): SeriesKey[] {
  const seen = new Map<string, SeriesKey>()
  for (const p of sweep.points) for (const m of p.document.metrics) for (const k of keysOf(m)) if (!seen.has(k.key)) seen.set(k.key, k)
  return [...seen.values()]
}

/** The estimate of one curve at one point, or null when the point has no such metric or outcome. */
export function estimateOf(metrics: Metric[], key: string): Estimate | null {
  const slash = key.indexOf('/')
  const id = slash < 0 ? key : key.slice(0, slash)
  const m = metrics.find((x) => x.id === id)
  if (!m) return null
  switch (m.kind) {
    case 'probability':
      return withExact({ v: pct(m.p), lo: pct(m.ci[0]), hi: pct(m.ci[1]) }, m.exact === undefined ? undefined : pct(m.exact))
    case 'mean':
      return withExact({ v: m.mean, lo: m.ci[0], hi: m.ci[1] }, m.exact)
    case 'distribution': {
      const half = m.n > 0 ? (Z95 * m.sd) / Math.sqrt(m.n) : 0
      return withExact({ v: m.mean, lo: m.mean - half, hi: m.mean + half }, m.exact?.mean)
    }
    case 'order': {
      const outcome = key.slice(slash + 1)
      const o = m.outcomes.find((x) => x.key === outcome)
      // An outcome that never happened at this point is a 0% estimate with the Wilson interval of a zero count.
      if (!o) return m.n > 0 ? { v: 0, lo: pct(wilson(0, m.n)[0]), hi: pct(wilson(0, m.n)[1]) } : null
      return withExact({ v: pct(o.p), lo: pct(o.ci[0]), hi: pct(o.ci[1]) }, o.exact === undefined ? undefined : pct(o.exact))
    }
  }
}

function withExact(e: Estimate, exact: number | undefined): Estimate {
  return exact === undefined ? e : { ...e, exact }
}

/** A one-parameter curve: the swept values and the estimate at each. */
export function sweepCurve(sweep: SweepDocument, key: string): { x: number[]; y: (Estimate | null)[] } {
  return { x: sweep.points.map((p) => p.at[0]), y: sweep.points.map((p) => estimateOf(p.document.metrics, key)) }
}

export interface Heatmap {
  rows: number[]
  cols: number[]
  /** cells[r][c]: the estimate at rows[r] (first parameter) × cols[c] (second parameter). */
  cells: (Estimate | null)[][]
  min: number
  max: number
}

/** A two-parameter sweep of one curve as a grid: the first parameter down, the second across. */
export function sweepHeatmap(sweep: SweepDocument, key: string): Heatmap {
  const [rowsParam, colsParam] = sweep.params
  const rows = rowsParam.values
  const cols = colsParam?.values ?? [0]
  const cells = rows.map(() => cols.map((): Estimate | null => null))
  let min = Infinity
  let max = -Infinity
  for (const p of sweep.points) {
    const r = rows.indexOf(p.at[0])
    const c = colsParam ? cols.indexOf(p.at[1]) : 0
    const e = estimateOf(p.document.metrics, key)
    if (r < 0 || c < 0 || !e) continue
    cells[r][c] = e
    min = Math.min(min, e.v)
    max = Math.max(max, e.v)
  }
  return { rows, cols, cells, min: Number.isFinite(min) ? min : 0, max: Number.isFinite(max) ? max : 0 }
}

/** The sweep as CSV: one row per point and curve (percent curves in 0–1 like the result CSV), provenance in columns. */
export function sweepCsv(sweep: SweepDocument): string {
  const first = sweep.points[0]?.document
  const keys = seriesKeys(sweep)
  const header = [...sweep.params.map((p) => p.path), 'metric', 'label', 'value', 'ci_low', 'ci_high', 'n', 'scenario', 'seed', 'trials_per_point', 'scenario_hash']
  const rows: CsvCell[][] = []
  for (const p of sweep.points) {
    for (const k of keys) {
      const e = estimateOf(p.document.metrics, k.key)
      if (!e) continue
      const scale = k.percent ? 100 : 1
      const n = p.document.metrics.find((m) => m.id === k.key.split('/')[0])?.n
      rows.push([...p.at, k.key, k.label, e.v / scale, e.lo / scale, e.hi / scale, n, sweep.scenario.name, first?.run.seed, first?.run.trials, sweep.scenario.hash])
    }
  }
  return csvText(header, rows)
}
