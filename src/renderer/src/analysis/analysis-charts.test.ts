import { describe, expect, it } from 'vitest'
import { distributionMetric, probabilityMetric } from '../../../engine/core/metrics'
import type { ResultDocument } from '../../../engine/run/result'
import { balanceCurveSpec, BAND, overlaidDistributionSpec, sweepLineSpec } from './analysis-charts'
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

describe('balance curve near the crossing', () => {
  const answer = { param: 'combatants[0].skill', metric: 'wins=A', label: 'Who wins: Aldo', percent: true, target: 0.5, value: 12.4, bracket: [], interval: [12.1, 12.8] as [number, number], integer: true, step: 1, exact: false, direction: 'increasing' as const, from: 8, to: 16 }
  it('draws each value tried once (the run with the most trials), the target as a flat line, ordered by value', () => {
    const spec = balanceCurveSpec(answer, [
      { value: 8, estimate: 0.2, ci: [0.19, 0.21], trials: 10_000 },
      { value: 16, estimate: 0.8, ci: [0.79, 0.81], trials: 10_000 },
      { value: 12, estimate: 0.47, ci: [0.44, 0.5], trials: 1_000 },
      { value: 12, estimate: 0.48, ci: [0.47, 0.49], trials: 10_000 },
      { value: 13, estimate: 0.53, ci: [0.52, 0.54], trials: 10_000 },
    ], 'Aldo: skill')
    // every step from 8 to 16 on the axis, evenly spaced; untried values have no point
    expect(spec.labels).toEqual(['8', '9', '10', '11', '12', '13', '14', '15', '16'])
    const [est, target] = spec.datasets
    expect(est.data).toEqual([20, null, null, null, 48, 53, null, null, 80])
    expect((est as { whiskers: ([number, number] | null)[] }).whiskers[4]).toEqual([47, 49])
    expect(target.label).toBe('Target')
    expect(target.data).toEqual(Array(9).fill(50))
    expect(spec.x).toBe('Aldo: skill')
    expect(spec.tooltips?.[4]).toBe('48.00% (47.00–49.00)')
    expect(spec.tooltips?.[1]).toBe('not tried')
  })

  it('marks exact points as exact, with no interval', () => {
    const spec = balanceCurveSpec({ ...answer, exact: true }, [
      { value: 13, estimate: 0.4536, ci: [0.4536, 0.4536], exact: 0.4536, trials: 0 },
      { value: 14, estimate: 0.5464, ci: [0.5464, 0.5464], exact: 0.5464, trials: 0 },
    ], 'The Kid: skill')
    expect(spec.datasets.map((d) => d.label)).toEqual(['Estimate', 'Exact', 'Target'])
    expect(spec.datasets[1].data).toEqual([45.36, 54.64])
    expect(spec.tooltips?.[0]).toBe('45.36% (45.36–45.36) · exact 45.36%')
  })
})
