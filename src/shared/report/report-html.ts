import type { Metric, ProbabilityMetric } from '../../engine/core/metrics'
import type { ComparisonRow } from '../../engine/run/compare'
import type { ResultDocument } from '../../engine/run/result'
import { findSystem } from '../../engine/systems/registry'
import { groupResults, headline, labelInWords, neverHappens, outcomeRow, settingOf, type ScenarioQuestion, type Setting } from './headline'
import { compareAnswer, type CompareLine } from './compare-answer'
import { scenarioInWords } from './scenario-words'
import { distributionChart, escapeHtml, orderChart, probabilityChart } from './svg-charts'

/**
 * One self-contained HTML report a GM can share: the answer first (the scenario's question and its
 * headline), the fighters, their plans and the rule settings in words, the results in groups with their
 * intervals and exact values and charts with axes (inline SVG), and the run's provenance in a small footer. No script and no external resource, so it opens offline in
 * any browser. The CLI (`quickdraw report`) and the app both export it.
 */
const pct = (p: number): string => `${(p * 100).toFixed(2)}%`

/**
 * The page on any screen: a phone (420 px) reads it without sideways scrolling — long words and the
 * fighters' sheets wrap, the charts shrink to the width, a wide table scrolls inside its own box.
 */
const PHONE_CSS = `body{font-family:system-ui,sans-serif;margin:2rem auto;max-width:1000px;color:#1a202c;padding:0 1rem;overflow-wrap:anywhere}
table{border-collapse:collapse;margin:.5rem 0 1rem;width:100%;display:block;overflow-x:auto}td,th{border-bottom:1px solid #e2e8f0;padding:.25rem .5rem;text-align:left;font-size:.9rem;vertical-align:top}
svg{max-width:100%;height:auto}th{overflow-wrap:normal;word-break:normal;min-width:5.5rem}
@media (max-width:600px){body{margin:1rem auto;padding:0 .6rem}td,th{padding:.2rem .3rem;font-size:.85rem}h1{font-size:1.4rem}}`

/** A description as a reader of the report sees it: the command-line hints written for the app's users left out ("(or quickdraw tactics)"). */
export function descriptionForReaders(text: string): string {
  return text.replace(/\s*\(or `?quickdraw [a-z-]+`?\)/g, '').replace(/;\s*`quickdraw [a-z-]+`[^.;]*/g, '')
}

/** A Tactics measure ("wins=A") as the results name it ("Doc wins"). */
function measureWords(metrics: readonly Metric[], q: string): string {
  const [id, key] = q.split('=')
  const m = metrics.find((x) => x.id === id)
  if (!m) return q
  if (m.kind === 'order') {
    const o = m.outcomes.find((x) => x.key === key)
    return o ? labelInWords(/\bwins?\b|wiped out|still stand/i.test(o.label) ? o.label : `${m.label}: ${o.label}`) : labelInWords(m.label)
  }
  return labelInWords(m.label)
}

/** The exact value of a probability, mean or distribution metric as the report prints it ('' if none). */
function exactText(m: Exclude<Metric, { kind: 'order' }>): string {
  if (m.exact === undefined) return ''
  if (m.kind === 'probability') return pct(m.exact)
  return (m.kind === 'mean' ? m.exact : m.exact.mean).toFixed(3)
}

/** One result's rows, named as the results and the headline name it (fighters first, the rules' words). */
function metricRow(m: Metric, setting: Setting): string {
  const cell = (s: string): string => `<td>${escapeHtml(s)}</td>`
  const label = labelInWords(m.label, setting)
  // Nothing sampled: the event never had a chance in this run (a fighter who never attacked has no hit rate).
  if (m.kind !== 'order' && m.n === 0) return `<tr>${cell(label)}${cell('never happened')}${cell('')}${cell(exactText(m))}</tr>`
  if (m.kind === 'probability') return `<tr>${cell(label)}${cell(pct(m.p))}${cell(`${pct(m.ci[0])} – ${pct(m.ci[1])}`)}${cell(m.exact === undefined ? '' : pct(m.exact))}</tr>`
  if (m.kind === 'mean') return `<tr>${cell(label)}${cell(m.mean.toFixed(3))}${cell(`${m.ci[0].toFixed(3)} – ${m.ci[1].toFixed(3)}`)}${cell(m.exact === undefined ? '' : m.exact.toFixed(3))}</tr>`
  if (m.kind === 'distribution') return `<tr>${cell(label)}${cell(`mean ${m.mean.toFixed(3)}`)}${cell(`sd ${m.sd.toFixed(3)}, median ${m.quantiles.p50}, 5–95% ${m.quantiles.p05}–${m.quantiles.p95}`)}${cell(m.exact ? m.exact.mean.toFixed(3) : '')}</tr>`
  return m.outcomes.map((o) => `<tr>${cell(outcomeRow(m, o.label, setting))}${cell(pct(o.p))}${cell(`${pct(o.ci[0])} – ${pct(o.ci[1])}`)}${cell(o.exact === undefined ? '' : pct(o.exact))}</tr>`).join('')
}

