import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { importCharacter, type ImportResult } from '../../src/import'
import { skillLevel } from '../../src/import/gurps-model'
import { parseScenario } from '../../src/engine/run/parse'
import { replayTrial } from '../../src/engine/run/replay'
import { DEFAULT_CHUNK_SIZE } from '../../src/engine/run/chunks'
import { quickdrawInProcess } from '../cli/in-process'

const root = join(__dirname, '..', '..')
const fixtures = join(root, 'tests', 'fixtures', 'import')
/** Fixtures whose licence keeps them out of the repository (MPL-2.0 GCS library): read when present. */
const shared = join(root, '..', 'shared', 'fixtures', 'import', 'gurps')
const haveShared = existsSync(shared)
if (!haveShared) console.warn(`GURPS import: ${shared} is absent; the tests on the GCS library characters are skipped`)
/**
 * The import with each fighter's first attack shown as \`weapon\` (the one he used before he carried them
 * all): these tests check that attack's values; tests/import/every-attack.test.ts checks the whole list.
 */
const firstAttack = (r: ImportResult): ImportResult => ({
  ...r,
  combatants: r.combatants.map(({ weapons, ...c }) => (Array.isArray(weapons) ? { ...c, weapon: weapons[0] as unknown } : c)),
})
const load = (path: string) => firstAttack(importCharacter(readFileSync(path)))

describe('GURPS skill levels as GURPS Character Sheet computes them (GURPS Basic Set p.B170)', () => {
  const attrs = { dx: 13, iq: 12 }
  const level = (difficulty: string, points: number) => skillLevel({ name: 'X', specialization: '', attribute: 'dx', difficulty, points, technique: false }, attrs, [])?.level
  it.each([
    // 1 point: attribute + 0 / −1 / −2 / −3; 2 points +1; 4 points +2; then +1 per 4 points:
    // Hard 16 points = 13 − 2 + 1 + 4 = 16, Very Hard 24 points = 13 − 3 + 1 + 6 = 17.
    ['e', 1, 13], ['a', 1, 12], ['h', 1, 11], ['vh', 1, 10],
    ['e', 2, 14], ['a', 2, 13], ['h', 2, 12], ['vh', 2, 11],
    ['e', 3, 14], ['a', 4, 14], ['a', 8, 15], ['a', 12, 16], ['h', 16, 16], ['vh', 24, 17],
  ])('DX 13, %s, %i points → %i', (d, p, want) => expect(level(d as string, p as number)).toBe(want))

  it('trait bonuses are added and named: Fast-Draw +1 from Combat Reflexes', () => {
    const r = skillLevel(
      { name: 'Fast-Draw', specialization: 'Knife', attribute: 'dx', difficulty: 'e', points: 2, technique: false },
      attrs,
      [{ f: { type: 'skill', name: { compare: 'starts_with', qualifier: 'fast-draw' }, amount: 1, perLevel: false }, times: 1, from: 'Combat Reflexes' }],
    )
    expect(r).toEqual({ level: 15, text: 'Fast-Draw (Knife) 15 = DX 13 + 1 (2 points, Easy) Combat Reflexes + 1' })
  })
})

describe('GURPS Character Sheet 5 (JSON) characters in the repository (MIT, crnormand/gurps)', () => {
  it('Alice Wozniak', () => {
    const r = load(join(fixtures, 'gcs5_foundry_gurps_alice_wozniak.gcs'))
    // ST adj 3 → 13, DX adj 4 → 14, HT adj 3 → 13; HP = ST 13 + 4 = 17; Basic Speed (14 + 13)/4 = 6.75
    // + 0.25 = 7, Move 7. Axe/Mace DX/A 4 points = 14 − 1 + 2 = 15: her Throwing Axe swung, sw+2 cut,
    // parry "0U" (unbalanced); Brawling DX/E 2 points is also 15, but a carried weapon wins a tie.
    // DR 1: the Leather Jacket covers the torso. Combat Reflexes and High Pain Threshold are traits.
    expect(r.system).toBe('gurps')
    expect(r.combatants[0]).toEqual({
      name: 'Alice Wozniak', st: 13, dx: 14, ht: 13, hp: 17, basicSpeed: 7, move: 7, combatReflexes: true, highPainThreshold: true, dr: 1,
      weapon: { name: 'Throwing Axe (Swung)', skill: 15, damage: 'sw+2', type: 'cut', reach: 1, parry: 0, unbalanced: true },
    })
    expect(r.report.computed).toContain('Axe/Mace 15 = DX 14 + 1 (4 points, Average)')
    expect(r.report.computed).toContain('Brawling 15 = DX 14 + 1 (2 points, Easy)')
    expect(r.report.ignored.join('\n')).toMatch(/Squirt Carbine/)
  })

  it('Grend', () => {
    const r = load(join(fixtures, 'gcs5_foundry_gurps_grend.gcs'))
    // ST adj 1 = 11, + trait and Gauntlets of Might bonuses = 16 (the file's stored 16 agrees); HP 16 + 5 = 21;
    // Basic Speed (12 + 14)/4 − 0.5 = 6. Spear DX/A 16 points = 12 − 1 + 1 + 16/4 = 16: Fine Spear 1H
    // thrust thr+2 imp, reach 1, and the spear's own weapon bonus (+1 to weapons used with Spear, a
    // fine weapon) makes it thr+3 (GCS's stored damage: 1d+4 at ST 16, thrust 1d+1). DR on the torso:
    // Tough Skin 1 + Light Scale Body Armor 3 = 4.
    expect(r.combatants[0]).toMatchObject({ st: 16, dx: 12, ht: 14, hp: 21, basicSpeed: 6, move: 6, dr: 4, weapon: { skill: 16, damage: 'thr+3', type: 'imp', reach: 1 } })
    expect(r.report.computed).toContain('Fine Spear (1H Thrust): skill 16 from Spear, damage thr+3 imp (thr+2; Fine Spear +1)')
    expect(r.report.computed).toContain('Spear 16 = DX 12 + 4 (16 points, Average)')
    expect(r.report.computed.join('\n')).not.toMatch(/stored value/)
  })
})

