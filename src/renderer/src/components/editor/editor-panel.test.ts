// @vitest-environment happy-dom
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { mount } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it } from 'vitest'
import { nextTick } from 'vue'
import { useBackendForTests } from '../../stores/backend'
import { useEditorStore } from '../../stores/editor'
import { useLibraryStore } from '../../stores/library'
import { testBackend } from '../../stores/test-backend'
import EditorScenarioPanel from './EditorScenarioPanel.vue'

const examplesDir = join(__dirname, '../../../../../resources/examples')

describe('scenario editor', () => {
  let backend: ReturnType<typeof testBackend>
  beforeEach(async () => {
    setActivePinia(createPinia())
    backend = testBackend({ 'gurps-waits-standoff.json': JSON.parse(readFileSync(join(examplesDir, 'gurps-waits-standoff.json'), 'utf8')) as unknown })
    useBackendForTests(backend)
    await useLibraryStore().openExample('gurps-waits-standoff.json')
  })

  it('shows combatants as a table of stats and the rule variants with their defaults named', async () => {
    const w = mount(EditorScenarioPanel)
    const table = w.get('[data-testid="table-combatants"]')
    expect(table.findAll('tbody tr[data-row]')).toHaveLength(2)
    expect((w.get('[data-testid="field-combatants[0].skill"]').element as HTMLInputElement).value).toBe('14')
    // Issue 13: the variants are folded to those changed from the defaults (none here) until "show all".
    expect(w.get('[data-testid="rules-summary"]').text()).toMatch(/all \d+ at their defaults/)
    expect(w.find('[data-testid="rule-yardPenalty"]').exists()).toBe(false)
    await w.get('[data-testid="rules-show-all"]').trigger('click')
    const rule = w.get('[data-testid="rule-yardPenalty"]')
    expect(rule.text()).toContain('Default — every yard of the distance counts')
    expect(rule.text()).toContain('(default)')
  })

  it('an invalid value shows the message next to its field, and undo takes it back', async () => {
    const w = mount(EditorScenarioPanel)
    await w.get('[data-testid="field-combatants[0].skill"]').setValue('99')
    const errors = w.get('[data-error-path="combatants[0].skill"]')
    expect(errors.text()).toBe('must be an integer 3–30, got 99')
    expect(errors.element.closest('td')?.querySelector('input')?.getAttribute('aria-invalid')).toBe('true')
    const editor = useEditorStore()
    expect(editor.valid).toBe(false)
    editor.undo()
    await nextTick()
    expect(w.find('[data-error-path="combatants[0].skill"]').exists()).toBe(false)
    expect((w.get('[data-testid="field-combatants[0].skill"]').element as HTMLInputElement).value).toBe('14')
    editor.redo()
    await nextTick()
    expect((w.get('[data-testid="field-combatants[0].skill"]').element as HTMLInputElement).value).toBe('99')
  })

  it('text that is not a number reaches the validator, which names the allowed range', async () => {
    const w = mount(EditorScenarioPanel)
    await w.get('[data-testid="field-combatants[1].basicSpeed"]').setValue('fast')
    expect(w.get('[data-error-path="combatants[1].basicSpeed"]').text()).toBe('must be a number 1–20 in steps of 0.25, got "fast"')
  })

  it('Basic Speed shows its quarter steps and the arrow keys move it by 0.25', async () => {
    const w = mount(EditorScenarioPanel)
    expect(w.get('[data-range="basicSpeed"]').text()).toBe('1–20 in steps of 0.25')
    const input = w.get('[data-testid="field-combatants[1].basicSpeed"]')
    expect(input.attributes('title')).toContain('↑/↓ change it by 0.25')
    const editor = useEditorStore()
    const speed = (): number => (editor.doc as { combatants: { basicSpeed: number }[] }).combatants[1].basicSpeed
    const before = speed()
    await input.trigger('keydown', { key: 'ArrowUp' })
    expect(speed()).toBe(before + 0.25)
    await input.trigger('keydown', { key: 'ArrowDown' })
    await input.trigger('keydown', { key: 'ArrowDown' })
    expect(speed()).toBe(before - 0.25)
    expect((input.element as HTMLInputElement).value).toBe(String(before - 0.25))
  })

  it('the JSON tab validates live: a syntax error first, then the engine messages, and the form follows', async () => {
    const w = mount(EditorScenarioPanel)
    await w.get('[data-testid="tab-json"]').trigger('click')
    const area = w.get('[data-testid="json-text"]')
    await area.setValue('{ "oops": ')
    expect(w.get('[data-testid="json-status"]').text()).toMatch(/JSON syntax/)
    const editor = useEditorStore()
    expect(editor.issues).toEqual([]) // the form keeps the last good document
    const doc = structuredClone(editor.doc) as { combatants: { skill: number }[] }
    doc.combatants[0].skill = 2
    await area.setValue(JSON.stringify(doc))
    expect(w.get('[data-testid="json-status"]').text()).toContain('combatants[0].skill must be an integer 3–30, got 2')
    await w.get('[data-testid="tab-form"]').trigger('click')
    expect((w.get('[data-testid="field-combatants[0].skill"]').element as HTMLInputElement).value).toBe('2')
  })

  it('adds a combatant row and saves a valid scenario, which clears the unsaved mark', async () => {
    const w = mount(EditorScenarioPanel)
    const editor = useEditorStore()
    await w.get('[data-testid="field-combatants[0].name"]').setValue('Billy the Kid')
    expect(editor.dirty).toBe(true)
    await w.get('[data-testid="save"]').trigger('click')
    await new Promise((r) => setTimeout(r, 0))
    expect(backend.saved).toHaveLength(1)
    expect(JSON.parse(backend.saved[0].text).combatants[0].name).toBe('Billy the Kid')
    expect(editor.dirty).toBe(false)
    const before = w.findAll('[data-testid="table-combatants"] tbody tr[data-row]').length
    await w.findAll('button').find((b) => b.text() === '+ Add combatant')?.trigger('click')
    expect(w.findAll('[data-testid="table-combatants"] tbody tr[data-row]').length).toBe(before + 1)
  })
})
