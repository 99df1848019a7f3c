import { describe, expect, it } from 'vitest'
import { exactOf } from './exact'
import { ScenarioError } from './parse'

const standoff = {
  schemaVersion: 1,
  name: 'standoff',
  system: 'gurps-waits',
  combatants: [
    { id: 'kid', name: 'The Kid', skill: 15, basicSpeed: 6 },
    { id: 'marshal', name: 'The Marshal', skill: 15, basicSpeed: 6 },
  ],
  tactics: [
    { combatant: 'kid', commit: 'proceed', action: 'shoots', attacks: 'marshal' },
    { combatant: 'marshal', commit: 'proceed', action: 'shoots', attacks: 'kid' },
  ],
}

describe('exactOf', () => {
  it("gives the system's exact values: two equal gunfighters each act first alone with the same chance", () => {
    const exact = exactOf(standoff)
    const first = (id: string): number => {
      const m = exact?.find((e) => e.id === `acts-first-alone:${id}`)
      if (m?.kind !== 'probability') throw new Error(`no exact acts-first-alone:${id}`)
      return m.p
    }
    expect(first('kid')).toBeCloseTo(first('marshal'), 12)
    expect(first('kid')).toBeGreaterThan(0.3)
  })

  it('throws a ScenarioError naming the bad path for an invalid scenario', () => {
    const bad = { ...standoff, combatants: [{ ...standoff.combatants[0], skill: 99 }, standoff.combatants[1]] }
    expect(() => exactOf(bad)).toThrow(ScenarioError)
    expect(() => exactOf(bad)).toThrow(/combatants\[0\]\.skill/)
  })
})
