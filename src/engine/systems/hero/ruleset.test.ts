import { describe, expect, it } from 'vitest'
import { example } from '../../../../tests/helpers'
import { parseScenarioOrThrow } from '../../run/parse'
import { compile } from './plan'
import type { HeroScenario } from './schema'
import { heroPlan, playMany, UNHURT } from './test-helpers'
import { C, PER_COMBATANT } from './layout'

const PASSIVE = { ...UNHURT, attack: { dice: '1d6' } }
const at = (i: number, c: number): number => 4 + i * PER_COMBATANT + c
const twoFighters = [
  { id: 'a', side: 'A' as const },
  { id: 'b', side: 'B' as const },
]

describe('the rule set: the campaign\'s house rules by default, the 6th Edition book as the alternative', () => {
  it('a HERO file that names no rule set plays the campaign\'s house rules (1d6 roll-off for ties, an unused hold lasts until his DEX)', () => {
    const p = heroPlan(twoFighters)
    expect(p.scenario.rules.ruleset).toBe('tlot3-house')
    expect(p.rules.house).toBe(true)
    expect(p.rules.tieRule).toBe('d6')
    expect(p.rules.expiryAtDex).toBe(true)
  })
  it('"hero6e-raw" sets the book\'s rules: contested DEX Roll for ties, a hold is lost when the Segment of his next Phase begins', () => {
    const p = heroPlan(twoFighters, { ruleset: 'hero6e-raw' })
    expect(p.rules.house).toBe(false)
    expect(p.rules.tieRule).toBe('dex-roll')
    expect(p.rules.expiryAtDex).toBe(false)
  })
  it('a variant set explicitly overrides the preset', () => {
    const p = heroPlan(twoFighters, { ruleset: 'tlot3-house', tieRule: 'int-pre', holdExpiry: 'segment-start' })
    expect(p.rules.tieRule).toBe('int-pre')
    expect(p.rules.expiryAtDex).toBe(false)
  })
  it('the gunfighters without a rule set: Doc\'s hold (for a Kid with a higher DEX) is used, as the house rules say', () => {
    const doc = example('hero-gunfighters.json') as Record<string, unknown> & { rules: Record<string, string> }
    const { ruleset: _dropped, ...rules } = doc.rules
    const s = parseScenarioOrThrow({ ...doc, rules }).scenario as HeroScenario
    const p = compile(s, true)
    const t = playMany(p, 200)
    expect(t.counts[at(0, C.holdsUsed)]).toBeGreaterThan(100)
  })
  it('a holder (DEX 10) waiting for a faster mover (DEX 20) in shared Segments: under the book his hold is always gone before the mover moves', () => {
    const plan = (rules: Record<string, string>) =>
      heroPlan([{ id: 'h', side: 'A', dex: 10, spd: 3, ...PASSIVE, plan: { onPhase: 'hold', hold: { event: 'm', mode: 'after' } } }, { id: 'm', side: 'B', dex: 20, spd: 3, ...PASSIVE }], rules, { turnCap: 3 })
    expect(playMany(plan({ ruleset: 'hero6e-raw' }), 50).counts[at(0, C.holdsUsed)]).toBe(0)
    expect(playMany(plan({}), 50).counts[at(0, C.holdsUsed)]).toBeGreaterThan(0)
  })
})
