import type { Metric, ProbabilityMetric } from '../../engine/core/metrics'
import type { ResultDocument } from '../../engine/run/result'
import { findSystem } from '../../engine/systems/registry'
import { distributionChart, escapeHtml, orderChart, probabilityChart } from './svg-charts'

/**
 * One self-contained HTML report: the scenario, the rule variants, every metric with its interval and
 * exact value, and the charts as inline SVG. No script and no external resource, so it opens offline in
 * any browser. The CLI (`quickdraw report`) and the app both export it.
 */
const pct = (p: number): string => `${(p * 100).toFixed(2)}%`

/** The exact value of a probability, mean or distribution metric as the report prints it ('' if none). */
function exactText(m: Exclude<Metric, { kind: 'order' }>): string {
  if (m.exact === undefined) return ''
  if (m.kind === 'probability') return pct(m.exact)
  return (m.kind === 'mean' ? m.exact : m.exact.mean).toFixed(3)
}

function metricRow(m: Metric): string {
  const cell = (s: string): string => `<td>${escapeHtml(s)}</td>`
  // Nothing sampled: the event never had a chance in this run (a fighter who never attacked has no hit rate).
  if (m.kind !== 'order' && m.n === 0) return `<tr>${cell(m.label)}${cell('never happened')}${cell('')}${cell(exactText(m))}</tr>`
  if (m.kind === 'probability') return `<tr>${cell(m.label)}${cell(pct(m.p))}${cell(`${pct(m.ci[0])} – ${pct(m.ci[1])}`)}${cell(m.exact === undefined ? '' : pct(m.exact))}</tr>`
  if (m.kind === 'mean') return `<tr>${cell(m.label)}${cell(m.mean.toFixed(3))}${cell(`${m.ci[0].toFixed(3)} – ${m.ci[1].toFixed(3)}`)}${cell(m.exact === undefined ? '' : m.exact.toFixed(3))}</tr>`
  if (m.kind === 'distribution') return `<tr>${cell(m.label)}${cell(`mean ${m.mean.toFixed(3)}`)}${cell(`sd ${m.sd.toFixed(3)}, median ${m.quantiles.p50}, 5–95% ${m.quantiles.p05}–${m.quantiles.p95}`)}${cell(m.exact ? m.exact.mean.toFixed(3) : '')}</tr>`
  return m.outcomes.map((o) => `<tr>${cell(`${m.label}: ${o.label}`)}${cell(pct(o.p))}${cell(`${pct(o.ci[0])} – ${pct(o.ci[1])}`)}${cell(o.exact === undefined ? '' : pct(o.exact))}</tr>`).join('')
}

function charts(systemId: string, metrics: Metric[]): string {
  const docs = findSystem(systemId)?.metrics ?? []
  const title = (id: string, fallback: string): string => docs.find((d) => d.id === id)?.label ?? fallback
  const groups = new Map<string, ProbabilityMetric[]>()
  for (const m of metrics) if (m.kind === 'probability') groups.set(m.metric, [...(groups.get(m.metric) ?? []), m])
  const out: string[] = []
  for (const m of metrics) if (m.kind === 'order') out.push(orderChart(m))
  for (const [id, ms] of groups) out.push(probabilityChart(title(id, id), ms))
  for (const m of metrics) if (m.kind === 'distribution') out.push(distributionChart(m))
  return out.join('\n')
}

export function reportHtml(scenario: { name: string; description?: string }, doc: ResultDocument): string {
  const rules = Object.entries(doc.rules).map(([k, v]) => `<tr><td>${escapeHtml(k)}</td><td>${escapeHtml(v)}</td></tr>`).join('')
  const title = `${scenario.name} — Quickdraw report`
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">
<style>
body{font-family:system-ui,sans-serif;margin:2rem auto;max-width:1000px;color:#1a202c;padding:0 1rem}
table{border-collapse:collapse;margin:1rem 0;width:100%}td,th{border-bottom:1px solid #e2e8f0;padding:.25rem .5rem;text-align:left;font-size:.9rem}
td:nth-child(n+2){font-variant-numeric:tabular-nums}figure.chart{margin:1.5rem 0}figcaption{font-weight:600;margin-bottom:.3rem}
.meta{color:#4a5568}
</style></head><body>
<h1>${escapeHtml(scenario.name)}</h1>
${scenario.description ? `<p>${escapeHtml(scenario.description)}</p>` : ''}
<p class="meta">${escapeHtml(doc.system.label)} ${escapeHtml(doc.system.version)} · seed ${doc.run.seed} · ${doc.run.trialsDone.toLocaleString('en-US')} trials · chunk size ${doc.run.chunkSize} · scenario ${doc.scenario.hash} · engine ${escapeHtml(doc.engine.version)} · status ${doc.status}</p>
<h2>Rule variants</h2><table><tr><th>Variant</th><th>Value</th></tr>${rules}</table>
<h2>Metrics</h2><table><tr><th>Metric</th><th>Estimate</th><th>95% interval</th><th>Exact</th></tr>${doc.metrics.map(metricRow).join('')}</table>
<h2>Charts</h2>
${charts(doc.system.id, doc.metrics)}
<p class="meta">Probabilities show their 95% Wilson interval as a whisker and the exact value, where known, as an orange tick.</p>
</body></html>
`
}
