import type { Metric } from '../engine/core/metrics'
import type { ResultDocument } from '../engine/run/result'
import type { ExactMetric } from '../engine/systems/rule-system'
import { exactnessWords } from '../engine/core/fight-exact'
import { jointCell, jointGrid } from '../shared/joint-grid'
import { exactHeadline, headline, headlineText, labelInWords, outcomeRow, settingOf, type ScenarioQuestion, type Setting } from '../shared/report/headline'
import { findSystem } from '../engine/systems/registry'

/** Plain-text tables for the terminal. Pure functions, so they are tested without a terminal. */

export function pct(p: number): string {
  return `${(p * 100).toFixed(2)}%`
}

export function thousands(n: number): string {
  return Math.round(n).toLocaleString('en-US')
}

export function rate(perSecond: number): string {
  if (perSecond >= 1e6) return `${(perSecond / 1e6).toFixed(2)}M/s`
  if (perSecond >= 1e3) return `${(perSecond / 1e3).toFixed(1)}k/s`
  return `${Math.round(perSecond)}/s`
}

function table(rows: string[][]): string {
  const widths: number[] = []
  for (const r of rows) r.forEach((c, i) => (widths[i] = Math.max(widths[i] ?? 0, c.length)))
  return rows.map((r) => r.map((c, i) => (i === r.length - 1 ? c : c.padEnd(widths[i]))).join('  ').trimEnd()).join('\n')
}

/** Each result in the rules' words, the fighter or side by name first, as the headline and the app say it ("Oni wins the exchange", "Doc wins"). */
function metricRows(m: Metric, setting: Setting): string[][] {
  const label = labelInWords(m.label, setting)
  switch (m.kind) {
    case 'probability':
      // No trial gave the event a chance (a fighter who never attacked has no hit rate).
      if (m.n === 0) return [[label, 'never happened', '', m.exact === undefined ? '' : pct(m.exact)]]
      return [[label, pct(m.p), `${pct(m.ci[0])} – ${pct(m.ci[1])}`, m.exact === undefined ? '' : pct(m.exact)]]
    case 'mean':
      if (m.n === 0) return [[label, 'never happened', '', m.exact === undefined ? '' : m.exact.toFixed(3)]]
      return [[label, m.mean.toFixed(3), `${m.ci[0].toFixed(3)} – ${m.ci[1].toFixed(3)}`, m.exact === undefined ? '' : m.exact.toFixed(3)]]
    case 'distribution': {
      const q = m.quantiles
      const exact = m.exact ? `mean ${m.exact.mean.toFixed(3)}` : ''
      // Nothing to summarise when the event never happened (a fighter who never hit has no damage per hit).
      if (m.n === 0) return [[label, 'never happened', '', exact]]
      return [[label, `mean ${m.mean.toFixed(3)}`, `sd ${m.sd.toFixed(3)} · median ${q.p50} · 5–95%: ${q.p05}–${q.p95}`, exact]]
    }
    case 'order':
      return []
  }
}

export function formatMetrics(metrics: Metric[], setting: Setting = {}): string {
  const rows: string[][] = [['Result', 'Estimate', '95% interval', 'Exact']]
  for (const m of metrics) rows.push(...metricRows(m, setting))
  const parts = [table(rows)]
  for (const m of metrics) {
    if (m.kind !== 'order') continue
    const orderRows: string[][] = [[labelInWords(m.label, setting), 'Estimate', '95% interval', 'Exact']]
    for (const o of m.outcomes) orderRows.push([`  ${outcomeRow(m, o.label, setting)}`, pct(o.p), `${pct(o.ci[0])} – ${pct(o.ci[1])}`, o.exact === undefined ? '' : pct(o.exact)])
    parts.push(table(orderRows))
  }
  return parts.join('\n\n')
}

/**
 * A run as text, the answer first: the scenario's question (its own, or the system's usual one) and the
 * results that answer it, then how the run was made, then every result in a table.
 */
export function formatResult(doc: ResultDocument, question?: ScenarioQuestion, scenario?: unknown): string {
  const h = headline(doc.system.id, doc.metrics, question, scenario)
  const answer = h.items.length > 0 ? [`${h.question}`, `  ${headlineText(h)}`, ''] : []
  // What the answer leaves out comes right under it, before how the run was made.
  const caveats = doc.notModelled?.length ? ['Not played here, which may change the answer:', ...doc.notModelled.map((w) => `  - ${w}`), ''] : []
  const head = [
    ...answer,
    ...caveats,
    `${doc.scenario.name} — ${doc.system.label} ${doc.system.version}`,
    `seed ${doc.run.seed} · ${thousands(doc.run.trialsDone)} of ${thousands(doc.run.trials)} trials · ${doc.timing.workers} worker${doc.timing.workers === 1 ? '' : 's'} · ${(doc.timing.elapsedMs / 1000).toFixed(2)} s · ${rate(doc.timing.trialsPerSecond)}`,
    `${rulesLine(doc)} · scenario ${doc.scenario.hash} · engine ${doc.engine.version}`,
  ]
  if (doc.status !== 'done') head.push(`status: ${doc.status}${doc.error ? ` — ${doc.error}` : ''}`)
  return `${head.join('\n')}\n\n${formatMetrics(doc.metrics, settingOf(scenario))}\n`
}

