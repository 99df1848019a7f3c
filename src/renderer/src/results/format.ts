import type { Metric } from './types'

export interface FormattedMetric {
  value: string
  interval: string
  exact: string
}

const pct = (p: number): string => `${(p * 100).toFixed(2)}%`
const num = (x: number): string => (Math.abs(x) >= 100 ? x.toFixed(1) : x.toFixed(3))

/** A metric's headline in words: percentages for chances, plain numbers for means and distributions. */
export function formatMetric(m: Metric): FormattedMetric {
  switch (m.kind) {
    case 'probability':
      if (m.n === 0) return { value: '—', interval: 'never happened in this run', exact: m.exact === undefined ? '' : pct(m.exact) }
      return { value: pct(m.p), interval: `${pct(m.ci[0])} – ${pct(m.ci[1])}`, exact: m.exact === undefined ? '' : pct(m.exact) }
    case 'mean':
      if (m.n === 0) return { value: '—', interval: 'never happened in this run', exact: m.exact === undefined ? '' : num(m.exact) }
      return { value: num(m.mean), interval: `${num(m.ci[0])} – ${num(m.ci[1])}`, exact: m.exact === undefined ? '' : num(m.exact) }
    case 'distribution': {
      const q = m.quantiles
      const spread = m.n > 0 ? `median ${q.p50} · middle half ${q.p25}–${q.p75} · 90% within ${q.p05}–${q.p95}` : ''
      return { value: m.n > 0 ? `mean ${num(m.mean)}` : '—', interval: spread, exact: m.exact ? `mean ${num(m.exact.mean)}` : '' }
    }
    case 'order': {
      const top = m.outcomes[0]
      return top ? { value: `${top.label}: ${pct(top.p)}`, interval: `${pct(top.ci[0])} – ${pct(top.ci[1])}`, exact: top.exact === undefined ? '' : pct(top.exact) } : { value: '—', interval: '', exact: '' }
    }
  }
}

/** Results as CSV (header row first, provenance in columns): the same file the CLI's `run --csv` writes. */
export { resultCsv } from '../../../shared/csv'
