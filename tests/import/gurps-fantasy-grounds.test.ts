import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { importCharacter, ImportError } from '../../src/import'
import { parseScenario } from '../../src/engine/run/parse'

/**
 * Fantasy Grounds XML for GURPS (what GURPS Character Assistant and GURPS Character Sheet export for it),
 * and Foundry VTT GURPS actors of the game aid's newer kind. No real Fantasy Grounds export was at hand:
 * our fixture follows the format's published description (tests/fixtures/import/gurps/README.md).
 */
const root = join(__dirname, '..', '..')
const fg = readFileSync(join(root, 'tests', 'fixtures', 'import', 'gurps', 'quickdraw_fantasy_grounds_halberdier.xml'), 'utf8')
const load = (text: string) => importCharacter(new TextEncoder().encode(text))

describe('Fantasy Grounds XML (GURPS)', () => {
  it('Wilhelm Brandt (ours): stored scores and levels, the halberd swung and thrust and his shortsword, DR 3 + 1 on the torso, Light encumbrance as marked', () => {
    const r = load(fg)
    expect(r.system).toBe('gurps')
    expect(r.format).toBe('Fantasy Grounds XML (GURPS)')
    // ST 13, DX 12, HT 12, HP 15 as stored; Basic Speed 6, Move 6; Combat Reflexes and High Pain Threshold.
    // Halberd at Polearm 14 as stored: sw+5 cut, reach 2,3* → 3, Parry 0U (unbalanced); thrust thr+3 imp.
    expect(r.combatants[0]).toEqual({
      name: 'Wilhelm Brandt', st: 13, dx: 12, ht: 12, hp: 15, basicSpeed: 6, move: 6, combatReflexes: true, highPainThreshold: true, encumbrance: 1, dr: 4,
      weapons: [
        { name: 'Halberd (Swung)', skill: 14, damage: 'sw+5', type: 'cut', reach: 3, parry: 0, unbalanced: true },
        { name: 'Halberd (Thrust)', skill: 14, damage: 'thr+3', type: 'imp', reach: 3, parry: 0, unbalanced: true },
        { name: 'Shortsword (Swung)', skill: 12, damage: 'sw', type: 'cut', reach: 1, parry: 0 },
      ],
    })
    expect(r.plan).toEqual({ using: 'best' })
    // the file's Move 4 and Dodge 9 at Light encumbrance agree with the simulator's (no line saying otherwise)
    expect(r.report.read).toContain('Encumbrance Light (1), as the file marks it (GURPS Basic Set p.B17)')
    expect(r.report.computed.join('\n')).not.toMatch(/stored (Move|Dodge)/)
    expect(r.report.fight).toContain('defences: Dodge 9 (Basic Speed 6 without fractions + 3, +1 Combat Reflexes, −1 for Light encumbrance); Parry 11 with Halberd (Swung) (3 + half skill 14, +1 Combat Reflexes); DR 4')
    expect(r.report.ignored.join('\n')).toMatch(/Sense of Duty \(Company\)/)
    const doc = { schemaVersion: 1, name: 'check', system: 'gurps', combatants: [{ ...r.combatants[0], id: 'a' }, { ...r.combatants[0], id: 'b' }], tactics: ['a', 'b'].map((id) => ({ combatant: id, maneuvers: [{ maneuver: 'attack' }], using: 'best' })) }
    const parsed = parseScenario(doc)
    expect(parsed.ok ? [] : parsed.issues).toEqual([])
  })

  it('a stored Dodge that differs from the simulator\'s is said with its difference', () => {
    const r = load(fg.replace('<enc1_dodge type="number">9</enc1_dodge>', '<enc1_dodge type="number">10</enc1_dodge>'))
    expect(r.report.computed.join('\n')).toMatch(/Dodge 9 at encumbrance Light; the file's stored Dodge is 10 \(\+1:/)
  })

  it('a Fantasy Grounds file with no character (a campaign) or no ST is refused with the reason', () => {
    expect(() => load('<?xml version="1.0"?><root version="4.1"><character><name>x</name><attributes><dexterity>10</dexterity></attributes></character></root>')).toThrow(/the Fantasy Grounds character has no ST \(attributes › strength\)/)
    let err: unknown
    try {
      load('<?xml version="1.0"?><root version="4.1"><campaign /></root>')
    } catch (e) {
      err = e
    }
    expect(err).toBeInstanceOf(ImportError)
    expect(String(err)).toMatch(/<root>/)
  })
})

describe('Foundry VTT GURPS actors of the game aid\'s newer kind', () => {
  const shared = join(root, '..', 'shared', 'fixtures', 'import', 'gurps', 'foundry_gurps_actor_gurren_alexander.json')

  it('an actor whose skills and weapons are items of their own is refused with what to do', () => {
    const actor = { name: 'Newer', type: 'character', system: { attributes: { ST: { import: 11, value: 11 }, DX: { import: 12, value: 12 } }, hitlocationsV2: [{ where: 'Torso', import: 2 }] }, items: [{ type: 'skill', name: 'Broadsword' }, { type: 'equipment', name: 'Broadsword' }] }
    expect(() => load(JSON.stringify(actor))).toThrow(/keeps its skills and weapons as items \(skill, equipment\), as the game aid's 1\.0 characters do.*export the character from GURPS Character Sheet or GURPS Character Assistant/)
  })

  it.skipIf(!existsSync(shared))('the published export (Gurren Alexander, skills and weapons in the actor) still imports', () => {
    const r = importCharacter(readFileSync(shared))
    expect(r.format).toBe('Foundry VTT GURPS actor')
    expect(r.report.fight[0]).toMatch(/^attack: /)
  })
})
