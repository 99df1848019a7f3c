import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { fightNote } from '../core/fight-exact'
import { compiledOf } from './compile'
import { exactAtOnce, exactOf, exactWithin, ranOutOfTime } from './exact'
import { parseScenarioOrThrow, ScenarioError } from './parse'

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

describe('exactWithin: a budget for the solve', () => {
  const blows = JSON.parse(readFileSync(join(__dirname, '../../../resources/examples/gurps-deadly-blows.json'), 'utf8')) as unknown

  it('past its time, the whole fight is refused with the reason in a GM\'s words; kept for that budget only, and solved without one', () => {
    // a clock that jumps a second at each look: the 2 s are gone after the first steps
    let t = 0
    const budget = { seconds: 2, now: () => (t += 1000) }
    const stopped = exactWithin(blows, { budget, fresh: true })
    expect(stopped.stopped).toBe('time')
    expect(fightNote(stopped.values)).toMatchObject({ solved: false, reason: 'stopped after 2 s without an exact answer (the fight goes too many ways to follow in that time); the simulated answer stands' })
    expect(ranOutOfTime(stopped.values)).toBe(true)
    // the same budget again: the refusal kept, no solve (the clock is not read)
    const looks = t
    expect(exactWithin(blows, { budget })).toEqual(stopped)
    expect(t).toBe(looks)
    // a longer budget (or none) is not told the short one's refusal: it solves
    const solved = exactWithin(blows, { budget: { seconds: 60, now: () => 0 } })
    expect(solved.stopped).toBeUndefined()
    expect(fightNote(solved.values)).toMatchObject({ solved: true })
    expect(exactWithin(blows, { budget })).toEqual({ values: solved.values })
  })

  it('a solve stopped on request says so and is not kept', () => {
    const asked = exactWithin(blows, { fresh: true, budget: { seconds: 60, now: () => 0, shouldStop: () => true } })
    expect(asked.stopped).toBe('stopped')
    expect(fightNote(asked.values)?.reason).toMatch(/^the exact answer was no longer wanted/)
    expect(fightNote(exactOf(blows))).toMatchObject({ solved: true })
  })
})

describe('exactAtOnce: the values that need no solve, worked out on the thread that asks', () => {
  const read = (f: string): unknown => JSON.parse(readFileSync(join(__dirname, '../../../resources/examples', f), 'utf8'))

  it('a fight its system refuses before solving any of it: the same values as a solve without a budget', () => {
    for (const f of ['hero-bench-2v2.json', 'genesys-squad-cover.json', 'gurps-waits-triangle.json']) {
      const parsed = parseScenarioOrThrow(read(f))
      const atOnce = exactAtOnce(parsed)
      expect(atOnce, f).toBeDefined()
      expect(atOnce?.values, f).toEqual(exactOf(read(f), { fresh: true }))
    }
  })

  it('a fight that needs solving: undefined (a solve is needed), and the plan it looked at answers the real solve rightly', () => {
    const blows = read('gurps-deadly-blows.json')
    const parsed = parseScenarioOrThrow(blows)
    compiledOf(parsed)
    expect(exactAtOnce(parsed)).toBeUndefined()
    // the stopped look is not kept anywhere: the whole fight is solved
    expect(fightNote(exactWithin(blows, { budget: { seconds: 60, now: () => 0 } }).values)).toMatchObject({ solved: true })
  })
})
