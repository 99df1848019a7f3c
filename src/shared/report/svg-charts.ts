import type { DistributionMetric, OrderMetric, ProbabilityMetric } from '../../engine/core/metrics'

/**
 * Charts as inline SVG for the self-contained HTML report: no script, no network, opens offline in any
 * browser. Probabilities are bars with their 95% whiskers and the exact value as a tick.
 */
export function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
}

const pct = (p: number): string => `${(p * 100).toFixed(1)}%`

interface Bar {
  label: string
  p: number
  ci: [number, number]
  exact?: number
}

/** Horizontal bars on a 0–100% axis, one row per bar. */
export function probabilityBars(title: string, bars: Bar[]): string {
  const rowH = 22
  const labelW = 320
  const plotW = 420
  const h = bars.length * rowH + 34
  const x = (p: number): number => labelW + p * plotW
  const rows = bars.map((b, i) => {
    const y = 24 + i * rowH
    const exact = b.exact === undefined ? '' : `<line x1="${x(b.exact)}" x2="${x(b.exact)}" y1="${y + 1}" y2="${y + rowH - 5}" stroke="#c05621" stroke-width="2"><title>exact ${pct(b.exact)}</title></line>`
    return [
      `<text x="${labelW - 6}" y="${y + 13}" text-anchor="end" font-size="11">${escapeHtml(b.label.length > 52 ? `${b.label.slice(0, 50)}…` : b.label)}</text>`,
      `<rect x="${labelW}" y="${y + 3}" width="${Math.max(0.5, b.p * plotW)}" height="${rowH - 10}" fill="#4299e1"><title>${escapeHtml(b.label)}: ${pct(b.p)} (95% ${pct(b.ci[0])}–${pct(b.ci[1])})</title></rect>`,
      `<line x1="${x(b.ci[0])}" x2="${x(b.ci[1])}" y1="${y + 8}" y2="${y + 8}" stroke="#1a202c" stroke-width="1.5"/>`,
      exact,
      `<text x="${labelW + plotW + 6}" y="${y + 13}" font-size="11">${pct(b.p)}</text>`,
    ].join('')
  })
  const axis = [0, 0.25, 0.5, 0.75, 1].map((t) => `<line x1="${x(t)}" x2="${x(t)}" y1="20" y2="${h - 8}" stroke="#e2e8f0"/><text x="${x(t)}" y="14" font-size="10" text-anchor="middle">${t * 100}%</text>`)
  return `<figure class="chart"><figcaption>${escapeHtml(title)}</figcaption><svg data-chart="probability" role="img" aria-label="${escapeHtml(title)}" width="${labelW + plotW + 60}" height="${h}">${axis.join('')}${rows.join('')}</svg></figure>`
}

export function probabilityChart(title: string, metrics: ProbabilityMetric[]): string {
  return probabilityBars(title, metrics.map((m) => ({ label: m.label, p: m.p, ci: m.ci, exact: m.exact })))
}

export function orderChart(m: OrderMetric): string {
  return probabilityBars(m.label, m.outcomes.slice(0, 24).map((o) => ({ label: o.label, p: o.p, ci: o.ci, exact: o.exact })))
}

/** Histogram columns with the cumulative share as a line; axes: value across, share of trials up the left, cumulative share up the right. */
export function distributionChart(m: DistributionMetric): string {
  const w = 680
  const h = 240
  const left = 56
  const right = 50
  const top = 14
  const bottom = 40
  const bins = m.bins
  if (bins.length === 0) return ''
  const lo = bins[0].value
  const hi = bins[bins.length - 1].value
  const span = hi - lo + 1
  const most = Math.max(...bins.map((b) => b.count)) / m.n
  const plotH = h - top - bottom
  const bw = (w - left - right) / span
  const yOf = (share: number): number => h - bottom - (share / most) * plotH
  let cum = 0
  const cols = bins.map((b) => {
    const bh = (b.count / m.n / most) * plotH
    return `<rect x="${left + (b.value - lo) * bw}" y="${h - bottom - bh}" width="${Math.max(1, bw - 1)}" height="${bh}" fill="#48bb78"><title>${b.value}: ${pct(b.count / m.n)}</title></rect>`
  })
  const line = bins.map((b) => {
    cum += b.count
    return `${left + (b.value - lo + 0.5) * bw},${h - bottom - (cum / m.n) * plotH}`
  })
  const yTicks = [0, most / 2, most].map((t) => `<line x1="${left}" x2="${w - right}" y1="${yOf(t)}" y2="${yOf(t)}" stroke="#e2e8f0"/><text x="${left - 4}" y="${yOf(t) + 3}" font-size="10" text-anchor="end">${pct(t)}</text>`)
  const every = Math.max(1, Math.ceil(span / 16))
  const xTicks = bins.filter((b) => (b.value - lo) % every === 0 || b.value === hi).map((b) => `<text x="${left + (b.value - lo + 0.5) * bw}" y="${h - bottom + 13}" font-size="10" text-anchor="middle">${b.value}</text>`)
  const captions = [
    `<text x="${left + (w - left - right) / 2}" y="${h - 6}" font-size="11" text-anchor="middle">value</text>`,
    `<text x="12" y="${top + plotH / 2}" font-size="11" text-anchor="middle" transform="rotate(-90 12 ${top + plotH / 2})">share of fights</text>`,
    `<text x="${w - right + 4}" y="${top + 4}" font-size="10">100%</text><text x="${w - right + 4}" y="${h - bottom}" font-size="10">0%</text>`,
    `<text x="${w - 10}" y="${top + plotH / 2}" font-size="11" text-anchor="middle" transform="rotate(90 ${w - 10} ${top + plotH / 2})">cumulative</text>`,
  ]
  return `<figure class="chart"><figcaption>${escapeHtml(m.label)} — average ${m.mean.toFixed(2)}</figcaption><svg data-chart="distribution" role="img" aria-label="${escapeHtml(m.label)}" width="${w}" height="${h}">${yTicks.join('')}${cols.join('')}<polyline points="${line.join(' ')}" fill="none" stroke="#2d3748" stroke-width="1.5"/>${xTicks.join('')}${captions.join('')}</svg></figure>`
}
