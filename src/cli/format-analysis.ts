import type { ComparisonRow } from '../engine/run/compare'
import type { ResultDocument } from '../engine/run/result'
import type { SweepDocument } from './analysis'
import { pct } from './format'

function table(rows: string[][]): string {
  const widths: number[] = []
  for (const r of rows) r.forEach((c, i) => (widths[i] = Math.max(widths[i] ?? 0, c.length)))
  return rows.map((r) => r.map((c, i) => c.padEnd(widths[i])).join('  ').trimEnd()).join('\n')
}

/** One block per probability metric: its estimate and interval at every sweep point. */
export function formatSweep(sweep: SweepDocument, only?: string): string {
  const first = sweep.points[0]?.document
  if (!first) return 'empty sweep'
  const ids = first.metrics.filter((m) => m.kind === 'probability' && (only === undefined || m.id === only || m.metric === only)).map((m) => m.id)
  const head = sweep.params.map((p) => p.path)
  const blocks = ids.map((id) => {
    const label = first.metrics.find((m) => m.id === id)?.label ?? id
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

export function formatComparison(a: ResultDocument, b: ResultDocument, rows: ComparisonRow[]): string {
  const fmt = (x: number, isP: boolean): string => (isP ? pct(x) : x.toFixed(3))
  const lines = [['Metric', 'A', 'B', 'B − A', '95% interval', '']]
  // A probability with no sample (e.g. per hold taken, and none was taken) is undefined, not 0%.
  const unsampled = (d: ResultDocument, id: string): boolean => d.metrics.some((m) => m.id === id && m.kind === 'probability' && m.n === 0)
  for (const r of rows) {
    const isP = !r.label.endsWith('(mean)')
    const [na, nb] = [unsampled(a, r.id), unsampled(b, r.id)]
    if (na || nb) {
      const side = na && nb ? 'A or B' : na ? 'A' : 'B'
      lines.push([r.label, na ? 'undefined' : fmt(r.a, isP), nb ? 'undefined' : fmt(r.b, isP), 'undefined', '', `no sample in ${side}`])
      continue
    }
    lines.push([r.label, fmt(r.a, isP), fmt(r.b, isP), fmt(r.diff, isP), `${fmt(r.ci[0], isP)} – ${fmt(r.ci[1], isP)}`, r.significant ? '' : 'not significant'])
  }
  return `A: ${a.scenario.name} (${a.scenario.hash})\nB: ${b.scenario.name} (${b.scenario.hash})\nseed ${a.run.seed} · ${a.run.trials} trials each\n\n${table(lines)}\n`
}
