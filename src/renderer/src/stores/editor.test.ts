// @vitest-environment happy-dom
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { useBackendForTests } from './backend'
import { useEditorStore } from './editor'
import { useLibraryStore } from './library'
import { testBackend } from './test-backend'

const examplesDir = join(__dirname, '../../../../resources/examples')
const standoff = JSON.parse(readFileSync(join(examplesDir, 'gurps-waits-standoff.json'), 'utf8')) as unknown
const kidName = (text: string): string => (JSON.parse(text) as { combatants: { name: string }[] }).combatants[0].name

let backend: ReturnType<typeof testBackend>

describe('editor store: unsaved edits are never lost', () => {
  beforeEach(async () => {
    setActivePinia(createPinia())
    backend = testBackend({ 'gurps-waits-standoff.json': standoff })
    useBackendForTests(backend)
    await useLibraryStore().openExample('gurps-waits-standoff.json')
  })

  it('a save drops the draft of the edits it wrote', async () => {
    const editor = useEditorStore()
    editor.edit(['combatants', 0, 'name'], 'Billy')
    await editor.writeDraft()
    expect(backend.draftStore.size).toBe(1)
    expect(await editor.save()).toBe(true)
    expect(editor.dirty).toBe(false)
    expect(backend.draftStore.size).toBe(0)
  })

  it('edits made while the save dialog is open stay unsaved and keep their draft', async () => {
    const editor = useEditorStore()
    let closeDialog: () => void = () => undefined
    const dialogClosed = new Promise<void>((r) => (closeDialog = r))
    const realSave = backend.saveFile
    backend.saveFile = async (req) => {
      await dialogClosed
      return realSave(req)
    }
    editor.edit(['combatants', 0, 'name'], 'Billy')
    const saving = editor.save()
    editor.edit(['combatants', 0, 'name'], 'Billy the Kid')
    closeDialog()
    expect(await saving).toBe(true)
    expect(kidName(backend.saved[0].text)).toBe('Billy')
    expect(editor.dirty).toBe(true)
    expect([...backend.draftStore.values()].map((d) => kidName(d.text))).toEqual(['Billy the Kid'])
  })

  it('a restored draft is in the autosave store before the old one is discarded', async () => {
    const editor = useEditorStore()
    const billy = JSON.stringify({ ...(standoff as object), combatants: [{ ...(standoff as { combatants: object[] }).combatants[0], name: 'Billy' }, (standoff as { combatants: object[] }).combatants[1]] })
    backend.draftStore.set('ed-earlier', { key: 'ed-earlier', path: null, name: 'gurps-waits-standoff.json', text: billy, savedAt: '2026-01-01T00:00:00.000Z' })
    await editor.checkDrafts()
    const [draft] = editor.recoverable
    await editor.restoreDraft(draft)
    const stored = [...backend.draftStore.values()]
    expect(stored.map((d) => kidName(d.text))).toEqual(['Billy'])
    expect(stored[0].key).not.toBe(draft.key)
    expect(editor.recoverable).toEqual([])
  })
})

/** Answers the Save / Discard / Cancel question once it is asked. */
async function answerWhenAsked(choice: 'save' | 'discard' | 'cancel'): Promise<string> {
  const editor = useEditorStore()
  await vi.waitFor(() => expect(editor.leaving).not.toBeNull())
  const asked = `${editor.leaving?.name}: ${editor.leaving?.action}`
  editor.answerLeave(choice)
  return asked
}

