// @vitest-environment happy-dom
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it } from 'vitest'
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
    editor.edit(['combatants', 0, 'name'], 'Billy')
    await useLibraryStore().openExample('gurps-waits-standoff.json')
    const [draft] = editor.recoverable
    await editor.restoreDraft(draft)
    const stored = [...backend.draftStore.values()]
    expect(stored.map((d) => kidName(d.text))).toEqual(['Billy'])
    expect(stored[0].key).not.toBe(draft.key)
    expect(editor.recoverable).toEqual([])
  })
})
