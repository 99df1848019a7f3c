import { describe, expect, it } from 'vitest'
import { distributionMetric, orderMetric, probabilityMetric } from '../../../engine/core/metrics'
import { chartSpecs, distributionSpec, orderSpec, probabilitySpec, subjectLabel, wrapWords } from './datasets'

describe('chart datasets', () => {
  it('probabilities become percentage bars with Wilson 95% whiskers and exact markers', () => {
    const a = probabilityMetric({ id: 'first:kid', metric: 'first', label: 'Acts first: The Kid', subjects: ['kid'] }, 400, 1000, 0.41)
    const b = probabilityMetric({ id: 'first:marshal', metric: 'first', label: 'Acts first: The Marshal', subjects: ['marshal'] }, 600, 1000)
    const spec = probabilitySpec([a, b], 'Acts first')
    expect(spec.labels).toEqual(['The Kid', 'The Marshal'])
    const bars = spec.datasets[0]
    expect(bars.data).toEqual([40, 60])
    expect(bars.type === 'bar' && bars.whiskers?.[0]?.[0]).toBeCloseTo(a.ci[0] * 100, 3)
    expect(bars.type === 'bar' && bars.whiskers?.[0]?.[1]).toBeCloseTo(a.ci[1] * 100, 3)
    expect(spec.datasets[1].data).toEqual([41, null])
  })

  it('a subject with no sample gets no bar and no 0–100% whisker (the exact marker stays)', () => {
    const hit = probabilityMetric({ id: 'hit:a', metric: 'hit', label: 'Attacks that hit: A', subjects: ['a'] }, 30, 100)
    const never = probabilityMetric({ id: 'hit:g', metric: 'hit', label: 'Attacks that hit: G', subjects: ['g'] }, 0, 0, 0.25)
    const bars = probabilitySpec([hit, never], 'Attacks that hit').datasets[0]
    expect(bars.data).toEqual([30, null])
    expect(bars.type === 'bar' && bars.whiskers?.[1]).toBeNull()
  })

  it('a distribution fills gaps with zero and its cumulative curve ends at 100%', () => {
    const m = distributionMetric({ id: 'd', metric: 'd', label: 'Wounds' }, [5, 0, 3, 2], 1, 0, 4)
    const spec = distributionSpec(m)
    expect(spec.labels).toEqual(['1', '2', '3', '4'])
    expect(spec.datasets[0].data).toEqual([50, 0, 30, 20])
    expect(spec.datasets[1].data).toEqual([50, 50, 80, 100])
  })

  it('orderings stack to 100%, the rare ones gathered as "other orders"', () => {
    const counted = Array.from({ length: 10 }, (_, i) => ({ key: `k${i}`, label: `order ${i}`, count: 10 - i }))
    const m = orderMetric({ id: 'o', metric: 'o', label: 'Orderings' }, counted, 55)
    const spec = orderSpec(m, 8)
    expect(spec.datasets.map((d) => d.label).slice(-1)).toEqual(['Other orders'])
    const total = spec.datasets.reduce((s, d) => s + (d.data[0] ?? 0), 0)
    expect(total).toBeCloseTo(100, 2)
  })

  it('groups probabilities by catalogue metric: one chart each, plus one per distribution and ordering', () => {
    const p = (id: string, metric: string) => probabilityMetric({ id, metric, label: id }, 1, 2)
    const specs = chartSpecs([p('a:x', 'a'), p('b:x', 'b'), p('a:y', 'a'), orderMetric({ id: 'o', metric: 'o', label: 'O' }, [{ key: 'k', label: 'k', count: 2 }], 2)], (id) => `title ${id}`)
    expect(specs.map((s) => [s.kind, s.title, s.labels.length])).toEqual([
      ['probability', 'title a', 2],
      ['probability', 'title b', 1],
      ['order', 'O', 1],
    ])
  })

  it("each chart's title carries the metric's description from the system catalogue", () => {
    const p = (id: string, metric: string) => probabilityMetric({ id, metric, label: id }, 1, 2)
    const about: Record<string, string> = { a: 'He acts before everyone else.' }
    const specs = chartSpecs([p('a:x', 'a'), p('b:x', 'b'), p('a:y', 'a')], (id) => id, (id) => about[id])
    expect(specs.map((s) => s.description)).toEqual(['He acts before everyone else.', undefined])
  })
})

describe('chart labels', () => {
  it('wraps a long pair label into lines of about 24 characters and drops a trailing parenthesis', () => {
    const label = subjectLabel({ id: 'x', metric: 'x', label: 'The Kid and The Marshal strike simultaneously (no parry with the attacking weapon)', kind: 'probability', count: 1, n: 2, p: 0.5, ci: [0.1, 0.9] })
    expect(label).toEqual(['The Kid and The Marshal', 'strike simultaneously'])
  })
  it('keeps a short subject after the last ": " on one line', () => {
    expect(subjectLabel({ id: 'x', metric: 'x', label: 'Acts first alone: The Kid', kind: 'probability', count: 1, n: 2, p: 0.5, ci: [0.1, 0.9] })).toBe('The Kid')
    expect(wrapWords('a'.repeat(30), 24)).toEqual(['a'.repeat(30)])
  })
})
