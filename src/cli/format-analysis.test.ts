import { describe, expect, it } from 'vitest'
import { orderMetric, probabilityMetric } from '../engine/core/metrics'
import { findEngineWords } from '../../tests/lint/engine-words'
import { compareDocuments } from '../engine/run/compare'
import type { ResultDocument } from '../engine/run/result'
import { formatComparison, formatSweep } from './format-analysis'
import type { SweepDocument } from './analysis'

const doc = (name: string, count: number, n: number): ResultDocument =>
  ({ scenario: { name, hash: name, rules: {} }, run: { seed: 1, trials: 100 }, metrics: [probabilityMetric({ id: 'hold-used:doc', metric: 'hold-used', label: 'Held action used: Doc' }, count, n)] }) as unknown as ResultDocument

describe('quickdraw compare', () => {
  it('shows a probability with no sample (no hold taken in A) as undefined, not 0.00%', () => {
    const a = doc('A', 0, 0)
    const b = doc('B', 40, 50)
    const line = formatComparison(a, b, compareDocuments(a, b)).split('\n').find((l) => l.startsWith("Doc's held action used"))
    expect(line).toBeDefined()
    expect(line).not.toMatch(/(^|\s)0\.00%/)
    expect(line).toMatch(/undefined\s+80\.00%/)
    expect(line).toContain('no sample in A')
  })
  it('a probability with a sample on both sides still shows its numbers', () => {
    const a = doc('A', 10, 50)
    const b = doc('B', 40, 50)
    expect(formatComparison(a, b, compareDocuments(a, b))).toMatch(/Doc's held action used\s+20\.00%\s+80\.00%\s+60\.00%/)
  })
  it('names each row as the headline does, the fighter or side first (issue 28: "Doc wins", never "Who wins: Side A wins (Doc)")', () => {
    const withWins = (count: number): ResultDocument => {
      const d = doc('A', count, 50)
      d.metrics.push(orderMetric({ id: 'wins', metric: 'wins', label: 'Who wins' }, [{ key: 'A', label: 'Side A wins (Doc)', count }, { key: 'B', label: 'Side B wins (Kid)', count: 50 - count }], 50))
      return d
    }
    const text = formatComparison(withWins(10), withWins(40), compareDocuments(withWins(10), withWins(40)))
    expect(text).toMatch(/^Doc wins\s+20\.00%\s+80\.00%/m)
    expect(text).toMatch(/^Kid wins\s+80\.00%\s+20\.00%/m)
    expect(text).not.toMatch(/Side [AB]|Who wins:/)
    expect(findEngineWords(text)).toEqual([])
  })
  it('a sweep names the swept field in the rules\' words when it has the scenario ("Doc\'s OCV", not "combatants[0].ocv")', () => {
    const sweep = { format: 'quickdraw-sweep/1', scenario: { name: 'Duel', hash: 'x' }, params: [{ path: 'combatants[0].ocv', values: [5, 6] }], points: [5, 6].map((v) => ({ at: [v], document: { ...doc('A', v, 10), run: { seed: 1, trials: 10 } } })) } as unknown as SweepDocument
    const text = formatSweep(sweep, undefined, { combatants: [{ id: 'doc', name: 'Doc', ocv: 5 }] })
    expect(text).toMatch(/sweep of Doc's OCV/)
    expect(findEngineWords(text)).toEqual([])
    // Without the scenario (a merged sweep) the path is all it knows.
    expect(formatSweep(sweep)).toMatch(/sweep of combatants\[0\]\.ocv/)
  })
})
