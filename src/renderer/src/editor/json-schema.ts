import { humanizeKey } from '../../../shared/report/rule-words'

/** The subset of JSON Schema that `z.toJSONSchema(schema, { io: 'input' })` produces for scenario schemas. */
export interface JsonSchema {
  type?: 'object' | 'array' | 'string' | 'integer' | 'number' | 'boolean' | 'null'
  properties?: Record<string, JsonSchema>
  required?: string[]
  items?: JsonSchema | false
  prefixItems?: JsonSchema[]
  enum?: (string | number)[]
  const?: string | number | boolean
  anyOf?: JsonSchema[]
  oneOf?: JsonSchema[]
  minimum?: number
  maximum?: number
  multipleOf?: number
  minLength?: number
  maxLength?: number
  minItems?: number
  maxItems?: number
  pattern?: string
  default?: unknown
  description?: string
  title?: string
}

/** How the form shows one schema node. `json` is the fallback: a small JSON box for that part only. */
export type FieldKind = 'integer' | 'number' | 'text' | 'choice' | 'flag' | 'choices' | 'object' | 'table' | 'tuples' | 'union' | 'json'

export function branchesOf(s: JsonSchema): JsonSchema[] {
  return s.oneOf ?? s.anyOf ?? []
}

/** Literal values a node allows (`enum` or `const`), or null when it is not a closed set. */
export function literalsOf(s: JsonSchema): (string | number)[] | null {
  if (s.enum) return s.enum
  if (s.const !== undefined && typeof s.const !== 'boolean') return [s.const]
  return null
}

function isScalar(s: JsonSchema): boolean {
  return ['integer', 'number', 'string', 'boolean'].includes(s.type ?? '') && !s.anyOf && !s.oneOf
}

/** A fixed-length list of scalars, e.g. an `[id, id]` pair. */
export function isScalarTuple(s: JsonSchema): boolean {
  return s.type === 'array' && s.items === false && (s.prefixItems?.length ?? 0) > 0 && (s.prefixItems ?? []).every(isScalar)
}

export function fieldKind(s: JsonSchema): FieldKind {
  if (s.oneOf || s.anyOf) return 'union'
  switch (s.type) {
    case 'integer':
      return 'integer'
    case 'number':
      return 'number'
    case 'boolean':
      return 'flag'
    case 'string':
      return literalsOf(s) ? 'choice' : 'text'
    case 'object':
      return s.properties ? 'object' : 'json'
    case 'array': {
      const items = s.items
      if (!items || s.prefixItems) return 'json'
      if (items.type === 'object' && items.properties) return 'table'
      if (isScalar(items)) return 'choices'
      if (isScalarTuple(items)) return 'tuples'
      return 'json'
    }
    default:
      return 'json'
  }
}

/**
 * The schema of the value at `path` (object properties, list items, tuple slots; in a union, the first
 * branch that has the property), or undefined where the schema says nothing.
 */
export function schemaAt(root: JsonSchema, path: readonly (string | number)[]): JsonSchema | undefined {
  let cur: JsonSchema | undefined = root
  for (const p of path) {
    if (!cur) return undefined
    const branches: JsonSchema[] = branchesOf(cur).length > 0 ? branchesOf(cur) : [cur]
    const here: JsonSchema | undefined =
      typeof p === 'number'
        ? branches.map((b) => b.prefixItems?.[p] ?? (typeof b.items === 'object' ? b.items : undefined)).find(Boolean)
        : branches.map((b) => b.properties?.[p]).find(Boolean)
    cur = here
  }
  return cur
}

/** Whether a property fits in one table cell (anything else goes to the row's details). */
export function fitsInCell(s: JsonSchema): boolean {
  const k = fieldKind(s)
  return k === 'integer' || k === 'number' || k === 'text' || k === 'choice' || k === 'flag' || k === 'choices'
}

/** `basicSpeed` → `Basic speed`, `woundsTaken` → `Wounds taken`. */
export function humanize(key: string): string {
  return humanizeKey(key)
}

/** The range a number field allows, in words: `3–30`, `≥ 0`, `1–20 in steps of 0.25`. */
export function rangeText(s: JsonSchema): string {
  const min = s.minimum
  const max = s.maximum !== undefined && s.maximum < 1e12 ? s.maximum : undefined
  const step = s.multipleOf !== undefined ? ` in steps of ${s.multipleOf}` : ''
  if (min !== undefined && max !== undefined) return `${min}–${max}${step}`
  if (min !== undefined) return `≥ ${min}${step}`
  if (max !== undefined) return `≤ ${max}${step}`
  return step.trim()
}

/** How far one arrow-key press moves a number: its `multipleOf`, 1 for an integer, else nothing. */
export function stepOf(s: JsonSchema): number | undefined {
  return s.multipleOf ?? (s.type === 'integer' ? 1 : undefined)
}

/**
 * The value one step up (`dir` 1) or down (-1) from `current`, snapped to the step and kept in range;
 * from an empty or non-number value it starts at the default, else the minimum.
 */
export function stepValue(s: JsonSchema, current: unknown, dir: 1 | -1): number | undefined {
  const step = stepOf(s)
  if (step === undefined) return undefined
  const base = typeof current === 'number' ? current : typeof s.default === 'number' ? s.default : (s.minimum ?? 0)
  const moved = typeof current === 'number' ? Math.round((base + dir * step) / step) * step : base
  const max = s.maximum ?? Infinity
  return Number(Math.min(max, Math.max(s.minimum ?? -Infinity, moved)).toFixed(10))
}

/**
 * A value to start a new item with: its default, else the smallest valid value of each required part.
 * Ids get a numbered name so a new row does not clash with the others.
 */
export function initialValue(s: JsonSchema, hint = 1): unknown {
  if (s.default !== undefined) return structuredClone(s.default)
  const k = fieldKind(s)
  const literals = literalsOf(s)
  if (literals) return literals[0]
  switch (k) {
    case 'integer':
    case 'number':
      return Math.max(s.minimum ?? 0, Math.min(s.maximum ?? 0, 10))
    case 'flag':
      return false
    case 'text':
      return s.pattern ? `new-${hint}` : `New ${hint}`
    case 'choices':
    case 'table':
    case 'tuples':
      return []
    case 'union':
      return initialValue(branchesOf(s)[0], hint)
    case 'object': {
      const out: Record<string, unknown> = {}
      for (const key of s.required ?? []) out[key] = initialValue(s.properties?.[key] ?? {}, hint)
      return out
    }
    default:
      return null
  }
}
