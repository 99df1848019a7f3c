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

/** Whether a property fits in one table cell (anything else goes to the row's details). */
export function fitsInCell(s: JsonSchema): boolean {
  const k = fieldKind(s)
  return k === 'integer' || k === 'number' || k === 'text' || k === 'choice' || k === 'flag' || k === 'choices'
}

/** `basicSpeed` → `Basic speed`, `woundsTaken` → `Wounds taken`. */
export function humanize(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[-_]+/g, ' ')
    .toLowerCase()
  return words.charAt(0).toUpperCase() + words.slice(1)
}

/** The range a number field allows, in words: `3–30`, `≥ 0`. */
export function rangeText(s: JsonSchema): string {
  const min = s.minimum
  const max = s.maximum !== undefined && s.maximum < 1e12 ? s.maximum : undefined
  if (min !== undefined && max !== undefined) return `${min}–${max}`
  if (min !== undefined) return `≥ ${min}`
  if (max !== undefined) return `≤ ${max}`
  return ''
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
