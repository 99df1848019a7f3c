// @vitest-environment happy-dom
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it } from 'vitest'
import { nextTick } from 'vue'
import { parseScenario } from '../../../engine/run/parse'
import { markAt } from '../editor/default-marks'
import { getAt } from '../editor/json-path'
import { useBackendForTests } from './backend'
import { useEditorStore } from './editor'
import { useImportStore } from './importer'
import { useLibraryStore } from './library'
import { testBackend } from './test-backend'

const root = join(__dirname, '../../../..')
const examples = join(root, 'resources/examples')
const fixtures = join(root, 'tests/fixtures/import')
const example = (name: string): unknown => JSON.parse(readFileSync(join(examples, name), 'utf8')) as unknown
const file = (path: string) => ({ name: path.split('/').pop() ?? path, bytes: new Uint8Array(readFileSync(join(fixtures, path))) })

describe('importing in the app (File › Import character…, a drop on the scenario)', () => {
  beforeEach(() => {
    setActivePinia(createPinia())
    useBackendForTests(testBackend({ 'gurps-duel.json': example('gurps-duel.json'), 'genesys-blaster-duel.json': example('genesys-blaster-duel.json') }))
  })

  it('a character file is added to the scenario being edited with its plan, in one undoable step, and its report is shown', async () => {
    await useLibraryStore().openExample('gurps-duel.json')
    const editor = useEditorStore()
    const importer = useImportStore()
    const before = (editor.doc as { combatants: unknown[] }).combatants.length
    await importer.importFiles([file('gcs5_foundry_gurps_alice_wozniak.gcs')])
    expect(importer.error).toBe('')
    const doc = editor.doc as { combatants: { id: string; side?: string }[]; tactics: { combatant: string }[] }
    expect(doc.combatants).toHaveLength(before + 1)
    expect(doc.combatants.at(-1)).toMatchObject({ id: 'alice-wozniak', side: 'B', st: 13 })
    expect(doc.tactics.at(-1)).toMatchObject({ combatant: 'alice-wozniak' })
    expect(parseScenario(editor.doc).ok).toBe(true)
    expect(importer.report?.computed).toContain('Axe/Mace 15 = DX 14 + 1 (4 points, Average)')
    expect(importer.summary).toBe('Added Alice Wozniak (alice-wozniak) from gcs5_foundry_gurps_alice_wozniak.gcs on side B.')
    editor.undo()
    expect((editor.doc as { combatants: unknown[] }).combatants).toHaveLength(before)
  })

  it('a file of another system, or a bad file, says so and changes nothing', async () => {
    await useLibraryStore().openExample('gurps-duel.json')
    const editor = useEditorStore()
    const importer = useImportStore()
    const doc = editor.doc
    await importer.importFiles([file('hdc_hero6efvtt_smash.extracted.hdc')])
    expect(importer.error).toMatch(/this is for HERO System, and the scenario being edited is for GURPS; nothing imported/)
    await importer.importFiles([{ name: 'cut.gcs', bytes: new TextEncoder().encode('{"version": 5, "profile": {') }])
    expect(importer.error).toMatch(/^cut\.gcs: not valid JSON/)
    expect(editor.doc).toBe(doc)
  })

  it('a library opens for picking: filter, a minion group of 3, added with its plan', async () => {
    await useLibraryStore().openExample('genesys-blaster-duel.json')
    const editor = useEditorStore()
    const importer = useImportStore()
    await importer.importFiles([file('swrpg/quickdraw_adversaries.json'), file('swrpg/quickdraw_weapons.json')])
    expect(importer.libraries).toHaveLength(1)
    importer.filter = 'thug'
    const hits = importer.shown()
    expect(hits.map((h) => h.entry.name)).toEqual(['Dockside Thug'])
    importer.group = 3
    importer.side = 'A'
    importer.pick(hits[0])
    const doc = editor.doc as { combatants: { id: string }[]; plans: { combatant: string }[] }
    expect(doc.combatants.at(-1)).toMatchObject({ id: 'dockside-thug', side: 'A', minions: 3 })
    // with more than one weapon he fights with his best against his foe
    expect(doc.plans.at(-1)).toEqual({ combatant: 'dockside-thug', turns: [{ maneuvers: [], action: 'attack' }], using: 'best' })
    expect(parseScenario(editor.doc).ok).toBe(true)
  })

  it('the fields an import defaulted are marked until the user edits them (issue 18: "marked as such in the editor")', async () => {
    await useLibraryStore().openExample('gurps-duel.json')
    const editor = useEditorStore()
    const importer = useImportStore()
    await importer.importFiles([file('foundry_gurps_actor_gurren_alexander.json')])
    const shown = (key: string) => markAt(editor.defaults, editor.doc, key)?.text
    // the duel has 2 fighters: Gurren is combatants[2], his plan tactics[2]
    expect(shown('combatants[2].dr')).toBe('DR 0 (no armour or DR on the torso)')
    expect(shown('tactics[2].maneuvers')).toBe('plan: attack every turn')
    expect(shown('combatants[2].st')).toBeUndefined()
    // a second import keeps the first one's marks and adds its own
    await importer.importFiles([file('gcs5_foundry_gurps_alice_wozniak.gcs')])
    expect(shown('combatants[2].dr')).toBe('DR 0 (no armour or DR on the torso)')
    expect(shown('tactics[3].maneuvers')).toBe('plan: attack every turn')
    // editing the field clears its mark; editing inside a marked plan clears the plan's
    editor.edit(['combatants', 2, 'dr'], 3)
    expect(shown('combatants[2].dr')).toBeUndefined()
    editor.edit(['tactics', 2, 'maneuvers', 0, 'maneuver'], 'all-out-attack')
    expect(shown('tactics[2].maneuvers')).toBeUndefined()
    // removing a row moves the later rows' marks with their fields
    editor.edit(['tactics', 0], undefined)
    expect(shown('tactics[2].maneuvers')).toBe('plan: attack every turn')
    expect(getAt(editor.doc, ['tactics', 2, 'combatant'])).toBe('alice-wozniak')
    // a value changed another way (the JSON tab) is no longer the imported default
    const doc = structuredClone(editor.doc) as { tactics: { maneuvers: unknown[] }[] }
    doc.tactics[2].maneuvers = [{ maneuver: 'all-out-attack' }]
    editor.setText(JSON.stringify(doc))
    expect(shown('tactics[2].maneuvers')).toBeUndefined()
    // another scenario starts with none
    await importer.importFiles([file('foundry_gurps_actor_gurren_alexander.json')])
    expect(editor.defaults.size).toBeGreaterThan(0)
    editor.load(example('gurps-duel.json'), { path: null, name: 'gurps-duel.json' })
    expect(editor.defaults.size).toBe(0)
  })

  it('Undo past an import drops its marks: a fighter imported next in the same place does not inherit them', async () => {
    await useLibraryStore().openExample('gurps-duel.json')
    const editor = useEditorStore()
    const importer = useImportStore()
    await importer.importFiles([file('foundry_gurps_actor_gurren_alexander.json')])
    expect(markAt(editor.defaults, editor.doc, 'combatants[2].dr')?.text).toBe('DR 0 (no armour or DR on the torso)')
    editor.undo()
    expect(editor.defaults.size).toBe(0)
    await importer.importFiles([file('gcs5_foundry_gurps_alice_wozniak.gcs')])
    // Alice is combatants[2] now, with her DR from her armour: no mark there; her plan's is hers
    expect(markAt(editor.defaults, editor.doc, 'combatants[2].dr')).toBeUndefined()
    expect(markAt(editor.defaults, editor.doc, 'tactics[2].maneuvers')?.text).toBe('plan: attack every turn')
  })
})