/** The rule variants that differ from the system's defaults, each by its name and the words of its value (never key=value); all of them are in the --json document. */
function rulesLine(doc: ResultDocument): string {
  const variants = findSystem(doc.system.id)?.variants ?? []
  const changed = Object.entries(doc.rules).filter(([k, v]) => variants.find((x) => x.key === k)?.default !== v)
  const said = ([k, v]: [string, string]): string => {
    const variant = variants.find((x) => x.key === k)
    return `${variant?.label ?? k}: ${variant?.values.find((x) => x.value === v)?.label ?? v}`
  }
  return changed.length === 0 ? 'rules: the defaults' : `rules changed from the defaults: ${changed.map(said).join('; ')}`
}

/**
 * An exact answer as text, the answer first when the scenario is given: its question and the headline's
 * results at their exact values, then what was solved and every exact value.
 */
export function formatExact(label: string, exact: ExactMetric[], asked?: { systemId: string; question?: ScenarioQuestion; scenario?: unknown }): string {
  const rows: string[][] = [['Result', 'Exact']]
  const orders: string[] = []
  const fight = exact.find((m) => m.kind === 'fight')
  for (const m of exact) {
    if (m.kind === 'fight') continue
    else if (m.kind === 'probability') rows.push([labelInWords(m.label), pct(m.p)])
    else if (m.kind === 'mean') rows.push([labelInWords(m.label), m.mean.toFixed(4)])
    else if (m.kind === 'distribution') {
      rows.push([labelInWords(m.label), `mean ${m.mean.toFixed(4)}`])
      orders.push(distributionTable(m))
    }
    else if (m.kind === 'joint') orders.push(jointTable(m))
    else orders.push(table([[labelInWords(m.label), 'Exact'], ...m.outcomes.map((o) => [`  ${outcomeRow(m as unknown as Extract<Metric, { kind: 'order' }>, o.label)}`, pct(o.p)])]))
  }
  const h = asked ? exactHeadline(asked.systemId, exact, asked.question, asked.scenario) : undefined
  const answer = h && h.items.length > 0 ? `${h.question}\n  ${h.items.map((i) => `${i.label} ${i.value}`).join(' · ')}\n\n` : ''
  const head = fight ? `${label}\n${fightLine(fight)}` : label
  return `${answer}${head}\n\n${[...(rows.length > 1 ? [table(rows)] : []), ...orders].join('\n\n')}\n`
}

/**
 * Whether the whole fight was solved exactly: "Whole fight: exact (1,234 states)", "Whole fight: exact to
 * within 3e-10 (fights of vanishing chance set aside; 1,234 states)" or "Whole fight: no exact answer — <why>".
 */
export function fightLine(m: Extract<ExactMetric, { kind: 'fight' }>): string {
  if (!m.solved) return `${m.label}: no exact answer — ${m.reason ?? 'out of scope'}`
  const words = exactnessWords(m) ?? 'exact'
  const states = `${(m.states ?? 0).toLocaleString('en-US')} states`
  return `${m.label}: ${words} (${words === 'exact' ? states : `fights of vanishing chance set aside; ${states}`})`
}

/** P(= value) and P(≥ value) for an exact distribution (values with probability under 1e-6 left out). */
function distributionTable(m: Extract<ExactMetric, { kind: 'distribution' }>): string {
  const rows: string[][] = [[m.label, 'P(=)', 'P(≥)']]
  let tail = 1
  for (const { value, p } of m.p) {
    if (p >= 1e-6) rows.push([`  ${value}`, pct(p), pct(Math.max(0, tail))])
    tail -= p
  }
  return table(rows)
}

/** A joint distribution as a grid: a row per x value, a column per y value, cells in percent of trials. */
export function jointTable(m: Extract<ExactMetric, { kind: 'joint' }>): string {
  const g = jointGrid(m)
  const head = [`${m.x.label} ↓ / ${m.y.label} →`, ...g.cols.map((v) => String(v).padStart(5))]
  return `${m.label}, in percent\n${table([head, ...g.rows.map((x, r) => [`  ${x}`, ...g.cells[r].map((p) => jointCell(p).padStart(5))])])}`
}

/** A one-line progress bar for a whole-fight solve (`quickdraw exact`): the chance already decided, and the situations followed. */
export function exactProgressLine(decided: number, states: number, width = 30): string {
  const filled = Math.min(width, Math.floor(decided * width))
  const pct = Math.floor(decided * 1000) / 10
  return `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${pct.toFixed(1).padStart(5)}% of fights decided · ${compactCount(states)} situation${states === 1 ? '' : 's'} followed`
}

function compactCount(n: number): string {
  if (n >= 1e6) return `${(n / 1e6).toFixed(1)}M`
  if (n >= 1e4) return `${Math.round(n / 1e3)}k`
  return String(n)
}

/** A one-line progress bar for stderr. */
export function progressLine(done: number, total: number, perSecond: number, etaMs: number | null, width = 30): string {
  const share = total > 0 ? done / total : 0
  const filled = Math.round(share * width)
  const eta = etaMs === null ? '' : ` · ${Math.ceil(etaMs / 1000)} s left`
  return `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${(share * 100).toFixed(0).padStart(3)}% · ${rate(perSecond)}${eta}`
}
