import type { Chart, Plugin } from 'chart.js'

/**
 * Draws 95% interval whiskers on bar datasets, and at the points of line datasets (a sweep's estimate),
 * that carry a `whiskers` array ([low, high] per bar or point, in the value axis' units). A few lines of
 * canvas instead of another dependency.
 */
export const whiskerPlugin: Plugin<'bar'> = {
  id: 'quickdrawWhiskers',
  afterDatasetsDraw(chart: Chart<'bar'>) {
    const ctx = chart.ctx
    const horizontal = chart.options.indexAxis === 'y'
    chart.data.datasets.forEach((ds, di) => {
      const whiskers = (ds as { whiskers?: ([number, number] | null)[] }).whiskers
      const meta = chart.getDatasetMeta(di)
      if (!whiskers || meta.hidden || (meta.type !== 'bar' && meta.type !== 'line')) return
      const scale = horizontal ? chart.scales[meta.xAxisID ?? 'x'] : chart.scales[meta.yAxisID ?? 'y']
      ctx.save()
      ctx.strokeStyle = getComputedStyle(chart.canvas).getPropertyValue('--chart-ink').trim() || '#1a202c'
      ctx.lineWidth = 1.5
      meta.data.forEach((bar, i) => {
        const w = whiskers[i]
        if (!w) return
        const at = horizontal ? bar.y : bar.x
        const a = scale.getPixelForValue(w[0])
        const b = scale.getPixelForValue(w[1])
        const cap = 5
        ctx.beginPath()
        if (horizontal) {
          ctx.moveTo(a, at)
          ctx.lineTo(b, at)
          ctx.moveTo(a, at - cap)
          ctx.lineTo(a, at + cap)
          ctx.moveTo(b, at - cap)
          ctx.lineTo(b, at + cap)
        } else {
          ctx.moveTo(at, a)
          ctx.lineTo(at, b)
          ctx.moveTo(at - cap, a)
          ctx.lineTo(at + cap, a)
          ctx.moveTo(at - cap, b)
          ctx.lineTo(at + cap, b)
        }
        ctx.stroke()
      })
      ctx.restore()
    })
  },
}