function charts(systemId: string, metrics: Metric[], setting: Setting): string {
  const docs = findSystem(systemId)?.metrics ?? []
  const title = (id: string, fallback: string): string => labelInWords(docs.find((d) => d.id === id)?.label ?? fallback, setting)
  // Bars and titles are named as the tables name them (fighters first, the rules' words).
  const said = <M extends Metric>(m: M): M => ({ ...m, label: labelInWords(m.label, setting) })
  const groups = new Map<string, ProbabilityMetric[]>()
  for (const m of metrics) if (m.kind === 'probability') groups.set(m.metric, [...(groups.get(m.metric) ?? []), said(m)])
  const out: string[] = []
  for (const m of metrics) if (m.kind === 'order') out.push(orderChart({ ...said(m), outcomes: m.outcomes.map((o) => ({ ...o, label: outcomeRow(m, o.label, setting) })) }))
  for (const [id, ms] of groups) out.push(probabilityChart(title(id, id), ms))
  for (const m of metrics) if (m.kind === 'distribution') out.push(distributionChart(said(m)))
  return out.join('\n')
}

/** The scenario as the report needs it: its name, description and question, and the rest for the sheets. */
export interface ReportScenario {
  name: string
  description?: string
  question?: ScenarioQuestion
}

function resultTables(doc: ResultDocument, setting: Setting): string {
  const head = '<tr><th>Result</th><th>Estimate</th><th>95% interval</th><th>Exact</th></tr>'
  const groups = groupResults(doc.metrics)
  const never = doc.metrics.filter(neverHappens)
  const rows = (ms: Metric[]): string => ms.map((m) => metricRow(m, setting)).join('')
  const out = groups.map((g) => `<h3>${escapeHtml(g.title)}</h3><table>${head}${rows(g.metrics)}</table>`)
  if (never.length > 0) out.push(`<details><summary>${never.length} result${never.length === 1 ? '' : 's'} that never happened in this run</summary><table>${head}${rows(never)}</table></details>`)
  return out.join('\n')
}

