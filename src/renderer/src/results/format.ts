import type { Metric, ResultDocument } from './types'

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

function cell(v: string | number | undefined): string {
  if (v === undefined) return ''
  const s = String(v)
  return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s
}

/** Results as CSV: one row per probability, mean, ordering outcome and distribution bin, with the run's provenance. */
export function resultCsv(doc: ResultDocument): string {
  const rows: (string | number | undefined)[][] = [['metric', 'label', 'kind', 'outcome', 'value', 'ci_low', 'ci_high', 'exact', 'count', 'n']]
  for (const m of doc.metrics) {
    if (m.kind === 'probability') rows.push([m.id, m.label, m.kind, '', m.p, m.ci[0], m.ci[1], m.exact, m.count, m.n])
    else if (m.kind === 'mean') rows.push([m.id, m.label, m.kind, '', m.mean, m.ci[0], m.ci[1], m.exact, undefined, m.n])
    else if (m.kind === 'order') for (const o of m.outcomes) rows.push([m.id, m.label, m.kind, o.label, o.p, o.ci[0], o.ci[1], o.exact, o.count, m.n])
    else {
      const n = m.bins.reduce((s, b) => s + b.count, 0)
      for (const b of m.bins) rows.push([m.id, m.label, m.kind, b.value, n > 0 ? b.count / n : 0, undefined, undefined, m.exact?.p.find((x) => x.value === b.value)?.p, b.count, n])
    }
  }
  const head = `# ${doc.scenario.name} · ${doc.system.id} ${doc.system.version} · engine ${doc.engine.version} · seed ${doc.run.seed} · trials ${doc.run.trialsDone} · scenario ${doc.scenario.hash}\n`
  return head + rows.map((r) => r.map(cell).join(',')).join('\n') + '\n'
}
