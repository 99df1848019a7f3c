// @vitest-environment happy-dom
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it } from 'vitest'
import { useBackendForTests } from './backend'
import { useEditorStore } from './editor'
import { useLibraryStore } from './library'
import { testBackend } from './test-backend'

const standoffText = readFileSync(join(__dirname, '../../../../resources/examples/gurps-waits-standoff.json'), 'utf8')
const examples = { 'gurps-waits-standoff.json': JSON.parse(standoffText) as unknown }

describe('a window\'s start', () => {
  beforeEach(() => setActivePinia(createPinia()))

  it('a desktop window opened for a file (command line, file association, second launch) shows that file, not an example', async () => {
    const file = { path: '/games/duel.quickdraw.json', name: 'duel.quickdraw.json', text: standoffText }
    useBackendForTests({ ...testBackend(examples), windowReady: async () => file })
    await useLibraryStore().start()
    const editor = useEditorStore()
    expect(editor.path).toBe('/games/duel.quickdraw.json')
    expect(editor.name).toBe('duel.quickdraw.json')
    expect(editor.dirty).toBe(false)
  })

  it('without one it shows the first example', async () => {
    useBackendForTests(testBackend(examples))
    await useLibraryStore().start()
    const editor = useEditorStore()
    expect(editor.path).toBeNull()
    expect(editor.name).toBe('gurps-waits-standoff.json')
  })
})