export function reportHtml(scenario: ReportScenario, doc: ResultDocument): string {
  const h = headline(doc.system.id, doc.metrics, scenario.question, scenario)
  const words = scenarioInWords(doc.system.id, scenario as unknown as Record<string, unknown>, doc.rules, (q) => measureWords(doc.metrics, q))
  const title = `${scenario.name} — Quickdraw report`
  const answer = h.items
    .map((i) => `<li>${escapeHtml(i.label)} <strong>${escapeHtml(i.value)}</strong>${i.interval ? ` <span class="meta">(95% ${escapeHtml(i.interval)}${i.exact ? `, exact ${escapeHtml(i.exact)}` : ''})</span>` : i.exact ? ` <span class="meta">(exact ${escapeHtml(i.exact)})</span>` : ''}</li>`)
    .join('')
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">
<style>
${PHONE_CSS}
td:nth-child(n+2){font-variant-numeric:tabular-nums}figure.chart{margin:1.5rem 0}figcaption{font-weight:600;margin-bottom:.3rem}
.meta{color:#4a5568}.answer{border-left:4px solid #2b6cb0;padding:.3rem 1rem;background:#f7fafc}.answer ul{margin:.3rem 0;padding-left:1.2rem;font-size:1.05rem}
footer{margin-top:2rem;border-top:1px solid #e2e8f0;padding-top:.5rem;font-size:.75rem;color:#718096}
</style></head><body>
<h1>${escapeHtml(scenario.name)}</h1>
${scenario.description ? `<p>${escapeHtml(descriptionForReaders(scenario.description))}</p>` : ''}
<section class="answer" data-section="answer"><h2>${escapeHtml(h.question)}</h2><ul>${answer}</ul></section>
${words}
<h2>Results</h2>
${resultTables(doc, settingOf(scenario))}
<h2>Charts</h2>
${charts(doc.system.id, doc.metrics.filter((m) => !neverHappens(m)), settingOf(scenario))}
<p class="meta">Chances show their 95% interval as a whisker and the exact value, where known, as an orange tick.</p>
<footer>Made with Quickdraw: ${escapeHtml(doc.system.label)} rules version ${escapeHtml(doc.system.version)}, engine ${escapeHtml(doc.engine.version)} · seed ${doc.run.seed} · ${doc.run.trialsDone.toLocaleString('en-US')} trials · ${doc.status === 'done' ? 'complete' : escapeHtml(doc.status)} · scenario fingerprint ${escapeHtml(doc.scenario.hash)} (the same file, seed and trials give the same numbers)</footer>
</body></html>
`
}

/** One side of a comparison report: the scenario as it ran and its result document. */
export interface ComparisonSide {
  scenario: ReportScenario
  doc: ResultDocument
  /** The side's name in the legend ("A: as in the editor", "B: Doc — Hold mode: after"). */
  name: string
}

/** One row of the comparison: a result of both, B − A and the 95% interval of the difference. */
export type ComparisonReportRow = ComparisonRow

/**
 * A comparison a GM can share: both headlines, what B changes from A, and every result of both with the
 * difference and its 95% interval (not significant ones marked), with both runs' provenance in the footer.
 * Self-contained like the single report.
 */
export function comparisonReportHtml(a: ComparisonSide, b: ComparisonSide, differs: readonly string[], rows: readonly ComparisonReportRow[]): string {
  const ans = compareAnswer(a.doc, b.doc, rows, b.scenario.question, b.scenario)
  const lineRow = (l: CompareLine): string =>
    `<tr${l.significant ? '' : ' class="ns"'}><td>${escapeHtml(l.label)}</td><td>${escapeHtml(l.a)}</td><td>${escapeHtml(l.b)}</td><td>${escapeHtml(l.diff)}</td><td>${escapeHtml(l.ci)}</td><td>${l.significant ? '' : 'could be chance'}</td></tr>`
  const head = '<thead><tr><th>Result</th><th>A</th><th>B</th><th>B − A</th><th>95% interval of B − A</th><th></th></tr></thead>'
  const title = `${a.scenario.name}: A against B — Quickdraw comparison`
  const footer = (side: ComparisonSide): string =>
    `${escapeHtml(side.name)}: ${escapeHtml(side.doc.system.label)} rules version ${escapeHtml(side.doc.system.version)}, engine ${escapeHtml(side.doc.engine.version)} · seed ${side.doc.run.seed} · ${side.doc.run.trialsDone.toLocaleString('en-US')} trials · scenario fingerprint ${escapeHtml(side.doc.scenario.hash)}`
  const answer = ans.lines.map((l) => `<li>${escapeHtml(l.label)} <strong>${escapeHtml(l.b)}</strong> <span class="meta">(${escapeHtml(l.diff)}${l.percent ? ' points' : ''} from A's ${escapeHtml(l.a)}; 95% ${escapeHtml(l.ci)}${l.significant ? '' : ', could be chance'})</span></li>`).join('')
  const groups = ans.groups.map((g) => `<details><summary>${escapeHtml(g.title)} (${g.lines.length})</summary><table>${head}<tbody>${g.lines.map(lineRow).join('')}</tbody></table></details>`).join('\n')
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">
<style>
${PHONE_CSS}
td:nth-child(n+2){font-variant-numeric:tabular-nums}tr.ns{color:#718096}summary{font-weight:600;margin:.6rem 0;cursor:pointer}
.meta{color:#4a5568}.answer{border-left:4px solid #2b6cb0;padding:.3rem 1rem;background:#f7fafc;margin:.6rem 0}.answer ul{margin:.3rem 0;padding-left:1.2rem;font-size:1.05rem}
footer{margin-top:2rem;border-top:1px solid #e2e8f0;padding-top:.5rem;font-size:.75rem;color:#718096}
</style></head><body>
<h1>${escapeHtml(a.scenario.name)}: A against B</h1>
<section class="answer" data-section="answer"><h2>${escapeHtml(ans.question)}</h2><p class="meta">${escapeHtml(b.name)}, against ${escapeHtml(a.name)}:</p><ul>${answer}</ul></section>
<h2>What B changes</h2>
<ul data-section="differs">${differs.map((d) => `<li>${escapeHtml(d)}</li>`).join('')}</ul>
${a.scenario.description ? `<p class="meta">${escapeHtml(descriptionForReaders(a.scenario.description))}</p>` : ''}
<h2>Every other result</h2>
<p class="meta">Both ran with the same seed and trials. B − A with its 95% interval; a difference whose interval contains 0 could be chance.${ans.hidden > 0 ? ` ${ans.hidden} result${ans.hidden === 1 ? '' : 's'} that cannot happen in either run left out.` : ''}</p>
<div data-section="difference">${groups}</div>
<footer>Made with Quickdraw. ${footer(a)}<br>${footer(b)}</footer>
</body></html>
`
}
