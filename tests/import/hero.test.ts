import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { importCharacter, type ImportResult } from '../../src/import'
import { parseScenario } from '../../src/engine/run/parse'
import { replayTrial } from '../../src/engine/run/replay'
import { DEFAULT_CHUNK_SIZE } from '../../src/engine/run/chunks'
import { quickdrawInProcess } from '../cli/in-process'

// MIT-licensed Hero Designer files (Roll20/roll20-api-scripts, phBalance/hero6e-foundryvtt), see NOTICE.md.
const root = join(__dirname, '..', '..')
const fixtures = join(root, 'tests', 'fixtures', 'import')
const darciPath = join(fixtures, 'hdc6e_roll20_darci_fae_wizard.hdc')
/**
 * The import with a fighter of several attacks shown as before he carried them all: his first attack as
 * \`attack\` (his plan of "best" and his STR for killing attacks set aside). These tests check that
 * attack's values; tests/import/every-attack.test.ts checks the whole list and the plan.
 */
const firstAttack = (r: ImportResult): ImportResult => ({
  ...r,
  combatants: r.combatants.map((c) => {
    if (!Array.isArray(c.attacks)) return c
    const { attacks, plan: _plan, ...rest } = c
    return { ...rest, attack: attacks[0] as unknown }
  }),
})
const load = (name: string) => firstAttack(importCharacter(readFileSync(join(fixtures, name))))

describe('Hero Designer 6th Edition characters (characteristics = 6E base + LEVELS)', () => {
  it('Darci (UTF-16 big-endian with a byte-order mark)', () => {
    const r = load('hdc6e_roll20_darci_fae_wizard.hdc')
    // LEVELS: DEX +3 → 13, SPD +2 → 4, INT +8 → 18, PRE 0 → 10, OCV +1 → 4, DCV +1 → 4, CON +8 → 18,
    // STUN +6 → 26, BODY +4 → 14, REC +5 → 9, END +20 → 40; PD +2 → 4 and ED +1 → 3. Her Chainmail
    // (Resistant Protection 6 PD / 6 ED, Requires A Roll 14-, made each use) counts on a hit only when 3d6
    // rolls 14 or less: the simulator's armour with an activation roll of 14, not PD 10 all the time. She has
    // Teamwork (no extra levels), and her STR 17 for her Dagger/Dirk (a Hand-to-Hand Killing Attack of
    // 1d6−1, STR added in play). Her first attack power is "Bile and Acid", a 1d6 Ranged Killing Attack
    // against PD with 3 Charges (no END a use; Hero Designer's export: "[3 rc]").
    expect(r.system).toBe('hero')
    expect(r.combatants[0]).toEqual({
      name: 'Darci', dex: 13, spd: 4, int: 18, pre: 10, ocv: 4, dcv: 4, con: 18, stun: 26, body: 14, rec: 9, end: 40,
      pd: 4, rpd: 0, ed: 3, red: 0, armour: { pd: 6, ed: 6, activation: 14 }, teamwork: 0, str: 17,
      attack: { name: 'Bile and Acid', dice: '1d6', kind: 'killing', vs: 'PD', range: 'ranged', endCost: 0 },
    })
    expect(r.report.computed).toContain('STR 17 = 10 base + 7 bought (HERO 6th Edition base)')
    expect((importCharacter(readFileSync(darciPath)).combatants[0].attacks as { name: string }[]).map((a) => a.name)).toContain('Pneuma')
  })

  it('Darci reads the same from UTF-16 little-endian and from UTF-8', () => {
    const be = readFileSync(darciPath)
    const le = Buffer.from(be)
    le.swap16()
    const utf8 = Buffer.from(new TextDecoder('utf-16be').decode(be.subarray(2)), 'utf8')
    expect(le[0]).toBe(0xff)
    const want = importCharacter(be).combatants
    expect(importCharacter(le).combatants).toEqual(want)
    expect(importCharacter(utf8).combatants).toEqual(want)
  })

  it('Amadeus', () => {
    const r = load('hdc_hero6efvtt_amadeus.extracted.hdc')
    // DEX 12, SPD 3, INT 15, PRE 12, OCV 9, DCV 7, CON 19, STUN 40, BODY 25, REC 12, END 50; PD 7 + 8 and
    // ED 4 + 8 from Concrete Body (Resistant Protection 8/8); Lightning Reflexes +6 (all actions). The
    // first attack is "Axe Swing", slot 1 of the multipower at position 0: a 2d6 Hand-to-Hand Killing
    // Attack; the damage his STR 20 would add is reported, not added.
    expect(r.combatants[0]).toEqual({
      name: 'Amadeus', dex: 12, spd: 3, int: 15, pre: 12, ocv: 9, dcv: 7, con: 19, stun: 40, body: 25, rec: 12, end: 50,
      pd: 15, rpd: 8, ed: 12, red: 8, teamwork: 0, lightningReflexes: 6, str: 20,
      attack: { name: 'Axe Swing', dice: '2d6', kind: 'killing', vs: 'PD', range: 'hth', addsStr: true },
    })
    // 2d6 is 6 Damage Classes; STR 20 adds 4: 10 Damage Classes, 3d6+1
    expect(r.report.computed).toContain('Axe Swing: his STR 20 adds +1 Damage Class per 5 STR, at most doubling its dice (HERO 6E2 p.101), added in play: 3d6+1 with his STR (compare the sheet\'s "w/STR")')
  })

  it('Everything Lass: base characteristics, Fast Draw, Lightning Reflexes and her first attack power', () => {
    const r = load('hdc_hero6efvtt_everything_lass_6e.extracted.hdc')
    // No characteristic bought: the 6E bases. Fast Draw and Teamwork with no extra levels, Lightning
    // Reflexes +1 for all actions; the first attack power (position 4) is a 1d6 Blast against ED.
    expect(r.combatants[0]).toMatchObject({
      dex: 10, spd: 2, ocv: 3, dcv: 3, con: 10, stun: 20, body: 10, rec: 4, end: 20, pd: 2, ed: 2, fastDraw: 0, teamwork: 0, lightningReflexes: 1,
      attack: { dice: '1d6', kind: 'normal', vs: 'ED', range: 'ranged' },
    })
  })

  it('vehicles and files in the old layout are refused with the reason', () => {
    expect(() => load('hdc6e_roll20_vehicle_chariot_apc.hdc')).toThrow(/Chariot is built on the Vehicle6E template: vehicles/)
    const old = new TextEncoder().encode('<?xml version="1.0"?><CHARACTER><CHARACTER_INFO CHARACTER_NAME="Old"/></CHARACTER>')
    expect(() => importCharacter(old)).toThrow(/Old is saved in an old Hero Designer layout/)
  })
})

