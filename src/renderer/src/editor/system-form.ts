import { z } from 'zod'
import type { VariantDoc } from '../../../engine/core/scenario'
import { findSystem } from '../../../engine/systems/registry'
import type { JsonSchema } from './json-schema'
import { addRefinedSteps } from './number-step'

/** Envelope fields the form does not show as fields: fixed ones, and those edited elsewhere: the run bar (run), the rule-variants panel (rules), the Tactics tab (choices). */
export const HIDDEN_FIELDS = new Set(['$schema', 'schemaVersion', 'system', 'run', 'rules', 'choices'])

export interface SystemForm {
  systemId: string
  label: string
  description: string
  schema: JsonSchema
  variants: readonly VariantDoc[]
  /** Top-level properties shown as form sections, in schema order. */
  sections: { key: string; schema: JsonSchema; required: boolean }[]
}

const cache = new Map<string, SystemForm>()

/**
 * The editor form of a rule system, derived from its zod schema and variant docs only: a system that
 * lands in the registry gets its form with no editor code.
 */
export function systemForm(systemId: string): SystemForm | null {
  const hit = cache.get(systemId)
  if (hit) return hit
  const system = findSystem(systemId)
  if (!system) return null
  const schema = z.toJSONSchema(system.schema, { io: 'input', unrepresentable: 'any', override: addRefinedSteps }) as JsonSchema
  const required = new Set(schema.required ?? [])
  const sections = Object.entries(schema.properties ?? {})
    .filter(([key]) => !HIDDEN_FIELDS.has(key))
    .map(([key, s]) => ({ key, schema: s, required: required.has(key) }))
  const form: SystemForm = { systemId, label: system.label, description: system.description, schema, variants: system.variants, sections }
  cache.set(systemId, form)
  return form
}
