import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { importCharacter, versusScenario, type ImportReport, type ImportResult } from '../../src/import'
import { locationRolls } from '../../src/import/hero-defences'
import { parseScenario } from '../../src/engine/run/parse'
import { parseHeroDice, formatHeroDice } from '../../src/engine/dice/hero-damage'
import { armourChance, diceWithStr } from '../../src/engine/systems/hero/plan'
import { heroPlan } from '../../src/engine/systems/hero/test-helpers'
import type { HeroCombatant } from '../../src/engine/systems/hero/schema'
import { replayTrial } from '../../src/engine/run/replay'
import { DEFAULT_CHUNK_SIZE } from '../../src/engine/run/chunks'
import { quickdrawInProcess } from '../cli/in-process'

/**
 * HERO import against Hero Designer's own totals (issue 26): characteristics, SPD, DEX, STUN, BODY, END and
 * the defences (PD/ED from characteristics, powers in compounds and Elemental Controls, Combat Luck, armour
 * that counts only on some hits). A Hero Designer .hdc stores what was bought (LEVELS above the template's
 * base), not totals; Hero Designer prints its totals in its exports. So:
 * - Darci's .hdc is checked against Hero Designer's export of that same file (Roll20/roll20-api-scripts,
 *   HeroSystem6eHeroic_HDImporter/1.0/Sample_Character.txt at 6021dd6, MIT): STR 17, DEX 13, CON 18, OCV 4,
 *   DCV 4, SPD 4, PD 4, ED 3, BODY 14, STUN 26, END 40, REC 9, and "Chainmail: Resistant Protection (6 PD/6
 *   ED) … Requires A Roll (14- roll; Must be made each Phase/use)".
 * - The Roll20 export fixture (Darci as Hero Designer 2.4 saved her) is checked against the totals it stores.
 * - The other files' totals are worked by hand below from their LEVELS by the books (6E: base + LEVELS; 5E:
 *   figured characteristics, HERO 5E), each value with its working.
 * Every difference between the imported fighter and the builder's sheet is zero, or named in the report
 * with its reason (asserted per file).
 */
const root = join(__dirname, '..', '..')
const shared = join(root, '..', 'shared', 'fixtures', 'import', 'hero')
const haveShared = existsSync(shared)
if (!haveShared) console.warn(`import: ${shared} is absent; the HERO totals checks over the shared files are skipped`)
const load = (f: string): ImportResult => importCharacter(readFileSync(join(shared, f)))
const lines = (r: ImportReport): string => [...r.fight, ...r.read, ...r.computed, ...r.defaulted, ...r.ignored].join('\n')

type Totals = Partial<Record<'dex' | 'spd' | 'ocv' | 'dcv' | 'con' | 'stun' | 'body' | 'end' | 'rec' | 'pd' | 'rpd' | 'ed' | 'red' | 'combatLuck', number>> & { str: number; armour?: unknown }
const ALL_BUT_HEAD = ['hands', 'arms', 'shoulders', 'chest', 'stomach', 'vitals', 'thighs', 'legs', 'feet']

