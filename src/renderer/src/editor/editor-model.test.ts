import { describe, expect, it } from 'vitest'
import { parseScenario } from '../../../engine/run/parse'
import { systems } from '../../../engine/systems/registry'
import { EditHistory } from './history'
import { getAt, pathKey, setAt } from './json-path'
import { z } from 'zod'
import { fieldKind, humanize, initialValue, rangeText, stepOf, stepValue, type JsonSchema } from './json-schema'
import { refinedStep } from './number-step'
import { systemForm } from './system-form'

describe('json paths', () => {
  it('spells paths like the engine issues, so an error finds its field', () => {
    expect(pathKey(['combatants', 1, 'skill'])).toBe('combatants[1].skill')
    expect(pathKey(['tactics', 0, 'prevents', 2])).toBe('tactics[0].prevents[2]')
  })

  it('setAt copies only along the path and leaves the old document intact for undo', () => {
    const doc = { a: { b: [1, 2, 3] }, c: { d: 1 } }
    const next = setAt(doc, ['a', 'b', 1], 20) as typeof doc
    expect(next.a.b).toEqual([1, 20, 3])
    expect(doc.a.b).toEqual([1, 2, 3])
    expect(next.c).toBe(doc.c)
    expect(getAt(setAt(doc, ['a', 'b', 0], undefined), ['a', 'b'])).toEqual([2, 3])
    expect(setAt(doc, ['c', 'd'], undefined)).toEqual({ a: { b: [1, 2, 3] }, c: {} })
  })
})

describe('schema-driven form', () => {
  it('every registered system gets a form, with a table for each list of objects', () => {
    for (const s of systems) {
      const form = systemForm(s.id)
      expect(form, s.id).not.toBeNull()
      expect(form?.sections.length, s.id).toBeGreaterThan(0)
      expect(form?.sections.some((x) => x.key === 'run' || x.key === 'rules' || x.key === 'system'), s.id).toBe(false)
    }
    const waits = systemForm('gurps-waits')
    expect(waits?.sections.map((s) => [s.key, fieldKind(s.schema)])).toEqual([
      ['name', 'text'],
      ['description', 'text'],
      ['question', 'object'],
      ['combatants', 'table'],
      ['tactics', 'table'],
    ])
  })

  it('reads ranges, choices and defaults from the schema', () => {
    const waits = systemForm('gurps-waits')
    const combatant = (waits?.schema.properties?.combatants.items as JsonSchema).properties as Record<string, JsonSchema>
    expect(fieldKind(combatant.skill)).toBe('integer')
    expect(rangeText(combatant.skill)).toBe('3–30')
    expect(fieldKind(combatant.combatReflexes)).toBe('flag')
    const tactic = (waits?.schema.properties?.tactics.items as JsonSchema).properties as Record<string, JsonSchema>
    expect(fieldKind(tactic.commit)).toBe('choice')
    expect(fieldKind(tactic.prevents)).toBe('choices')
    expect(humanize('basicSpeed')).toBe('Basic speed')
  })

  it('a new row starts valid where the schema allows: required fields filled, defaults kept', () => {
    const waits = systemForm('gurps-waits')
    const row = initialValue(waits?.schema.properties?.combatants.items as JsonSchema, 3) as Record<string, unknown>
    expect(Object.keys(row).sort()).toEqual(['basicSpeed', 'id', 'name', 'skill'])
    expect(row.id).toBe('new-3')
    expect(row.skill).toBe(10)
    const doc = { schemaVersion: 1, name: 'x', system: 'gurps-waits', combatants: [row, { ...row, id: 'b' }], tactics: [{ combatant: 'new-3', action: 'hits' }, { combatant: 'b', action: 'hits' }] }
    expect(parseScenario(doc).ok).toBe(true)
  })
})

describe('undo history', () => {
  it('merges quick edits of one field into one step and undoes/redoes in order', () => {
    const h = new EditHistory<number>(10, 800)
    h.record(1, 'skill', 0)
    h.record(2, 'skill', 100) // typing "1" then "5": one step
    h.record(3, 'name', 200)
    expect(h.undo(4)).toBe(3)
    expect(h.undo(3)).toBe(1)
    expect(h.undo(1)).toBeUndefined()
    expect(h.redo(1)).toBe(3)
    expect(h.redo(3)).toBe(4)
    expect(h.canRedo).toBe(false)
  })

  it('a new edit after undo drops the redo branch', () => {
    const h = new EditHistory<string>()
    h.record('a', 'x', 0)
    expect(h.undo('b')).toBe('a')
    h.record('a', 'y', 5000)
    expect(h.canRedo).toBe(false)
  })
})

describe('number steps and ranges', () => {
  const combatant = (id: string): Record<string, JsonSchema> =>
    ((systemForm(id)?.sections.find((s) => s.key === 'combatants')?.schema.items as JsonSchema).properties ?? {}) as Record<string, JsonSchema>

  it('Basic Speed keeps to quarters: the step checked by a refinement reaches the form as multipleOf', () => {
    expect(combatant('gurps-waits').basicSpeed.multipleOf).toBe(0.25)
    expect(combatant('gurps').basicSpeed.multipleOf).toBe(0.25)
    expect(rangeText(combatant('gurps-waits').basicSpeed)).toBe('1–20 in steps of 0.25')
    expect(combatant('gurps-waits').skill.multipleOf).toBeUndefined()
  })

  it('reads a step only from a message that states one, and only if the step is accepted', () => {
    expect(refinedStep(z.number().min(0).refine((v) => v !== 0.000001, { error: 'in steps of 0.3' }), { type: 'number', minimum: 0 })).toBe(0.3)
    expect(refinedStep(z.number().min(0).refine((v) => v < 1e-7, { error: 'in steps of 0.5' }), { type: 'number', minimum: 0 })).toBeUndefined()
    expect(refinedStep(z.number().min(1).max(5), { type: 'number', minimum: 1, maximum: 5 })).toBeUndefined()
  })

  it('an arrow key moves a number by its step, snapped and within range; an integer by 1', () => {
    const speed: JsonSchema = { type: 'number', minimum: 1, maximum: 20, multipleOf: 0.25 }
    expect(stepOf(speed)).toBe(0.25)
    expect(stepValue(speed, 5.5, 1)).toBe(5.75)
    expect(stepValue(speed, 5.3, -1)).toBe(5)
    expect(stepValue(speed, 20, 1)).toBe(20)
    expect(stepValue(speed, undefined, 1)).toBe(1)
    expect(stepValue({ type: 'integer', minimum: 3, maximum: 30 }, 14, -1)).toBe(13)
    expect(stepValue({ type: 'number' }, 2, 1)).toBeUndefined()
  })
})
