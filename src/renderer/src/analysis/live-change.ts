import type { Metric } from '../../../engine/core/metrics'

/** How one headline number moved since the answer before the last edit. */
export interface LiveChange {
  /** The value before ("65.1%"). */
  was: string
  /** The change in points or units, signed ("+1.9", "−0.4"). */
  delta: string
  /** Whether the change is larger than sampling noise (the two 95% intervals, combined, exclude no change). */
  significant: boolean
}

interface Point {
  value: number
  /** Half-width of the 95% interval; 0 for an exact value. */
  half: number
  percent: boolean
}

/** The value of a headline item (`id`, or `id=outcome` for an order), with its interval. */
function pointOf(metrics: readonly Metric[], itemId: string): Point | null {
  const at = itemId.indexOf('=')
  const id = at < 0 ? itemId : itemId.slice(0, at)
  const m = metrics.find((x) => x.id === id)
  if (!m || m.n === 0) return null
  switch (m.kind) {
    case 'probability':
      return m.exact !== undefined ? { value: m.exact, half: 0, percent: true } : { value: m.p, half: (m.ci[1] - m.ci[0]) / 2, percent: true }
    case 'mean':
      return m.exact !== undefined ? { value: m.exact, half: 0, percent: false } : { value: m.mean, half: (m.ci[1] - m.ci[0]) / 2, percent: false }
    case 'distribution':
      return { value: m.exact?.mean ?? m.mean, half: 0, percent: false }
    case 'order': {
      const o = m.outcomes.find((x) => x.key === itemId.slice(at + 1))
      if (!o) return null
      return o.exact !== undefined ? { value: o.exact, half: 0, percent: true } : { value: o.p, half: (o.ci[1] - o.ci[0]) / 2, percent: true }
    }
  }
}

const minus = '\u2212'

/**
 * What changed in one headline number since the answer before the last edit, or null when that answer
 * had no such number. Significant when the difference is beyond 1.96 standard errors of the two
 * estimates together (each standard error read off its 95% interval); exact values have none.
 */
export function liveChange(itemId: string, now: readonly Metric[], was: readonly Metric[] | null): LiveChange | null {
  if (was === null) return null
  const a = pointOf(was, itemId)
  const b = pointOf(now, itemId)
  if (a === null || b === null || a.percent !== b.percent) return null
  const scale = a.percent ? 100 : 1
  const d = (b.value - a.value) * scale
  const noise = Math.hypot(a.half, b.half) * scale
  const digits = a.percent ? 1 : Math.abs(a.value) >= 100 ? 1 : 2
  const shown = d.toFixed(digits)
  const zero = Number(shown) === 0
  return {
    was: a.percent ? `${(a.value * 100).toFixed(1)}%` : a.value.toFixed(digits),
    delta: zero ? '±0' : `${d > 0 ? '+' : minus}${Math.abs(d).toFixed(digits)}`,
    significant: !zero && Math.abs(d) > noise + 1e-12,
  }
}
