import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { importCharacter, ImportError } from '../../src/import'
import { parseScenario } from '../../src/engine/run/parse'

/**
 * Every GURPS, HERO and L5R character file in the shared fixtures (when present) imports to a combatant the
 * scenario schema accepts, or is refused with an ImportError that says why: nothing throws otherwise.
 * (The Star Wars and Bushido libraries are walked entry by entry in their own tests.)
 */
const root = join(__dirname, '..', '..')
const shared = join(root, '..', 'shared', 'fixtures', 'import')
const files = ['gurps', 'hero', 'l5r'].flatMap((dir) => (existsSync(join(shared, dir)) ? readdirSync(join(shared, dir)).map((f) => join(shared, dir, f)) : []))
if (files.length === 0) console.warn(`import: ${shared} is absent; the walk over every shared character file is skipped`)

const scenarioFor = (system: string, c: Record<string, unknown>): Record<string, unknown> => {
  const a = { ...c, id: 'a', side: system === 'gurps' ? 'a' : 'A' }
  const b = { ...c, id: 'b', side: 'B' }
  if (system === 'gurps') return { schemaVersion: 1, name: 'check', system, combatants: [a, b], tactics: ['a', 'b'].map((id) => ({ combatant: id, maneuvers: [{ maneuver: 'attack' }] })) }
  if (system === 'l5r') return { schemaVersion: 1, name: 'check', system, combatants: [a, b], tactics: ['a', 'b'].map((id) => ({ combatant: id, rounds: [{ stance: 'attack' }] })) }
  return { schemaVersion: 1, name: 'check', system, combatants: [a, b] }
}

describe.skipIf(files.length === 0)('every shared GURPS, HERO and L5R character file', () => {
  it.each(files.map((f) => [f.slice(shared.length + 1), f]))('%s imports to a valid combatant or is refused with the reason', (_name, file) => {
    let result
    try {
      result = importCharacter(readFileSync(file))
    } catch (e) {
      expect(e).toBeInstanceOf(ImportError)
      expect((e as Error).message.length).toBeGreaterThan(20)
      return
    }
    const parsed = parseScenario(scenarioFor(result.system, result.combatants[0]))
    expect(parsed.ok ? [] : parsed.issues).toEqual([])
  })
})
