import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parseScenario } from '../run/parse'
import { parseScenarioWith } from '../run/parse-core'
import { systemIds, systems } from './registry'
import { loadSystemSchema, schemaSystemIds, type SystemSchema } from './schemas'

/**
 * The schemas alone (what `quickdraw validate` loads) are the rule systems' own: the same ids in the same
 * order, the very same schema and variant objects and the same names, so a file checked with them gets
 * the messages and the hash every other command gives.
 */
const examplesDir = join(__dirname, '..', '..', '..', 'resources', 'examples')
const examples = readdirSync(examplesDir)
  .filter((f) => f.endsWith('.json'))
  .map((file) => ({ file, doc: JSON.parse(readFileSync(join(examplesDir, file), 'utf8')) as Record<string, unknown> }))

/** The check `quickdraw validate` makes: only the schema of the system the document names is loaded. */
async function validateAlone(doc: unknown): Promise<ReturnType<typeof parseScenarioWith<SystemSchema>>> {
  const id = (doc as { system?: unknown }).system
  const schema = typeof id === 'string' ? await loadSystemSchema(id) : undefined
  return parseScenarioWith(doc, (s) => (s === schema?.id ? schema : undefined), schemaSystemIds)
}

/** What a check found, without the system object (the whole rule system on one side, its schema on the other). */
const verdict = (r: { ok: true; scenario: unknown; hash: string } | { ok: false; issues: unknown }): unknown => (r.ok ? { scenario: r.scenario, hash: r.hash } : r.issues)

describe('the rule systems’ schemas, loaded without their game code', () => {
  it('list every system of the registry, in its order', () => {
    expect(schemaSystemIds).toEqual(systemIds)
  })

  it.each(systems.map((s) => [s.id, s] as const))('%s: the same id, name, schema and rule variants as the whole system', async (id, system) => {
    const alone = await loadSystemSchema(id)
    expect(alone?.id).toBe(system.id)
    expect(alone?.label).toBe(system.label)
    expect(alone?.schema).toBe(system.schema)
    expect(alone?.variants).toBe(system.variants)
  })

  it('an unknown system has no schema', async () => {
    expect(await loadSystemSchema('d20')).toBeUndefined()
    expect(await loadSystemSchema('constructor')).toBeUndefined()
  })

  it.each(examples.map((e) => [e.file, e.doc] as const))('%s: valid with the same hash, and a broken copy gets the same messages', async (_file, doc) => {
    const whole = parseScenario(doc)
    expect(whole.ok).toBe(true)
    expect(verdict(await validateAlone(doc))).toEqual(verdict(whole))
    for (const broken of [{ ...doc, name: 7, run: { trials: -1 } }, { ...doc, system: 'd20' }, { ...doc, system: undefined }, { format: 'quickdraw-result/1', scenario: { name: doc.name } }]) {
      const r = parseScenario(broken)
      expect(r.ok).toBe(false)
      expect(verdict(await validateAlone(broken))).toEqual(verdict(r))
    }
  })
})
