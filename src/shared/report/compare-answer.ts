import type { Metric } from '../../engine/core/metrics'
import type { ComparisonRow } from '../../engine/run/compare'
import type { ResultDocument } from '../../engine/run/result'
import { averageInWords, groupOf, GROUP_TITLES, headline, labelInWords, neverHappens, outcomeInWords, settingOf, type ResultGroup, type ScenarioQuestion, type Setting } from './headline'

/**
 * A comparison, answer first (issue 28): the difference in the numbers that answer the scenario's
 * question, said as B's answer and how far it moved ("B: Vince wins 44.9% (+26.7, +25.8…+27.6)"), then
 * every other result in Results' folded groups, leaving out what cannot happen in either run. Used by the
 * app's Compare tab and the comparison report, so both read the same.
 */
export interface CompareLine {
  id: string
  /** B's result in words ("Vince wins"). */
  label: string
  /** Whether it is a chance (shown in percent and points). */
  percent: boolean
  a: string
  b: string
  /** B − A ("+26.7" points, "−0.41"). */
  diff: string
  /** The 95% interval of the difference ("+25.8…+27.6"). */
  ci: string
  significant: boolean
}

export interface CompareAnswer {
  question: string
  /** The headline's results, A against B. */
  lines: CompareLine[]
  /** Every other result both runs report, in Results' groups; results that cannot happen in either run are left out. */
  groups: { group: ResultGroup; title: string; lines: CompareLine[] }[]
  /** How many results were left out because they cannot happen in either run. */
  hidden: number
}

const sign = (x: number): string => (x > 0 ? '+' : x < 0 ? '−' : '±')
const fixed = (x: number, percent: boolean): string => (percent ? (x * 100).toFixed(1) : Math.abs(x) >= 100 ? x.toFixed(1) : x.toFixed(2))

function lineOf(r: ComparisonRow, label: string, percent: boolean, unit = ''): CompareLine {
  const signed = (x: number): string => `${sign(x)}${fixed(Math.abs(x), percent)}`
  const value = (x: number): string => `${fixed(x, percent)}${percent ? '%' : unit === '' ? '' : ` ${unit}`}`
  return {
    id: r.id,
    label,
    percent,
    a: value(r.a),
    b: value(r.b),
    diff: signed(r.diff),
    ci: `${signed(r.ci[0])}…${signed(r.ci[1])}`,
    significant: r.significant,
  }
}

/** A row's metric in B (or A) and its words; an ordering's row is one of its outcomes (`wins/B`). */
function metricOfRow(r: ComparisonRow, byId: Map<string, Metric>, setting: Setting): { m: Metric; label: string; percent: boolean; unit?: string } | undefined {
  const direct = byId.get(r.id)
  if (direct?.kind === 'distribution' || direct?.kind === 'mean') {
    // an average: "Average fight length: 7.20 Segments", never "(average)" tacked on
    const avg = averageInWords(direct.label, setting)
    return { m: direct, label: avg.label, percent: false, unit: avg.unit }
  }
  if (direct) return { m: direct, label: labelInWords(direct.label, setting), percent: direct.kind === 'probability' }
  const slash = r.id.lastIndexOf('/')
  const order = slash > 0 ? byId.get(r.id.slice(0, slash)) : undefined
  if (order?.kind !== 'order') return undefined
  const o = order.outcomes.find((x) => x.key === r.id.slice(slash + 1))
  return { m: order, label: o ? outcomeInWords(order, o.label, setting) : labelInWords(r.label, setting), percent: true }
}

/** "B: Vince wins 44.9% (+26.7, +25.8…+27.6)": B's headline result and how far it moved from A. */
export function compareLineText(l: CompareLine): string {
  return `${l.label} ${l.b} (${l.diff}${l.percent ? ' points' : ''}, ${l.ci}${l.significant ? '' : ', could be chance'})`
}

export function compareAnswer(a: ResultDocument, b: ResultDocument, rows: readonly ComparisonRow[], question?: ScenarioQuestion, scenarioB?: unknown): CompareAnswer {
  const h = headline(b.system.id, b.metrics, question, scenarioB)
  const inA = new Map(a.metrics.map((m) => [m.id, m]))
  const inB = new Map(b.metrics.map((m) => [m.id, m]))
  const setting = settingOf(scenarioB)
  const rowFor = (headId: string): ComparisonRow | undefined => rows.find((r) => r.id === headId.replace('=', '/'))
  const lines: CompareLine[] = []
  const used = new Set<string>()
  for (const item of h.items) {
    const r = rowFor(item.id)
    const info = r && metricOfRow(r, inB, setting)
    if (!r || !info) continue
    used.add(r.id)
    lines.push(lineOf(r, item.label, info.percent, info.unit))
  }
  let hidden = 0
  const byGroup = new Map<ResultGroup, CompareLine[]>()
  for (const r of rows) {
    if (used.has(r.id)) continue
    const info = metricOfRow(r, inB, setting)
    if (!info) continue
    const ma = inA.get(info.m.id)
    if (neverHappens(info.m) && (!ma || neverHappens(ma)) && r.a === 0 && r.b === 0) {
      hidden++
      continue
    }
    const g = groupOf(info.m.metric)
    byGroup.set(g, [...(byGroup.get(g) ?? []), lineOf(r, info.label, info.percent, info.unit)])
  }
  const order: ResultGroup[] = ['defeat', 'timing', 'attacks', 'damage']
  return { question: h.question, lines, groups: order.filter((g) => byGroup.has(g)).map((g) => ({ group: g, title: GROUP_TITLES[g], lines: byGroup.get(g) ?? [] })), hidden }
}
