import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { ident, int } from '../../../engine/core/schema'
import type { JsonSchema } from './json-schema'
import { isIdListSchema, isIdSchema, quotedValues, referenceChoices } from './reference-choices'

const example = (file: string): Record<string, unknown> =>
  JSON.parse(readFileSync(join(__dirname, '../../../../resources/examples', file), 'utf8')) as Record<string, unknown>
const json = (s: z.ZodType): JsonSchema => z.toJSONSchema(s, { io: 'input' }) as JsonSchema

describe('reference fields', () => {
  it('an id string is a possible reference; names, closed sets and numbers are not', () => {
    expect(isIdSchema(json(ident()))).toBe(true)
    expect(isIdSchema(json(z.string()))).toBe(false)
    expect(isIdSchema(json(z.enum(['first', 'weakest'])))).toBe(false)
    expect(isIdSchema(json(int(1, 3)))).toBe(false)
    expect(isIdListSchema(json(z.array(ident())))).toBe(true)
    expect(isIdListSchema(json(z.array(z.string())))).toBe(false)
  })

  it('reads the allowed values out of an engine message', () => {
    expect(quotedValues('must be "first", "weakest" or an enemy id: "x", "y-2", got "zz"')).toEqual(['first', 'weakest', 'x', 'y-2', 'zz'])
    expect(quotedValues('only applies to a Wait')).toEqual([])
  })

  it('GURPS Waits: a tactic names its combatant, its target and those it prevents from the combatant ids', () => {
    const doc = example('gurps-waits-triangle.json')
    expect(referenceChoices(doc, ['tactics', 0, 'attacks'], false)).toEqual(['stabber', 'grabber', 'guard'])
    expect(referenceChoices(doc, ['tactics', 2, 'prevents'], true)).toEqual(['stabber', 'grabber', 'guard'])
    // Each combatant has one tactic: the last row may only name the combatant it already names.
    expect(referenceChoices(doc, ['tactics', 2, 'combatant'], false)).toEqual(['guard'])
  })

  it('a free label that refers to nothing (a GURPS side, a combatant id) stays free text', () => {
    const doc = example('gurps-two-on-one.json')
    expect(referenceChoices(doc, ['combatants', 1, 'side'], false)).toBeNull()
    expect(referenceChoices(doc, ['combatants', 1, 'id'], false)).toBeNull()
  })

  it('GURPS: a target is offered among the enemies only', () => {
    const doc = example('gurps-two-on-one.json')
    expect(referenceChoices(doc, ['tactics', 0, 'target'], false)).toEqual(['thug1', 'thug2'])
    expect(referenceChoices(doc, ['tactics', 1, 'target'], false)).toEqual(['hero'])
  })

  it('HERO: a hold waits for another combatant; a target may also be "first" or "weakest"', () => {
    const doc = example('hero-gunfighters.json')
    expect(referenceChoices(doc, ['combatants', 0, 'plan', 'hold', 'event'], false)).toEqual(['kid'])
    expect(referenceChoices(doc, ['combatants', 0, 'plan', 'target'], false)).toEqual(['first', 'weakest', 'kid'])
  })

  it('Bushido: the models of a situation, enemies for an opponent or a target', () => {
    const melee = example('bushido-melee-3v3-recommended.json')
    expect(referenceChoices(melee, ['situation', 'activating'], false)).toEqual(['samurai', 'bandit'])
    expect(referenceChoices(melee, ['situation', 'opponent'], false)).toEqual(['bandit'])
    const game = example('bushido-skirmish.json')
    expect(referenceChoices(game, ['situation', 'tactics', 0, 'target'], false)).toEqual(['bandit1', 'bandit2', 'bandit3'])
    expect(referenceChoices(game, ['plans', 0, 'model'], false)?.length ?? 0).toBeGreaterThan(0)
  })

  it('follows the document: a renamed combatant is offered under its new name', () => {
    const doc = example('gurps-waits-triangle.json') as { combatants: { id: string }[] }
    const renamed = { ...doc, combatants: doc.combatants.map((c, i) => (i === 2 ? { ...c, id: 'warden' } : c)) }
    expect(referenceChoices(renamed, ['tactics', 0, 'attacks'], false)).toEqual(['stabber', 'grabber', 'warden'])
  })
})
