import { describe, expect, it } from 'vitest'
import { issueLine } from '../../core/schema'
import type { TraceEvent } from '../../core/trace'
import { parseScenario } from '../../run/parse'
import { d3, freshState, planOf, scenarioDoc, ScriptedRng, type Spec } from './test-helpers'
import { takeTurn } from './turn'

/**
 * All-Out Attack (Double), variant "aoaDouble". "basic-set" (default), GURPS Basic Set p.B365: "Make two attacks against
 * the same foe, if you have two ready weapons or one weapon that does not have to be readied after use";
 * an attack with the off hand is at −4 unless Ambidextrous (p.B39). "two-weapons": docs/rules/gurps.md section 3 as written.
 */
const DOUBLE = [{ maneuver: 'all-out-attack', option: 'double' }]

const problems = (doc: Record<string, unknown>): string[] => {
  const r = parseScenario(doc)
  return r.ok ? [] : r.issues.map(issueLine)
}

/** A's All-Out Attack (Double) on B with two critical misses (18s): his attack lines. */
function doubleAttackLines(a: Spec, rules: Record<string, string> = {}): string[] {
  const plan = planOf([{ skill: 12, ...a, maneuvers: DOUBLE }, { id: 'b' }], { rules })
  const log: TraceEvent[] = []
  const rng = new ScriptedRng(d3(18, 18))
  takeTurn(plan, freshState(plan, rng, log), 0)
  expect(rng.left).toBe(0)
  return log.filter((e) => e.kind === 'roll' && e.text.startsWith('A attacks')).map((e) => e.text)
}

const skills = (lines: string[]): number[] => lines.map((l) => Number(/\(skill (\d+)/.exec(l)?.[1]))

describe('All-Out Attack (Double), GURPS Basic Set p.B365, p.B39 (variants.aoaDouble)', () => {
  it('a single balanced weapon needs no readying after use: two attacks with the main hand at full skill', () => {
    const lines = doubleAttackLines({ id: 'a' })
    expect(skills(lines)).toEqual([12, 12])
    expect(lines.some((l) => l.includes('off hand'))).toBe(false)
  })
  it('a pair of unbalanced weapons: the main one is unready after the first attack, so the second is the off hand\'s at −4', () => {
    const lines = doubleAttackLines({ id: 'a', pair: true, unbalanced: true })
    expect(skills(lines)).toEqual([12, 8])
    expect(lines[1]).toContain('in his off hand (skill 8: off hand −4)')
  })
  it('with an unbalanced pair, an Ambidextrous fighter takes no off-hand penalty', () => {
    const lines = doubleAttackLines({ id: 'a', pair: true, unbalanced: true, ambidextrous: true })
    expect(skills(lines)).toEqual([12, 12])
    expect(lines[1]).toContain('in his off hand (skill 12: Ambidextrous, no off-hand penalty)')
  })
  it('a pair of balanced weapons, or fists, need no readying: both attacks with the main hand at full skill', () => {
    expect(skills(doubleAttackLines({ id: 'a', pair: true }))).toEqual([12, 12])
    const fists: Spec = { id: 'a', barehanded: 'yes', damage: 'thr-1', type: 'cr' }
    const lines = doubleAttackLines(fists)
    expect(skills(lines)).toEqual([12, 12])
    expect(lines.some((l) => l.includes('off hand'))).toBe(false)
  })
  it('a single unbalanced weapon must be readied after an attack: "double" is rejected, naming the path and what is allowed', () => {
    const doc = scenarioDoc([
      { id: 'a', unbalanced: true, maneuvers: DOUBLE },
      { id: 'b', unbalanced: true, maneuvers: [{ maneuver: 'wait', trigger: 'enemy-acts', response: 'all-out-attack', option: 'double' }] },
    ])
    const why = 'must not be "double" with one unbalanced weapon, which must be readied after each attack (B365: two ready weapons, or one that need not be readied after use): set weapon.pair to true (a second weapon in the other hand), fight barehanded, or use a balanced weapon, got "double"'
    expect(problems(doc)).toEqual([`tactics[0].maneuvers[0].option: ${why}`, `tactics[1].maneuvers[0].option: ${why}`])
    expect(problems(scenarioDoc([{ id: 'a', unbalanced: true, pair: true, maneuvers: DOUBLE }, { id: 'b' }]))).toEqual([])
  })
})

describe('All-Out Attack (Double), docs/rules/gurps.md section 3 as written (aoaDouble "two-weapons")', () => {
  const rules = { aoaDouble: 'two-weapons' }
  it('needs "two ready weapons": a single balanced sword is rejected with the two-weapons message', () => {
    const doc = scenarioDoc([{ id: 'a', maneuvers: DOUBLE }, { id: 'b' }], { rules })
    expect(problems(doc)).toEqual([
      'tactics[0].maneuvers[0].option: "double" needs two ready weapons: set weapon.pair to true (a second weapon of the same kind in the other hand) or fight barehanded, got "double"',
    ])
  })
  it('gives no off-hand penalty (the reference gives none): a pair attacks twice at full skill', () => {
    expect(skills(doubleAttackLines({ id: 'a', pair: true }, rules))).toEqual([12, 12])
  })
  it('an aoaDouble value outside its values names the allowed ones', () => {
    expect(problems(scenarioDoc([{ id: 'a' }, { id: 'b' }], { rules: { aoaDouble: 'one-weapon' } }))).toEqual([
      'rules.aoaDouble: must be one of "basic-set", "two-weapons", got "one-weapon"',
    ])
  })
})
