import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parseScenario } from '../../../engine/run/parse'
import { getAt, type JsonPath } from './json-path'
import { renameId } from './rename-id'

const examplesDir = join(__dirname, '../../../../resources/examples')
const examples = readdirSync(examplesDir).filter((f) => f.endsWith('.json')).sort()
const read = (f: string): unknown => JSON.parse(readFileSync(join(examplesDir, f), 'utf8')) as unknown

/** The places of every `id` of an item in a list (combatants, models, tactics…), not those inside the Tactics options' patches. */
function idPaths(doc: unknown, at: JsonPath = []): JsonPath[] {
  if (at[0] === 'choices') return []
  if (Array.isArray(doc)) return doc.flatMap((v, i) => idPaths(v, [...at, i]))
  if (doc === null || typeof doc !== 'object') return []
  return Object.entries(doc).flatMap(([k, v]) => (k === 'id' && typeof v === 'string' && typeof at[at.length - 1] === 'number' ? [[...at, k]] : idPaths(v, [...at, k])))
}

/** Every string equal to `old` replaced by `next` (and ids inside the result names of the question and of the Tactics options). */
function replacedEverywhere(doc: unknown, old: string, next: string, at: JsonPath = []): unknown {
  if (typeof doc === 'string') {
    if (doc === old) return next
    if ((at[0] === 'question' && at[1] === 'metrics') || (at[0] === 'choices' && at[1] === 'metric')) return doc.split(':').map((p, i) => (i > 0 && p === old ? next : p)).join(':')
    return doc
  }
  if (Array.isArray(doc)) return doc.map((v, i) => replacedEverywhere(v, old, next, [...at, i]))
  if (doc === null || typeof doc !== 'object') return doc
  return Object.fromEntries(Object.entries(doc).map(([k, v]) => [k, replacedEverywhere(v, old, next, [...at, k])]))
}

describe('issue 13: renaming an id renames every reference to it, in every system', () => {
  it('every shipped example has ids to rename in each system', () => {
    const systems = new Set(examples.filter((f) => idPaths(read(f)).length > 0).map((f) => (read(f) as { system: string }).system))
    expect([...systems].sort()).toEqual(['bushido', 'genesys', 'gurps', 'gurps-waits', 'hero', 'l5r'])
  })

  for (const file of examples) {
    it(`${file}: after renaming any id the scenario is still valid and every reference says the new id`, () => {
      const doc = read(file)
      expect(parseScenario(doc).ok).toBe(true)
      for (const at of idPaths(doc)) {
        const old = getAt(doc, at) as string
        const next = `${old}-renamed`
        const { doc: out } = renameId(doc, at, next)
        const r = parseScenario(out)
        expect(r.ok ? [] : r.issues, `${file} ${at.join('.')}`).toEqual([])
        expect(out, `${file} ${at.join('.')}`).toEqual(replacedEverywhere(doc, old, next))
      }
    })
  }
})

describe('renaming an id: what follows and what does not', () => {
  const standoff = read('gurps-waits-standoff.json') as Record<string, unknown>
  const withQuestion = { ...standoff, question: { text: 'Does the Kid shoot first?', metrics: ['acts-first-alone:kid', 'wins', 'prevents:marshal:kid'] } }

  it("the question's results follow the fighter they name; a result kind does not change", () => {
    const { doc, followed } = renameId(withQuestion, ['combatants', 0, 'id'], 'billy')
    expect((doc as typeof withQuestion).question.metrics).toEqual(['acts-first-alone:billy', 'wins', 'prevents:marshal:billy'])
    expect(followed).toEqual(['tactics[0].combatant', 'tactics[1].attacks', 'question.metrics[0]', 'question.metrics[2]'])
  })

  it('a text that reads the same as the id (a skill name, an action) is not a reference and stays', () => {
    const doc = { ...standoff, combatants: [{ ...(standoff.combatants as object[])[0], skillName: 'kid' }, (standoff.combatants as object[])[1]] }
    const out = renameId(doc, ['combatants', 0, 'id'], 'billy').doc as { combatants: { skillName: string }[]; tactics: { combatant: string }[] }
    expect(out.combatants[0].skillName).toBe('kid')
    expect(out.tactics[0].combatant).toBe('billy')
  })

  it("a new id another fighter already has, or one the engine would not take, changes only the id (its message says why)", () => {
    for (const bad of ['marshal', 'Not an id!', '']) {
      const { doc, followed } = renameId(standoff, ['combatants', 0, 'id'], bad)
      expect(followed, bad).toEqual([])
      expect((doc as { tactics: { combatant: string }[] }).tactics[0].combatant, bad).toBe('kid')
      expect(parseScenario(doc).ok, bad).toBe(false)
    }
  })
})
