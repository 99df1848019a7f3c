import { describe, expect, it } from 'vitest'
import { distributionMetric, orderMetric, probabilityMetric, type Metric } from '../../../engine/core/metrics'
import type { ResultDocument } from '../../../engine/run/result'
import { parse } from 'csv-parse/sync'
import { estimateOf, seriesKeys, sweepCsv, sweepCurve, sweepHeatmap } from './sweep-series'
import type { SweepDocument } from './sweep-plan'

const doc = (metrics: Metric[]): ResultDocument => ({ metrics, run: { seed: 5, trials: 100 } }) as unknown as ResultDocument
const first = (count: number): Metric => probabilityMetric({ id: 'first:kid', metric: 'first', label: 'Acts first: The Kid' }, count, 100)
const order = (counts: [string, number][]): Metric => orderMetric({ id: 'ordering', metric: 'ordering', label: 'Order' }, counts.map(([key, count]) => ({ key, label: key, count })), 100)

function sweep(points: [number[], Metric[]][], paths = ['combatants[0].skill']): SweepDocument {
  const values = paths.map((_, i) => [...new Set(points.map((p) => p[0][i]))])
  return { format: 'quickdraw-sweep/1', scenario: { name: 'Duel', hash: 'abc' }, params: paths.map((path, i) => ({ path, values: values[i] })), points: points.map(([at, m]) => ({ at, document: doc(m) })) }
}

describe('sweep curves', () => {
  it('a chance is a curve in percent with its Wilson interval', () => {
    const s = sweep([[[10], [first(20)]], [[12], [first(50)]]])
    const c = sweepCurve(s, 'first:kid')
    expect(c.x).toEqual([10, 12])
    expect(c.y.map((e) => e?.v)).toEqual([20, 50])
    expect(c.y[1]?.lo).toBeLessThan(50)
    expect(c.y[1]?.hi).toBeGreaterThan(50)
  })

  it('offers each ordering outcome as its own curve; an outcome missing at a point reads as 0% with an interval above 0', () => {
    const s = sweep([[[1], [order([['a>b', 100]])]], [[2], [order([['a>b', 60], ['b>a', 40]])]]])
    expect(seriesKeys(s).map((k) => k.key)).toEqual(['ordering/a>b', 'ordering/b>a'])
    const missing = estimateOf(s.points[0].document.metrics, 'ordering/b>a')
    expect(missing?.v).toBe(0)
    expect(missing?.hi).toBeGreaterThan(0)
  })

  it("names each curve as Results name its result, never by the engine's label", () => {
    const alone = probabilityMetric({ id: 'acts-first-alone:kid', metric: 'acts-first-alone', label: 'Acts first alone: The Kid' }, 40, 100)
    const winner = orderMetric({ id: 'winner', metric: 'winner', label: 'Who wins' }, [{ key: 'A', label: 'Side A wins (Doc)', count: 60 }, { key: 'draw', label: 'Draw at the Turn cap (10 Turns)', count: 40 }], 100)
    const s = sweep([[[10], [alone, winner]]])
    expect(seriesKeys(s).map((k) => k.label)).toEqual(['The Kid acts first, alone', 'Doc wins', 'Both sides still standing after 10 Turns'])
  })

  it('a distribution sweeps its mean with a normal 95% interval', () => {
    const m = distributionMetric({ id: 'wounds', metric: 'wounds', label: 'Wounds' }, [50, 50], 0, 0, 2)
    const e = estimateOf([m], 'wounds')
    expect(e?.v).toBeCloseTo(0.5, 9)
    expect((e?.hi ?? 0) - (e?.v ?? 0)).toBeCloseTo(1.959963984540054 * (m.sd / Math.sqrt(m.n)), 9)
  })

  it('a two-parameter sweep is a grid with the first parameter down and the second across', () => {
    const s = sweep(
      [
        [[1, 7], [first(10)]],
        [[1, 8], [first(20)]],
        [[2, 7], [first(30)]],
        [[2, 8], [first(40)]],
      ],
      ['a', 'b'],
    )
    const h = sweepHeatmap(s, 'first:kid')
    expect([h.rows, h.cols]).toEqual([[1, 2], [7, 8]])
    expect(h.cells.map((r) => r.map((c) => c?.v))).toEqual([[10, 20], [30, 40]])
    expect([h.min, h.max]).toEqual([10, 40])
  })

  it('exports CSV with the parameter values, one row per point and curve, chances in 0–1, header first', () => {
    const text = sweepCsv(sweep([[[10], [first(20)]], [[12], [first(50)]]]))
    expect(text.startsWith('\uFEFFcombatants[0].skill,metric,label,value,ci_low,ci_high,n,scenario,seed,trials_per_point,scenario_hash\r\n')).toBe(true)
    const rows = parse(text, { bom: true, columns: true }) as Record<string, string>[]
    expect(rows).toHaveLength(2)
    expect(rows[0]).toMatchObject({ 'combatants[0].skill': '10', metric: 'first:kid', label: 'The Kid acts first', value: '0.2', n: '100', scenario: 'Duel', seed: '5', trials_per_point: '100', scenario_hash: 'abc' })
    expect(Number(rows[0].ci_low)).toBeGreaterThan(0.1)
  })
})
