/** A location inside a scenario document: property names and array indexes, as zod reports them. */
export type JsonPath = readonly (string | number)[]

/** `combatants[1].skill`: the same spelling as the engine's issue paths, so errors find their field. */
export function pathKey(path: JsonPath): string {
  let out = ''
  for (const p of path) {
    if (typeof p === 'number') out += `[${p}]`
    else out += out === '' ? p : `.${p}`
  }
  return out
}

export function getAt(doc: unknown, path: JsonPath): unknown {
  let cur: unknown = doc
  for (const p of path) {
    if (cur === null || typeof cur !== 'object') return undefined
    cur = (cur as Record<string | number, unknown>)[p]
  }
  return cur
}

/**
 * A copy of `doc` with the value at `path` replaced (or removed when `value` is undefined). Only the
 * objects along the path are copied, so unchanged parts stay shared and the old document stays intact
 * for undo. Missing containers along the path are created.
 */
export function setAt(doc: unknown, path: JsonPath, value: unknown): unknown {
  if (path.length === 0) return value
  const [head, ...rest] = path
  const child = setAt(getAt(doc, [head]), rest, value)
  if (typeof head === 'number') {
    const arr = Array.isArray(doc) ? [...doc] : []
    if (child === undefined) arr.splice(head, 1)
    else arr[head] = child
    return arr
  }
  const obj: Record<string, unknown> = doc !== null && typeof doc === 'object' && !Array.isArray(doc) ? { ...(doc as Record<string, unknown>) } : {}
  if (child === undefined) delete obj[head]
  else obj[head] = child
  return obj
}
