/**
 * JSON paths in the form users see in error messages: `combatants[1].skill`, `rules.tieRule`.
 */
export type PathKey = string | number

export function parsePath(path: string): PathKey[] | string {
  const keys: PathKey[] = []
  const re = /([A-Za-z_][A-Za-z0-9_-]*)|\[(\d+)\]|(\.)/g
  let pos = 0
  let expectName = true
  for (let m = re.exec(path); m; m = re.exec(path)) {
    if (m.index !== pos) break
    pos = re.lastIndex
    if (m[1] !== undefined) {
      if (!expectName) return `"${path}" is not a path like combatants[1].skill`
      keys.push(m[1])
      expectName = false
    } else if (m[2] !== undefined) {
      if (expectName) return `"${path}" is not a path like combatants[1].skill`
      keys.push(Number(m[2]))
    } else {
      if (expectName) return `"${path}" is not a path like combatants[1].skill`
      expectName = true
    }
  }
  if (pos !== path.length || keys.length === 0 || expectName) return `"${path}" is not a path like combatants[1].skill`
  return keys
}

/** A deep copy of `doc` with `value` at `path`; the parent must exist. Returns an error message otherwise. */
export function setAtPath(doc: unknown, path: string, value: unknown): unknown {
  const keys = parsePath(path)
  if (typeof keys === 'string') throw new Error(keys)
  const copy = structuredClone(doc) as Record<PathKey, unknown>
  let node: Record<PathKey, unknown> = copy
  for (let i = 0; i < keys.length - 1; i++) {
    const next = node[keys[i]]
    if (next === null || typeof next !== 'object') throw new Error(`${path}: the scenario has no ${formatKeys(keys.slice(0, i + 1))}`)
    node = next as Record<PathKey, unknown>
  }
  const last = keys[keys.length - 1]
  if (typeof last === 'number' && (!Array.isArray(node) || last >= node.length)) throw new Error(`${path}: the scenario has no ${formatKeys(keys)}`)
  node[last] = value
  return copy
}

export function getAtPath(doc: unknown, path: string): unknown {
  const keys = parsePath(path)
  if (typeof keys === 'string') throw new Error(keys)
  let node: unknown = doc
  for (const k of keys) {
    if (node === null || typeof node !== 'object') return undefined
    node = (node as Record<PathKey, unknown>)[k]
  }
  return node
}

function formatKeys(keys: PathKey[]): string {
  return keys.map((k, i) => (typeof k === 'number' ? `[${k}]` : i === 0 ? k : `.${k}`)).join('')
}
