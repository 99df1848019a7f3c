import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { importCharacter, type ImportResult } from '../../src/import'
import { parseDamage } from '../../src/import/gurps-stored'

const root = join(__dirname, '..', '..')
const fixtures = join(root, 'tests', 'fixtures', 'import')
const shared = join(root, '..', 'shared', 'fixtures', 'import', 'gurps')
const gca5Example = join(shared, 'gca5_foundry_gurps_character_example.gca5')
if (!existsSync(gca5Example)) console.warn(`GURPS import: ${gca5Example} is absent (2.5 MB, read from the shared fixtures); its test is skipped`)
/** The import with each fighter's first attack shown as \`weapon\` (tests/import/every-attack.test.ts checks the whole list). */
const load = (path: string): ImportResult => {
  const r = importCharacter(readFileSync(path))
  return { ...r, combatants: r.combatants.map(({ weapons, ...c }) => (Array.isArray(weapons) ? { ...c, weapon: weapons[0] as unknown } : c)) }
}

describe('damage as builders write it', () => {
  it.each([
    ['sw+2 cr', { st: 'sw', base: '+2', type: 'cr' }],
    ['1d-1 cr', { st: '', base: '1d-1', type: 'cr' }],
    ['2d', { st: '', base: '2d', type: 'pi+' }],
    ['thr imp', { st: 'thr', base: '', type: 'imp' }],
  ])('%s', (text, want) => expect(parseDamage(text, 'pi+')).toEqual(want))
})

describe('GURPS Character Assistant 5 (.gca5): stored scores and levels, the GCS mapping', () => {
  it('Ser Quentin (ours): Broadsword 15 as stored, sw+1 cut, Combat Reflexes, split DR 4/2 counts 2', () => {
    const r = load(join(fixtures, 'gurps', 'quickdraw_gca5_swordsman.gca5'))
    // ST 12, DX 13, HT 12; Hit Points 14 (ST + 2); Basic Speed 6.25, Move 6 as stored. Broadsword DX/A 8 points:
    // 13 − 1 + 3 = 15, the level GCA stores; the sword swings sw+1 cut, reach 1, parry 0. The Mail Shirt's DR 4/2
    // (4 against cutting and piercing) counts 2 on the torso.
    expect(r.combatants[0]).toEqual({
      name: 'Ser Quentin', st: 12, dx: 13, ht: 12, hp: 14, basicSpeed: 6.25, move: 6, combatReflexes: true, dr: 2,
      weapon: { name: 'Broadsword (swung)', skill: 15, damage: 'sw+1', type: 'cut', reach: 1, parry: 0 },
    })
    expect(r.report.read).toContain('Broadsword 15')
    expect(r.report.computed).toContain('DR 2 on the torso = Mail Shirt (split DR 4/2*: the lower counts) 2 (no hit locations in the simulator)')
  })

  it.skipIf(!existsSync(gca5Example))('the example character (crnormand/gurps): Guns (Pistol) 13, the .40 auto pistol 2d pi+, DR 5 of the vest\'s 12/5', () => {
    const r = load(gca5Example)
    // ST 10, DX 12, HT 11, Hit Points 11, Basic Speed 5.75, Basic Move 5 as GCA scores them; Guns (Pistol) DX/E
    // 2 points = 12 + 1 = 13; the Tactical Vest covers torso and groin with DR 12/5.
    expect(r.combatants[0]).toEqual({
      name: 'Character 1', st: 10, dx: 12, ht: 11, hp: 11, basicSpeed: 5.75, move: 5, dr: 5,
      weapon: { name: 'Auto Pistol, .40', skill: 13, damage: '2d', type: 'pi+', ranged: 'firearm' },
    })
  })
})

describe('a Foundry VTT GURPS actor (MIT, crnormand/gurps)', () => {
  it('Gurren Alexander: stored values, HP at its maximum, the punch with Parry 10 read back as a 0 modifier', () => {
    const r = load(join(fixtures, 'foundry_gurps_actor_gurren_alexander.json'))
    // ST 12, DX 11, HT 11; HP max 11 (he has taken 3); Basic Speed 5.5, Move 5; Combat Reflexes. Punch at Brawling
    // 13 (DX 11 + 2, 4 points Easy) for 1d-1 cr, reach C; Foundry's Parry 10 = 3 + 13/2 + 1 (Combat Reflexes), so
    // the punch's own modifier is 0. His crowbar swings at Axe/Mace 10: the better skill wins.
    expect(r.combatants[0]).toEqual({
      name: 'Gurren Alexander', st: 12, dx: 11, ht: 11, hp: 11, basicSpeed: 5.5, move: 5, combatReflexes: true,
      weapon: { name: 'Natural Attacks (Punch)', skill: 13, damage: '1d-1', type: 'cr', reach: 0, parry: 0, barehanded: 'yes' },
    })
    expect(r.format).toBe('Foundry VTT GURPS actor')
  })
})
