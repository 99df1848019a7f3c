import { describe, expect, it } from 'vitest'
import { probabilityMetric } from '../engine/core/metrics'
import { compareDocuments } from '../engine/run/compare'
import type { ResultDocument } from '../engine/run/result'
import { formatComparison } from './format-analysis'

const doc = (name: string, count: number, n: number): ResultDocument =>
  ({ scenario: { name, hash: name, rules: {} }, run: { seed: 1, trials: 100 }, metrics: [probabilityMetric({ id: 'hold-used:doc', metric: 'hold-used', label: 'Held action used: Doc' }, count, n)] }) as unknown as ResultDocument

describe('quickdraw compare', () => {
  it('shows a probability with no sample (no hold taken in A) as undefined, not 0.00%', () => {
    const a = doc('A', 0, 0)
    const b = doc('B', 40, 50)
    const line = formatComparison(a, b, compareDocuments(a, b)).split('\n').find((l) => l.startsWith('Held action used'))
    expect(line).toBeDefined()
    expect(line).not.toMatch(/(^|\s)0\.00%/)
    expect(line).toMatch(/undefined\s+80\.00%/)
    expect(line).toContain('no sample in A')
  })
  it('a probability with a sample on both sides still shows its numbers', () => {
    const a = doc('A', 10, 50)
    const b = doc('B', 40, 50)
    expect(formatComparison(a, b, compareDocuments(a, b))).toMatch(/Held action used: Doc\s+20\.00%\s+80\.00%\s+60\.00%/)
  })
})