describe('Replace, a fresh panel for each scenario, and deleting a fighter with his references (issue 26 item 3)', () => {
  beforeEach(() => {
    setActivePinia(createPinia())
    useBackendForTests(testBackend({ 'gurps-duel.json': example('gurps-duel.json'), 'genesys-blaster-duel.json': example('genesys-blaster-duel.json') }))
  })

  it('Replace Bruno: Alice takes his place, his id, side and plan; nothing is added; one Undo brings him back', async () => {
    await useLibraryStore().openExample('gurps-duel.json')
    const editor = useEditorStore()
    const importer = useImportStore()
    const before = editor.doc as { combatants: { id: string; name: string; side?: string }[]; tactics: unknown[] }
    const i = before.combatants.findIndex((c) => c.id === 'bruno')
    importer.replaceId = 'bruno'
    await importer.importFiles([file('gcs5_foundry_gurps_alice_wozniak.gcs')])
    expect(importer.error).toBe('')
    const doc = editor.doc as typeof before
    expect(doc.combatants).toHaveLength(before.combatants.length)
    expect(doc.combatants[i]).toMatchObject({ id: 'bruno', name: 'Alice Wozniak', st: 13 })
    expect(doc.combatants[i].side).toBe(before.combatants[i].side)
    // his tactic stays; Alice carries several attacks, so it now uses her best against her foe
    expect(doc.tactics).toEqual((before.tactics as { combatant: string }[]).map((t) => (t.combatant === 'bruno' ? { ...t, using: 'best' } : t)))
    expect(parseScenario(doc).ok).toBe(true)
    expect(importer.summary).toMatch(/^Alice Wozniak took the place of Bruno .*\(bruno\), keeping his side, plan and every reference to him/)
    expect(importer.replaceId).toBe('')
    editor.undo()
    expect(editor.doc).toEqual(before)
  })

  it('opening another scenario clears the panel: no report, no library, no fighter to replace', async () => {
    await useLibraryStore().openExample('genesys-blaster-duel.json')
    const importer = useImportStore()
    await importer.importFiles([file('swrpg/quickdraw_adversaries.json'), file('swrpg/quickdraw_weapons.json')])
    expect(importer.libraries.length).toBe(1)
    await importer.importFiles([file('swrpg/quickdraw_oggdude_character.xml')])
    expect(importer.report).not.toBeNull()
    importer.replaceId = 'smuggler'
    useEditorStore().load(example('gurps-duel.json'), { path: null, name: 'gurps-duel.json' })
    await nextTick()
    expect(importer.report).toBeNull()
    expect(importer.summary).toBe('')
    expect(importer.libraries).toEqual([])
    expect(importer.replaceId).toBe('')
  })

  it('deleting a fighter in the editor takes his plan with him, in one undo step, and says so', async () => {
    await useLibraryStore().openExample('gurps-duel.json')
    const editor = useEditorStore()
    const importer = useImportStore()
    await importer.importFiles([file('gcs5_foundry_gurps_alice_wozniak.gcs')])
    const before = editor.doc
    const doc = before as { combatants: { id: string }[] }
    editor.edit(['combatants', doc.combatants.findIndex((c) => c.id === 'alice-wozniak')], undefined)
    expect(JSON.stringify(editor.doc)).not.toContain('"alice-wozniak"')
    expect(parseScenario(editor.doc).ok).toBe(true)
    expect(editor.message).toBe('Removed Alice Wozniak and the place that named him (his plan, targets, pairs).')
    editor.undo()
    expect(editor.doc).toEqual(before)
  })
})
