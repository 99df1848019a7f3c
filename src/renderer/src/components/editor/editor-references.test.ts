// @vitest-environment happy-dom
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { mount, type VueWrapper } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it } from 'vitest'
import { nextTick } from 'vue'
import { useBackendForTests } from '../../stores/backend'
import { useEditorStore } from '../../stores/editor'
import { useLibraryStore } from '../../stores/library'
import { testBackend } from '../../stores/test-backend'
import EditorScenarioPanel from './EditorScenarioPanel.vue'

const examples = join(__dirname, '../../../../../resources/examples')
const read = (file: string): unknown => JSON.parse(readFileSync(join(examples, file), 'utf8')) as unknown

async function open(file: string): Promise<VueWrapper> {
  setActivePinia(createPinia())
  useBackendForTests(testBackend({ [file]: read(file) }))
  await useLibraryStore().openExample(file)
  return mount(EditorScenarioPanel)
}
const optionTexts = (w: VueWrapper, testid: string): string[] => w.get(`[data-testid="${testid}"]`).findAll('option').map((o) => o.text())

describe('fields that name another combatant are pick-lists of the scenario ids', () => {
  let w: VueWrapper
  beforeEach(async () => {
    w = await open('gurps-waits-triangle.json')
  })

  it('a tactic target is a select of the combatant ids; choosing one edits the scenario', async () => {
    const attacks = w.get('[data-testid="field-tactics[0].attacks"]')
    expect(attacks.element.tagName).toBe('SELECT')
    expect(optionTexts(w, 'field-tactics[0].attacks')).toEqual(['—', 'stabber', 'grabber', 'guard'])
    await attacks.setValue('guard')
    expect((useEditorStore().doc as { tactics: { attacks: string }[] }).tactics[0].attacks).toBe('guard')
  })

  it('a list of ids is a set of checkboxes, one per combatant', async () => {
    const prevents = w.get('[data-testid="field-tactics[1].prevents"]')
    const boxes = prevents.findAll('input[type="checkbox"]')
    expect(prevents.findAll('label').map((l) => l.text())).toEqual(['stabber', 'grabber', 'guard'])
    expect(boxes.map((b) => (b.element as HTMLInputElement).checked)).toEqual([true, false, false])
    await boxes[2].setValue(true)
    expect((useEditorStore().doc as { tactics: { prevents: string[] }[] }).tactics[1].prevents).toEqual(['stabber', 'guard'])
  })

  it('issue 13: renaming a combatant renames the choice and every reference to him once the field is left; nothing is left broken', async () => {
    const field = w.get('[data-testid="field-combatants[2].id"]')
    await field.setValue('warden') // types it and leaves the field (input, then change)
    await nextTick()
    expect(optionTexts(w, 'field-tactics[0].attacks')).toEqual(['—', 'stabber', 'grabber', 'warden'])
    expect((w.get('[data-testid="field-tactics[2].combatant"]').element as HTMLSelectElement).value).toBe('warden')
    expect(optionTexts(w, 'field-tactics[2].combatant')).not.toContain('guard (not valid here)')
    expect(w.findAll('[data-error-path="tactics[2].combatant"]')).toHaveLength(0)
  })

  it('a free label (the action) stays a text box', () => {
    expect(w.get('[data-testid="field-tactics[0].action"]').element.tagName).toBe('INPUT')
  })

  it('a new tactic names the combatant that has none yet instead of a made-up id', async () => {
    const editor = useEditorStore()
    const doc = editor.doc as { tactics: unknown[] }
    editor.edit(['tactics'], doc.tactics.slice(0, 2))
    await nextTick()
    await w.findAll('button').find((b) => b.text() === '+ Add tactic')?.trigger('click')
    expect((editor.doc as { tactics: { combatant: string }[] }).tactics[2].combatant).toBe('guard')
    expect(editor.issues).toEqual([])
  })
})

describe('references inside a shape and in pairs', () => {
  it('HERO: a hold names another combatant; a target also offers "first" and "weakest"', async () => {
    const w = await open('hero-gunfighters.json')
    await w.get('[data-row="0"] button[aria-expanded]').trigger('click')
    expect(optionTexts(w, 'field-combatants[0].plan.hold.event')).toEqual(['kid'])
    expect(optionTexts(w, 'field-combatants[0].plan.target')).toEqual(['(default: first)', 'first', 'weakest', 'kid'])
  })

  it('Bushido: engaged pairs are two pick-lists; a new pair starts as a valid enemy pair', async () => {
    const w = await open('bushido-skirmish.json')
    const editor = useEditorStore()
    expect(optionTexts(w, 'field-situation.tactics[0].target')).toEqual(['—', 'bandit1', 'bandit2', 'bandit3'])
    await w.get('[data-testid="tuples-engaged"]').findAll('button').find((b) => b.text() === '+ Add')?.trigger('click')
    expect((editor.doc as { situation: { engaged: string[][] } }).situation.engaged).toEqual([['samurai', 'bandit1']])
    expect(editor.issues).toEqual([])
    expect(optionTexts(w, 'field-situation.engaged[0][1]')).toEqual(['bandit1', 'bandit2', 'bandit3'])
    await w.get('[data-testid="field-situation.engaged[0][1]"]').setValue('bandit3')
    expect((editor.doc as { situation: { engaged: string[][] } }).situation.engaged).toEqual([['samurai', 'bandit3']])
  })
})
