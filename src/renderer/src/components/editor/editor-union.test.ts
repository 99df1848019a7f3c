// @vitest-environment happy-dom
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { mount } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it } from 'vitest'
import { useBackendForTests } from '../../stores/backend'
import { useEditorStore } from '../../stores/editor'
import { useLibraryStore } from '../../stores/library'
import { testBackend } from '../../stores/test-backend'
import EditorScenarioPanel from './EditorScenarioPanel.vue'

const file = 'bushido-charge.json'
const doc = JSON.parse(readFileSync(join(__dirname, '../../../../../resources/examples', file), 'utf8')) as unknown

describe('a value of several shapes (a union) in the generated form', () => {
  beforeEach(async () => {
    setActivePinia(createPinia())
    useBackendForTests(testBackend({ [file]: doc }))
    await useLibraryStore().openExample(file)
  })

  it('a select picks the shape by its kind; the object below does not repeat the kind', () => {
    const w = mount(EditorScenarioPanel)
    const section = w.get('[data-path="situation"]')
    const select = section.get('select')
    expect(select.findAll('option').map((o) => o.text())).toEqual(['exchange', 'shot', 'game'])
    expect((select.element as HTMLSelectElement).selectedOptions[0].text).toBe('exchange')
    expect(section.find('[data-path="situation.kind"]').exists()).toBe(false)
    expect(section.find('[data-path="situation.activating"]').exists()).toBe(true)
  })

  it('switching the shape starts a new object of that kind, and its problems show beside its fields', async () => {
    const w = mount(EditorScenarioPanel)
    const select = w.get('[data-path="situation"] select')
    await select.setValue(select.findAll('option').find((o) => o.text() === 'shot')?.element.value)
    const editor = useEditorStore()
    expect((editor.doc as { situation: { kind: string } }).situation.kind).toBe('shot')
    expect(w.find('[data-path="situation.shooter"]').exists()).toBe(true)
    const shooterErrors = editor.issuesByPath.get('situation.shooter') ?? []
    expect(shooterErrors.length).toBeGreaterThan(0)
    expect(w.get('[data-error-path="situation.shooter"]').text()).toBe(shooterErrors.join(''))
    editor.undo()
    expect((editor.doc as { situation: { kind: string } }).situation.kind).toBe('exchange')
  })
})
