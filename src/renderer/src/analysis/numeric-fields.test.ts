import { describe, expect, it } from 'vitest'
import { getAtPath } from '../../../engine/run/json-path'
import { numericFields } from './numeric-fields'

describe('numeric fields of a scenario (sweep parameters)', () => {
  const doc = {
    schemaVersion: 1,
    system: 'gurps-waits',
    name: 'Standoff',
    run: { trials: 1000, seed: 3 },
    combatants: [
      { id: 'kid', name: 'The Kid', skill: 14, basicSpeed: 6.5, tactics: { waitFor: 'marshal', bonus: 1 } },
      { id: 'marshal', skill: 13, basicSpeed: 6 },
    ],
    rules: { tieRule: 'book', cap: 12 },
  }

  it('offers every number with its CLI path and a label naming the combatant, skipping the run settings', () => {
    expect(numericFields(doc).map((f) => [f.path, f.label, f.value])).toEqual([
      ['combatants[0].skill', 'The Kid — Skill', 14],
      ['combatants[0].basicSpeed', 'The Kid — Basic speed', 6.5],
      ['combatants[0].tactics.bonus', 'The Kid — Tactics — Bonus', 1],
      ['combatants[1].skill', 'marshal — Skill', 13],
      ['combatants[1].basicSpeed', 'marshal — Basic speed', 6],
      ['rules.cap', 'Rules — Cap', 12],
    ])
  })

  it('a tactic or plan row is named by its fighter, never "#1 — Yards" (issue 28)', () => {
    const waits = { combatants: [{ id: 'kid', name: 'The Kid', skill: 14 }], tactics: [{ combatant: 'kid', yards: 3 }, { yards: 5 }] }
    expect(numericFields(waits).map((f) => f.label)).toEqual(['The Kid — Skill', "The Kid's tactic — Yards", 'Tactic 2 — Yards'])
  })

  it('every path it offers reads back the same value through the engine json-path', () => {
    for (const f of numericFields(doc)) expect(getAtPath(doc, f.path)).toBe(f.value)
  })
})
