import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { addToScenario, findEntry, importCharacter, librariesOf, openFile, type ImportResult, type Library } from '../../src/import'
import { getAtPath } from '../../src/engine/run/json-path'

/**
 * Issue 18: "what was defaulted (marked as such in the editor)". Every defaulted value that fills a field
 * carries that field's path, relative to the imported fighter, then where he lands in the scenario; the
 * editor marks those fields. One importer per system, each path checked against the value it points at.
 */
const root = join(__dirname, '..', '..')
const fixtures = join(root, 'tests', 'fixtures', 'import')
const example = (file: string): Record<string, unknown> => JSON.parse(readFileSync(join(root, 'resources', 'examples', file), 'utf8'))
const library = (...files: string[]): Library => {
  const lib = librariesOf(files.map((f) => openFile(readFileSync(join(fixtures, f)))))[0]
  if (!lib) throw new Error(`${files[0]} is not a library`)
  return lib
}
const take = (lib: Library, name: string): ImportResult => lib.take(findEntry(lib.entries.map((entry) => ({ entry })), name).entry)
/** Each defaulted field's path with the line that says it, and every path also a line of `defaulted`. */
const fields = (r: { report: ImportResult['report'] }): Record<string, string> => {
  for (const f of r.report.defaultedFields) expect(r.report.defaulted).toContain(f.text)
  return Object.fromEntries(r.report.defaultedFields.map((f) => [f.path, f.text]))
}

