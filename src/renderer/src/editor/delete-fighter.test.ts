import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parseScenario } from '../../../engine/run/parse'
import { deleteFighter, isFighterItem } from './delete-fighter'

/** Deleting a fighter takes every reference to him with him (issue 26 item 3), found by the engine's own checks. */
const example = (name: string): Record<string, unknown> => JSON.parse(readFileSync(join(__dirname, '..', '..', '..', '..', 'resources', 'examples', `${name}.json`), 'utf8')) as Record<string, unknown>
const mentions = (doc: unknown, id: string): boolean => JSON.stringify(doc).includes(`"${id}"`)

describe('deleting a fighter and every reference to him', () => {
  it('only fighters: combatants[i] and models[i]', () => {
    expect(isFighterItem(['combatants', 1])).toBe(true)
    expect(isFighterItem(['models', 0])).toBe(true)
    expect(isFighterItem(['tactics', 0])).toBe(false)
    expect(isFighterItem(['combatants', 1, 'weapon'])).toBe(false)
  })

  it('Bushido skirmish without bandit1: his tactic goes, and the samurai who charged him no longer names him; the rest is valid', () => {
    const doc = example('bushido-skirmish') as { models: { id: string }[] }
    const d = deleteFighter(doc, ['models', doc.models.findIndex((m) => m.id === 'bandit1')])
    expect(mentions(d.doc, 'bandit1')).toBe(false)
    expect(d.removed.length).toBeGreaterThanOrEqual(2)
    expect(d.kept).toEqual([])
    const r = parseScenario(d.doc)
    expect(r.ok ? [] : r.issues).toEqual([])
  })

  it('GURPS two-on-one without one of the two: his tactic goes and the scenario stays valid', () => {
    const doc = example('gurps-two-on-one') as { combatants: { id: string }[] }
    const gone = doc.combatants[doc.combatants.length - 1].id
    const d = deleteFighter(doc, ['combatants', doc.combatants.length - 1])
    expect(mentions((d.doc as { tactics: unknown }).tactics, gone)).toBe(false)
    expect(d.removed.length).toBeGreaterThanOrEqual(1)
    const r = parseScenario(d.doc)
    expect(r.ok ? [] : r.issues.map((i) => i.path)).toEqual([])
  })

  it('a place the scenario cannot do without stays and is reported (the Bushido exchange\'s activating model)', () => {
    const doc = example('bushido-melee-3v3-recommended') as { models: { id: string }[] }
    const d = deleteFighter(doc, ['models', doc.models.findIndex((m) => m.id === 'samurai')])
    expect(d.kept).toEqual(['situation.activating'])
  })
})
