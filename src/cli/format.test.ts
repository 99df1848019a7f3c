import { describe, expect, it } from 'vitest'
import { distributionMetric, meanMetric, orderMetric, probabilityMetric } from '../engine/core/metrics'
import { findEngineWords } from '../../tests/lint/engine-words'
import { exactProgressLine, fightLine, formatExact, formatMetrics, formatResult, jointTable, pct, progressLine, rate } from './format'
import type { ResultDocument } from '../engine/run/result'

describe('terminal formatting', () => {
  it('percentages, rates and the progress bar', () => {
    expect(pct(0.46401)).toBe('46.40%')
    expect(rate(20_920_000)).toBe('20.92M/s')
    expect(rate(153_700)).toBe('153.7k/s')
    expect(progressLine(50, 100, 2e6, 1500, 10)).toBe('[#####.....]  50% · 2.00M/s · 2 s left')
    // A whole-fight solve: never shows 100% before everything is decided; counts in k and M.
    expect(exactProgressLine(0.625, 183_400, 8)).toBe('[#####...]  62.5% of fights decided · 183k situations followed')
    expect(exactProgressLine(0.99999, 2_500_000, 8)).toBe('[#######.]  99.9% of fights decided · 2.5M situations followed')
    expect(exactProgressLine(1, 120, 4)).toBe('[####] 100.0% of fights decided · 120 situations followed')
  })
  it('quickdraw exact says near the top whether the whole fight was solved exactly, and if not why', () => {
    const solved = formatExact('Duel', [{ id: 'win:A', label: 'Side A wins', kind: 'probability', p: 0.75 }, { id: 'exact-fight', label: 'Whole fight', kind: 'fight', solved: true, states: 1234, massError: 1e-16 }])
    expect(solved.split('\n')[1]).toBe('Whole fight: exact (1,234 states)')
    expect(solved).toMatch(/Side A wins\s+75\.00%/)
    // given the scenario, the answer comes first: the question, then its results at their exact values
    const asked = formatExact('Duel', [{ id: 'win:A', label: 'Side A wins', kind: 'probability', p: 0.75 }, { id: 'win:B', label: 'Side B wins', kind: 'probability', p: 0 }, { id: 'exact-fight', label: 'Whole fight', kind: 'fight', solved: true, states: 1234 }], { systemId: 'l5r', question: { text: 'Does the Crane win?', metrics: ['win'] } })
    expect(asked.split('\n').slice(0, 5)).toEqual(['Does the Crane win?', '  Side A wins 75.00%', '', 'Duel', 'Whole fight: exact (1,234 states)'])
    const refused = formatExact('Brawl', [{ id: 'exact-fight', label: 'Whole fight', kind: 'fight', solved: false, reason: 'more than two fighters' }])
    expect(refused.split('\n')[1]).toBe('Whole fight: no exact answer — more than two fighters')
    expect(refused).not.toMatch(/Metric/)
  })
  it('an exact distribution is printed with P(=) and P(≥) for each value', () => {
    const text = formatExact('2d6', [{ id: 'd', label: 'Sum', kind: 'distribution', mean: 7, p: Array.from({ length: 11 }, (_, i) => ({ value: i + 2, p: (6 - Math.abs(i - 5)) / 36 })) }])
    expect(text).toMatch(/ {2}7\s+16\.67%\s+58\.33%/)
    expect(text).toMatch(/ {2}12\s+2\.78%\s+2\.78%/)
  })
  it('an exact joint is a grid: a row per x value, a column per y value, empty rows and columns left out', () => {
    const text = jointTable({
      id: 'j',
      label: 'Net successes × net advantage',
      kind: 'joint',
      x: { label: 'Net successes', values: [0, 1, 2, 3] },
      y: { label: 'Net advantage', values: [-1, 0, 1] },
      p: [
        [0, 0.125, 0.25],
        [0, 0.25, 0.125],
        [0, 0.25, 0.00004],
        [0, 0, 0],
      ],
    })
    const lines = text.split('\n')
    expect(lines[0]).toBe('Net successes × net advantage, in percent')
    expect(lines[1]).toMatch(/Net successes ↓ \/ Net advantage →\s+0\s+1$/)
    expect(lines[2]).toMatch(/^ {2}0\s+12\.5\s+25\.0$/)
    expect(lines[4]).toMatch(/^ {2}2\s+25\.0\s+<\.01$/)
    expect(lines).toHaveLength(5)
  })
  it('the table says each result in the rules\' words, the fighter or side by name first, as the headline does (issue 28: no "Wins the exchange: Oni", "Side A wins (Doc)", "Draw" or rule=value)', () => {
    const win = probabilityMetric({ id: 'exchange-win:oni', metric: 'exchange-win', label: 'Wins the exchange: Oni' }, 566, 1000)
    const taken = probabilityMetric({ id: 'taken-out:axel', metric: 'taken-out', label: 'Taken out: Axel' }, 300, 1000)
    const who = orderMetric({ id: 'wins', metric: 'wins', label: 'Who wins' }, [
      { key: 'A', label: 'Side A wins (Captain, Falcon)', count: 600 },
      { key: 'cap', label: 'Draw at the Turn cap (10 Turns)', count: 300 },
      { key: 'B', label: 'Side B wins (Kid)', count: 100 },
    ], 1000)
    const wiped = orderMetric({ id: 'side-wins', metric: 'side-wins', label: 'After 2 turns' }, [
      { key: 'A', label: 'The Kage wiped out', count: 680 },
      { key: 'B', label: 'Ito Bushi and Ashigaru Sentry wiped out', count: 180 },
      { key: 'none', label: 'both warbands still stand', count: 140 },
    ], 1000)
    const text = formatMetrics([win, taken, who, wiped])
    const rows = text.split('\n').map((l) => l.trim().replace(/\s{2,}.*$/, ''))
    expect(rows).toEqual(expect.arrayContaining(['Oni wins the exchange', 'Axel is taken out', 'Captain and Falcon win', 'Both sides still standing after 10 Turns', 'Kid wins', 'Ito Bushi and Ashigaru Sentry wipe out the Kage', 'The Kage wipe out Ito Bushi and Ashigaru Sentry', 'Both warbands still stand']))
    expect(text).not.toMatch(/Side [AB]|\bDraw\b|Wins the exchange:/)
    expect(findEngineWords(text)).toEqual([])
    // The rule variants a run changed, by the rules' names: never "yardPenalty=whole-distance".
    const doc = { status: 'done', scenario: { name: 'Triangle', hash: 'abc' }, system: { id: 'gurps-waits', label: 'GURPS', version: '4' }, engine: { version: '1' }, rules: { yardPenalty: 'beyond-step' }, run: { seed: 1, trials: 10, trialsDone: 10 }, timing: { workers: 1, elapsedMs: 1, trialsPerSecond: 10 }, metrics: [win] } as unknown as ResultDocument
    const printed = formatResult(doc)
    expect(printed).toMatch(/rules changed from the defaults: [A-Z][^=\n]+: [^=\n]+ ·/)
    expect(findEngineWords(printed)).toEqual([])
  })
  it('a distribution of something that never happened says so instead of NaN', () => {
    const never = distributionMetric({ id: 'stun-per-hit:a', metric: 'stun-per-hit', label: 'STUN dealt per hit: A' }, new Float64Array(5), 0, 0, 5, { mean: 16, p: [{ value: 16, p: 1 }] })
    const text = formatMetrics([never])
    expect(text).toMatch(/A's STUN dealt per hit\s+never happened\s+mean 16\.000/)
    expect(text).not.toMatch(/NaN/)
    const mean = formatMetrics([meanMetric({ id: 'x', metric: 'x', label: 'Rounds to defeat: A' }, 0, 0, 0, 3.5)])
    expect(mean).toMatch(/A's Rounds to defeat\s+never happened\s+3\.500/)
    expect(mean).not.toMatch(/NaN/)
    const rate = formatMetrics([probabilityMetric({ id: 'hit:a', metric: 'hit', label: 'Attacks that hit: A' }, 0, 0)])
    expect(rate).toMatch(/A's attacks that hit\s+never happened$/m)
    expect(rate).not.toMatch(/0\.00% – 100\.00%/)
  })

  it('the whole fight: "exact", or "exact to within" its bound when fights of vanishing chance were set aside', () => {
    expect(fightLine({ id: 'exact-fight', label: 'Whole fight', kind: 'fight', solved: true, states: 1234, massError: 2e-15 })).toBe('Whole fight: exact (1,234 states)')
    expect(fightLine({ id: 'exact-fight', label: 'Whole fight', kind: 'fight', solved: true, states: 1234, massError: 4.2e-11 })).toBe('Whole fight: exact to within 5e-11 (fights of vanishing chance set aside; 1,234 states)')
    expect(fightLine({ id: 'exact-fight', label: 'Whole fight', kind: 'fight', solved: false, reason: 'stopped after 3 s without an exact answer' })).toBe('Whole fight: no exact answer — stopped after 3 s without an exact answer')
  })
})
