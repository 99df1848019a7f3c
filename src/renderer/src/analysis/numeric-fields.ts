import { humanize, stepOf, type JsonSchema } from '../editor/json-schema'

/** A numeric leaf of a scenario that a sweep or a comparison can vary. */
export interface NumericField {
  /** JSON path as the CLI takes it: `combatants[1].skill`. */
  path: string
  /** In words: `The Kid — Skill`. */
  label: string
  value: number
}

/** Envelope fields that are not part of the fight: the format version and the run settings (the run bar's). */
const SKIPPED = new Set(['schemaVersion', 'run'])

function itemName(item: unknown, index: number): string {
  const o = item as { name?: unknown; id?: unknown } | null
  if (o && typeof o === 'object' && typeof o.name === 'string' && o.name !== '') return o.name
  if (o && typeof o === 'object' && typeof o.id === 'string' && o.id !== '') return o.id
  return `#${index + 1}`
}

/**
 * Every number in the scenario, in document order, with its path and a readable label (array items are
 * named by their `name` or `id`), e.g. for the sweep's parameter picker.
 */
export function numericFields(doc: unknown): NumericField[] {
  const out: NumericField[] = []
  const walk = (node: unknown, path: string, words: string[]): void => {
    if (typeof node === 'number' && Number.isFinite(node)) {
      out.push({ path, label: words.join(' — '), value: node })
    } else if (Array.isArray(node)) {
      node.forEach((item, i) => walk(item, `${path}[${i}]`, [...words, itemName(item, i)]))
    } else if (node !== null && typeof node === 'object') {
      for (const [key, value] of Object.entries(node)) {
        if (path === '' && SKIPPED.has(key)) continue
        walk(value, path === '' ? key : `${path}.${key}`, [...words, humanize(key)])
      }
    }
  }
  walk(doc, '', [])
  return out
}

/**
 * The step a sweep of a field starts with: the field's own step where its schema has one (Basic Speed
 * in quarters, so every point is valid), 1 for whole numbers, else about a tenth of the value.
 */
export function defaultSweepStep(value: number, schema?: JsonSchema): number {
  const own = schema ? stepOf(schema) : undefined
  if (own !== undefined) return own
  return Number.isInteger(value) ? 1 : Math.max(0.05, Math.round(Math.abs(value) * 0.1 * 100) / 100)
}
