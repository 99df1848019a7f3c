import type { ComparisonRow } from '../engine/run/compare'
import type { ResultDocument } from '../engine/run/result'
import type { SweepDocument } from './analysis'
import type { Metric } from '../engine/core/metrics'
import { labelInWords, outcomeInWords } from '../shared/report/headline'
import { fieldInWords } from '../shared/report/rule-words'
import { pct } from './format'

function table(rows: string[][]): string {
  const widths: number[] = []
  for (const r of rows) r.forEach((c, i) => (widths[i] = Math.max(widths[i] ?? 0, c.length)))
  return rows.map((r) => r.map((c, i) => c.padEnd(widths[i])).join('  ').trimEnd()).join('\n')
}

/**
 * One block per probability metric: its estimate and interval at every sweep point. Results are said in the
 * rules' words, and the swept fields too when the scenario is given ("Smuggler's attack skill").
 */
export function formatSweep(sweep: SweepDocument, only?: string, scenario?: unknown): string {
  const first = sweep.points[0]?.document
  if (!first) return 'empty sweep'
  const ids = first.metrics.filter((m) => m.kind === 'probability' && (only === undefined || m.id === only || m.metric === only)).map((m) => m.id)
  const head = sweep.params.map((p) => (scenario === undefined ? p.path : fieldInWords(scenario, p.path)))
  const blocks = ids.map((id) => {
    const label = labelInWords(first.metrics.find((m) => m.id === id)?.label ?? id)
    const rows = [[...head, 'Estimate', '95% interval', 'Exact']]
    for (const p of sweep.points) {
      const m = p.document.metrics.find((x) => x.id === id)
      if (!m || m.kind !== 'probability') continue
      rows.push([...p.at.map(String), pct(m.p), `${pct(m.ci[0])} – ${pct(m.ci[1])}`, m.exact === undefined ? '' : pct(m.exact)])
    }
    return `${label}\n${table(rows)}`
  })
  return `${sweep.scenario.name} — sweep of ${head.join(' × ')} (${sweep.points.length} points, seed ${first.run.seed}, ${first.run.trials} trials each)\n\n${blocks.join('\n\n')}\n`
}

/** A comparison row in the rules' words, the fighter or side by name first ("Doc wins", "Convict B acts first, alone"). */
function rowWords(r: ComparisonRow, byId: Map<string, Metric>): string {
  const direct = byId.get(r.id)
  if (direct) return `${labelInWords(direct.label)}${r.label.endsWith('(mean)') ? ' (mean)' : ''}`
  const slash = r.id.lastIndexOf('/')
  const order = slash > 0 ? byId.get(r.id.slice(0, slash)) : undefined
  const o = order?.kind === 'order' ? order.outcomes.find((x) => x.key === r.id.slice(slash + 1)) : undefined
  return order?.kind === 'order' && o ? outcomeInWords(order, o.label) : r.label
}

export function formatComparison(a: ResultDocument, b: ResultDocument, rows: ComparisonRow[]): string {
  const fmt = (x: number, isP: boolean): string => (isP ? pct(x) : x.toFixed(3))
  const byId = new Map<string, Metric>([...a.metrics, ...b.metrics].map((m) => [m.id, m]))
  const lines = [['Result', 'A', 'B', 'B − A', '95% interval', '']]
  // A probability with no sample (e.g. per hold taken, and none was taken) is undefined, not 0%.
  const unsampled = (d: ResultDocument, id: string): boolean => d.metrics.some((m) => m.id === id && m.kind === 'probability' && m.n === 0)
  for (const r of rows) {
    const isP = !r.label.endsWith('(mean)')
    const [na, nb] = [unsampled(a, r.id), unsampled(b, r.id)]
    if (na || nb) {
      const side = na && nb ? 'A or B' : na ? 'A' : 'B'
      lines.push([rowWords(r, byId), na ? 'undefined' : fmt(r.a, isP), nb ? 'undefined' : fmt(r.b, isP), 'undefined', '', `no sample in ${side}`])
      continue
    }
    lines.push([rowWords(r, byId), fmt(r.a, isP), fmt(r.b, isP), fmt(r.diff, isP), `${fmt(r.ci[0], isP)} – ${fmt(r.ci[1], isP)}`, r.significant ? '' : 'not significant'])
  }
  return `A: ${a.scenario.name} (${a.scenario.hash})\nB: ${b.scenario.name} (${b.scenario.hash})\nseed ${a.run.seed} · ${a.run.trials} trials each\n\n${table(lines)}\n`
}
