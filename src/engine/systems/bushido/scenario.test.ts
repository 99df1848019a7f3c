import { describe, expect, it } from 'vitest'
import { describeIssues, issueLine } from '../../core/schema'
import { scenarioSchema } from './scenario'
import { MAX_WOUNDS } from './schema'
import { model } from './test-helpers'

const issues = (doc: Record<string, unknown>): string[] => {
  const r = scenarioSchema.safeParse(doc, { reportInput: true })
  return r.success ? [] : describeIssues(r.error.issues).map(issueLine)
}

const base = (over: Record<string, unknown> = {}): Record<string, unknown> => ({
  schemaVersion: 1,
  name: 'x',
  system: 'bushido',
  models: [model('ronin', 'a'), model('bandit', 'b')],
  situation: { kind: 'exchange', activating: 'ronin', opponent: 'bandit' },
  ...over,
})

describe('invalid input is rejected with the path and the allowed range', () => {
  it('a valid scenario has no issues and every variant gets its default', () => {
    expect(issues(base())).toEqual([])
    expect(scenarioSchema.parse(base()).rules).toEqual({ zeroAttack: 'tie-can-hit', allOnes: 'zero', slAboveTen: 'formula', shooterRan: 'card', proneSpecials: 'none', proneStrikeBack: 'no', specialDefenceNoAttack: 'no-trigger' })
  })
  it('a pool of −3', () => {
    expect(issues(base({ models: [model('ronin', 'a', { melee: -3 }), model('bandit', 'b')] }))).toEqual(['models[0].melee: must be an integer 0–8, got -3'])
  })
  it('a split that uses more dice than the pool (names the pool after modifiers)', () => {
    const doc = base({ models: [model('ronin', 'a', { states: ['stunned'] }), model('bandit', 'b')], plans: [{ model: 'ronin', split: { attack: 3 } }] })
    expect(issues(doc)).toEqual(["plans[0].split.attack: must be 0–2 (Ronin's Melee Pool in this exchange is 2), got 3"])
  })
  it('a split whose Attack and Defence do not use the whole pool', () => {
    expect(issues(base({ plans: [{ model: 'ronin', split: { attack: 1, defence: 1 } }] }))).toEqual([
      "plans[0].split.defence: must be 2 so that attack + defence uses the whole pool (Ronin's Melee Pool in this exchange is 3), got 1",
    ])
  })
  it('an unknown state', () => {
    const [line] = issues(base({ models: [model('ronin', 'a', { states: ['dizzy'] }), model('bandit', 'b')] }))
    expect(line).toBe('models[0].states[0]: must be one of "prone", "blind", "stunned", "frightened", "held", got "dizzy"')
  })
  it('an unknown split rule names the rules', () => {
    const [line] = issues(base({ plans: [{ model: 'ronin', rule: 'berserk' }] }))
    expect(line).toBe('plans[0].rule: must be one of "recommended", "best-reply", "all-attack", "all-defence", "even", "all-attack-when-enemy-wounded", "defend-when-wounded", got "berserk"')
  })
  it('an unknown situation kind', () => {
    const [line] = issues(base({ situation: { kind: 'duel' } }))
    expect(line).toMatch(/^situation\.kind: .*"exchange", "shot" or "game"/)
  })
  it('an exchange between two models of the same side', () => {
    expect(issues(base({ models: [model('ronin', 'a'), model('bandit', 'a')] }))).toEqual(['situation.opponent: must be an enemy of "ronin" (side a), got "bandit"'])
  })
  it('a reference to an unknown model', () => {
    expect(issues(base({ situation: { kind: 'exchange', activating: 'ronin', opponent: 'oni' } }))).toEqual(['situation.opponent: must be one of the model ids "ronin", "bandit", got "oni"'])
  })
  it('a Huge model of 24 Wounds (a Mountain Oni) is taken; the message past the limit names it', () => {
    expect(issues(base({ models: [model('ronin', 'a'), model('bandit', 'b', { name: 'Mountain Oni', wounds: 24, woundsTaken: 23, size: 'huge' })] }))).toEqual([])
    expect(issues(base({ models: [model('ronin', 'a'), model('bandit', 'b', { wounds: MAX_WOUNDS + 1 })] }))).toEqual([`models[1].wounds: must be an integer 1–${MAX_WOUNDS}, got ${MAX_WOUNDS + 1}`])
  })

  it('wounds already taken must be below Wounds', () => {
    expect(issues(base({ models: [model('ronin', 'a', { woundsTaken: 3 }), model('bandit', 'b')] }))).toEqual(['models[0].woundsTaken: must be 0–2 (below Wounds 3), got 3'])
  })
  it('a shot at a friend, and an engaged "ally" on the wrong side', () => {
    const models = [model('archer', 'a', { ranged: 3 }), model('ronin', 'a'), model('bandit', 'b')]
    expect(issues(base({ models, situation: { kind: 'shot', shooter: 'archer', target: 'ronin', range: 'short' } }))).toEqual(['situation.target: must be an enemy of "archer" (side a), got "ronin"'])
    expect(issues(base({ models, situation: { kind: 'shot', shooter: 'archer', target: 'bandit', engagedAlly: 'bandit', range: 'short' } }))).toEqual([
      'situation.engagedAlly: must be another model on the shooter\'s side (a), got "bandit"',
    ])
  })
  it('a game tactic without a target', () => {
    expect(issues(base({ situation: { kind: 'game', turns: 2, tactics: [{ model: 'ronin', action: 'charge' }] } }))).toEqual(['situation.tactics[0].target: is required for the action "charge"'])
  })
  it('"Elle commence son Activation sans être au CSS de la Cible": a Surprise from base contact', () => {
    expect(issues(base({ situation: { kind: 'exchange', activating: 'ronin', opponent: 'bandit', surprise: true } }))).toEqual([
      'situation.engagedAtStart: must be false when surprise is true: a model can only Surprise a target it did not start its activation in base contact with (Bushido rulebook, Surprise), got true',
    ])
  })
  it('an unknown Surprise tactic', () => {
    expect(issues(base({ situation: { kind: 'game', turns: 1, tactics: [{ model: 'ronin', action: 'charge', target: 'bandit', surprise: 'always' }] } }))).toEqual([
      'situation.tactics[0].surprise: must be one of "never", "first", "every", got "always"',
    ])
  })
})
