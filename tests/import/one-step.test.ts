import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { parseScenario } from '../../src/engine/run/parse'
import { replayTrial } from '../../src/engine/run/replay'
import { DEFAULT_CHUNK_SIZE } from '../../src/engine/run/chunks'
import { quickdrawInProcess } from '../cli/in-process'

/**
 * A fight in one step (issue 26 item 3): two files make a running fight in one command in every system
 * (`quickdraw import a b --versus --into new.json`), `--into` takes a file that does not exist yet, and
 * `--replace <id>` puts the import in a fighter's place, keeping his side, plan and every reference to him.
 */
const root = join(__dirname, '..', '..')
const fx = join(root, 'tests', 'fixtures', 'import')
const dir = mkdtempSync(join(tmpdir(), 'qd-one-step-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const read = (f: string): Record<string, unknown> => JSON.parse(readFileSync(f, 'utf8')) as Record<string, unknown>
/** One fight played out from the written file: the trace names both fighters. */
const played = (doc: Record<string, unknown>): string => replayTrial(doc, 1, 0, DEFAULT_CHUNK_SIZE).map((e) => e.text).join('\n')

describe('quickdraw import a b --versus: a ready-to-run fight of the two, in every system', () => {
  it.each([
    ['gurps', [join(fx, 'gcs5_foundry_gurps_alice_wozniak.gcs'), join(fx, 'gcs5_foundry_gurps_grend.gcs')], ['Alice Wozniak', 'Grend Test']],
    ['hero', [join(fx, 'hdc_hero6efvtt_amadeus.extracted.hdc'), join(fx, 'hdc_hero6efvtt_smash.extracted.hdc')], ['Amadeus', 'Smash']],
    ['genesys', [join(fx, 'swrpg', 'quickdraw_oggdude_character.xml'), join(fx, 'swrpg', 'quickdraw_oggdude_wookiee.xml')], ['Kessa Vorn', 'Grathul']],
    ['l5r', [join(fx, 'l5r', 'quickdraw_l5rcm_akodo.l5r'), join(fx, 'l5r', 'quickdraw_websheet_archer.l5r')], ['Akodo Tetsuo', 'Tsuruchi Hana']],
    ['bushido', [join(fx, 'bushido', 'quickdraw_test_warband.cat'), '--pick', 'Captain Hoshino', '--pick', 'Spear Twin A'], ['Captain Hoshino', 'Spear Twin A']],
  ] as const)('%s', async (system, args, names) => {
    const file = join(dir, `${system}-versus.json`)
    expect(existsSync(file)).toBe(false)
    const r = await quickdrawInProcess('import', ...args, '--versus', '--into', file)
    expect(r.err).toBe('')
    expect(r.code).toBe(0)
    expect(r.out).toContain(`Wrote ${file}: ${names[0]} against ${names[1]}, ready to run`)
    const doc = read(file)
    expect(doc.system).toBe(system)
    const parsed = parseScenario(doc)
    expect(parsed.ok ? [] : parsed.issues).toEqual([])
    const list = (doc[system === 'bushido' ? 'models' : 'combatants'] as { name: string; side?: string }[])
    expect(list.map((c) => [c.name, c.side?.toUpperCase()])).toEqual([[names[0], 'A'], [names[1], 'B']])
    const trace = played(doc)
    for (const n of names) expect(trace).toContain(n)
  })

  it('--side per file puts each where told; without --into the scenario is printed', async () => {
    const r = await quickdrawInProcess('import', join(fx, 'hdc_hero6efvtt_amadeus.extracted.hdc'), join(fx, 'hdc_hero6efvtt_smash.extracted.hdc'), '--versus', '--side', 'B', '--side', 'A')
    expect(r.code).toBe(0)
    const doc = JSON.parse(r.out) as { name: string; combatants: { name: string; side: string }[] }
    expect(doc.combatants.map((c) => [c.name, c.side])).toEqual([['Amadeus', 'B'], ['Smash', 'A']])
    expect(doc.name).toBe('Smash against Amadeus')
  })

  it('--versus refuses an existing file, one side only, and a side per file that does not match the files', async () => {
    const existing = join(dir, 'exists.json')
    writeFileSync(existing, '{}')
    const a = join(fx, 'hdc_hero6efvtt_amadeus.extracted.hdc')
    const b = join(fx, 'hdc_hero6efvtt_smash.extracted.hdc')
    expect((await quickdrawInProcess('import', a, b, '--versus', '--into', existing)).err).toMatch(/already exists; --versus writes a new scenario/)
    expect((await quickdrawInProcess('import', a, b, '--versus', '--side', 'A', '--side', 'A')).err).toMatch(/each side needs a fighter/)
    expect((await quickdrawInProcess('import', a, b, '--versus', '--side', 'A')).err).toMatch(/one per file or pick/)
    expect((await quickdrawInProcess('import', a, '--versus')).err).toMatch(/at least two files/)
  })
})

describe('quickdraw import --into a new file', () => {
  it('one fighter: the file is written with him, waiting for the other side', async () => {
    const file = join(dir, 'new-one.json')
    const r = await quickdrawInProcess('import', join(fx, 'hdc_hero6efvtt_amadeus.extracted.hdc'), '--into', file, '--side', 'A')
    expect(r.code).toBe(0)
    expect(r.out).toMatch(/add the other side's fighter .* --side B\) before running it/)
    const doc = read(file)
    expect(doc).toMatchObject({ schemaVersion: 1, system: 'hero', name: 'Amadeus' })
    // the second import makes it a fight that runs
    const r2 = await quickdrawInProcess('import', join(fx, 'hdc_hero6efvtt_smash.extracted.hdc'), '--into', file, '--side', 'B')
    expect(r2.code).toBe(0)
    expect(parseScenario(read(file)).ok).toBe(true)
  })
})

describe('quickdraw import --replace <fighter>: the import takes his place', () => {
  it('in the Bushido skirmish, Captain Hoshino replaces bandit1: his side, his tactic and the samurai\'s target stay his, and it runs', async () => {
    const file = join(dir, 'skirmish.json')
    writeFileSync(file, readFileSync(join(root, 'resources', 'examples', 'bushido-skirmish.json')))
    const before = read(file) as { models: { id: string; side: string }[]; situation: { tactics: { model: string; target?: string }[] } }
    const r = await quickdrawInProcess('import', join(fx, 'bushido', 'quickdraw_test_warband.cat'), '--pick', 'Captain Hoshino', '--into', file, '--replace', 'bandit1')
    expect(r.err).toBe('')
    expect(r.out).toContain('Captain Hoshino took the place of bandit1')
    const after = read(file) as typeof before
    const i = before.models.findIndex((m) => m.id === 'bandit1')
    expect(after.models[i]).toMatchObject({ id: 'bandit1', name: 'Captain Hoshino', side: before.models[i].side, melee: 5 })
    expect(after.models.length).toBe(before.models.length)
    expect(after.situation).toEqual(before.situation)
    expect(after.situation.tactics.some((t) => t.target === 'bandit1')).toBe(true)
    expect(parseScenario(after).ok).toBe(true)
    expect(played(after)).toContain('Captain Hoshino')
  })

  it('an id no fighter has is refused with the ids there are, and nothing is written', async () => {
    const file = join(dir, 'duel.json')
    writeFileSync(file, readFileSync(join(root, 'resources', 'examples', 'gurps-duel.json')))
    const before = readFileSync(file, 'utf8')
    const r = await quickdrawInProcess('import', join(fx, 'gcs5_foundry_gurps_alice_wozniak.gcs'), '--into', file, '--replace', 'zed')
    expect(r.code).not.toBe(0)
    expect(r.err).toMatch(/no fighter in the scenario has the id "zed"; its fighters are "aldo", "bruno"/)
    expect(readFileSync(file, 'utf8')).toBe(before)
  })
})
