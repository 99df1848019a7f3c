// @vitest-environment happy-dom
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { createPinia, setActivePinia } from 'pinia'
import { describe, expect, it } from 'vitest'
import type { AppView } from '../../shared/ipc-contract'
import { commandForKey, runCommand } from './commands'
import { useBackendForTests } from './stores/backend'
import { useEditorStore } from './stores/editor'
import { useLibraryStore } from './stores/library'
import { testBackend } from './stores/test-backend'

function key(k: string, opts: KeyboardEventInit = {}, target?: HTMLElement): KeyboardEvent {
  const e = new KeyboardEvent('keydown', { key: k, ...opts })
  if (target) Object.defineProperty(e, 'target', { value: target })
  return e
}

describe('keyboard shortcuts', () => {
  it('Ctrl/Cmd+Enter runs, Esc cancels, Ctrl/Cmd+S saves, Ctrl+Shift+S saves as', () => {
    expect(commandForKey(key('Enter', { ctrlKey: true }))).toEqual({ command: 'run' })
    expect(commandForKey(key('Enter', { metaKey: true }))).toEqual({ command: 'run' })
    expect(commandForKey(key('Escape'))).toEqual({ command: 'cancel' })
    expect(commandForKey(key('s', { ctrlKey: true }))).toEqual({ command: 'save' })
    expect(commandForKey(key('S', { ctrlKey: true, shiftKey: true }))).toEqual({ command: 'save-as' })
    expect(commandForKey(key('Enter'))).toBeNull()
  })

  it('Ctrl+Z undoes the scenario outside text fields, but leaves typing in a field to the field', () => {
    expect(commandForKey(key('z', { ctrlKey: true }, document.createElement('button')))).toEqual({ command: 'undo' })
    const input = document.createElement('input')
    input.type = 'text'
    expect(commandForKey(key('z', { ctrlKey: true }, input))).toBeNull()
    expect(commandForKey(key('z', { ctrlKey: true }, document.createElement('textarea')))).toBeNull()
  })

  it('in Electron the menu owns Run, Cancel, Save and Open; the page keeps only the scenario undo', () => {
    expect(commandForKey(key('Enter', { ctrlKey: true }), 'electron')).toBeNull()
    expect(commandForKey(key('Escape'), 'electron')).toBeNull()
    expect(commandForKey(key('s', { ctrlKey: true }), 'electron')).toBeNull()
    expect(commandForKey(key('z', { ctrlKey: true }, document.createElement('button')), 'electron')).toEqual({ command: 'undo' })
  })
})

describe('menu commands', () => {
  it('Sweep and Compare switch the view; Export › Report shows the results and exports the report', async () => {
    setActivePinia(createPinia())
    useBackendForTests(testBackend({}))
    const shown: AppView[] = []
    const exported: string[] = []
    const ui = { show: (v: AppView) => void shown.push(v), exportResults: async (k: string) => void exported.push(k) }
    await runCommand({ command: 'show', view: 'sweep' }, ui)
    await runCommand({ command: 'show', view: 'compare' }, ui)
    await runCommand({ command: 'export', kind: 'report' }, ui)
    expect(shown).toEqual(['sweep', 'compare', 'results'])
    expect(exported).toEqual(['report'])
  })
})

