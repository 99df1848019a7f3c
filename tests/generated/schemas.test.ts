import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parseScenario } from '../../src/engine/run/parse'
import { DOCUMENT_SCHEMAS } from '../../src/engine/run/partial-schema'
import { combinedJsonSchema, schemaFileName, schemaId, systemJsonSchema } from '../../src/engine/systems/json-schema'
import { systems } from '../../src/engine/systems/registry'
import { example, root } from '../helpers'
import { driftMessage, generatedFile } from './write'

const schemasDir = join(root, 'schemas')
const drift = driftMessage('schemas/')
/** The checked-in schema file (rewritten first by `npm run generate`), parsed. */
const onDisk = (file: string, expected: unknown): unknown => JSON.parse(generatedFile(join(schemasDir, file), `${JSON.stringify(expected, null, 2)}\n`))

describe('JSON Schemas of scenario files (schemas/)', () => {
  it.each(systems.map((s) => [s.id, s] as const))('%s: the checked-in schema is the one the code generates', (_id, system) => {
    expect(onDisk(schemaFileName(system.id), systemJsonSchema(system)), drift).toEqual(systemJsonSchema(system))
  })

  it('the combined schema is the one the code generates, and selects each system by "system"', () => {
    const combined = combinedJsonSchema() as { allOf: { if: { properties: { system: { const: string } } }; then: { $ref: string } }[]; $defs: Record<string, { $id: string }> }
    expect(onDisk(schemaFileName(), combined), drift).toEqual(combined)
    for (const s of systems) {
      const branch = combined.allOf.find((b) => b.if.properties.system.const === s.id)
      expect(branch?.then.$ref).toBe(`#/$defs/${s.id}`)
      // each $id is published once, in the system's own file (issue 30: a validator loading schemas/ together)
      expect(combined.$defs[s.id].$id).toBeUndefined()
      expect(JSON.stringify(combined.$defs[s.id])).not.toContain('"$ref"')
    }
  })

  it('holds exactly one file per system plus the combined one', () => {
    // besides the documents quickdraw writes (result, sweep, partial: tests/cli/document-schemas.test.ts)
    const documents = new Set<string>(DOCUMENT_SCHEMAS.map((d) => d.file))
    expect(readdirSync(schemasDir).filter((f) => !documents.has(f)).sort()).toEqual([...systems.map((s) => schemaFileName(s.id)), schemaFileName()].sort())
  })

  it.each(systems.map((s) => [s.id, s] as const))('%s: has an $id and lets a file name its "$schema"', (_id, system) => {
    const schema = systemJsonSchema(system) as { $id: string; properties: Record<string, { type?: string }>; additionalProperties?: unknown }
    expect(schema.$id).toBe(schemaId(system.id))
    expect(schema.properties.$schema?.type).toBe('string')
    expect(schema.additionalProperties).toBe(false)
  })

  it('a scenario carrying "$schema" is valid and gives the same numbers (hash) as without it', () => {
    const plain = example('gurps-waits-triangle.json') as Record<string, unknown>
    const pointed = { $schema: '../schemas/gurps-waits.schema.json', ...plain }
    const a = parseScenario(plain)
    const b = parseScenario(pointed)
    expect(a.ok && b.ok).toBe(true)
    if (a.ok && b.ok) expect(b.hash).toBe(a.hash)
    expect(parseScenario({ ...plain, $schema: 42 }).ok).toBe(false)
  })
})
