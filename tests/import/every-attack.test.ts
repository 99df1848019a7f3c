import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { quickdrawInProcess } from '../cli/in-process'
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

  it('quickdraw tactics over each of El Clavo\'s attacks agrees: the Colt (or his best, which is the Colt) beats every punch, kick and bite', async () => {
    const v = versusScenario([load('gcs5_el_clavo.gcs'), load('gcs5_homebrew_texas_cowboy.gcs')])
    const dir = mkdtempSync(join(tmpdir(), 'quickdraw-every-attack-'))
    try {
      const file = join(dir, 'clavo.json')
      writeFileSync(file, JSON.stringify({ ...v.doc, run: { trials: 300, seed: 1 } }))
      const r = await quickdrawInProcess('tactics', file, '--a-each', 'el-clavo:attacks', '--metric', 'wins:A', '--trials', '300', '--json')
      expect(r.err).toBe('')
      expect(r.code).toBe(0)
      const answer = JSON.parse(r.out) as { a: string[]; cells: { estimate: number }[][] }
      const rows = answer.a.map((name, i) => [name, answer.cells[i][0].estimate] as const)
      const colt = rows.find(([name]) => name.startsWith('Colt'))
      expect(colt, JSON.stringify(rows)).toBeDefined()
      for (const [name, p] of rows) if (!name.startsWith('Colt') && name !== 'his best against this foe') expect(p, name).toBeLessThan(colt![1])
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('a character with one usable attack keeps the single weapon and a plain plan', () => {
    const r = load('gcs5_dfrpg_watcher_edge_of_time.gcs')
    expect(r.combatants[0].weapon).toBeDefined()
    expect(r.combatants[0].weapons).toBeUndefined()
    expect(r.plan).toBeUndefined()
  })
})

describe('HERO: every attack power, CSLs on the attacks they are bought for, and his best against his foe', () => {
  const fx = join(root, 'tests', 'fixtures', 'import')
  const sword = () => importCharacter(readFileSync(join(fx, 'quickdraw_hero_swordsman.hdc')))

  it('Sir Aldric carries his Arming Sword (listed first) and his Long Sword; his +3 Combat Skill Levels are on the Long Sword only', () => {
    const r = sword()
    const c = r.combatants[0] as { attack?: unknown; attacks: { name: string; dice: string; ocv?: number; addsStr?: boolean }[]; plan: unknown; str: number }
    expect(c.attack).toBeUndefined()
    expect(c.attacks.map((a) => [a.name, a.dice, a.ocv ?? 0])).toEqual([['Arming Sword', '1d6', 0], ['Long Sword', '1½d6', 3]])
    expect(c.attacks.every((a) => a.addsStr === true)).toBe(true)
    expect(c.str).toBe(15)
    expect(c.plan).toEqual({ using: 'best' })
    expect(r.report.computed).toContain('Combat Skill Levels 3 with Long Sword: +3 OCV with Long Sword (put on OCV; in play they may go to DCV instead)')
  })

  it('quickdraw tactics over each of his attacks agrees: the Long Sword his Combat Skill Levels are for beats the Arming Sword, swung or as a Haymaker', async () => {
    const v = versusScenario([sword(), sword()])
    const dir = mkdtempSync(join(tmpdir(), 'quickdraw-every-attack-'))
    try {
      const file = join(dir, 'aldric.json')
      writeFileSync(file, JSON.stringify({ ...v.doc, run: { trials: 1000, seed: 1 } }))
      const r = await quickdrawInProcess('tactics', file, '--a-each', 'sir-aldric:attacks', '--metric', 'wins=A', '--trials', '1000', '--json')
      expect(r.err).toBe('')
      expect(r.code).toBe(0)
      const answer = JSON.parse(r.out) as { a: string[]; cells: { estimate: number }[][] }
      const p = (name: string): number => answer.cells[answer.a.indexOf(name)][0].estimate
      expect(answer.a).toEqual(expect.arrayContaining(['Arming Sword', 'Long Sword', 'a Haymaker with Arming Sword', 'a Haymaker with Long Sword']))
      expect(p('Long Sword')).toBeGreaterThan(p('Arming Sword'))
      expect(p('a Haymaker with Long Sword')).toBeGreaterThan(p('a Haymaker with Arming Sword'))
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('in a fight he swings the Long Sword, not the Arming Sword listed first, and the log says why', () => {
    const v = versusScenario([sword(), sword()])
    const parsed = parseScenario(v.doc)
    expect(parsed.ok ? [] : parsed.issues).toEqual([])
    const trace = replayTrial(v.doc, 1, 0, DEFAULT_CHUNK_SIZE).map((e) => e.text).join('\n')
    expect(trace).toMatch(/Sir Aldric uses Long Sword: his best against Sir Aldric/)
    expect(trace).not.toMatch(/Sir Aldric attacks Sir Aldric(?: 2)? with Arming Sword/)
  })
})