describe('files the desktop app opens for the window', () => {
  it('open-file (a second launch, a file association) opens the file in the editor', async () => {
    setActivePinia(createPinia())
    useBackendForTests(testBackend({}))
    const ui = { show: () => undefined, exportResults: async () => undefined }
    const text = readFileSync(join(__dirname, '../../../resources/examples/gurps-waits-standoff.json'), 'utf8')
    await runCommand({ command: 'open-file', file: { path: '/games/duel.quickdraw.json', name: 'duel.quickdraw.json', text } }, ui)
    const editor = useEditorStore()
    expect(editor.path).toBe('/games/duel.quickdraw.json')
    expect(editor.name).toBe('duel.quickdraw.json')
    expect(editor.dirty).toBe(false)
  })

  it('open-link (a quickdraw:// link clicked elsewhere) opens the shared scenario unsaved; a link with none is refused with the reason', async () => {
    setActivePinia(createPinia())
    useBackendForTests(testBackend({}))
    const ui = { show: () => undefined, exportResults: async () => undefined, showRules: () => undefined, askForLink: () => undefined }
    const doc = JSON.parse(readFileSync(join(__dirname, '../../../resources/examples/gurps-waits-standoff.json'), 'utf8'))
    const { DESKTOP_LINK_BASE, shareLink } = await import('./share/share-link')
    const link = await shareLink(DESKTOP_LINK_BASE, { ...doc, name: 'Standoff at noon' })
    expect(link.startsWith('quickdraw://open#scenario=')).toBe(true)
    await runCommand({ command: 'open-link', link }, ui)
    const editor = useEditorStore()
    expect(editor.name).toBe('Standoff at noon')
    expect(editor.path).toBeNull()
    await runCommand({ command: 'open-link', link: 'quickdraw://open' }, ui)
    expect(useLibraryStore().error).toMatch(/does not hold a shared scenario/)
    expect(editor.name).toBe('Standoff at noon')
  })

  it('recent-changed (Clear Recent in the menu) reads the recent files again', async () => {
    setActivePinia(createPinia())
    const backend = testBackend({})
    let reads = 0
    useBackendForTests({ ...backend, recent: async () => (reads++, []) })
    await runCommand({ command: 'recent-changed' }, { show: () => undefined, exportResults: async () => undefined })
    expect(reads).toBe(1)
    expect(useLibraryStore().recent).toEqual([])
  })
})

describe('closing the desktop window with unsaved edits', () => {
  const examplesDir = join(__dirname, '../../../resources/examples')
  const standoff = JSON.parse(readFileSync(join(examplesDir, 'gurps-waits-standoff.json'), 'utf8')) as unknown
  const ui = { show: () => undefined, exportResults: async () => undefined }

  async function editedStandoff() {
    setActivePinia(createPinia())
    const backend = testBackend({ 'gurps-waits-standoff.json': standoff })
    useBackendForTests(backend)
    await useLibraryStore().openExample('gurps-waits-standoff.json')
    const editor = useEditorStore()
    editor.edit(['combatants', 0, 'name'], 'Billy')
    await editor.writeDraft()
    return { backend, editor }
  }

  it('Save writes the file, drops the draft, then closes the window', async () => {
    const { backend, editor } = await editedStandoff()
    await runCommand({ command: 'close', choice: 'save' }, ui)
    expect(backend.saved.map((f) => JSON.parse(f.text).combatants[0].name)).toEqual(['Billy'])
    expect(editor.dirty).toBe(false)
    expect(backend.draftStore.size).toBe(0)
    expect(backend.closed).toBe(1)
  })

  it('Save of a scenario with errors keeps the window open and says why', async () => {
    const { backend, editor } = await editedStandoff()
    editor.edit(['combatants', 0, 'skill'], 99)
    await runCommand({ command: 'close', choice: 'save' }, ui)
    expect(backend.saved).toEqual([])
    expect(backend.closed).toBe(0)
    expect(editor.message).toMatch(/Fix the problems/)
  })

  it("Don't Save drops the draft and closes; nothing writes the edits back afterwards", async () => {
    const { backend, editor } = await editedStandoff()
    expect(backend.draftStore.size).toBe(1)
    await runCommand({ command: 'close', choice: 'discard' }, ui)
    expect(backend.draftStore.size).toBe(0)
    expect(backend.closed).toBe(1)
    await editor.writeDraft() // what the page's unload does
    expect(backend.draftStore.size).toBe(0)
    expect(backend.saved).toEqual([])
  })
})
