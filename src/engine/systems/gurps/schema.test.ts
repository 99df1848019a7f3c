import { describe, expect, it } from 'vitest'
import { issueLine } from '../../core/schema'
import { parseScenario } from '../../run/parse'
import { scenarioDoc } from './test-helpers'

const problems = (doc: Record<string, unknown>): string[] => {
  const r = parseScenario(doc)
  return r.ok ? [] : r.issues.map(issueLine)
}

function withFighter(patch: (c: Record<string, unknown>, w: Record<string, unknown>) => void): Record<string, unknown> {
  const doc = scenarioDoc([{ id: 'a' }, { id: 'b' }])
  const c = (doc.combatants as Record<string, unknown>[])[0]
  patch(c, c.weapon as Record<string, unknown>)
  return doc
}

describe('invalid input is rejected with the path and the allowed values', () => {
  it('ST 0', () => {
    expect(problems(withFighter((c) => (c.st = 0)))).toEqual(['combatants[0].st: must be an integer 1–27, got 0'])
  })
  it('skill "abc"', () => {
    expect(problems(withFighter((_c, w) => (w.skill = 'abc')))).toEqual(['combatants[0].weapon.skill: must be an integer 3–30, got "abc"'])
  })
  it('unknown damage type', () => {
    const [line] = problems(withFighter((_c, w) => (w.type = 'zap')))
    expect(line).toMatch(/^combatants\[0\]\.weapon\.type: must be one of "cr", "cut", "imp", "pi-", "pi", "pi\+", "pi\+\+", "burn", "cor", "tox", got "zap"$/)
  })
  it('a damage roll that is not thr, sw or Nd', () => {
    expect(problems(withFighter((_c, w) => (w.damage = 'sw+x')))[0]).toMatch(/^combatants\[0\]\.weapon\.damage: must be thr, sw or Nd/)
  })
  it('a Wait without a trigger, an option that does not fit the maneuver, a named trigger without an enemy', () => {
    const doc = scenarioDoc([
      { id: 'a', maneuvers: [{ maneuver: 'wait' }, { maneuver: 'attack', option: 'strong' }] },
      { id: 'b', maneuvers: [{ maneuver: 'wait', trigger: 'named-enemy-acts' }, { maneuver: 'all-out-defense', option: 'strong' }] },
    ])
    expect(problems(doc)).toEqual([
      'tactics[0].maneuvers[0].trigger: is required for a Wait (what sets it off): one of "enemy-in-reach", "enemy-attacks", "enemy-acts", "named-enemy-acts", "signal"',
      'tactics[0].maneuvers[1].option: only applies to an All-Out Attack, an All-Out Defense, or a Wait whose response is an All-Out Attack, got "strong"',
      'tactics[1].maneuvers[0].enemy: is required for the trigger "named-enemy-acts"',
      'tactics[1].maneuvers[1].option: must be one of "increased-dodge", "increased-parry", "increased-block", "double" for an All-Out Defense, got "strong"',
    ])
  })
  it('everyone on one side, a target on his own side, Combat Reflexes with ETS, a signal trigger without signalTurn', () => {
    const doc = scenarioDoc([
      { id: 'a', side: 's', target: 'b', combatReflexes: true, enhancedTimeSense: true, maneuvers: [{ maneuver: 'wait', trigger: 'signal' }] },
      { id: 'b', side: 's' },
    ])
    expect(problems(doc)).toEqual([
      'combatants[0].combatReflexes: must be false when enhancedTimeSense is true (Enhanced Time Sense already includes Combat Reflexes), got true',
      'combatants: must have at least two sides (give enemies different "side" values)',
      'tactics[0].target: must be an enemy (a combatant on another side), got "b"',
      'signalTurn: is required when a Wait uses the trigger "signal"',
    ])
  })
  it('a rule variant outside its values names the allowed ones', () => {
    expect(problems({ ...scenarioDoc([{ id: 'a' }, { id: 'b' }]), rules: { yardPenalty: 'half' } })).toEqual([
      'rules.yardPenalty: must be one of "whole-distance", "beyond-step", got "half"',
    ])
  })
  it('defaults: HP = ST, Basic Speed = (DX + HT)/4, every rule variant at its documented default', () => {
    const r = parseScenario(scenarioDoc([{ id: 'a' }, { id: 'b' }]))
    if (!r.ok) throw new Error('invalid')
    expect(r.scenario.rules).toEqual({
      yardPenalty: 'whole-distance',
      belowThree: 'roll',
      unusedWait: 'wasted',
      retreat: 'whenever-allowed',
      criticalHits: 'table',
      minimumInjury: 'one',
      knockdown: 'stand-then-ready',
      failedDeathCheck: 'dead',
      shockFrom: 'moment-of-injury',
      shockOnDefense: 'no',
      rangePenalties: 'table',
      unbalancedWeapon: 'no-parry-after-attack',
      aoaDouble: 'basic-set',
      multipleBlocks: 'one-per-turn',
      painThresholdRolls: 'basic-set',
      onCap: 'draw',
    })
  })
  it('a ranged kind outside "no", "firearm", "muscle-powered" (an old true included) names the allowed values', () => {
    const doc = scenarioDoc([{ id: 'a' }, { id: 'b' }])
    const weapons = (doc.combatants as { weapon: Record<string, unknown> }[]).map((c) => c.weapon)
    weapons[0].ranged = 'bow'
    weapons[1].ranged = true
    expect(problems(doc)).toEqual([
      'combatants[0].weapon.ranged: must be one of "no", "firearm", "muscle-powered", got "bow"',
      'combatants[1].weapon.ranged: must be one of "no", "firearm", "muscle-powered", got true',
    ])
  })
  it('an unbalanced-weapon rule outside its values names the allowed ones', () => {
    expect(problems({ ...scenarioDoc([{ id: 'a' }, { id: 'b' }]), rules: { unbalancedWeapon: 'never' } })).toEqual([
      'rules.unbalancedWeapon: must be one of "no-parry-after-attack", "both-ways", got "never"',
    ])
  })
  it('All-Out Attack (Double) under aoaDouble "two-weapons" needs "two ready weapons" (docs/rules/gurps.md section 3): a single sword is rejected, a pair or bare hands are not', () => {
    const double = [{ maneuver: 'all-out-attack', option: 'double' }]
    const waitDouble = [{ maneuver: 'wait', trigger: 'enemy-acts', response: 'all-out-attack', option: 'double' }]
    const rules = { rules: { aoaDouble: 'two-weapons' } }
    expect(problems(scenarioDoc([{ id: 'a', maneuvers: double }, { id: 'b', maneuvers: waitDouble }], rules))).toEqual([
      'tactics[0].maneuvers[0].option: "double" needs two ready weapons: set weapon.pair to true (a second weapon of the same kind in the other hand) or fight barehanded, got "double"',
      'tactics[1].maneuvers[0].option: "double" needs two ready weapons: set weapon.pair to true (a second weapon of the same kind in the other hand) or fight barehanded, got "double"',
    ])
    expect(problems(scenarioDoc([{ id: 'a', pair: true, maneuvers: double }, { id: 'b', barehanded: 'yes', damage: 'thr-1', type: 'cr', maneuvers: double }], rules))).toEqual([])
  })
  it('a ranged All-Out Attack has only the Determined option (docs/rules/gurps.md section 3: Strong, Double and Feint are melee options)', () => {
    const doc = scenarioDoc([
      { id: 'a', ranged: 'firearm', damage: '2d', type: 'pi', maneuvers: [{ maneuver: 'all-out-attack', option: 'strong' }] },
      { id: 'b', ranged: 'muscle-powered', damage: 'thr+1', type: 'imp', maneuvers: [{ maneuver: 'all-out-attack', option: 'determined' }] },
    ])
    expect(problems(doc)).toEqual(['tactics[0].maneuvers[0].option: must be "determined" for an All-Out Attack with a ranged weapon (Strong, Double and Feint are melee options), got "strong"'])
  })
  it('an unknown target rule or barehanded kind names the allowed values', () => {
    const doc = scenarioDoc([{ id: 'a', targetRule: 'strongest' }, { id: 'b', barehanded: 'boxing' }])
    expect(problems(doc)).toEqual([
      'combatants[1].weapon.barehanded: must be one of "no", "yes", "judo-karate", got "boxing"',
      'tactics[0].targetRule: must be one of "sticky-first", "weakest", "most-injured", "nearest", got "strongest"',
    ])
  })
})
