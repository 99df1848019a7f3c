import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { distributionMetric, meanMetric, orderMetric, probabilityMetric } from '../../engine/core/metrics'
import { exactOf } from '../../engine/run/exact'
import { groupOf, groupResults, headline, headlineText, neverHappens } from './headline'
import { mixText, splitMatrix } from './split-matrix'

const example = (f: string): unknown => JSON.parse(readFileSync(join(__dirname, '../../../resources/examples', f), 'utf8')) as unknown

const interrupt = probabilityMetric({ id: 'interrupt-odds:doc', metric: 'interrupt-odds', label: 'Doc acts before Kid (interrupt)' }, 6960, 10_000, 0.6958)
const wins = orderMetric({ id: 'wins', metric: 'wins', label: 'Who wins' }, [
  { key: 'B', label: 'Side B wins (Kid)', count: 7930 },
  { key: 'A', label: 'Side A wins (Doc)', count: 2070 },
], 10_000)
const endOff = meanMetric({ id: 'end-spent:doc', metric: 'end-spent', label: 'END spent per fight: Doc' }, 10_000, 0, 0)
const abortsNever = distributionMetric({ id: 'phases-lost-abort:kid', metric: 'phases-lost-abort', label: 'Phases lost to Aborts: Kid' }, [10_000], 0, 0, 1)
const hitRate = probabilityMetric({ id: 'hit-rate:kid', metric: 'hit-rate', label: 'Attacks that hit: Kid' }, 500, 1000)

describe('the headline (issue 13: the answer first)', () => {
  it('a HERO run leads with who wins and the interrupt odds, each with its interval and exact value', () => {
    const h = headline('hero', [hitRate, endOff, interrupt, wins])
    expect(h.question).toMatch(/Who wins/)
    expect(h.items.map((i) => i.id)).toEqual(['wins=B', 'interrupt-odds:doc'])
    expect(headlineText(h)).toBe('Side B wins (Kid) 79.3% (78.5–80.1) · Doc acts before Kid (interrupt) 69.6% (68.7–70.5, exact 69.58%)')
  })

  it("a scenario's own question picks its results by id or by kind, and names ids the run does not report", () => {
    const h = headline('hero', [hitRate, interrupt, wins], { text: 'Does Doc get his shot off first?', metrics: ['interrupt-odds:doc', 'no-such-result'] })
    expect(h.question).toBe('Does Doc get his shot off first?')
    expect(h.items.map((i) => i.id)).toEqual(['interrupt-odds:doc'])
    expect(h.unknown).toEqual(['no-such-result'])
    expect(headline('hero', [hitRate, interrupt], { text: 'Hits?', metrics: ['hit-rate'] }).items.map((i) => i.label)).toEqual(['Attacks that hit: Kid'])
  })

  it('results that cannot happen in this scenario are left out: END spent when END is off, Aborts of a fighter who never aborts', () => {
    expect(neverHappens(endOff)).toBe(true)
    expect(neverHappens(abortsNever)).toBe(true)
    expect(neverHappens(hitRate)).toBe(false)
    expect(neverHappens(probabilityMetric({ id: 'x', metric: 'x', label: 'x' }, 0, 100, 0.01))).toBe(false) // possible, exactly 1%
    const groups = groupResults([hitRate, endOff, abortsNever, interrupt, wins])
    expect(groups.map((g) => [g.group, g.metrics.map((m) => m.id)])).toEqual([
      ['defeat', ['wins']],
      ['timing', ['interrupt-odds:doc']],
      ['attacks', ['hit-rate:kid']],
    ])
  })

  it('groups: wins and defeat, timing, attacks, damage', () => {
    expect(['wins', 'side-wins', 'knocked-out', 'acts-first-alone', 'interrupt-odds', 'hit-rate', 'exchange-win', 'stun-taken', 'void-spent', 'end-spent'].map(groupOf)).toEqual([
      'defeat', 'defeat', 'defeat', 'timing', 'timing', 'attacks', 'attacks', 'damage', 'damage', 'damage',
    ])
  })
})

describe("Bushido's split as a matrix (issue 13)", () => {
  it('3 vs 3 melee: the recommended mix is 2/1 against 1/2, on top of a 4×4 matrix of wounds that count', () => {
    const m = splitMatrix(exactOf(example('bushido-melee-3v3-recommended.json')))
    if (!m) throw new Error('the exchange has a split matrix')
    expect([m.rowId, m.colId]).toEqual(['samurai', 'bandit'])
    expect(m.rows).toEqual(['0/3', '1/2', '2/1', '3/0'])
    expect(m.cols).toEqual(['0/3', '1/2', '2/1', '3/0'])
    expect([mixText(m.rowMix), mixText(m.colMix)]).toEqual(['2/1', '1/2'])
    // A saddle point: the value of the game is the cell where both recommended splits meet (0.077, as the example says).
    expect(m.value).toBeCloseTo(m.cells[2][1], 12)
    expect(m.value).toBeCloseTo(0.077, 3)
  })

  it('no matrix for a scenario without one', () => {
    expect(splitMatrix(exactOf(example('gurps-waits-triangle.json')))).toBeNull()
    expect(splitMatrix(null)).toBeNull()
  })
})
