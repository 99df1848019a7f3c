import { describe, expect, it } from 'vitest'
import { distributionMetric, meanMetric, orderMetric, probabilityMetric, sideWinsLabel } from './metrics'

const head = { id: 'x', metric: 'x', label: 'X' }

describe('metric builders', () => {
  it('a probability carries its Wilson interval and the exact value', () => {
    const m = probabilityMetric(head, 30, 100, 0.3)
    expect(m.p).toBe(0.3)
    expect(m.ci[0]).toBeLessThan(0.3)
    expect(m.ci[1]).toBeGreaterThan(0.3)
    expect(m.exact).toBe(0.3)
  })
  it('a mean from integer sums: values 1, 2, 3, 4 give mean 2.5, sd √(5/3)', () => {
    const m = meanMetric(head, 4, 10, 30)
    expect(m.mean).toBe(2.5)
    expect(m.sd).toBeCloseTo(Math.sqrt(5 / 3), 12)
    expect(m.ci[1] - m.ci[0]).toBeCloseTo((2 * 1.959963984540054 * Math.sqrt(5 / 3)) / 2, 12)
  })
  it('a distribution lists only non-empty bins, in value order', () => {
    const m = distributionMetric(head, [0, 2, 0, 1], -1, 0, 4)
    expect(m.bins).toEqual([
      { value: 0, count: 2 },
      { value: 2, count: 1 },
    ])
    expect(m.n).toBe(3)
  })
  it('orderings sort by count, then exact probability, then key', () => {
    const m = orderMetric(head, [{ key: 'b', label: 'B', count: 5 }, { key: 'a', label: 'A', count: 5 }, { key: 'c', label: 'C', count: 0, exact: 0.1 }, { key: 'd', label: 'D', count: 9 }], 19)
    expect(m.outcomes.map((o) => o.key)).toEqual(['d', 'a', 'b', 'c'])
  })
})

describe('who wins, in the results', () => {
  it('a side of one fighter wins by his name; a larger side by its letter and members', () => {
    expect(sideWinsLabel('A', ['Kakita Ayame'])).toBe('Kakita Ayame wins')
    expect(sideWinsLabel('B', ['Smuggler', 'Wookiee'])).toBe('Side B wins (Smuggler, Wookiee)')
  })
})