describe.skipIf(!haveShared)('GURPS Character Sheet library characters (read from the shared fixtures)', () => {
  it('Dai Blackthorn: Knife 17 = DX 15 + 2 (4 points, Easy), a worked check in the format notes', () => {
    const r = load(join(shared, 'gcs5_dai_blackthorn.gcs'))
    expect(r.report.computed).toContain('Knife 17 = DX 15 + 2 (4 points, Easy)')
    // ST 8 DX 15 HT 12, HP 10 (ST 8 + 2), Basic Speed (15 + 12)/4 = 6.75 + 0.25 = 7. He carries no knife:
    // the report says so, and he fights with his punch at DX 15.
    expect(r.combatants[0]).toMatchObject({ st: 8, dx: 15, ht: 12, hp: 10, basicSpeed: 7, move: 7 })
    expect(r.report.ignored).toContain('Knife 17: no weapon for it in the file')
  })

  it('Louis d\'Antares saved as GCS 4 XML (version 2) and as GCS 5 JSON imports to the same combat values', () => {
    const xml = load(join(shared, 'gcs4xml_v2_louis_dantares.gcs'))
    const json = load(join(shared, 'gcs5_louis_dantares.gcs'))
    // ST 10 DX 14 HT 12, HP 10 + 2 = 12, Basic Speed 26/4 = 6.5, Move 6, Combat Reflexes; no equipment,
    // so his punch (thr−1 cr, DX 14).
    expect(xml.combatants).toEqual(json.combatants)
    expect(json.combatants[0]).toMatchObject({ st: 10, dx: 14, ht: 12, hp: 12, basicSpeed: 6.5, move: 6, combatReflexes: true, weapon: { skill: 14, damage: 'thr-1', type: 'cr' } })
    expect(json.report.computed).toContain('Force Sword 17 = DX 14 + 3 (12 points, Average)')
  })

  it('the Golem-Armor Swordsman as GCS 4 XML (version 4) and GCS 5 JSON: same combat values', () => {
    const xml = load(join(shared, 'gcs4xml_v4_golem_armor_swordsman.gcs')).combatants[0] as Record<string, { name?: string }>
    const json = load(join(shared, 'gcs5_dfrpg_golem_armor_swordsman.gcs')).combatants[0] as Record<string, { name?: string }>
    // Broadsword DX/A 12 points = 13 − 1 + 4 = 16; Shield DX/E 8 points = 13 + 3 = 16, Medium Shield DB 2;
    // DR 17 from the trait; Basic Speed 6.5 + 0.5 = 7, Move 7 − 5 = 2. Striking ST +5: the sword swings
    // at ST 18, 3d (Basic Set p.B16), +1 = 3d+1 as GCS stores it. Only the sword's name differs.
    expect({ ...xml, weapon: { ...xml.weapon, name: '' } }).toEqual({ ...json, weapon: { ...json.weapon, name: '' } })
    expect(json).toMatchObject({ dr: 17, move: 2, weapon: { skill: 16, damage: '3d+1', type: 'cut' }, shield: { skill: 16, db: 2 } })
  })

  it('skill weapon bonuses per die: the Troll\'s claws with Brawling at DX+2 (GURPS Basic Set p.B182)', () => {
    const r = load(join(shared, 'gcs5_dfrpg_troll.gcs'))
    // ST 20: thrust 2d−1; the claws do thr−1 = 2d−2, and Brawling 15 at DX 13 + 2 adds +1 per die: 2d,
    // what GCS stores for them.
    expect(r.combatants[0]).toMatchObject({ st: 20, weapon: { name: 'Sharp Claws (Slash)', skill: 15, damage: '2d', type: 'cut' } })
    expect(r.report.computed.join('\n')).not.toMatch(/stored damage/)
  })

  it('a fighter with ST above the simulator\'s damage table keeps the damage GCS computed: the fire dragon', () => {
    const r = load(join(shared, 'gcs5_dfrpg_dragon_large_fire.gcs'))
    // ST 50 is beyond the ST 1–27 table: ST is capped at 27 (it only sets damage, HP is given) and the
    // tail strike keeps the file's 5d+7 cr as fixed dice.
    expect(r.combatants[0]).toMatchObject({ st: 27, hp: 50, weapon: { damage: '5d+7', type: 'cr' } })
    expect(r.report.defaulted).toContain('ST 50 is outside what the simulator takes (1–27); 27 used')
  })
})

