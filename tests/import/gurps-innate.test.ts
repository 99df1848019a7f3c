import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { importCharacter, type ImportResult } from '../../src/import'
import { parseScenario } from '../../src/engine/run/parse'

/**
 * GURPS Innate Attacks (GURPS Basic Set p.B61): GCS stores one as an advantage with levels and a weapon
 * whose damage is "1d a level" (base_leveled). The import plays it as a ranged attack of levels × 1d, with
 * the bonuses GCS applies (a modifier's Increased Damage), at the skill GCS computes, and checks both
 * against the values GCS stored in the file.
 */
const shared = join(__dirname, '..', '..', '..', 'shared', 'fixtures', 'import', 'gurps')
const have = existsSync(shared)
if (!have) console.warn(`import: ${shared} is absent; the Innate Attack checks are skipped`)
const load = (f: string): ImportResult => importCharacter(readFileSync(join(shared, f)))
type W = { name: string; skill: number; damage: string; type: string; ranged?: string }
const weapons = (r: ImportResult): W[] => (r.combatants[0].weapons ?? [r.combatants[0].weapon]) as W[]

describe.skipIf(!have)('GURPS Innate Attacks with leveled damage', () => {
  it('the large fire dragon breathes fire: Innate Attack (Burn) 5 levels = 5d, +2 from Increased Damage: 5d+2 burn at Innate Attack (Breath) 16, as GCS stored', () => {
    const r = load('gcs5_dfrpg_dragon_large_fire.gcs')
    expect(weapons(r).find((w) => w.name === 'Innate Attack (Burn)')).toEqual({ name: 'Innate Attack (Burn)', skill: 16, damage: '5d+2', type: 'burn', ranged: 'firearm' })
    expect(r.report.computed).toContain('Innate Attack (Burn): skill 16 from Innate Attack (Breath), damage 5d+2 burn (5d: 1d a level × 5 levels; Innate Attack (Burn) +2)')
    expect(r.report.computed.join('\n')).not.toMatch(/Innate Attack \(Burn\): damage computed/)
    expect(r.report.ignored).toContain('Innate Attack (Burn): Cone, 1 yard; Reduced Range, 10 Range Divisor; Costs Fatigue (modifiers the simulator does not play)')
    expect(r.report.fight).toContain('attack: Innate Attack (Burn), skill 16, damage 5d+2 burn, ranged')
    const doc = { schemaVersion: 1, name: 'check', system: 'gurps', combatants: [{ ...r.combatants[0], id: 'a' }, { ...r.combatants[0], id: 'b' }], tactics: ['a', 'b'].map((id) => ({ combatant: id, maneuvers: [{ maneuver: 'attack' }], using: 'best' })) }
    const parsed = parseScenario(doc)
    expect(parsed.ok ? [] : parsed.issues).toEqual([])
  })

  it('the war robot: Chain Gun 15 levels = 15d pi+ and Plasma Cannon 6 levels = 6d burn at Innate Attack −2 = 13, once each', () => {
    const r = load('gcs5_c31r07_war_robot.gcs')
    const innate = weapons(r).filter((w) => w.name.startsWith('Innate Attack'))
    expect(innate.map((w) => [w.name, w.skill, w.damage, w.type])).toEqual([
      ['Innate Attack (Chain Gun)', 13, '15d', 'pi+'],
      ['Innate Attack (Plasma Cannon)', 13, '6d', 'burn'],
    ])
    expect(r.report.ignored.filter((l) => l.startsWith('Innate Attack (Chain Gun): '))).toEqual(['Innate Attack (Chain Gun): Accurate 6; Armor Divisor, 2; Extra Recoil 3; Increased Range 20; Rapid Fire 15 (modifiers the simulator does not play)'])
  })

  it('leveled damage beside thr with an armour divisor is refused with the reason; a power that is no Innate Attack (a wall of thorns) is not played as an attack', () => {
    const t = load('gcs5_foundry_gurps_test_mctesterson.gcs')
    expect(weapons(t).find((w) => w.name === 'Innate Attack (Burn)')).toMatchObject({ damage: '3d', type: 'burn' })
    expect(t.report.ignored.join('\n')).toMatch(/Innate Attack \(Crush\): damage thr armor divisor 2, 1d a level × 2 cannot be expressed as thr, sw or dice/)
    const g = load('gcs5_foundry_gurps_grend.gcs')
    expect(weapons(g).some((w) => /Wall of Thorns/.test(w.name))).toBe(false)
    expect(g.report.ignored.join('\n')).toMatch(/Wall of Thorns \(2d pi, 24 sq yds, 12' high\) \(Innate Att Gaze\): its damage grows with its levels and it is no Innate Attack/)
    expect(g.report.ignored.join('\n')).toMatch(/Melee Net \(Ensnare\): it does no damage/)
  })
})
