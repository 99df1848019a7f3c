import { describe, expect, it } from 'vitest'
import { exactItems, ORDER_SHOWN } from './exact-view'

describe('exact values as the editor shows them', () => {
  it('single values first, then orderings, distributions and joints; chances in percent', () => {
    const items = exactItems([
      { id: 'd', label: 'Damage', kind: 'distribution', mean: 1, p: [{ value: 0, p: 0.5 }, { value: 2, p: 0.5 }] },
      { id: 'j', label: 'Joint', kind: 'joint', x: { label: 'x', values: [0] }, y: { label: 'y', values: [0] }, p: [[1]] },
      { id: 'o', label: 'Order', kind: 'order', outcomes: [{ key: 'a', label: 'A', p: 1 }] },
      { id: 'h', label: 'P(hit)', kind: 'probability', p: 0.68372 },
      { id: 'm', label: 'Mean', kind: 'mean', mean: 1.41666 },
    ])
    expect(items.map((i) => i.id)).toEqual(['h', 'm', 'o', 'd', 'j'])
    expect(items[0]).toMatchObject({ kind: 'value', text: '68.37%' })
    expect(items[1]).toMatchObject({ kind: 'value', text: '1.417' })
  })

  it('a distribution is drawn between its first and last value with at least a 0.01% chance', () => {
    const [d] = exactItems([
      { id: 'd', label: 'D', kind: 'distribution', mean: 0, p: [{ value: -2, p: 0.00001 }, { value: -1, p: 0.2 }, { value: 0, p: 0.00002 }, { value: 1, p: 0.79995 }, { value: 2, p: 0.00002 }] },
    ])
    if (d.kind !== 'distribution') throw new Error('not a distribution')
    expect(d.bars.map((b) => b.value)).toEqual([-1, 0, 1])
    expect(d.max).toBe(0.79995)
  })

  it(`an ordering lists its ${ORDER_SHOWN} likeliest outcomes, most likely first, and says how many more there are`, () => {
    const outcomes = Array.from({ length: ORDER_SHOWN + 2 }, (_, i) => ({ key: `k${i}`, label: `O${i}`, p: (i + 1) / 100 }))
    const [o] = exactItems([{ id: 'o', label: 'Order', kind: 'order', outcomes }])
    if (o.kind !== 'order') throw new Error('not an ordering')
    expect(o.outcomes[0]).toEqual({ label: `O${ORDER_SHOWN + 1}`, text: `${ORDER_SHOWN + 2}.00%` })
    expect(o.outcomes).toHaveLength(ORDER_SHOWN)
    expect(o.more).toBe(2)
  })
  it('whether the whole fight was solved comes first: "exact (N states)" or "no exact answer — why"', () => {
    const items = exactItems([
      { id: 'p', label: 'P', kind: 'probability', p: 0.5 },
      { id: 'exact-fight', label: 'Whole fight', kind: 'fight', solved: true, states: 4321, massError: 0 },
    ])
    expect(items[0]).toEqual({ kind: 'fight', id: 'exact-fight', label: 'Whole fight', solved: true, text: 'exact (4,321 states)' })
    // a bounded answer (fights of vanishing chance set aside) says its bound, rounded up
    const bounded = exactItems([{ id: 'exact-fight', label: 'Whole fight', kind: 'fight', solved: true, states: 4321, massError: 2.2e-10 }])
    expect(bounded[0]).toMatchObject({ solved: true, text: 'exact to within 3e-10 (fights of vanishing chance set aside; 4,321 states)' })
    const refused = exactItems([{ id: 'exact-fight', label: 'Whole fight', kind: 'fight', solved: false, reason: 'more than two fighters' }])
    expect(refused[0]).toMatchObject({ solved: false, text: 'no exact answer — more than two fighters' })
  })
})
