import type { Chart as ChartJs, ChartConfiguration } from 'chart.js'
import type { ChartSpec } from './datasets'

/**
 * Chart.js, once loaded: the page's first script carries none of it. It is fetched with the first chart
 * (`loadCharts`, which the chart queue awaits before any chart work), and set here, so a chart made from
 * queued work always finds it.
 */
export let Chart: typeof ChartJs

let loading: Promise<void> | undefined

/** Loads and registers Chart.js once; later calls share the same promise (a failed load may be tried again). */
export function loadCharts(): Promise<void> {
  loading ??= import('./chart-register').then(
    (m) => {
      Chart = m.Chart
    },
    (e: unknown) => {
      loading = undefined
      throw e
    },
  )
  return loading
}

/** Whether Chart.js is loaded (chart work may run at once). */
export const chartsLoaded = (): boolean => Chart !== undefined

function css(name: string, fallback: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback
}

/** The Chart.js configuration of a spec, themed from the page's CSS variables (light or dark). */
export function chartConfig(spec: ChartSpec): ChartConfiguration {
  const ink = css('--chart-ink', '#1a202c')
  const grid = css('--chart-grid', '#e2e8f0')
  const axis = (title: string, extra: object = {}) => ({ title: { display: title !== '', text: title, color: ink }, ticks: { color: ink }, grid: { color: grid }, ...extra })
  // A sweep's axis follows its curve (with a margin), so a narrow 95% band is not squashed against 0–100%.
  const valueAxis =
    spec.kind === 'order'
      ? axis(spec.x, { stacked: true, min: 0, max: 100 })
      : spec.kind === 'sweep'
        ? axis(spec.y, { beginAtZero: false, grace: '10%' })
        : axis(spec.y, { beginAtZero: true, suggestedMax: spec.kind === 'probability' ? 100 : undefined })
  const scales: Record<string, object> = spec.horizontal ? { x: valueAxis, y: axis(spec.y, { stacked: spec.stacked }) } : { x: axis(spec.x, { stacked: spec.stacked }), y: valueAxis }
  if (spec.y2) scales.y2 = axis(spec.y2, { position: 'right', min: 0, max: 100, grid: { drawOnChartArea: false, color: grid } })
  return {
    type: 'bar',
    data: { labels: spec.labels, datasets: structuredClone(spec.datasets) as ChartConfiguration['data']['datasets'] },
    options: {
      responsive: true,
      maintainAspectRatio: false,
      animation: false,
      indexAxis: spec.horizontal ? 'y' : 'x',
      scales,
      plugins: {
        legend: { display: spec.kind !== 'probability' || spec.datasets.length > 1, labels: { color: ink, boxWidth: 12, filter: (item) => item.text !== '' } },
        // A spec with its own tooltips (a sweep) shows one line per point, the estimate with its interval; the band's edges are never read as the estimate.
        tooltip: spec.tooltips
          ? { filter: (item) => item.dataset.label === 'Estimate', callbacks: { label: (item) => `Estimate ${spec.tooltips?.[item.dataIndex] ?? ''}` } }
          : { callbacks: { label: (item) => `${item.dataset.label}: ${Number(item.raw).toFixed(2)}${spec.unit ?? '%'}` } },
      },
    },
  }
}

