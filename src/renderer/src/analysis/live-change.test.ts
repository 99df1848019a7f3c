import { describe, expect, it } from 'vitest'
import type { Metric } from '../../../engine/core/metrics'
import { liveChange } from './live-change'

const prob = (id: string, p: number, half: number, exact?: number): Metric => ({ id, metric: id, label: id, kind: 'probability', n: 10_000, count: Math.round(p * 10_000), p, ci: [p - half, p + half], ...(exact === undefined ? {} : { exact }) }) as unknown as Metric

describe('what a live answer changed', () => {
  it('names the earlier value and the change in points, significant only past the noise of both estimates', () => {
    expect(liveChange('wins', [prob('wins', 0.632, 0.01)], [prob('wins', 0.651, 0.01)])).toEqual({ was: '65.1%', delta: '\u22121.9', significant: true })
    // 1.0 point apart with intervals of ±1.0 each: the combined noise is 1.41 points, so not significant.
    expect(liveChange('wins', [prob('wins', 0.661, 0.01)], [prob('wins', 0.651, 0.01)])).toEqual({ was: '65.1%', delta: '+1.0', significant: false })
  })

  it('exact values have no noise: any change is real; no change reads ±0', () => {
    expect(liveChange('wins', [prob('wins', 0.6, 0.01, 0.6512)], [prob('wins', 0.6, 0.01, 0.6501)])).toEqual({ was: '65.0%', delta: '+0.1', significant: true })
    expect(liveChange('wins', [prob('wins', 0.6, 0.01, 0.65)], [prob('wins', 0.6, 0.01, 0.65)])).toMatchObject({ delta: '±0', significant: false })
  })

  it('says nothing when there was no earlier answer or it had no such number', () => {
    expect(liveChange('wins', [prob('wins', 0.5, 0.01)], null)).toBeNull()
    expect(liveChange('wins', [prob('wins', 0.5, 0.01)], [prob('draw', 0.5, 0.01)])).toBeNull()
  })
})