describe('Hero Designer 5th Edition characters (figured characteristics, HERO 5E)', () => {
  it('Smash (no template, a COM characteristic: 5th Edition)', () => {
    const r = load('hdc_hero6efvtt_smash.extracted.hdc')
    // STR 10+50 = 60, DEX 10+10 = 20, CON 10+15 = 25, BODY 10+10 = 20, INT 13, PRE 20. Figured: PD 60/5 =
    // 12, ED 25/5 = 5, REC 12 + 5 = 17, END 2 × 25 = 50, STUN 20 + 30 + 12.5→13 = 63 + 4 bought = 67,
    // SPD 1 + 2 + 2 bought = 5, OCV = DCV = 20/3 = 6.67 → 7. Super Durability I and II (Armor) add 16
    // resistant PD and 16 resistant ED, and the Compound Power in the same Elemental Control buys +2 PD and
    // +9 ED (all slots of an Elemental Control work at once): PD 30 (16), ED 30 (16). First attack: a 12d6 Blast against ED, in his
    // Sentient Pistol list, which his 2 Combat Skill Levels "with Sentient Pistol" cover: +2 OCV.
    expect(r.format).toBe('Hero Designer (5th Edition)')
    expect(r.combatants[0]).toEqual({
      name: 'Smash', dex: 20, spd: 5, int: 13, pre: 20, ocv: 7, dcv: 7, con: 25, stun: 67, body: 20, rec: 17, end: 50,
      pd: 30, rpd: 16, ed: 30, red: 16,
      attack: { name: 'Blast', dice: '12d6', kind: 'normal', vs: 'ED', range: 'ranged', ocv: 2 },
    })
    expect(r.report.computed).toContain('STUN 67 = BODY 20 + STR 60/2 + CON 25/2 (63) + 4 bought (HERO 5E figured characteristic)')
  })

  it('Enforcer: no attack power, so his best martial Strike with his STR, his HTH Combat Skill Levels on its OCV', () => {
    const r = load('hdc_hero6efvtt_enforcer.extracted.hdc')
    // STR 55, DEX 20, CON 35, BODY 25. PD 11 + 14 bought = 25 and ED 7 + 13 = 20, plus Natural Toughness
    // (Armor 21/21): PD 46, ED 41. REC 11 + 7 + 3 = 21, END 70 + 15 = 85, STUN 25 + 27.5→28 + 17.5→18 =
    // 71 + 54 = 125, SPD 3 + 2 = 5, OCV/DCV 7.
    expect(r.combatants[0]).toMatchObject({ dex: 20, spd: 5, ocv: 7, dcv: 7, con: 35, stun: 125, body: 25, rec: 21, end: 85, pd: 46, rpd: 21, ed: 41, red: 21 })
    // No attack power. His Strikes: Offensive Strike (−2 OCV, +1 DCV, +4 DC) and Defensive Strike (+1 OCV,
    // +3 DCV, +0 DC), as the HERO 5E maneuver table gives them; the most damage is Offensive Strike: STR 55
    // = 11d6, + 4 DC + 2 Extra DCs (+2 HTH Damage Classes), 1d6 each for normal damage = 17d6. Combat Skill
    // Levels 5 with HTH Combat cover it: OCV −2 + 5 = +3.
    expect(r.combatants[0].attack).toEqual({ name: 'Offensive Strike', dice: '17d6', kind: 'normal', vs: 'PD', range: 'hth', ocv: 3 })
    expect(r.report.computed).toContain('Offensive Strike: 17d6 normal vs PD = STR 55 (11d6) + 4 DC + 2 Extra DCs, −2 OCV (Offensive Strike, HERO 5E Martial Arts)')
    expect(r.report.computed).toContain('Combat Skill Levels 5 with HTH Combat: +5 OCV with Offensive Strike (put on OCV; in play they may go to DCV instead)')
    expect(r.report.defaulted.join('\n')).not.toMatch(/Punch/)
    expect(r.report.defaultedFields).toEqual([])
    // what the simulator cannot play is named, with the reason
    expect(r.report.ignored).toContain('Offensive Strike: its +1 DCV until his next Phase (the simulator keeps one DCV for the whole fight)')
    expect(r.report.ignored).toContain(
      "martial maneuvers: Defensive Block (a Block: the simulator's Block is its own); Defensive Strike (another Strike: each fighter has one attack); Flying Dodge (a Dodge: the simulator's Dodge is +3 DCV); Joint Break (not a Strike the simulator plays); Takeaway (not a Strike the simulator plays)",
    )
  })

  it('Enforcer with only a Defensive Strike and no Extra DCs: STR 11d6, +1 OCV, +5 from his levels = +6', () => {
    const xml = readFileSync(join(fixtures, 'hdc_hero6efvtt_enforcer.extracted.hdc'), 'utf8')
      .replace(/<EXTRADC [\s\S]*?<\/EXTRADC>/, '')
      .replace(/<MANEUVER [^>]*ALIAS="(Offensive Strike|Joint Break)"[\s\S]*?<\/MANEUVER>/g, '')
    const r = importCharacter(new TextEncoder().encode(xml))
    expect(r.combatants[0].attack).toEqual({ name: 'Defensive Strike', dice: '11d6', kind: 'normal', vs: 'PD', range: 'hth', ocv: 6 })
    expect(r.report.ignored).toContain('Defensive Strike: its +3 DCV until his next Phase (the simulator keeps one DCV for the whole fight)')
  })

  it('Enforcer without martial arts: a Punch with his STR, defaulted', () => {
    const xml = readFileSync(join(fixtures, 'hdc_hero6efvtt_enforcer.extracted.hdc'), 'utf8').replace(/<MARTIALARTS>[\s\S]*?<\/MARTIALARTS>/, '<MARTIALARTS />')
    const r = importCharacter(new TextEncoder().encode(xml))
    // STR 55 = 11d6; his Combat Skill Levels with HTH Combat still cover the Punch: +5 OCV
    expect(r.combatants[0].attack).toEqual({ name: 'Punch', dice: '11d6', kind: 'normal', vs: 'PD', range: 'hth', ocv: 5 })
    expect(r.report.defaulted).toContain('no attack power: a Punch with STR 55, 11d6 normal')
  })
})