describe('defaulted values carry the path of the field they filled (issue 18)', () => {
  it('GURPS (Foundry actor Gurren Alexander): DR 0 at dr; in the GURPS duel combatants[2].dr and his plan at tactics[2].maneuvers', () => {
    const r = importCharacter(readFileSync(join(fixtures, 'foundry_gurps_actor_gurren_alexander.json')))
    // no DR on the torso in the file: the simulator's DR 0 (the field left empty, its default)
    expect(fields(r)).toEqual({ dr: 'DR 0 (no armour or DR on the torso)' })
    expect(r.combatants[0].dr).toBeUndefined()
    const duel = example('gurps-duel.json')
    expect((duel.combatants as unknown[]).length).toBe(2)
    const added = addToScenario(duel, [r], 'A')
    expect(fields(added)).toEqual({ 'combatants[2].dr': 'DR 0 (no armour or DR on the torso)', 'tactics[2].maneuvers': 'plan: attack every turn' })
    expect(getAtPath(added.doc, 'combatants[2].name')).toBe(r.combatants[0].name)
    expect(getAtPath(added.doc, 'tactics[2].combatant')).toBe(added.ids[0])
    expect(getAtPath(added.doc, 'tactics[2].maneuvers')).toEqual([{ maneuver: 'attack' }])
  })

  it('GURPS: a value capped to what the simulator takes names its field (ST 50 → st 27)', () => {
    const gcs = JSON.parse(readFileSync(join(fixtures, 'gcs5_foundry_gurps_alice_wozniak.gcs'), 'utf8'))
    const st = (gcs.attributes as { attr_id: string; adj: number }[]).find((a) => a.attr_id === 'st')
    if (!st) throw new Error('no ST in the fixture')
    st.adj += 40 // ST 13 + 40 = 53
    const r = importCharacter(new TextEncoder().encode(JSON.stringify(gcs)))
    expect(r.combatants[0].st).toBe(27)
    expect(fields(r)).toEqual({ st: 'ST 53 is outside what the simulator takes (1–27); 27 used' })
  })

  const enforcerPunching = (): ImportResult =>
    importCharacter(new TextEncoder().encode(readFileSync(join(fixtures, 'hdc_hero6efvtt_enforcer.extracted.hdc'), 'utf8').replace(/<MARTIALARTS>[\s\S]*?<\/MARTIALARTS>/, '<MARTIALARTS />')))

  it('HERO (Enforcer without his martial arts, no attack power): the Punch at attack; in the HERO duel combatants[2].attack', () => {
    const r = enforcerPunching()
    expect(fields(r)).toEqual({ attack: 'no attack power: a Punch with STR 55, 11d6 normal' })
    const doc = example('hero-brick-vs-speedster.json')
    const n = (doc.combatants as unknown[]).length
    const added = addToScenario(doc, [r], 'B')
    expect(fields(added)).toEqual({ [`combatants[${n}].attack`]: 'no attack power: a Punch with STR 55, 11d6 normal' })
    expect(getAtPath(added.doc, `combatants[${n}].attack`)).toEqual({ name: 'Punch', dice: '11d6', kind: 'normal', vs: 'PD', range: 'hth', ocv: 5 })
  })

  it('Star Wars (Net Hunter, a rival): Critical 6 at weapon.crit, initiative; with no side given side and the plan too', () => {
    const r = take(library('swrpg/quickdraw_adversaries.json', 'swrpg/quickdraw_weapons.json'), 'net hunter')
    const f = fields(r)
    expect(Object.keys(f).sort()).toEqual(['initiative', 'weapon.crit'])
    expect(f['weapon.crit']).toMatch(/^Snare net: Critical 6/)
    const added = addToScenario({ system: 'genesys' }, [r])
    expect(Object.keys(fields(added)).sort()).toEqual(['combatants[0].initiative', 'combatants[0].side', 'combatants[0].weapon.crit', 'plans[0].turns'])
    expect(getAtPath(added.doc, 'combatants[0].weapon.crit')).toBe(6)
    expect(getAtPath(added.doc, 'combatants[0].side')).toBe('B')
  })

  it('L5R (Akodo Tetsuo without his weapons): the katana at weapon; added after the duel\'s two fighters, combatants[2].weapon and tactics[2].rounds', () => {
    const save = JSON.parse(readFileSync(join(fixtures, 'l5r', 'quickdraw_l5rcm_akodo.l5r'), 'utf8'))
    expect(save.weapons.length).toBe(2)
    save.weapons = []
    const r = importCharacter(new TextEncoder().encode(JSON.stringify(save)))
    expect(fields(r)).toEqual({ weapon: 'weapon: katana 3k2 with Kenjutsu (the file records no weapon)' })
    const doc = { system: 'l5r', combatants: [{ id: 'a' }, { id: 'b' }], tactics: [{ combatant: 'a' }, { combatant: 'b' }] }
    const added = addToScenario(doc, [r], 'A')
    expect(fields(added)).toEqual({ 'combatants[2].weapon': 'weapon: katana 3k2 with Kenjutsu (the file records no weapon)', 'tactics[2].rounds': 'plan: Attack Stance every Round' })
    expect(getAtPath(added.doc, 'combatants[2].weapon')).toEqual({ name: 'katana', kind: 'melee', rolled: 3, kept: 2 })
  })

  it('Bushido (a card whose Size & Base names no size): size medium at size; in a warband models[n].size and models[n].side', () => {
    const cat = readFileSync(join(fixtures, 'bushido', 'quickdraw_test_warband.cat'), 'utf8').replace('Medium 40mm', '40mm')
    const lib = librariesOf([openFile(new TextEncoder().encode(cat))])[0]
    if (!lib) throw new Error('not a library')
    const r = take(lib, 'Captain Hoshino')
    expect(fields(r)).toEqual({ size: 'size medium (the card\'s Size & Base is "40mm")' })
    const added = addToScenario({ system: 'bushido', models: [{ id: 'x' }] }, [r])
    expect(Object.keys(fields(added)).sort()).toEqual(['models[1].side', 'models[1].size'])
    expect(getAtPath(added.doc, 'models[1].side')).toBe('b')
  })

  it('two fighters imported at once: each one\'s fields under his own index, the lines named by fighter', () => {
    const enforcer = enforcerPunching()
    const added = addToScenario({ system: 'hero', combatants: [] }, [enforcer, enforcer], 'A')
    expect(added.report.defaultedFields.map((f) => f.path)).toEqual(['combatants[0].attack', 'combatants[1].attack'])
    expect(added.report.defaultedFields[0].text).toMatch(/^Enforcer: no attack power/)
  })
})
