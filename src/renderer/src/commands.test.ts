// @vitest-environment happy-dom
import { createPinia, setActivePinia } from 'pinia'
import { describe, expect, it } from 'vitest'
import type { AppView } from '../../shared/ipc-contract'
import { commandForKey, runCommand } from './commands'
import { useBackendForTests } from './stores/backend'
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
