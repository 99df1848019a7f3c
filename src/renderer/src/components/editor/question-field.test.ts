// @vitest-environment happy-dom
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { mount } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it } from 'vitest'
import { findEngineWords } from '../../../../../tests/lint/engine-words'
import { useBackendForTests } from '../../stores/backend'
import { useEditorStore } from '../../stores/editor'
import { testBackend } from '../../stores/test-backend'
import EditorQuestionField from './EditorQuestionField.vue'

const examplesDir = join(__dirname, '../../../../../resources/examples')
const open = (file: string): string[] => {
  useEditorStore().load(JSON.parse(readFileSync(join(examplesDir, file), 'utf8')) as unknown, { path: null, name: file })
  const w = mount(EditorQuestionField)
  return w.findAll('.choice-item').map((l) => l.text().trim())
}

/** Issue 28: the question's "Results that answer it" checkboxes name each result as the results and the headline do. */
describe('the results that answer a scenario question, in words', () => {
  beforeEach(() => {
    setActivePinia(createPinia())
    useBackendForTests(testBackend({}))
  })

  it('Star Wars: "The attack hits" and "At least one Triumph", never "P(hit)" or "P(≥1 Triumph)"', () => {
    const shown = open('genesys-aim-economics.json')
    expect(shown).toEqual(expect.arrayContaining(['The attack hits', 'The attack causes a Critical Injury', 'At least one Triumph', 'At least one Despair', 'Attacks that hit', 'The opening attack hits']))
    expect(shown.filter((s) => /\bP\(|≥/.test(s) || findEngineWords(s).length > 0)).toEqual([])
  })

  it("GURPS: the turn cap is named by the scenario's own cap", () => {
    const shown = open('gurps-first-exchange.json')
    expect(shown).toContain('Both sides still standing after 1 turn')
    expect(shown).toContain('Neither side wins')
  })
})
