import { branchesOf, fieldKind, humanize, literalsOf, stepOf, type JsonSchema } from '../editor/json-schema'

/**
 * Every value of a scenario a "what if" can change (Compare's B, a Sweep's parameter): numbers, on/off
 * settings and choices, also those left at their default (they are not in the file, but the rules use
 * them), in document order, each with its path, its words and its current value.
 */
export interface EditableField {
  /** JSON path as the CLI takes it: `combatants[1].combatReflexes`. */
  path: string
  /** In words: `Doc — Combat reflexes`. */
  label: string
  kind: 'integer' | 'number' | 'flag' | 'choice'
  /** The value in the scenario, or the default the rules use when the file leaves it out. */
  value: number | boolean | string
  /** The value is not in the file: it is the schema's default. */
  isDefault: boolean
  /** The values a choice may take. */
  options?: (string | number)[]
  step?: number
}

/** Envelope parts that are not part of the fight (the run bar edits `run`; Compare changes rules by name). */
const SKIPPED = new Set(['schemaVersion', 'system', 'run', 'rules', 'name', 'description', 'question', 'choices', '$schema'])

function itemName(item: unknown, index: number): string {
  const o = item as { name?: unknown; id?: unknown } | null
  if (o && typeof o === 'object' && typeof o.name === 'string' && o.name !== '') return o.name
  if (o && typeof o === 'object' && typeof o.id === 'string' && o.id !== '') return o.id
  return `#${index + 1}`
}

/** The branch of a union a value is in: the first whose fixed values (a `kind`, a `type`) match it. */
function branchFor(s: JsonSchema, value: unknown): JsonSchema | undefined {
  const branches = branchesOf(s)
  if (branches.length === 0) return s
  const obj = value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null
  if (!obj) return branches.find((b) => fieldKind(b) !== 'object')
  return branches.find((b) => b.properties && Object.entries(b.properties).every(([k, p]) => p.const === undefined || obj[k] === p.const)) ?? branches.find((b) => b.properties)
}

function leaf(s: JsonSchema, value: unknown, path: string, words: string[]): EditableField | null {
  const kind = fieldKind(s)
  const present = value !== undefined
  const v = present ? value : s.default
  if ((kind === 'integer' || kind === 'number') && typeof v === 'number') return { path, label: words.join(' — '), kind, value: v, isDefault: !present, step: stepOf(s) }
  if (kind === 'flag' && typeof v === 'boolean') return { path, label: words.join(' — '), kind, value: v, isDefault: !present }
  const options = literalsOf(s)
  if (kind === 'choice' && options && options.length > 1 && (typeof v === 'string' || typeof v === 'number')) return { path, label: words.join(' — '), kind, value: v, isDefault: !present, options }
  return null
}

/** The editable values of `doc` under the system's form schema. */
export function editableFields(doc: unknown, schema: JsonSchema | undefined): EditableField[] {
  const out: EditableField[] = []
  if (!schema) return out
  const walk = (s: JsonSchema | undefined, node: unknown, path: string, words: string[]): void => {
    if (!s) return
    const here = branchFor(s, node)
    if (!here) return
    const kind = fieldKind(here)
    if (kind === 'object' && node && typeof node === 'object' && !Array.isArray(node)) {
      for (const [key, sub] of Object.entries(here.properties ?? {})) {
        if (path === '' && SKIPPED.has(key)) continue
        walk(sub, (node as Record<string, unknown>)[key], path === '' ? key : `${path}.${key}`, [...words, sub.title ?? humanize(key)])
      }
    } else if (kind === 'table' && Array.isArray(node) && typeof here.items === 'object') {
      const item = here.items
      // A list item is named by itself ("Doc"), not by the list ("Combatants — Doc").
      node.forEach((x, i) => walk(item, x, `${path}[${i}]`, [...words.slice(0, -1), itemName(x, i)]))
    } else {
      const f = leaf(here, node, path, words)
      if (f) out.push(f)
    }
  }
  walk(schema, doc, '', [])
  return out
}

/** A value as the person reads it: on/off for settings, the value itself otherwise. */
export function valueText(f: Pick<EditableField, 'kind'>, v: unknown): string {
  if (f.kind === 'flag') return v === true ? 'on' : 'off'
  return String(v)
}
