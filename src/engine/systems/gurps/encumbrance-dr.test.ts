import { describe, expect, it } from 'vitest'
import { Defense } from './codes'
import { Crit, drAgainst, injuryAgainst } from './damage'
import { bestDefense, type DefenseChoice } from './defense'
import { freshState, planOf, ScriptedRng } from './test-helpers'

/**
 * Encumbrance (GURPS Basic Set p.B17: Move × 1, 0.8, 0.6, 0.4, 0.2, Dodge −0 to −4) and DR limited to some
 * damage types (p.B47, Limitations: "Limited").
 */
describe('encumbrance levels (GURPS Basic Set p.B17)', () => {
  it('Basic Speed 5, Move 5: None 5 / Light 4 / Medium 3 / Heavy 2 / Extra-Heavy 1; Dodge 8 / 7 / 6 / 5 / 4', () => {
    const moves: number[] = []
    const dodges: number[] = []
    for (let enc = 0; enc <= 4; enc++) {
      const plan = planOf([{ id: 'a', basicSpeed: 5, encumbrance: enc }, { id: 'b' }])
      moves.push(plan.fighters[0].move)
      dodges.push(plan.fighters[0].dodge)
    }
    expect(moves).toEqual([5, 4, 3, 2, 1])
    expect(dodges).toEqual([8, 7, 6, 5, 4])
  })
  it('Move is rounded down but never below 1 (Move 3 at Extra-Heavy: 0.6 → 1); the encumbered Dodge is the one he defends with', () => {
    expect(planOf([{ id: 'a', move: 3, encumbrance: 4 }, { id: 'b' }]).fighters[0].move).toBe(1)
    expect(planOf([{ id: 'a', move: 7, encumbrance: 2 }, { id: 'b' }]).fighters[0].move).toBe(4)
    const plan = planOf([{ id: 'a' }, { id: 'b', basicSpeed: 6, parry: -5, encumbrance: 3 }], { rules: { retreat: 'never' } })
    const c: DefenseChoice = { kind: Defense.None, score: 0, retreat: false }
    bestDefense(plan, freshState(plan, new ScriptedRng([])), 1, 0, Defense.None, c)
    expect([c.kind, c.score]).toEqual([Defense.Dodge, 9 - 3])
  })
})

describe('DR limited to some damage types (GURPS Basic Set p.B47, "Limited")', () => {
  it('DR 2, plus DR 9 against fire only: a burning attack meets DR 11, a cutting one DR 2', () => {
    const specs = (type: string) => [{ id: 'a', damage: '3d', type }, { id: 'b', dr: 2, drAgainst: [{ dr: 9, types: ['burn'] }] }]
    const burn = planOf(specs('burn'))
    const cut = planOf(specs('cut'))
    expect(drAgainst(burn, freshState(burn, new ScriptedRng([])), 0, 1)).toBe(11)
    expect(drAgainst(cut, freshState(cut, new ScriptedRng([])), 0, 1)).toBe(2)
    // 12 damage: burn 12 − 11 = 1 injury; cut (12 − 2) × 1.5 = 15
    expect(injuryAgainst(burn, freshState(burn, new ScriptedRng([])), 0, 1, 12, Crit.Normal)).toBe(1)
    expect(injuryAgainst(cut, freshState(cut, new ScriptedRng([])), 0, 1, 12, Crit.Normal)).toBe(15)
  })
})