describe('Combat Skill Levels: on the OCV of the attack they cover, or ignored with the reason (HERO 6E1, HERO 5E)', () => {
  it('Smash (5E): 2 levels "with Sentient Pistol" cover his Blast, a slot of the Sentient Pistol list: +2 OCV; "with Strike, Grab, Throw" do not', () => {
    const r = load('hdc_hero6efvtt_smash.extracted.hdc')
    expect(r.combatants[0].attack).toMatchObject({ name: 'Blast', dice: '12d6', range: 'ranged', ocv: 2 })
    expect(r.report.computed).toContain('Combat Skill Levels 2 with Sentient Pistol: +2 OCV with Blast, Blast 2, Blast 3 (put on OCV; in play they may go to DCV instead)')
    expect(r.report.ignored).toContain('Combat Skill Levels 2 with Strike, Grab, Throw: the file does not say that they cover Blast, Blast 2, Blast 3; not applied')
  })

  it('Amadeus (broad) and Everything Lass (any single attack): the file does not say which attacks they cover, so none is applied', () => {
    const a = load('hdc_hero6efvtt_amadeus.extracted.hdc')
    expect(a.combatants[0].attack).not.toHaveProperty('ocv')
    expect(a.report.ignored.join('\n')).toMatch(/Combat Skill Levels 3 with a large group of attacks: the file does not say that they cover Axe Swing, .*; not applied/)
    const l = load('hdc_hero6efvtt_everything_lass_6e.extracted.hdc')
    expect(l.combatants[0].attack).not.toHaveProperty('ocv')
    expect(l.report.ignored.join('\n')).toMatch(/Combat Skill Levels 1 with any single attack: the file does not say that they cover Blast, .*; not applied/)
  })

  it('levels with ranged combat do not cover a hand-to-hand Strike: Enforcer\'s levels turned to RANGED', () => {
    const xml = readFileSync(join(fixtures, 'hdc_hero6efvtt_enforcer.extracted.hdc'), 'utf8').replace('OPTION="HTH" OPTIONID="HTH" OPTION_ALIAS="with HTH Combat"', 'OPTION="RANGED" OPTIONID="RANGED" OPTION_ALIAS="with Ranged Combat"')
    const r = importCharacter(new TextEncoder().encode(xml))
    expect(r.combatants[0].attack).toMatchObject({ name: 'Offensive Strike', ocv: -2 })
    expect(r.report.ignored).toContain('Combat Skill Levels 5 with Ranged Combat: his attack Offensive Strike is hand-to-hand')
  })
})

