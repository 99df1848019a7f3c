import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { findEntry, importCharacter, librariesOf, openFile, type Library } from '../../src/import'
import { parseScenario } from '../../src/engine/run/parse'
import { replayTrial } from '../../src/engine/run/replay'
import { DEFAULT_CHUNK_SIZE } from '../../src/engine/run/chunks'
import { quickdrawInProcess } from '../cli/in-process'
import { MAX_WOUNDS } from '../../src/engine/systems/bushido/schema'

const root = join(__dirname, '..', '..')
const own = join(root, 'tests', 'fixtures', 'import', 'bushido')
/** BSData's Bushido files have no licence: read from the shared fixtures when present. */
const shared = join(root, '..', 'shared', 'fixtures', 'import', 'bushido')
const haveShared = existsSync(shared)
if (!haveShared) console.warn(`Bushido import: ${shared} is absent; the tests on the published cards are skipped`)

/** The library in the file at `path`, read as it is or with its text changed by `edit`. */
const library = (path: string, edit?: (text: string) => string): Library => {
  const lib = librariesOf([openFile(edit ? Buffer.from(edit(readFileSync(path, 'utf8'))) : readFileSync(path))])[0]
  if (!lib) throw new Error(`${path} did not open as a library`)
  return lib
}
const take = (lib: Library, name: string) => lib.take(findEntry(lib.entries.map((entry) => ({ entry })), name).entry)

describe('a BattleScribe catalogue of our own, in the BSData Bushido layout', () => {
  const lib = library(join(own, 'quickdraw_test_warband.cat'))

  it('lists every model card, a two-model card as its two models', () => {
    expect(lib.entries.map((e) => e.name)).toEqual(['Captain Hoshino', 'Spear Twin A', 'Spear Twin B', 'Mountain Oni'])
    expect(lib.entries[0]).toMatchObject({ kind: 'Quickdraw Test Warband', tags: ['Samurai'], summary: 'Melee 5 (boost 2), Ranged 3, Move 4, Ki 3/9, Wounds 7, Medium, Nodachi +1, 21 Rice' })
  })

  it('Captain Hoshino: pools, Ki X/Y and Boost cost, Wounds from "7 OOOOO OO", traits and both weapons (Bushido rulebook)', () => {
    const r = take(lib, 'Captain Hoshino')
    // Armour (1) and Tough (1) are modelled, Fear and Prowess are not; the Nodachi +1 with Pierce (1), Reach and
    // Sweep Attack (1) (Push Defence (0) costs no dice: not taken); the Teppo +2 with Ammo (2), Reload (1), Pierce (2).
    expect(r.combatants[0]).toEqual({
      name: 'Captain Hoshino', melee: 5, ranged: 3, wounds: 7, ki: 3, kiMax: 9, kiBoostCost: 2, size: 'medium', armour: 1, tough: 1,
      strength: 1, pierce: 1, reach: true, specials: [{ ability: 'sweep-attack', cost: 1 }], rangedStrength: 2, rangedPierce: 2, ammo: 2, reload: 1,
    })
    expect(r.report.ignored).toContain('traits: Fear (2), Prowess [Melee, Ranged]:(1)')
    expect(r.report.ignored).toContain('Nodachi: Push Defence (0) (specials costing no dice; the simulator takes costs 1–4)')
  })

  it('Spear Twin A and B: each its own wounds, the card\'s Yari shared; no Melee Boost printed, said so', () => {
    const a = take(lib, 'Spear Twin A')
    const b = take(lib, 'Spear Twin B')
    expect(a.combatants[0]).toEqual({ name: 'Spear Twin A', melee: 2, ranged: 0, wounds: 4, ki: 1, kiMax: 4, size: 'small', strength: -1, reach: true, parry: 1, specials: [{ ability: 'throw-attack', cost: 2 }] })
    expect(b.combatants[0]).toMatchObject({ wounds: 3, strength: -1 })
    expect(a.report.ignored).toContain('the card gives no Melee Boost (its Melee Pool cannot be boosted): keep Ki Boosts out of its plans')
  })

  it('the Mountain Oni: a Huge model of 24 Wounds is taken whole, and fights an exchange', () => {
    const r = take(lib, 'Mountain Oni')
    expect(r.combatants[0]).toEqual({ name: 'Mountain Oni', melee: 6, ranged: 0, wounds: 24, size: 'huge' })
    const scenario = JSON.parse(readFileSync(join(root, 'resources', 'examples', 'bushido-best-reply.json'), 'utf8'))
    scenario.models = scenario.models.map((m: { id: string }) => (m.id === 'bandit' ? { ...m, ...r.combatants[0], id: 'bandit' } : m))
    scenario.plans = [{ model: 'samurai', rule: 'best-reply' }, { model: 'bandit', rule: 'even' }]
    const parsed = parseScenario(scenario)
    expect(parsed.ok ? [] : parsed.issues).toEqual([])
    expect(replayTrial(scenario, 1, 0, DEFAULT_CHUNK_SIZE).map((e) => e.text).join('\n')).toMatch(/Mountain Oni/)
  })

  it(`a card beyond the simulator is refused with the reason: Wounds above ${MAX_WOUNDS}`, () => {
    const big = library(join(own, 'quickdraw_test_warband.cat'), (text) => text.replace('<characteristic name="Wounds" typeId="a10">24</characteristic>', `<characteristic name="Wounds" typeId="a10">${MAX_WOUNDS + 1}</characteristic>`))
    expect(() => take(big, 'Mountain Oni')).toThrow(`Mountain Oni: Wounds ${MAX_WOUNDS + 1} is outside what the simulator takes (1–${MAX_WOUNDS})`)
  })
})