/** Each character file: the builder's totals, and the differences the report must name. */
const SHEETS: Record<string, { totals: Totals; named: RegExp[] }> = {
  // Hero Designer's export of this file (see above).
  'hdc6e_roll20_darci_fae_wizard.hdc': {
    totals: { str: 17, dex: 13, spd: 4, ocv: 4, dcv: 4, con: 18, stun: 26, body: 14, end: 40, rec: 9, pd: 4, rpd: 0, ed: 3, red: 0, armour: { pd: 6, ed: 6, activation: 14 } },
    // Hero Designer's export prints the Dagger/Dirk as "1d6-1 (1d6 w/STR)"; the simulator adds +1 DC per 5 STR
    // up to doubling (HERO 6E2 p.101): 1d6+1, and the report says so
    named: [/Chainmail: 6 resistant PD and 6 resistant ED on the hits it takes \(Requires A Roll 14-\), 90\.7% of hits/, /^Dagger\/Dirk: his STR 17 adds .* 1d6\+1 with his STR \(compare the sheet's "w\/STR"\)$/m],
  },
  // 6E: STR 10+10, DEX 10+2, CON 10+9, OCV 3+6, DCV 3+4, SPD 2+1, PD 2+5, ED 2+2, REC 4+8, END 20+30,
  // BODY 10+15, STUN 20+20; Concrete Body, Resistant Protection 8 PD/8 ED: PD 15 (8), ED 12 (8).
  'hdc_hero6efvtt_amadeus.extracted.hdc': {
    totals: { str: 20, dex: 12, spd: 3, ocv: 9, dcv: 7, con: 19, stun: 40, body: 25, end: 50, rec: 12, pd: 15, rpd: 8, ed: 12, red: 8 },
    named: [],
  },
  // 5E, nothing bought: STR, DEX, CON, BODY 10; PD 10/5 = 2, ED 2, SPD 1 + 10/10 = 2, OCV = DCV = 10/3 → 3,
  // REC 2 + 2, END 2 × 10, STUN 10 + 5 + 5. Level I Security Armor, Armor 9 PD/9 ED with an Activation Roll
  // for "locations 6-18": everywhere but the head (3-5).
  'hdc_hero6efvtt_armor_for_kazei5.extracted.hdc': {
    totals: { str: 10, dex: 10, spd: 2, ocv: 3, dcv: 3, con: 10, stun: 20, body: 10, end: 20, rec: 4, pd: 2, rpd: 0, ed: 2, red: 0, armour: { pd: 9, ed: 9, covers: ALL_BUT_HEAD } },
    named: [/Level I Security Armor: 9 resistant PD and 9 resistant ED on the hits it takes \(Activation Roll \(no number given\), standing for the locations it covers, 6, 7, .*18: hands, arms, .*feet\), 95\.4% of hits/],
  },
  // 5E: STR 20, DEX 12, CON 20, BODY 14; PD 4 + 4, ED 4 + 4, SPD 1 + 1.2 → 2, OCV = DCV = 12/3 = 4, REC 4 + 4
  // + 2, END 40, STUN 14 + 10 + 10 + 2.
  'hdc_hero6efvtt_demon_minor_gluttony.extracted.hdc': {
    totals: { str: 20, dex: 12, spd: 2, ocv: 4, dcv: 4, con: 20, stun: 36, body: 14, end: 40, rec: 10, pd: 8, rpd: 0, ed: 8, red: 0 },
    named: [],
  },
  // 5E: STR 25, DEX 20, CON 20, BODY 12; PD 5 + 3, ED 4 + 4, SPD 1 + 2 + 1, OCV = DCV = 20/3 → 7, REC 5 + 4,
  // END 40, STUN 12 + 12.5→13 + 10 + 5; Destreum Battle Armor, Armor 10/10: PD 18 (10), ED 18 (10).
  'hdc_hero6efvtt_destroyer_agent_oldformat.extracted.hdc': {
    totals: { str: 25, dex: 20, spd: 4, ocv: 7, dcv: 7, con: 20, stun: 40, body: 12, end: 40, rec: 9, pd: 18, rpd: 10, ed: 18, red: 10 },
    named: [],
  },
  // 5E: STR 55, DEX 20, CON 35, BODY 25; PD 11 + 14, ED 7 + 13, SPD 1 + 2 + 2, OCV = DCV 7, REC 11 + 7 + 3,
  // END 70 + 15, STUN 25 + 28 + 18 + 54; Natural Toughness, Armor 21/21: PD 46 (21), ED 41 (21).
  'hdc_hero6efvtt_enforcer.extracted.hdc': {
    totals: { str: 55, dex: 20, spd: 5, ocv: 7, dcv: 7, con: 35, stun: 125, body: 25, end: 85, rec: 21, pd: 46, rpd: 21, ed: 41, red: 21 },
    named: [/Natural Tuffness \(Damage Reduction\): Physical: Damage Reduction is not played/, /Natural Tuffness \(Damage Reduction\): Energy: Damage Reduction is not played/],
  },
  // 5E, nothing bought (see Kazei), and Combat Luck (3 PD/3 ED), 1 level; every defence power at 0 levels.
  'hdc_hero6efvtt_everything_lad_5e.extracted.hdc': {
    totals: { str: 10, dex: 10, spd: 2, ocv: 3, dcv: 3, con: 10, stun: 20, body: 10, end: 20, rec: 4, pd: 2, rpd: 0, ed: 2, red: 0, combatLuck: 1 },
    named: [/^Luck 1: Luck is not played/m, /^Drain: BODY 1: Drain is not played/m, /^Desolidification: Desolidification is not played/m, /Damage Reduction is not played/],
  },
  // 6E bases, nothing bought, and Combat Luck 1.
  'hdc_hero6efvtt_everything_lass_6e.extracted.hdc': {
    totals: { str: 10, dex: 10, spd: 2, ocv: 3, dcv: 3, con: 10, stun: 20, body: 10, end: 20, rec: 4, pd: 2, rpd: 0, ed: 2, red: 0, combatLuck: 1 },
    named: [/^Luck 1: Luck is not played/m, /^Drain: BODY 1: Drain is not played/m, /^Desolidification: Desolidification is not played/m],
  },
  // 5E: STR 60, DEX 20, CON 25, BODY 20; PD 12, ED 5, SPD 5, OCV = DCV 7, REC 12 + 5, END 50, STUN 20 + 30 +
  // 13 + 4. His Alien Physiology Elemental Control (all slots at once): Armor 16 PD, Armor 16 ED, and a
  // Compound Power of +2 PD and +9 ED: PD 12 + 16 + 2 = 30 (16), ED 5 + 16 + 9 = 30 (16).
  'hdc_hero6efvtt_smash.extracted.hdc': {
    totals: { str: 60, dex: 20, spd: 5, ocv: 7, dcv: 7, con: 25, stun: 67, body: 20, end: 50, rec: 17, pd: 30, rpd: 16, ed: 30, red: 16 },
    named: [/^ED \(part of a Compound Power\) \(a slot of his Alien Physiology, an Elemental Control: all its slots work at once\): \+0 PD, \+9 ED$/m, /Damage Reduction: Physical: Damage Reduction is not played/],
  },
}
const VEHICLES = ['hdc6e_roll20_vehicle_blue_box.hdc', 'hdc6e_roll20_vehicle_chariot_apc.hdc']

describe.skipIf(!haveShared)("Hero Designer's own totals, file by file", () => {
  it('every Hero Designer file among the shared fixtures is checked (vehicles are refused with the reason)', () => {
    const files = readdirSync(shared).filter((f) => f.endsWith('.hdc'))
    expect(files.sort()).toEqual([...Object.keys(SHEETS), ...VEHICLES].sort())
    for (const v of VEHICLES) expect(() => load(v)).toThrow(/Vehicle6E template: vehicles, bases, computers and automatons are not fighters/)
  })

  it.each(Object.entries(SHEETS))('%s: every total equals the sheet, or the report names the difference', (file, { totals, named }) => {
    const r = load(file)
    const c = r.combatants[0]
    const { str, armour, ...rest } = totals
    const got = Object.fromEntries(Object.keys(rest).map((k) => [k, c[k]]))
    expect(got).toEqual(rest)
    expect(c.armour).toEqual(armour)
    if (!('combatLuck' in rest)) expect(c.combatLuck).toBeUndefined()
    expect(lines(r.report)).toMatch(new RegExp(`^STR ${str} = `, 'm'))
    for (const re of named) expect(lines(r.report)).toMatch(re)
    // and the fighter, with these defences, is one the simulator takes
    const foe = importCharacter(readFileSync(join(shared, 'hdc_hero6efvtt_demon_minor_gluttony.extracted.hdc')))
    const parsed = parseScenario(versusScenario([r, foe]).doc)
    expect(parsed.ok ? [] : parsed.issues).toEqual([])
  })

  it('the report leads with the defences the fight uses: Combat Luck and the armour that counts only on some hits among them', () => {
    expect(load('hdc6e_roll20_darci_fae_wizard.hdc').report.fight).toContain('defences: DCV 4; PD 4 (0 resistant), ED 3 (0 resistant); armour 6 resistant PD, 6 resistant ED when 3d6 rolls 14 or less; STUN 26, BODY 14')
    expect(load('hdc_hero6efvtt_armor_for_kazei5.extracted.hdc').report.fight).toContain('defences: DCV 3; PD 2 (0 resistant), ED 2 (0 resistant); armour 9 resistant PD, 9 resistant ED on hits to the hands, arms, shoulders, chest, stomach, vitals, thighs, legs, feet; STUN 20, BODY 10')
    const lass = load('hdc_hero6efvtt_everything_lass_6e.extracted.hdc').report
    expect(lass.fight).toContain('defences: DCV 3; PD 2 (0 resistant), ED 2 (0 resistant); Combat Luck 1 (+3 resistant PD and ED); STUN 20, BODY 10')
    expect(lines(lass)).toMatch(/^Combat Luck \(3 PD\/3 ED\): Combat Luck 1, \+3 resistant PD and \+3 resistant ED/m)
  })

  it('Darci: her Baton/Shillelagh (Reduced Endurance, 0 END) and her attacks with Charges cost no END; her Dagger/Dirk is the file\'s 1d6−1 (the "+1d6 −1" adder)', () => {
    const r = load('hdc6e_roll20_darci_fae_wizard.hdc')
    const attacks = r.combatants[0].attacks as { name: string; dice: string; reducedEnd?: string }[]
    // weapons bought as Compound Powers are named as the file names them, with what kind of attack they are
    expect(attacks.map((a) => a.name)).toEqual(['Bile and Acid', 'Pneuma', 'Longbow, Medium', 'Baton/Shillelagh', 'Dagger/Dirk', 'Bash'])
    expect(lines(r.report)).toMatch(/^Baton\/Shillelagh: 6d6 normal vs PD = 3d6 \+ STR 17 \(3d6\) \(Hand-to-Hand Attack, the Hand-To-Hand Attack of his Baton\/Shillelagh\)$/m)
    const baton = attacks.findIndex((a) => a.name === 'Baton/Shillelagh')
    expect(attacks[baton].reducedEnd).toBe('zero')
    expect(attacks.find((a) => a.name === 'Dagger/Dirk')).toMatchObject({ dice: '1d6-1', kind: 'killing', addsStr: true })
    const plan = heroPlan([{ ...(r.combatants[0] as object), id: 'darci', side: 'A' }, { id: 'foe', side: 'B' }])
    // 0 END for the Baton (Hero Designer: "end":"0"); the Bash, without Reduced Endurance, 4d6 = 20 Active Points: 2
    expect(plan.endCost[baton]).toBe(0)
    expect(plan.endCost[attacks.findIndex((a) => a.name === 'Bash')]).toBe(2)
    // Bile and Acid and the Longbow, Medium (a Ranged Killing Attack in that Compound Power) have Charges: no END ("[3 rc]", "[10 rc]")
    expect(plan.endCost[attacks.findIndex((a) => a.name === 'Bile and Acid')]).toBe(0)
    expect(plan.endCost[attacks.findIndex((a) => a.name === 'Longbow, Medium')]).toBe(0)
    expect(lines(r.report)).toMatch(/^Bile and Acid: its 3 Charges are not counted down; in the simulator he never runs out$/m)
  })
})

describe('hit locations named in a Hero Designer file', () => {
  it('reads "Locations 7-14", "locations 6-18", "Locations 16-18, 6-7" and "Location 5" as the 3d6 rolls they name', () => {
    expect(locationRolls('Requires A Roll (12- roll; Locations 7-14; -1/4)')).toEqual([7, 8, 9, 10, 11, 12, 13, 14])
    expect(locationRolls('locations 6-18')).toHaveLength(13)
    expect(locationRolls('(Locations 16-18, 6-7)')).toEqual([6, 7, 16, 17, 18])
    expect(locationRolls('(Location 5)')).toEqual([5])
    expect(locationRolls('Requires A Roll (14- roll)')).toBeUndefined()
  })
})

/** A Hero Designer 6E file around the given POWERS and EQUIPMENT (only what the importer reads). */
function hdc(powers: string, equipment = '', talents = ''): Uint8Array {
  return new TextEncoder().encode(`<?xml version="1.0" encoding="UTF-8"?>
<CHARACTER version="6.0" TEMPLATE="builtIn.Heroic6E.hdt">
  <CHARACTER_INFO CHARACTER_NAME="Test Knight" />
  <CHARACTERISTICS><DEX XMLID="DEX" LEVELS="0" /><PD XMLID="PD" LEVELS="2" /><ED XMLID="ED" LEVELS="1" /></CHARACTERISTICS>
  <SKILLS /><TALENTS>${talents}</TALENTS><MARTIALARTS /><POWERS>${powers}</POWERS><EQUIPMENT>${equipment}</EQUIPMENT>
</CHARACTER>`)
}
const piece = (name: string, pd: number, where: string, extra = ''): string =>
  `<POWER XMLID="FORCEFIELD" ID="${name}" LEVELS="${2 * pd}" ALIAS="Resistant Protection" POSITION="1" NAME="${name}" PDLEVELS="${pd}" EDLEVELS="${pd}" ${extra}><NOTES />${where}</POWER>`
const roll = (text: string): string => `<MODIFIER XMLID="REQUIRESASKILLROLL" ALIAS="Requires A Roll" OPTION="12" OPTIONID="12" OPTION_ALIAS="12- roll" COMMENTS="${text}" />`

describe('HERO defences from a Hero Designer file: armour by hit location, frameworks, Combat Luck', () => {
  it('a helm, boots and mail do not each cover the whole body (the issue: PD 18/14r instead of about 9/5)', () => {
    // PD 4 (2 + 2), ED 3. Mail 5/5 on locations 7-14 (176 of 216 rolls, 81.5%), a cap 6/6 on location 5 (6
    // of 216, 2.8%), boots and gloves 2/2 on 6-7 and 16-18 (35 of 216, 16.2%). Counted whole, that is PD 17
    // (13 resistant); on average over hits, 4 + 4.07 + 0.17 + 0.32 = 8.6 PD (4.6 resistant).
    const r = importCharacter(hdc('', piece('Bronze Maille', 5, roll('Locations 7-14')) + piece('Bronze Cap', 6, '', '') .replace('<NOTES />', '<NOTES>Locations 5</NOTES>') + piece('High Boots, Gloves', 2, roll('Locations 16-18, 6-7'))))
    const c = r.combatants[0]
    expect([c.pd, c.rpd, c.ed, c.red]).toEqual([4, 0, 3, 0])
    expect(c.armour).toEqual({ pd: 5, ed: 5, covers: ['arms', 'shoulders', 'chest', 'stomach', 'vitals', 'thighs'] })
    const parsed = parseScenario(versusScenario([r, importCharacter(hdc(''))]).doc)
    expect(parsed.ok).toBe(true)
    if (!parsed.ok) return
    const knight = (parsed.scenario as unknown as { combatants: HeroCombatant[] }).combatants[0]
    // the simulator's average PD against a hit: PD 4 and the mail on 81.5% of hits
    expect(knight.pd + armourChance(knight) * (knight.armour?.pd ?? 0)).toBeCloseTo(4 + (176 / 216) * 5, 6)
    const said = lines(r.report)
    expect(said).toMatch(/Bronze Cap: 6 resistant PD and 6 resistant ED on 2\.8% of hits \(locations 5\), not counted: the simulator plays one piece of armour that counts only on some hits \(Bronze Maille\); on average it would add 0\.2 PD/)
    expect(said).toMatch(/High Boots, Gloves: 2 resistant PD and 2 resistant ED on 16\.2% of hits .* on average it would add 0\.3 PD/)
  })

  it('pieces of the same PD, ED and roll on different locations are played as one, their locations joined', () => {
    const r = importCharacter(hdc('', piece('Breastplate', 6, roll('Locations 10-12')) + piece('Greaves', 6, roll('Locations 14-16'))))
    expect(r.combatants[0].armour).toEqual({ pd: 6, ed: 6, covers: ['chest', 'stomach', 'thighs', 'legs'] })
  })

  it('PD and ED in a Compound Power and in an Elemental Control count; in a Multipower that holds his attacks, in a Variable Power Pool, or not carried, they do not, and the report says why', () => {
    const powers = `
      <ELEMENTAL_CONTROL XMLID="GENERIC_OBJECT" ID="ec" ALIAS="Elemental Control" NAME="Stone Body" />
      <POWER XMLID="ARMOR" ID="a1" PARENTID="ec" LEVELS="6" ALIAS="Resistant Protection" NAME="Stone Skin" PDLEVELS="3" EDLEVELS="3" />
      <POWER XMLID="COMPOUNDPOWER" ID="cp" ALIAS="Compound Power" NAME="Thick Hide"><PD XMLID="PD" LEVELS="4" ALIAS="PD" /><ED XMLID="ED" LEVELS="1" ALIAS="ED" /></POWER>
      <MULTIPOWER XMLID="GENERIC_OBJECT" ID="mp" ALIAS="Multipower" NAME="Battle Magic" />
      <POWER XMLID="RKA" ID="k1" PARENTID="mp" LEVELS="2" ALIAS="Killing Attack - Ranged" NAME="Fire Bolt" />
      <POWER XMLID="FORCEFIELD" ID="f1" PARENTID="mp" LEVELS="10" ALIAS="Resistant Protection" NAME="Ward" PDLEVELS="5" EDLEVELS="5" />
      <VPP XMLID="GENERIC_OBJECT" ID="vpp" ALIAS="Variable Power Pool" NAME="Gadgets" />
      <POWER XMLID="FORCEFIELD" ID="f2" PARENTID="vpp" LEVELS="8" ALIAS="Resistant Protection" NAME="Shield Belt" PDLEVELS="4" EDLEVELS="4" />`
    const r = importCharacter(hdc(powers, piece('Spare Mail', 6, '', 'CARRIED="No"')))
    const c = r.combatants[0]
    // PD 4 + 3 + 4 = 11 (3 resistant), ED 3 + 3 + 1 = 7 (3 resistant)
    expect([c.pd, c.rpd, c.ed, c.red]).toEqual([11, 3, 7, 3])
    const said = lines(r.report)
    expect(said).toMatch(/Ward: 5 PD and 5 ED in his Battle Magic \(a Multipower that also holds his attacks\), not counted/)
    expect(said).toMatch(/Shield Belt: 4 PD and 4 ED in his Gadgets \(a Variable Power Pool\), not counted/)
    expect(said).toMatch(/Spare Mail: 6 PD and 6 ED, not counted: the file says he does not carry it/)
    expect(said).toMatch(/PD \(part of Thick Hide\): \+4 PD, \+0 ED/)
  })

  it('Combat Luck of 2 levels is the simulator\'s Combat Luck 2 (+6 resistant PD and ED), not folded into his PD', () => {
    const r = importCharacter(hdc('', '', '<TALENT XMLID="COMBAT_LUCK" LEVELS="2" ALIAS="Combat Luck (6 PD/6 ED)" NAME="" />'))
    expect(r.combatants[0]).toMatchObject({ pd: 4, rpd: 0, combatLuck: 2 })
  })

  it('an armour that needs a roll against a skill (no fixed number) counts always, and the report says so', () => {
    const r = importCharacter(hdc('', piece('Blessed Mail', 4, '<MODIFIER XMLID="REQUIRESASKILLROLL" ALIAS="Requires A Roll" OPTION="SKILL" OPTIONID="SKILL" OPTION_ALIAS="Skill roll" />')))
    expect(r.combatants[0]).toMatchObject({ pd: 8, rpd: 4 })
    expect(lines(r.report)).toMatch(/Blessed Mail: its Requires A Roll \(Skill roll\) has no fixed number to roll; counted as if it always worked/)
  })
})

describe.skipIf(!haveShared)("Hero Designer's export for Roll20 (!hero --import)", () => {
  const file = join(shared, 'roll20_hde_export_darci_sample_character.txt')
  const text = haveShared ? readFileSync(file, 'utf8') : ''
  const stored = haveShared ? (JSON.parse(text.slice(text.indexOf('{'))) as { character: Record<string, string> }).character : {}

  it('Darci imports with the totals the export stores, her armour by hit location, her attacks with Hero Designer\'s END', () => {
    const r = importCharacter(readFileSync(file))
    expect(r.system).toBe('hero')
    expect(r.format).toBe("Hero Designer's export for Roll20 (HERO 6th Edition)")
    const c = r.combatants[0]
    const want = { dex: 'dexterity', spd: 'speed', ocv: 'ocv', dcv: 'dcv', con: 'constitution', stun: 'stun', body: 'body', end: 'endurance', rec: 'recovery', pd: 'pd', ed: 'ed', int: 'intelligence', pre: 'presence' }
    for (const [k, field] of Object.entries(want)) expect([k, c[k]]).toEqual([k, Number(stored[field])])
    expect(c.str).toBe(Number(stored.strength))
    // Bronze Maille, 5 PD/5 ED, "Requires A Roll (12- roll; Locations 7-14)": the arms to the thighs
    expect(c.armour).toEqual({ pd: 5, ed: 5, covers: ['arms', 'shoulders', 'chest', 'stomach', 'vitals', 'thighs'] })
    const attacks = c.attacks as { name: string; dice: string; kind: string; endCost?: number; ocv?: number; addsStr?: boolean }[]
    expect(attacks.map((a) => a.name)).toEqual(['Bile and Acid', 'Pneuma', 'Bash', 'Bronze Battle Axe', 'Bronze Dagger'])
    // "+3 Battle Axe" Combat Skill Levels on the Bronze Battle Axe; Pneuma "endurance":"4", the axe "end":"0"
    expect(attacks.find((a) => a.name === 'Bronze Battle Axe')).toMatchObject({ dice: '1½d6', kind: 'killing', addsStr: true, ocv: 3, endCost: 0 })
    expect(attacks.find((a) => a.name === 'Pneuma')).toMatchObject({ dice: '2d6', endCost: 4 })
    expect(attacks.find((a) => a.name === 'Bronze Dagger')).toMatchObject({ dice: '1d6-1', endCost: 0 })
    expect(c.plan).toEqual({ using: 'best' })
    const said = lines(r.report)
    expect(r.report.fight[0]).toMatch(/^attack: Bile and Acid/)
    expect(said).toMatch(/Bronze Cap: 6 resistant PD and 6 resistant ED on 2\.8% of hits \(locations 5\), not counted/)
    // Hero Designer's damage with her STR: the axe agrees ("2 1/2d6 w/STR"); the dagger's "1d6 w/STR" is named
    expect(said).toMatch(/^Bronze Battle Axe: with his STR 2½d6, as Hero Designer's sheet says$/m)
    expect(said).toMatch(/^Bronze Dagger: with his STR the simulator makes it 1d6\+1 \(\+1 Damage Class per 5 STR, at most doubling its dice, HERO 6E2 p\.101\); Hero Designer's sheet says 1d6$/m)
    expect(said).toMatch(/Pneuma: the export does not say whether PD or ED stops it \(Hero Designer's own file does\); PD used/)
    // in a GM's words: no dotted ids, code, paths or field names in camelCase
    expect(said).not.toMatch(/\b[a-z]+\.[a-z]+\.[a-z]+\b|\u00a7|\w\(\)|\bsrc\/|\.ts\b|\bundefined\b|\bNaN\b|\[object|\b[a-z]+[A-Z][a-z]+[A-Za-z]*\b/)
    const parsed = parseScenario(versusScenario([r, importCharacter(readFileSync(join(shared, 'hdc6e_roll20_darci_fae_wizard.hdc')))]).doc)
    expect(parsed.ok ? [] : parsed.issues).toEqual([])
  })

  it('the axe with her STR is Hero Designer\'s own "1 1/2d6 (2 1/2d6 w/STR)": STR 17 adds 3 Damage Classes', () => {
    expect(stored.equipment as unknown as Record<string, { damage: string }>).toBeDefined()
    const axe = Object.values(stored.equipment as unknown as Record<string, { name?: string; damage?: string }>).find((e) => e.name === 'Bronze Battle Axe')
    expect(axe?.damage).toBe('1 1/2d6 (2 1/2d6 w/STR)')
    expect(formatHeroDice(diceWithStr(parseHeroDice('1½d6')!, true, 17, 0))).toBe('2½d6')
  })

  it('quickdraw import of the export and her .hdc --versus: a fight of the two Darcis, each armour counting hit by hit as the trace says', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'qd-hero-roll20-'))
    afterAll(() => rmSync(dir, { recursive: true, force: true }))
    const into = join(dir, 'darci-versus-darci.json')
    const r = await quickdrawInProcess('import', file, join(shared, 'hdc6e_roll20_darci_fae_wizard.hdc'), '--versus', '--into', into)
    expect(r.err).toBe('')
    expect(r.code).toBe(0)
    const doc = JSON.parse(readFileSync(into, 'utf8')) as Record<string, unknown>
    expect(parseScenario(doc).ok).toBe(true)
    const trace = [0, 1, 2, 3].flatMap((t) => replayTrial(doc, 1, t, DEFAULT_CHUNK_SIZE).map((e) => e.text)).join('\n')
    expect(trace).toMatch(/Darci: the hit location roll is \d+ \(\w+\), (under|not under) his armour — the armour (counts|does not count)\./)
    // the .hdc's Chainmail: its activation roll against 14-
    expect(trace).toMatch(/Darci: its activation roll \d+ against 14- (is made|fails) — the armour (counts|does not count)\./)
  })

  it('a damaged or empty export is refused with the reason', () => {
    const refuse = (t: string): (() => unknown) => () => importCharacter(new TextEncoder().encode(t))
    expect(refuse(text.slice(0, 2000))).toThrow(/this Roll20 HERO import text is cut short or damaged/)
    expect(refuse('!hero --import { "sheet": {} }')).toThrow(/holds no character/)
    expect(refuse('!hero --import { "character": { "character_name": "Nobody" } }')).toThrow(/does not give Nobody's STR \(“strength”\)/)
    expect(refuse('!hero --import { "character": { "character_name": "Blue Box", "template": "builtIn.Vehicle6E.hdt" } }')).toThrow(/Vehicle6E template/)
  })
})
