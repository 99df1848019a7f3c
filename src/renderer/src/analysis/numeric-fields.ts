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

/**
 * An item of a list in words: its name, else (a tactic or a plan, which belong to a fighter) "The Kid's
 * tactic" by the fighter's name, else its id, else "Tactic 1" — never "#1".
 */
function itemName(item: unknown, index: number, list: string, names: ReadonlyMap<string, string>): string {
  const o = item as { name?: unknown; id?: unknown; combatant?: unknown; model?: unknown } | null
  const one = humanize(list).replace(/ies$/, 'y').replace(/s$/, '')
  if (o && typeof o === 'object' && typeof o.name === 'string' && o.name !== '') return o.name
  const owner = o && typeof o === 'object' ? (typeof o.combatant === 'string' ? o.combatant : typeof o.model === 'string' ? o.model : undefined) : undefined
  if (owner !== undefined) return `${names.get(owner) ?? owner}'s ${one.toLowerCase()}`
  if (o && typeof o === 'object' && typeof o.id === 'string' && o.id !== '') return o.id
  return `${one} ${index + 1}`
}

/** Every fighter's and model's name by id. */
function namesOf(doc: unknown): Map<string, string> {
  const names = new Map<string, string>()
  if (doc === null || typeof doc !== 'object') return names
  for (const value of Object.values(doc as Record<string, unknown>)) {
    if (!Array.isArray(value)) continue
    for (const x of value) {
      const o = x as { id?: unknown; name?: unknown } | null
      if (o && typeof o === 'object' && typeof o.id === 'string') names.set(o.id, typeof o.name === 'string' && o.name !== '' ? o.name : o.id)
    }
  }
  return names
}

/**
 * Every number in the scenario, in document order, with its path and a readable label (array items are
 * named by their `name` or `id`), e.g. for the sweep's parameter picker.
 */
export function numericFields(doc: unknown): NumericField[] {
  const out: NumericField[] = []
  const names = namesOf(doc)
  const walk = (node: unknown, path: string, words: string[]): void => {
    if (typeof node === 'number' && Number.isFinite(node)) {
      out.push({ path, label: words.join(' — '), value: node })
    } else if (Array.isArray(node)) {
      const list = path.split(/[.[]/).filter((x) => x !== '' && !/^\d+\]$/.test(x)).pop() ?? ''
      node.forEach((item, i) => walk(item, `${path}[${i}]`, [...words.slice(0, -1), itemName(item, i, list, names)]))
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