const sharedHero = join(root, '..', 'shared', 'fixtures', 'import', 'hero')
describe.skipIf(!existsSync(sharedHero))('the Destroyer Agent (old Hero Designer layout, read from the shared fixtures)', () => {
  it('4 levels with his Energy Rifle, ranged levels, cover his ranged attack: +4 OCV; his martial maneuvers are not his attack', () => {
    const r = firstAttack(importCharacter(readFileSync(join(sharedHero, 'hdc_hero6efvtt_destroyer_agent_oldformat.extracted.hdc'))))
    expect(r.combatants[0].attack).toMatchObject({ name: 'Basic Setting', dice: '12d6', range: 'ranged', ocv: 4 })
    expect(r.report.computed).toContain('Targeting System: Combat Skill Levels 4 with Energy Rifle: +4 OCV with Basic Setting, Blast (put on OCV; in play they may go to DCV instead)')
    expect(r.report.ignored).toContain('Combat Skill Levels 3 with Destroyer Energy Weapons: the file does not say that they cover Basic Setting, Blast, Power Gauntlets; not applied')
    expect(r.report.ignored).toContain('martial maneuvers (Aikido Throw, Block, Boxing Strike, Dodge, Hold): his attacks are his attack powers')
  })
})

describe('quickdraw import of a Hero Designer file', () => {
  let dir = ''
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'quickdraw-import-hero-'))
  })
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('Darci takes the place of a gunfighter in a shipped example and fights', async () => {
    const scenario = JSON.parse(readFileSync(join(root, 'resources', 'examples', 'hero-gunfighters.json'), 'utf8'))
    const replaced = scenario.combatants.findIndex((c: { side: string }) => c.side === 'A')
    const [gone] = scenario.combatants.splice(replaced, 1)
    const file = join(dir, 'gunfighters.json')
    writeFileSync(file, JSON.stringify(scenario))
    const r = await quickdrawInProcess('import', darciPath, '--into', file, '--side', 'A', '--json')
    expect(r.err).toBe('')
    expect(r.code).toBe(0)
    expect(JSON.parse(r.out).combatants[0]).toMatchObject({ id: 'darci', side: 'A' })
    const written = JSON.parse(readFileSync(file, 'utf8'))
    expect(written.combatants.map((c: { id: string }) => c.id)).not.toContain(gone.id)
    expect(parseScenario(written).ok).toBe(true)
    expect(replayTrial(written, 1, 0, DEFAULT_CHUNK_SIZE).map((e) => e.text).join('\n')).toMatch(/Darci/)
  })

  it('without --side a HERO character goes on side B, and the report says so', async () => {
    const r = await quickdrawInProcess('import', darciPath, '--json')
    const doc = JSON.parse(r.out)
    expect(doc.combatants[0].side).toBe('B')
    expect(doc.report.defaulted).toContain('side B (no --side given)')
  })

  it('--system gurps refuses a HERO character', async () => {
    const r = await quickdrawInProcess('import', darciPath, '--system', 'gurps')
    expect(r.code).toBe(2)
    expect(r.err).toMatch(/HERO System character .*not one for gurps/)
  })
})