describe('quickdraw import', () => {
  let dir = ''
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'quickdraw-import-'))
  })
  afterAll(() => rmSync(dir, { recursive: true, force: true }))
  const alice = join(fixtures, 'gcs5_foundry_gurps_alice_wozniak.gcs')

  it('--json prints { system, combatants, report }', async () => {
    const r = await quickdrawInProcess('import', alice, '--json')
    expect(r.code).toBe(0)
    const doc = JSON.parse(r.out)
    expect(doc.system).toBe('gurps')
    expect(doc.combatants[0]).toMatchObject({ id: 'alice-wozniak', name: 'Alice Wozniak', st: 13 })
    expect(Object.keys(doc.report)).toEqual(['fight', 'read', 'computed', 'defaulted', 'ignored', 'defaultedFields'])
    expect(doc.report.defaultedFields).toEqual([{ path: 'tactics[0].maneuvers', text: 'plan: attack every turn' }])
  })

  it('--into puts the imported character in a shipped example in place of the original, validated, and it still runs', async () => {
    const scenario = JSON.parse(readFileSync(join(root, 'resources', 'examples', 'gurps-duel.json'), 'utf8'))
    scenario.combatants = scenario.combatants.slice(0, 1)
    scenario.tactics = scenario.tactics.slice(0, 1)
    const file = join(dir, 'duel.json')
    writeFileSync(file, JSON.stringify(scenario))
    const r = await quickdrawInProcess('import', alice, '--into', file, '--side', 'B')
    expect(r.err).toBe('')
    expect(r.code).toBe(0)
    const written = JSON.parse(readFileSync(file, 'utf8'))
    expect(written.combatants[1]).toMatchObject({ id: 'alice-wozniak', side: 'B' })
    expect(written.combatants[1].weapons[0].name).toBe('Throwing Axe (Swung)')
    expect(written.tactics[1]).toEqual({ combatant: 'alice-wozniak', maneuvers: [{ maneuver: 'attack' }], using: 'best' })
    expect(parseScenario(written).ok).toBe(true)
    // One fight, played out: she swings her axe at Aldo.
    const events = replayTrial(written, 1, 0, DEFAULT_CHUNK_SIZE)
    expect(events.map((e) => e.text).join('\n')).toMatch(/Alice Wozniak/)
  })

  it.each([
    ['truncated JSON', 'bad.gcs', () => readFileSync(alice, 'utf8').slice(0, 5000), /not valid JSON/],
    ['truncated XML', 'bad.hdc', () => '<?xml version="1.0"?>\n<character version="4"><ST>10</ST>', /not well-formed XML/],
    ['XML with an entity', 'bomb.gcs', () => '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaa">]><character version="4"><ST>&a;</ST></character>', /document type or entities/],
    ['a file of another kind', 'notes.gcs', () => '{"hello": "world"}', /not a character file/],
    ['a huge file', 'huge.gcs', () => ' '.repeat(5 * 1024 * 1024 + 1), /limit is 5 MB/],
  ])('%s: exit 1 (checked and failed) naming the file and the reason, nothing written', async (_what, name, content, reason) => {
    const bad = join(dir, name)
    writeFileSync(bad, content())
    const into = join(dir, 'untouched.json')
    const before = readFileSync(join(root, 'resources', 'examples', 'gurps-duel.json'), 'utf8')
    writeFileSync(into, before)
    const r = await quickdrawInProcess('import', alice, bad, '--into', into)
    expect(r.code).toBe(1)
    expect(r.err).toContain(bad)
    expect(r.err).toMatch(reason)
    expect(readFileSync(into, 'utf8')).toBe(before)
  })

  it('a scenario of another system is refused', async () => {
    const r = await quickdrawInProcess('import', alice, '--into', join(root, 'resources', 'examples', 'hero-gunfighters.json'))
    expect(r.code).toBe(2)
    expect(r.err).toMatch(/not one for hero/)
  })
})
