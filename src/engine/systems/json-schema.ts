import { z } from 'zod'
import { SCHEMA_VERSION } from '../core/scenario'
import type { AnyRuleSystem } from './rule-system'
import { systems } from './registry'

/**
 * JSON Schemas of scenario files, for editors' completion and checks while typing (a file points at
 * one with `"$schema"`). Generated from the same zod schemas that validate files, so they cannot
 * disagree; the copies in `schemas/` are checked against these by a test.
 */

type JsonObject = Record<string, unknown>

/** Identifier of a system's scenario schema (a URN: the schemas are files, not served anywhere). */
export function schemaId(systemId: string): string {
  return `urn:quickdraw:scenario:${systemId}:v${SCHEMA_VERSION}`
}

export const COMBINED_SCHEMA_ID = `urn:quickdraw:scenario:v${SCHEMA_VERSION}`

/** The JSON Schema of one system's scenario files (the input form: defaults may be left out). */
export function systemJsonSchema(system: AnyRuleSystem): JsonObject {
  const generated = z.toJSONSchema(system.schema, { io: 'input', unrepresentable: 'any' }) as JsonObject
  const { $schema, ...rest } = generated
  return { $schema, $id: schemaId(system.id), title: `Quickdraw scenario: ${system.label}`, description: system.description, ...rest }
}

/** One schema for every scenario file: `system` selects the system's schema. */
export function combinedJsonSchema(): JsonObject {
  const ids = systems.map((s) => s.id)
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: COMBINED_SCHEMA_ID,
    title: 'Quickdraw scenario',
    description: 'A Quickdraw scenario file of any rule system; "system" says which.',
    type: 'object',
    required: ['system'],
    properties: { system: { description: 'The rule system this scenario is played with.', enum: ids } },
    allOf: ids.map((id) => ({ if: { properties: { system: { const: id } }, required: ['system'] }, then: { $ref: `#/$defs/${id}` } })),
    $defs: Object.fromEntries(
      systems.map((s) => {
        // Without its own $id: each $id is published once (its system's file), so a validator can load every
        // file of schemas/ together. A system's schema has no $ref of its own that would need that base.
        // eslint-disable-next-line @typescript-eslint/no-unused-vars
        const { $schema, $id, ...schema } = systemJsonSchema(s)
        return [s.id, schema]
      }),
    ),
  }
}

/** File name of a system's schema in `schemas/` (and of the combined one for `undefined`). */
export function schemaFileName(systemId?: string): string {
  return systemId === undefined ? 'scenario.schema.json' : `${systemId}.schema.json`
}
