import type { Metric } from '../core/metrics'
import { Z95 } from '../core/stats'
import type { ResultDocument } from './result'

export interface ComparisonRow {
  id: string
  label: string
  a: number
  b: number
  diff: number
  ci: [number, number]
  /** False when the 95% interval of the difference contains 0. */
  significant: boolean
}

/**
 * Newcombe's hybrid score interval for p_b − p_a, built from each side's Wilson interval. It treats
 * the two runs as independent; with the same seed (common random numbers) the runs are positively
 * correlated, so the interval is conservative: a difference flagged significant really is.
 */
export function proportionDifference(pa: number, ca: [number, number], pb: number, cb: [number, number]): [number, number] {
  const d = pb - pa
  return [d - Math.sqrt((pb - cb[0]) ** 2 + (ca[1] - pa) ** 2), d + Math.sqrt((cb[1] - pb) ** 2 + (pa - ca[0]) ** 2)]
}

function row(id: string, label: string, a: number, b: number, ci: [number, number]): ComparisonRow {
  return { id, label, a, b, diff: b - a, ci, significant: ci[0] > 0 || ci[1] < 0 }
}

function rowsOf(ma: Metric, mb: Metric): ComparisonRow[] {
  if (ma.kind === 'probability' && mb.kind === 'probability') return [row(ma.id, ma.label, ma.p, mb.p, proportionDifference(ma.p, ma.ci, mb.p, mb.ci))]
  if ((ma.kind === 'mean' || ma.kind === 'distribution') && ma.kind === mb.kind) {
    const se = Math.sqrt(ma.sd ** 2 / Math.max(1, ma.n) + mb.sd ** 2 / Math.max(1, mb.n))
    const d = mb.mean - ma.mean
    return [row(ma.id, `${ma.label} (mean)`, ma.mean, mb.mean, [d - Z95 * se, d + Z95 * se])]
  }
  if (ma.kind === 'order' && mb.kind === 'order') {
    const keys = [...new Set([...ma.outcomes.map((o) => o.key), ...mb.outcomes.map((o) => o.key)])]
    return keys.map((k) => {
      const oa = ma.outcomes.find((o) => o.key === k) ?? { label: '', p: 0, ci: [0, 0] as [number, number] }
      const ob = mb.outcomes.find((o) => o.key === k) ?? { label: '', p: 0, ci: [0, 0] as [number, number] }
      return row(`${ma.id}/${k}`, `${ma.label}: ${oa.label || ob.label}`, oa.p, ob.p, proportionDifference(oa.p, oa.ci, ob.p, ob.ci))
    })
  }
  return []
}

/** Side-by-side comparison of every metric the two documents share (by id). */
export function compareDocuments(a: ResultDocument, b: ResultDocument): ComparisonRow[] {
  const byId = new Map(b.metrics.map((m) => [m.id, m]))
  return a.metrics.flatMap((ma) => {
    const mb = byId.get(ma.id)
    return mb ? rowsOf(ma, mb) : []
  })
}
