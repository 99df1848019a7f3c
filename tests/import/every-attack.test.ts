import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { importCharacter, versusScenario } from '../../src/import'
import { parseScenario } from '../../src/engine/run/parse'
import { replayTrial } from '../../src/engine/run/replay'
import { DEFAULT_CHUNK_SIZE } from '../../src/engine/run/chunks'

/**
 * Every usable attack is imported (issue 26 item 5, the multi-attack convention): a GURPS character's
 * melee and ranged weapons each with its own skill, damage, reach or range kind and Shots, and his plan
 * uses his best against his foe, so a gunslinger fights with his revolver as a player would.
 */
const root = join(__dirname, '..', '..')
const shared = join(root, '..', 'shared', 'fixtures', 'import', 'gurps')
const have = existsSync(shared)
if (!have) console.warn(`import: ${shared} is absent; the gunslinger tests are skipped`)
const load = (f: string) => importCharacter(readFileSync(join(shared, f)))

describe.skipIf(!have)('GURPS: every weapon, and his best against his foe', () => {
  it('El Clavo brings his brass knuckles, his fists and feet and his Colt .45 (ranged, 3d-2 pi+, skill 15); his plan uses his best', () => {
    const r = load('gcs5_el_clavo.gcs')
    const c = r.combatants[0] as { weapon?: unknown; weapons: { name: string; skill: number; damage: string; type: string; ranged?: string; shots?: string }[] }
    expect(c.weapon).toBeUndefined()
    expect(c.weapons.map((w) => w.name)).toContain('Colt M1873 SAA, .45 Long Colt')
    expect(c.weapons.find((w) => w.name.startsWith('Colt'))).toMatchObject({ skill: 15, damage: '3d-2', type: 'pi+', ranged: 'firearm' })
    expect(c.weapons.find((w) => w.name === 'Brass Knuckles (Punch)')).toMatchObject({ skill: 15, damage: '1d+2', type: 'cr', reach: 0 })
    expect(new Set(c.weapons.map((w) => w.name)).size).toBe(c.weapons.length)
    expect(r.plan).toEqual({ using: 'best' })
    expect(r.report.fight.filter((l) => l.startsWith('attack: '))).toHaveLength(c.weapons.length)
  })

  it('El Clavo against the Texas Cowboy: a fight of the two, and El Clavo draws his Colt (his best against him) rather than punching', () => {
    const v = versusScenario([load('gcs5_el_clavo.gcs'), load('gcs5_homebrew_texas_cowboy.gcs')])
    const parsed = parseScenario(v.doc)
    expect(parsed.ok ? [] : parsed.issues).toEqual([])
    expect((v.doc.tactics as { using?: string }[]).map((t) => t.using)).toEqual(['best', 'best'])
    const trace = replayTrial(v.doc, 1, 0, DEFAULT_CHUNK_SIZE).map((e) => e.text).join('\n')
    expect(trace).toMatch(/El Clavo takes up his Colt M1873 SAA, \.45 Long Colt: his best against Texas Cowboy/)
    expect(trace).toMatch(/El Clavo attacks Texas Cowboy with the Colt M1873 SAA/)
  })

  it('a character with one usable attack keeps the single weapon and a plain plan', () => {
    const r = load('gcs5_dfrpg_watcher_edge_of_time.gcs')
    expect(r.combatants[0].weapon).toBeDefined()
    expect(r.combatants[0].weapons).toBeUndefined()
    expect(r.plan).toBeUndefined()
  })
})
