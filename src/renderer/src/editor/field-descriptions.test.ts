import { describe, expect, it } from 'vitest'
import { systems } from '../../../engine/systems/registry'
import type { JsonSchema } from './json-schema'
import { HIDDEN_FIELDS, systemForm } from './system-form'

/** Every property of every object in a schema, with its JSON path, and whether it has a description. */
function properties(s: JsonSchema, at: string, out: { path: string; described: boolean }[]): void {
  for (const [key, p] of Object.entries(s.properties ?? {})) {
    const path = at ? `${at}.${key}` : key
    out.push({ path, described: typeof p.description === 'string' && p.description.length > 0 })
    properties(p, path, out)
  }
  if (s.items && !Array.isArray(s.items)) properties(s.items as JsonSchema, `${at}[]`, out)
  for (const alt of [...(s.anyOf ?? []), ...(s.oneOf ?? [])]) properties(alt, at, out)
}

/**
 * Issue 8: "tooltips on rule terms". The editor shows a field's schema description as its tooltip, so
 * every field of every system explains itself in a GM's words (with the rule it comes from).
 */
describe('every scenario field explains itself in the editor', () => {
  for (const system of systems) {
    it(`${system.id}: every field has a description`, () => {
      const form = systemForm(system.id)
      if (!form) throw new Error(`no form for ${system.id}`)
      const found: { path: string; described: boolean }[] = []
      for (const section of form.sections) {
        found.push({ path: section.key, described: typeof section.schema.description === 'string' })
        properties(section.schema, section.key, found)
      }
      const missing = [...new Set(found.filter((f) => !f.described && !HIDDEN_FIELDS.has(f.path)).map((f) => f.path))]
      expect(missing).toEqual([])
    })
  }
})
