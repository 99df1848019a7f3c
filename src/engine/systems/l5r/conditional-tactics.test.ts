import { describe, expect, it } from 'vitest'
import { compile } from './plan'
import { scenarioSchema } from './schema'
import { facesRng, skirmish, traceOf } from './test-helpers'

/**
 * Issue 15 item 18, conditional tactics: "Full Defense when Hurt". A tactic's hurtStance replaces the
 * planned Stance from the first Turn the character starts at Hurt or worse (Stances change at the start of
 * a Turn from Round 2 on: L5R 4th Edition core rulebook pp.81–84).
 */
describe('hurtStance: Full Defense when Hurt (issue 15 item 18)', () => {
  // On 7s: a (Agility 3, katana-like 2k1 weapon) hits b every Round for 7 wounds; b (Earth 2) is Hurt at 19–22
  const duel = (hurtStance?: string) => {
    const s = skirmish([{ id: 'a', earth: 10, weapon: { name: 'tanto', rolled: 2, kept: 1 } }, { id: 'b', agility: 2, earth: 2 }], { roundCap: 5 })
    if (hurtStance) s.tactics[1].hurtStance = hurtStance as 'full-defense'
    return compile(s)
  }

  it('b attacks while Healthy or Nicked, and takes Full Defense at its first Turn after reaching Hurt', () => {
    const events = traceOf(duel('full-defense'), facesRng([], 7))
    const hurt = events.findIndex((e) => e.kind === 'wound' && e.who[0] === 'b' && e.text.includes(': Hurt'))
    expect(hurt).toBeGreaterThan(0)
    const change = events.findIndex((e) => e.kind === 'stance' && e.who[0] === 'b')
    expect(change).toBeGreaterThan(hurt)
    expect(events[change].text).toBe('B changes to Full Defense Stance (Hurt: the plan when Hurt).')
    expect(events.slice(0, hurt).some((e) => (e.kind === 'hit' || e.kind === 'miss') && e.who[0] === 'b')).toBe(true)
    expect(events.slice(change).some((e) => (e.kind === 'hit' || e.kind === 'miss') && e.who[0] === 'b')).toBe(false)
  })

  it('without hurtStance b keeps attacking when Hurt', () => {
    const events = traceOf(duel(), facesRng([], 7))
    const hurt = events.findIndex((e) => e.kind === 'wound' && e.who[0] === 'b' && e.text.includes(': Hurt'))
    expect(events.slice(hurt).some((e) => (e.kind === 'hit' || e.kind === 'miss') && e.who[0] === 'b')).toBe(true)
    expect(events.some((e) => e.kind === 'stance' && e.who[0] === 'b')).toBe(false)
  })

  it('a bow may not plan Full Attack when Hurt either: the field and the allowed Stances are named', () => {
    const doc = {
      schemaVersion: 1, name: 't', system: 'l5r',
      combatants: [
        { id: 'a', name: 'A', side: 'A', agility: 3, classRank: 1, attackSkill: 3, strength: 3, earth: 2, weapon: { name: 'yumi', kind: 'bow', bowStrength: 3, rolled: 2, kept: 2 } },
        { id: 'b', name: 'B', side: 'B', agility: 3, classRank: 1, attackSkill: 3, strength: 3, earth: 2 },
      ],
      tactics: [{ combatant: 'a', hurtStance: 'full-attack', rounds: [{ stance: 'attack' }] }, { combatant: 'b', rounds: [{ stance: 'attack' }] }],
    }
    const r = scenarioSchema.safeParse(doc)
    expect(r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)).toEqual([
      'tactics.0.hurtStance: must be one of "attack", "defense", "full-defense", "center": Full Attack allows melee attacks only (weapon "yumi" is a bow)',
    ])
  })
})
