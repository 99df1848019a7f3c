// @vitest-environment happy-dom
import type { Chart } from 'chart.js'
import { describe, expect, it } from 'vitest'
import { whiskerPlugin } from './whisker-plugin'

/** A chart with just what the plugin reads, and a canvas context that records the strokes. */
function fakeChart(type: 'bar' | 'line', whiskers: ([number, number] | null)[]) {
  const lines: [number, number, number, number][] = []
  let from: [number, number] = [0, 0]
  const ctx = {
    save: () => undefined,
    restore: () => undefined,
    beginPath: () => undefined,
    stroke: () => undefined,
    moveTo: (x: number, y: number) => void (from = [x, y]),
    lineTo: (x: number, y: number) => void lines.push([...from, x, y]),
    strokeStyle: '',
    lineWidth: 0,
  }
  const chart = {
    ctx,
    canvas: document.createElement('canvas'),
    options: { indexAxis: 'x' },
    data: { datasets: [{ whiskers }] },
    scales: { y: { getPixelForValue: (v: number) => 100 - v } },
    getDatasetMeta: () => ({ type, hidden: false, yAxisID: 'y', data: whiskers.map((_, i) => ({ x: 10 + 20 * i, y: 50 })) }),
  }
  return { chart: chart as unknown as Chart<'bar'>, lines }
}

describe('interval whiskers', () => {
  it('are drawn at each point of a line (a sweep estimate), skipping points without an interval', () => {
    const { chart, lines } = fakeChart('line', [[40, 60], null, [20, 30]])
    ;(whiskerPlugin.afterDatasetsDraw as (c: Chart<'bar'>) => void)(chart)
    const verticals = lines.filter(([x1, , x2]) => x1 === x2)
    expect(verticals).toEqual([
      [10, 60, 10, 40],
      [50, 80, 50, 70],
    ])
    expect(lines).toHaveLength(6) // a stem and two caps per whisker
  })

  it('are drawn on bars as before', () => {
    const { chart, lines } = fakeChart('bar', [[10, 20]])
    ;(whiskerPlugin.afterDatasetsDraw as (c: Chart<'bar'>) => void)(chart)
    expect(lines).toHaveLength(3)
  })
})
