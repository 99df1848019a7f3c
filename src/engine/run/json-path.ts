/**
 * JSON paths, the one helper the whole code base reads and writes scenario fields with: the CLI's
 * `--set` and `--param`, sweeps, and the app's editor. Paths are key lists (`['combatants', 1, 'skill']`)
 * or, as users see them in error messages, text (`combatants[1].skill`, `rules.tieRule`).
 *
 * `__proto__`, `constructor` and `prototype` are refused everywhere: no scenario has such a field, and
 * writing through one would change every object in the program (prototype pollution).
 */
export type PathKey = string | number
export type JsonPath = readonly PathKey[]

const FORBIDDEN = new Set(['__proto__', 'constructor', 'prototype'])

/** The message for a path that goes through a forbidden key, or undefined when it is a plain path. */
function forbidden(keys: JsonPath, shown: string): string | undefined {
  const bad = keys.find((k) => typeof k === 'string' && FORBIDDEN.has(k))
  return bad === undefined ? undefined : `"${shown}" goes through "${bad}", which no scenario field is called (refused: it would change every object)`
}

/** `['combatants', 1, 'skill']` → `combatants[1].skill`, the spelling of the engine's issue paths. */
export function pathKey(path: JsonPath): string {
  let out = ''
  for (const p of path) {
    if (typeof p === 'number') out += `[${p}]`
    else out += out === '' ? p : `.${p}`
  }
  return out
}

/** The keys of `combatants[1].skill`, or an error message naming the path. */
export function parsePath(path: string): PathKey[] | string {
  const wrong = `"${path}" is not a path like combatants[1].skill`
  const keys: PathKey[] = []
  const re = /([A-Za-z_][A-Za-z0-9_-]*)|\[(\d+)\]|(\.)/g
  let pos = 0
  let expectName = true
  for (let m = re.exec(path); m; m = re.exec(path)) {
    if (m.index !== pos) break
    pos = re.lastIndex
    if (m[1] !== undefined) {
      if (!expectName) return wrong
      keys.push(m[1])
      expectName = false
    } else if (m[2] !== undefined) {
      if (expectName) return wrong
      keys.push(Number(m[2]))
    } else {
      if (expectName) return wrong
      expectName = true
    }
  }
  if (pos !== path.length || keys.length === 0 || expectName) return wrong
  return forbidden(keys, path) ?? keys
}

/** The value at `path`, or undefined when the document has none (or the path is forbidden). */
export function getAt(doc: unknown, path: JsonPath): unknown {
  if (forbidden(path, pathKey(path))) return undefined
  let cur: unknown = doc
  for (const p of path) {
    if (cur === null || typeof cur !== 'object' || !Object.hasOwn(cur, p)) return undefined
    cur = (cur as Record<PathKey, unknown>)[p]
  }
  return cur
}

/**
 * A copy of `doc` with the value at `path` replaced (or removed when `value` is undefined). Only the
 * objects along the path are copied, so unchanged parts stay shared and the old document stays intact
 * for undo. Missing containers along the path are created. Throws for a forbidden path.
 */
export function setAt(doc: unknown, path: JsonPath, value: unknown): unknown {
  const refused = forbidden(path, pathKey(path))
  if (refused) throw new Error(refused)
  return setAtUnchecked(doc, path, value)
}

function setAtUnchecked(doc: unknown, path: JsonPath, value: unknown): unknown {
  if (path.length === 0) return value
  const [head, ...rest] = path
  const child = setAtUnchecked(getAt(doc, [head]), rest, value)
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

/** The keys of a text path, or throws its error message. */
function keysOf(path: string): PathKey[] {
  const keys = parsePath(path)
  if (typeof keys === 'string') throw new Error(keys)
  return keys
}

/** A copy of `doc` with `value` at the text `path`; the parent must exist. Throws a message otherwise. */
export function setAtPath(doc: unknown, path: string, value: unknown): unknown {
  const keys = keysOf(path)
  for (let i = 0; i < keys.length - 1; i++) {
    const parent = getAt(doc, keys.slice(0, i + 1))
    if (parent === null || typeof parent !== 'object') throw new Error(`${path}: the scenario has no ${pathKey(keys.slice(0, i + 1))}`)
  }
  const last = keys[keys.length - 1]
  const parent = getAt(doc, keys.slice(0, -1))
  if (typeof last === 'number' && (!Array.isArray(parent) || last >= parent.length)) throw new Error(`${path}: the scenario has no ${pathKey(keys)}`)
  if (typeof last === 'string' && Array.isArray(parent)) throw new Error(`${path}: ${pathKey(keys.slice(0, -1))} is a list; give an index such as [0]`)
  return setAt(doc, keys, value)
}

/** The value at the text `path`, or undefined; throws the message of a malformed or forbidden path. */
export function getAtPath(doc: unknown, path: string): unknown {
  return getAt(doc, keysOf(path))
}
