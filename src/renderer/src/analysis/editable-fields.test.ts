import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { systemForm } from '../editor/system-form'
import { editableFields } from './editable-fields'

const example = (f: string): unknown => JSON.parse(readFileSync(join(__dirname, '../../../../resources/examples', f), 'utf8')) as unknown

describe('what if on any field (issue 13)', () => {
  it('GURPS Waits: Combat Reflexes is offered as an on/off setting, also for a fighter whose file leaves it at its default', () => {
    const doc = example('gurps-waits-triangle.json') as { combatants: Record<string, unknown>[] }
    const fields = editableFields(doc, systemForm('gurps-waits')?.schema)
    const cr = fields.filter((f) => /combatReflexes$/.test(f.path))
    expect(cr.length).toBe(doc.combatants.length)
    for (const f of cr) expect(f.kind).toBe('flag')
    const absent = doc.combatants.findIndex((c) => c.combatReflexes === undefined)
    if (absent >= 0) expect(cr[absent]).toMatchObject({ isDefault: true, value: false })
    expect(fields.find((f) => f.path === 'combatants[0].skill')).toMatchObject({ kind: 'integer', isDefault: false })
    expect(fields.some((f) => f.path.startsWith('run') || f.path.startsWith('rules') || f.path === 'name')).toBe(false)
  })

  it("HERO: a plan's choices (what Doc does on his Phase) are offered with their options, named by the fighter", () => {
    const fields = editableFields(example('hero-gunfighters.json'), systemForm('hero')?.schema)
    const choices = fields.filter((f) => f.kind === 'choice' && /plan/i.test(f.path))
    expect(choices.length).toBeGreaterThan(0)
    for (const c of choices) expect(c.options?.includes(c.value as string)).toBe(true)
    expect(fields.find((f) => f.path === 'combatants[0].dex')?.label).toMatch(/^Doc — /)
  })
})