describe('issue 13: switching away from unsaved edits asks Save / Discard / Cancel', () => {
  beforeEach(async () => {
    setActivePinia(createPinia())
    backend = testBackend({ 'gurps-waits-standoff.json': standoff, 'other.json': { ...(standoff as object), name: 'Other' } })
    useBackendForTests(backend)
    await useLibraryStore().openExample('gurps-waits-standoff.json')
  })

  it('a clean scenario is replaced without a question', async () => {
    await useLibraryStore().openExample('other.json')
    expect(useEditorStore().leaving).toBeNull()
    expect((useEditorStore().doc as { name: string }).name).toBe('Other')
  })

  it('Cancel keeps the scenario open with its edits, and nothing piles up in the drafts banner', async () => {
    const editor = useEditorStore()
    editor.edit(['combatants', 0, 'name'], 'Billy')
    const opening = useLibraryStore().openExample('other.json')
    expect(await answerWhenAsked('cancel')).toBe('gurps-waits-standoff.json: open other.json')
    await opening
    expect(kidName(editor.text)).toBe('Billy')
    expect(editor.dirty).toBe(true)
    expect(useLibraryStore().selected).toBe('gurps-waits-standoff.json')
    expect(editor.recoverable).toEqual([])
  })

  it('Discard opens the other scenario and throws the edits away on purpose: their draft goes, no banner', async () => {
    const editor = useEditorStore()
    editor.edit(['combatants', 0, 'name'], 'Billy')
    await editor.writeDraft()
    expect(backend.draftStore.size).toBe(1)
    const opening = useLibraryStore().openExample('other.json')
    await answerWhenAsked('discard')
    await opening
    expect((editor.doc as { name: string }).name).toBe('Other')
    expect(editor.dirty).toBe(false)
    await vi.waitFor(() => expect(backend.draftStore.size).toBe(0))
    expect(editor.recoverable).toEqual([])
  })

  it('Save writes the edits, then opens the other scenario', async () => {
    const editor = useEditorStore()
    editor.edit(['combatants', 0, 'name'], 'Billy')
    const opening = useLibraryStore().openExample('other.json')
    await answerWhenAsked('save')
    await opening
    expect(backend.saved.map((f) => kidName(f.text))).toEqual(['Billy'])
    expect((editor.doc as { name: string }).name).toBe('Other')
  })

  it('a Save that cannot be done (the scenario has problems) keeps the scenario open', async () => {
    const editor = useEditorStore()
    editor.edit(['combatants', 0, 'skill'], 99)
    const opening = useLibraryStore().openExample('other.json')
    await answerWhenAsked('save')
    await opening
    expect(backend.saved).toEqual([])
    expect((editor.doc as { combatants: { skill: number }[] }).combatants[0].skill).toBe(99)
    expect(editor.message).toMatch(/Fix the problems/)
  })

  it('the run settings are saved in the file, so a changed trial count or seed is an edit that asks too', async () => {
    const editor = useEditorStore()
    editor.edit(['run', 'trials'], 12_345)
    expect(editor.dirty).toBe(true)
    const opening = useLibraryStore().openExample('other.json')
    await answerWhenAsked('cancel')
    await opening
    expect(editor.doc).toMatchObject({ run: { trials: 12_345 } })
  })

  it('restoring a draft over unsaved edits asks too', async () => {
    const editor = useEditorStore()
    backend.draftStore.set('ed-earlier', { key: 'ed-earlier', path: null, name: 'earlier.json', text: JSON.stringify(standoff), savedAt: '2026-01-01T00:00:00.000Z' })
    await editor.checkDrafts()
    editor.edit(['combatants', 0, 'name'], 'Billy')
    const restoring = editor.restoreDraft(editor.recoverable[0])
    expect(await answerWhenAsked('cancel')).toBe('gurps-waits-standoff.json: restore earlier.json')
    await restoring
    expect(kidName(editor.text)).toBe('Billy')
    expect(editor.recoverable).toHaveLength(1)
  })

  it('the drafts banner offers the same unsaved edits once, however many sessions autosaved them', async () => {
    const editor = useEditorStore()
    for (const [key, savedAt] of [['a', '2026-01-01T00:00:00.000Z'], ['b', '2026-01-02T00:00:00.000Z'], ['c', '2026-01-03T00:00:00.000Z']]) {
      backend.draftStore.set(key, { key, path: null, name: 'duel.json', text: '{"name":"Duel"}', savedAt })
    }
    backend.draftStore.set('d', { key: 'd', path: null, name: 'duel.json', text: '{"name":"Duel 2"}', savedAt: '2026-01-01T00:00:00.000Z' })
    await editor.checkDrafts()
    expect(editor.recoverable.map((d) => d.key)).toEqual(['c', 'd'])
    expect([...backend.draftStore.keys()].sort()).toEqual(['c', 'd'])
  })
})

describe('issue 13: renaming a combatant id in the editor', () => {
  beforeEach(async () => {
    setActivePinia(createPinia())
    backend = testBackend({ 'gurps-waits-standoff.json': standoff })
    useBackendForTests(backend)
    await useLibraryStore().openExample('gurps-waits-standoff.json')
  })

  it('renames every reference in one edit, says so, and one undo puts them all back', () => {
    const editor = useEditorStore()
    editor.edit(['combatants', 0, 'id'], 'billy')
    const doc = editor.doc as { tactics: { combatant: string; attacks: string }[]; question: { metrics: string[] } }
    expect(doc.tactics.map((t) => [t.combatant, t.attacks])).toEqual([['billy', 'marshal'], ['marshal', 'billy']])
    // the question's results follow too
    expect(doc.question.metrics).toEqual(['acts-first-alone:billy', 'acts-first-alone:marshal', 'acts-first-tied:billy'])
    expect(editor.valid).toBe(true)
    expect(editor.message).toBe('Renamed "kid" to "billy" everywhere it is used (4 places).')
    editor.undo()
    expect(editor.text).toBe(`${JSON.stringify(standoff, null, 2)}\n`)
    expect(editor.dirty).toBe(false)
  })
})

describe('issue 13: New scenario from a template', () => {
  beforeEach(async () => {
    setActivePinia(createPinia())
    backend = testBackend({ 'gurps-waits-standoff.json': standoff })
    useBackendForTests(backend)
    await useLibraryStore().openExample('gurps-waits-standoff.json')
  })

  it('opens a valid, unsaved scenario of the chosen system; left untouched it asks nothing; over unsaved edits it asks first', async () => {
    const editor = useEditorStore()
    await useLibraryStore().newScenario('hero')
    expect(editor.systemId).toBe('hero')
    expect(editor.valid).toBe(true)
    expect(editor.path).toBeNull()
    expect(editor.dirty).toBe(false)
    await useLibraryStore().newScenario('l5r')
    expect(editor.leaving).toBeNull()
    expect(editor.systemId).toBe('l5r')
    editor.edit(['combatants', 0, 'name'], 'Akodo Toturi')
    const starting = useLibraryStore().newScenario('bushido')
    expect(await answerWhenAsked('cancel')).toBe('Untitled: start a new bushido scenario')
    await starting
    expect(editor.systemId).toBe('l5r')
  })

  it('a system without a template says so and changes nothing', async () => {
    await useLibraryStore().newScenario('chess')
    expect(useLibraryStore().error).toMatch(/no template for the rule system "chess"; choose one of hero, gurps/)
    expect(useEditorStore().systemId).toBe('gurps-waits')
  })
})
