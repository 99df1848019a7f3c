import { describe, expect, it } from 'vitest'
import { distributionMetric, probabilityMetric } from '../../../engine/core/metrics'
import type { ResultDocument } from '../../../engine/run/result'
import { BAND, overlaidDistributionSpec, sweepLineSpec } from './analysis-charts'
import type { SweepDocument } from './sweep-plan'

describe('analysis charts', () => {
  it('a sweep line has the estimate and a 95% band filled from the upper bound down to the lower', () => {
    const point = (at: number, count: number) => ({ at: [at], document: { metrics: [probabilityMetric({ id: 'p', metric: 'p', label: 'Hits' }, count, 200)] } as unknown as ResultDocument })
    const sweep: SweepDocument = { format: 'quickdraw-sweep/1', scenario: { name: 'x', hash: 'h' }, params: [{ path: 'a.b', values: [1, 2] }], points: [point(1, 50), point(2, 100)] }
    const spec = sweepLineSpec(sweep, { key: 'p', label: 'Hits', percent: true })
    expect(spec.labels).toEqual(['1', '2'])
    const [hi, lo, est] = spec.datasets
    expect(est.data).toEqual([25, 50])
    expect(hi.type === 'line' && hi.fill).toBe('+1')
    for (let i = 0; i < 2; i++) {
      expect(lo.data[i]).toBeLessThan(est.data[i] as number)
      expect(hi.data[i]).toBeGreaterThan(est.data[i] as number)
    }
    expect([spec.x, spec.y, spec.unit]).toEqual(['a.b', 'Chance (%)', '%'])
  })

  it('the 95% interval is readable at small trial counts: a visible fill, dashed edges and a whisker at each point', () => {
    const point = (at: number, count: number | null) => ({
      at: [at],
      document: { metrics: count === null ? [] : [probabilityMetric({ id: 'p', metric: 'p', label: 'Hits' }, count, 40)] } as unknown as ResultDocument,
    })
    const sweep: SweepDocument = { format: 'quickdraw-sweep/1', scenario: { name: 'x', hash: 'h' }, params: [{ path: 'a.b', values: [1, 2, 3] }], points: [point(1, 10), point(2, null), point(3, 30)] }
    const [hi, lo, est] = sweepLineSpec(sweep, { key: 'p', label: 'Hits', percent: true }).datasets
    const alpha = Number(/rgba\([^)]*,\s*([\d.]+)\)/.exec(BAND)?.[1])
    expect(alpha).toBeGreaterThanOrEqual(0.3)
    expect(hi.type === 'line' && [hi.backgroundColor, hi.borderWidth, hi.borderDash]).toEqual([BAND, 1, [4, 3]])
    expect(lo.type === 'line' && lo.borderWidth).toBe(1)
    const whiskers = est.type === 'line' ? est.whiskers : undefined
    expect(whiskers?.[0]).toEqual([lo.data[0], hi.data[0]])
    expect(whiskers?.[1]).toBeNull()
    expect(whiskers?.[2]).toEqual([lo.data[2], hi.data[2]])
  })

  it('overlaid distributions share one value axis covering both', () => {
    const a = distributionMetric({ id: 'w', metric: 'w', label: 'Wounds' }, [1, 1], 0, 0, 2)
    const b = distributionMetric({ id: 'w', metric: 'w', label: 'Wounds' }, [3, 1], 2, 0, 2)
    const spec = overlaidDistributionSpec(a, b, ['A', 'B'])
    expect(spec.labels).toEqual(['0', '1', '2', '3'])
    expect(spec.datasets.map((d) => [d.label, d.data])).toEqual([
      ['A', [50, 50, 0, 0]],
      ['B', [0, 0, 75, 25]],
    ])
  })

  it('issue 13: a sweep tooltip reads "estimate (low–high)" and the exact value where known, never one end of the interval alone; exact points are drawn', () => {
    const point = (at: number, count: number, exact: number) => ({ at: [at], document: { metrics: [probabilityMetric({ id: 'p', metric: 'p', label: 'Hits' }, count, 200, exact)] } as unknown as ResultDocument })
    const sweep: SweepDocument = { format: 'quickdraw-sweep/1', scenario: { name: 'x', hash: 'h' }, params: [{ path: 'combatants[0].skill', values: [1, 2] }], points: [point(1, 50, 0.26), point(2, 100, 0.5)] }
    const spec = sweepLineSpec(sweep, { key: 'p', label: 'Hits', percent: true }, 'Kid — Skill')
    expect(spec.tooltips?.[0]).toMatch(/^25\.00% \(\d+\.\d\d–\d+\.\d\d\) · exact 26\.00%$/)
    expect(spec.x).toBe('Kid — Skill')
    expect(spec.datasets.find((d) => d.label === 'Exact')?.data).toEqual([26, 50])
  })
})
