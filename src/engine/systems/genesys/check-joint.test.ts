import { describe, expect, it } from 'vitest'
import { emptyPool, type Pool } from '../../dice/narrative-dice'
import { exactCheck, marginalOf } from '../../dice/narrative-exact'
import { netByAdvantage } from './check-joint'

const pool = (p: Partial<Pool>): Pool => ({ ...emptyPool(), ...p })

describe('exact joint of net successes × net advantage (docs/rules/genesys.md sections 1 and 2)', () => {
  it('one Ability die: blank, S, S, SS, A, A, SA, AA — each face an eighth, in its own cell', () => {
    const j = netByAdvantage(exactCheck(pool({ ability: 1 })))
    expect(j.x.values).toEqual([0, 1, 2])
    expect(j.y.values).toEqual([0, 1, 2])
    // rows: net 0, 1, 2; columns: advantage 0, 1, 2
    expect(j.p).toEqual([
      [1 / 8, 2 / 8, 1 / 8],
      [2 / 8, 1 / 8, 0],
      [1 / 8, 0, 0],
    ])
  })

  it('sums to 1 and its margins are the exact net-success and net-advantage distributions (2Y 2G 1B vs 3P 1K)', () => {
    const d = exactCheck(pool({ proficiency: 2, ability: 2, boost: 1, difficulty: 3, setback: 1 }))
    const j = netByAdvantage(d)
    const net = marginalOf(d, (n) => n)
    const adv = marginalOf(d, (_n, a) => a)
    const rowSums = j.p.map((row) => row.reduce((a, b) => a + b, 0))
    const colSums = j.y.values.map((_, c) => j.p.reduce((a, row) => a + row[c], 0))
    expect(rowSums.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12)
    for (const { value, p } of net) expect(rowSums[j.x.values.indexOf(value)]).toBeCloseTo(p, 12)
    for (const { value, p } of adv) expect(colSums[j.y.values.indexOf(value)]).toBeCloseTo(p, 12)
    // docs/rules/genesys.md section 7: P(net successes ≥ 1) = 68.37% for this pool
    const hit = j.x.values.reduce((a, v, i) => (v >= 1 ? a + rowSums[i] : a), 0)
    expect(hit).toBeCloseTo(0.6837, 4)
  })
})
