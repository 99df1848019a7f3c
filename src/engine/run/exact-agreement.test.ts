import { describe, expect, it } from 'vitest'
import type { Metric } from '../core/metrics'
import type { ExactMetric } from '../systems/rule-system'
import { disagreements } from './exact-agreement'

const sampled: Metric[] = [
  { id: 'win', label: 'Win', kind: 'probability', p: 0.5, n: 10_000 } as Metric,
  { id: 'len', label: 'Length', kind: 'distribution', mean: 8, sd: 4, n: 10_000 } as Metric,
  { id: 'who', label: 'Who', kind: 'order', n: 10_000, outcomes: [{ key: 'A', label: 'A', p: 0.3 }, { key: 'B', label: 'B', p: 0.7 }] } as Metric,
]
const exact = (win: number, len: number, a: number): ExactMetric[] => [
  { id: 'win', label: 'Win', kind: 'probability', p: win },
  { id: 'len', label: 'Length', kind: 'distribution', mean: len, p: [] },
  { id: 'who', label: 'Who', kind: 'order', outcomes: [{ key: 'A', label: 'A', p: a }, { key: 'B', label: 'B', p: 1 - a }] },
]

describe('exact whole fight against the Monte Carlo: 4 standard errors', () => {
  it('agrees within 4 standard errors (a chance of ½ over 10,000 fights: 0.02; a mean with sd 4: 0.16)', () => {
    expect(disagreements(exact(0.519, 8.15, 0.3), sampled, ['win', 'len', 'who'])).toEqual([])
  })
  it('names each value beyond 4 standard errors, and a missing one', () => {
    const out = disagreements(exact(0.521, 8.17, 0.32), sampled, ['win', 'len', 'who', 'gone'])
    expect(out.map((x) => x.split(':')[0])).toEqual(['win', 'len', 'who A', 'who B', 'gone'])
  })
})