describe.skipIf(!haveShared)('BSData Bushido catalogues (read from the shared fixtures)', () => {
  it('Takashi Akira: Melee 4 boost 3, Ranged 3, Ki 2/8, Wounds 6, Armour (3), Katana +1', () => {
    const r = take(library(join(shared, 'bsdata_bushido_prefecture_of_ryu.cat')), 'Takashi Akira')
    expect(r.combatants[0]).toEqual({ name: 'Takashi Akira', melee: 4, ranged: 3, wounds: 6, ki: 2, kiMax: 8, kiBoostCost: 3, size: 'small', armour: 3, strength: 1 })
  })

  it('Goshi A, one model of a two-model card: the Yari −1 with Reach is the card\'s', () => {
    const r = take(library(join(shared, 'bsdata_bushido_prefecture_of_ryu.cat')), 'Goshi A')
    expect(r.combatants[0]).toEqual({ name: 'Goshi A', melee: 2, ranged: 2, wounds: 5, ki: 1, kiMax: 6, kiBoostCost: 3, size: 'small', strength: -1, reach: true })
  })

  it('Tetsuso: Large, Wounds 10, Armour (3), Claw +2; the Naginata is a second weapon', () => {
    const r = take(library(join(shared, 'bsdata_bushido_jung_pirates.cat')), 'Tetsuso')
    expect(r.combatants[0]).toEqual({ name: 'Tetsuso', melee: 3, ranged: 1, wounds: 10, ki: 2, kiMax: 8, kiBoostCost: 3, size: 'large', armour: 3, strength: 2 })
    expect(r.report.ignored).toContain('Naginata: a second melee weapon; each model uses one')
  })

  it('every card of every catalogue imports to a valid model or is refused with the reason; the game system and the traits library are refused', () => {
    expect(() => importCharacter(readFileSync(join(shared, 'bsdata_bushido_risen_sun.gst')))).toThrow(/game system file .*holds no model cards/)
    expect(() => importCharacter(readFileSync(join(shared, 'bsdata_bushido_library_traits.cat')))).toThrow(/holds no model cards/)
    let imported = 0
    const refused: string[] = []
    for (const f of ['cult_of_yurei', 'jung_pirates', 'library_ronin', 'prefecture_of_ryu']) {
      const lib = library(join(shared, `bsdata_bushido_${f}.cat`))
      for (const e of lib.entries) {
        let m
        try {
          m = lib.take(e).combatants[0]
        } catch (err) {
          refused.push((err as Error).message)
          continue
        }
        const doc = { schemaVersion: 1, name: 'check', system: 'bushido', models: [{ ...m, id: 'a', side: 'a' }, { ...m, id: 'b', side: 'b' }], situation: { kind: 'exchange', activating: 'a', opponent: 'b' } }
        const parsed = parseScenario(doc)
        expect(parsed.ok ? [] : [e.name, parsed.issues]).toEqual([])
        imported++
      }
    }
    // 312 cards: 35 print a pool or Wounds their own rules set ("X", "X+1", "Special" or blank: swarms,
    // kami, the Seven Sins, spirits), refused with that reason; the rest import.
    expect(refused).toHaveLength(35)
    expect(imported).toBe(277)
    for (const r of refused) expect(r).toMatch(/the card's (Melee Pool|Wounds) is "(X|x|X\+1|Special|)", not a number \(set by the card's own rules\)/)
  })
})

describe('quickdraw import of a Bushido card', () => {
  let dir = ''
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'quickdraw-import-bushido-'))
  })
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('--pick … --into puts the model in a shipped example in place of the opponent, validated, and the exchange is fought', async () => {
    const scenario = JSON.parse(readFileSync(join(root, 'resources', 'examples', 'bushido-best-reply.json'), 'utf8'))
    const gone = scenario.models.find((m: { id: string }) => m.id === scenario.situation.opponent)
    scenario.models = scenario.models.filter((m: { id: string }) => m !== gone && m.id !== gone.id)
    scenario.plans = (scenario.plans ?? []).filter((p: { model: string }) => p.model !== gone.id)
    scenario.situation.opponent = 'captain-hoshino'
    const file = join(dir, 'exchange.json')
    writeFileSync(file, JSON.stringify(scenario))
    const r = await quickdrawInProcess('import', join(own, 'quickdraw_test_warband.cat'), '--pick', 'Hoshino', '--into', file, '--side', gone.side.toUpperCase())
    expect(r.err).toBe('')
    expect(r.code).toBe(0)
    const written = JSON.parse(readFileSync(file, 'utf8'))
    expect(written.models.at(-1)).toMatchObject({ id: 'captain-hoshino', side: gone.side, melee: 5 })
    expect(parseScenario(written).ok).toBe(true)
    expect(replayTrial(written, 1, 0, DEFAULT_CHUNK_SIZE).map((e) => e.text).join('\n')).toMatch(/Captain Hoshino/)
  })
})
