import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { planSweep } from './sweep-plan'

const standoff = JSON.parse(readFileSync(join(__dirname, '../../../../resources/examples/gurps-waits-standoff.json'), 'utf8')) as { combatants: { skill: number }[] }

describe('sweep plan', () => {
  it('one parameter: a valid scenario at every value, the rest of the scenario untouched', () => {
    const plan = planSweep(standoff, [{ path: 'combatants[0].skill', from: 10, to: 14, step: 2 }])
    expect(plan.points.map((p) => p.at)).toEqual([[10], [12], [14]])
    expect(plan.points.map((p) => (p.scenario as typeof standoff).combatants[0].skill)).toEqual([10, 12, 14])
    expect(plan.points.every((p) => (p.scenario as typeof standoff).combatants[1].skill === standoff.combatants[1].skill)).toBe(true)
    expect(plan.head).toMatchObject({ format: 'quickdraw-sweep/1', scenario: { name: "Gunfighters' standoff" }, params: [{ path: 'combatants[0].skill', values: [10, 12, 14] }] })
    expect(plan.head.scenario.hash).toMatch(/^[0-9a-f]+$/)
  })

  it('two parameters make a grid, the first varying slowest', () => {
    const plan = planSweep(standoff, [
      { path: 'combatants[0].skill', from: 12, to: 13, step: 1 },
      { path: 'combatants[1].skill', from: 10, to: 12, step: 1 },
    ])
    expect(plan.points.map((p) => p.at)).toEqual([[12, 10], [12, 11], [12, 12], [13, 10], [13, 11], [13, 12]])
  })

  it('says what is wrong: not a number, a repeated parameter, a bad range, a point outside the rules', () => {
    expect(() => planSweep(standoff, [{ path: 'name', from: 1, to: 2, step: 1 }])).toThrow('Parameter: name is not a number of this scenario')
    const skill = { path: 'combatants[0].skill', from: 10, to: 12, step: 1 }
    expect(() => planSweep(standoff, [skill, skill])).toThrow('Second parameter: combatants[0].skill is already the first parameter')
    expect(() => planSweep(standoff, [{ ...skill, step: 0 }])).toThrow('Parameter combatants[0].skill: step: must be a number above 0, got 0')
    expect(() => planSweep(standoff, [{ ...skill, to: 40 }])).toThrow(/At combatants\[0\]\.skill = 31 the scenario is not valid: combatants\[0\]\.skill: must be an integer 3–30, got 31/)
  })
})
