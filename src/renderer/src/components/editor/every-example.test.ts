// @vitest-environment happy-dom
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { mount } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { describe, expect, it } from 'vitest'
import { useBackendForTests } from '../../stores/backend'
import { useEditorStore } from '../../stores/editor'
import { useLibraryStore } from '../../stores/library'
import { testBackend } from '../../stores/test-backend'
import EditorScenarioPanel from './EditorScenarioPanel.vue'

const examplesDir = join(__dirname, '../../../../../resources/examples')
const files = readdirSync(examplesDir).filter((f) => f.endsWith('.json'))

describe('the generated editor handles every shipped example of every system', () => {
  it.each(files)('%s opens valid, with every field drawn and no problem reported', async (file) => {
    setActivePinia(createPinia())
    useBackendForTests(testBackend({ [file]: JSON.parse(readFileSync(join(examplesDir, file), 'utf8')) as unknown }))
    await useLibraryStore().openExample(file)
    const w = mount(EditorScenarioPanel)
    const editor = useEditorStore()
    expect(editor.issues).toEqual([])
    expect(w.find('.field-errors').exists()).toBe(false)
    expect(w.findAll('input, select, textarea').length).toBeGreaterThan(5)
    // Round trip: the form shows the document it was given, untouched.
    expect(editor.dirty).toBe(false)
    w.unmount()
  })
})
