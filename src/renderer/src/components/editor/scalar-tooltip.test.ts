// @vitest-environment happy-dom
import { mount } from '@vue/test-utils'
import { describe, expect, it } from 'vitest'
import EditorScalarInput from './EditorScalarInput.vue'

const about = 'Basic Speed, (DX+HT)/4: its whole part is added to Wait contests (GURPS Basic Set p.B17).'

describe('a field explains its rule term where the pointer is', () => {
  it('a number, a choice, a flag and a text field carry the schema description in their tooltip', () => {
    const cases = [
      { schema: { type: 'number' as const, minimum: 1, maximum: 20, multipleOf: 0.25, description: about }, value: 6 },
      { schema: { type: 'string' as const, enum: ['a', 'b'], description: about }, value: 'a' },
      { schema: { type: 'boolean' as const, description: about, default: false }, value: true },
      { schema: { type: 'string' as const, description: about }, value: 'x' },
    ]
    for (const c of cases) {
      const w = mount(EditorScalarInput, { props: { schema: c.schema, value: c.value, required: true, label: 'Basic speed' } })
      const title = w.get('input, select').attributes('title') ?? ''
      expect(title.startsWith('Basic speed — ')).toBe(true)
      expect(title).toContain(about)
    }
  })

  it('a number keeps its range and step after the description', () => {
    const w = mount(EditorScalarInput, { props: { schema: { type: 'number', minimum: 1, maximum: 20, multipleOf: 0.25, description: about }, value: 6, required: true, label: 'Basic speed' } })
    expect(w.get('input').attributes('title')).toMatch(/\(GURPS Basic Set p\.B17\)\. — allowed 1–20 in steps of 0\.25 — ↑\/↓ change it by 0\.25$/)
  })
})
