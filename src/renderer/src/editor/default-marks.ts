import { getAt, parsePath, pathKey, type JsonPath } from './json-path'

/**
 * The fields an import filled with a default ("Default — not in the imported file"), kept with the
 * scenario being edited, not in its file: the mark is about this import, and the scenario file stays what
 * the engine reads. A mark holds the report's words and the value the import put there; it goes when the
 * user edits that field (or a part of it, or replaces what holds it), and a field whose value no longer is
 * the imported one (changed in the JSON tab, undone past the import) shows no mark. Removing an item of a
 * list moves the marks of the items after it up by one, so each stays on its field.
 */
export interface DefaultMark {
  /** The report's line, shown as the badge's tooltip and accessible description. */
  text: string
  /** The imported value, as JSON (undefined: the import left the field empty, so the engine's default applies). */
  value: string | undefined
}

export type DefaultMarks = ReadonlyMap<string, DefaultMark>

const json = (v: unknown): string | undefined => (v === undefined ? undefined : JSON.stringify(v))

/** Marks for the fields an import filled: `fields` are paths in `doc` (`combatants[2].weapon.crit`). */
export function marksFor(doc: unknown, fields: readonly { path: string; text: string }[], into: DefaultMarks = new Map()): Map<string, DefaultMark> {
  const out = new Map(into)
  for (const f of fields) {
    const keys = parsePath(f.path)
    if (typeof keys === 'string') continue
    out.set(pathKey(keys), { text: f.text, value: json(getAt(doc, keys)) })
  }
  return out
}

/** `inner` is `outer` or lies inside it. */
function within(inner: JsonPath, outer: JsonPath): boolean {
  return outer.length <= inner.length && outer.every((k, i) => inner[i] === k)
}

/**
 * The marks after the user set the value at `at` (`undefined` removes it): the marks on that field,
 * inside it, or on a field that holds it are cleared; removing a list item moves the later items' marks.
 */
export function afterEdit(marks: DefaultMarks, at: JsonPath, value: unknown): DefaultMarks {
  if (marks.size === 0) return marks
  const removedItem = value === undefined && typeof at[at.length - 1] === 'number'
  const list = at.slice(0, -1)
  const index = at[at.length - 1] as number
  const out = new Map<string, DefaultMark>()
  for (const [key, mark] of marks) {
    const keys = parsePath(key)
    if (typeof keys === 'string') continue
    if (within(keys, at) || within(at, keys)) continue
    if (removedItem && within(keys, list) && keys.length > list.length && typeof keys[list.length] === 'number' && (keys[list.length] as number) > index) {
      const moved = [...keys]
      moved[list.length] = (keys[list.length] as number) - 1
      out.set(pathKey(moved), mark)
    } else out.set(key, mark)
  }
  return out
}

/**
 * The marks whose field still has somewhere to be: the object holding it exists in `doc`. After an Undo
 * past the import (or a JSON edit that removed the fighter) his marks go, so that a fighter added later at
 * the same place does not inherit them.
 */
export function prune(marks: DefaultMarks, doc: unknown): DefaultMarks {
  let changed = false
  const out = new Map<string, DefaultMark>()
  for (const [key, mark] of marks) {
    const keys = parsePath(key)
    const holder = typeof keys === 'string' ? undefined : getAt(doc, keys.slice(0, -1))
    if (holder !== null && typeof holder === 'object') out.set(key, mark)
    else changed = true
  }
  return changed ? out : marks
}

/** The mark to show on the field at `key`, if its value is still the one imported. */
export function markAt(marks: DefaultMarks, doc: unknown, key: string): DefaultMark | undefined {
  const mark = marks.get(key)
  if (!mark) return undefined
  const keys = parsePath(key)
  if (typeof keys === 'string') return undefined
  return json(getAt(doc, keys)) === mark.value ? mark : undefined
}

/** The marks shown inside the item at `key` (a row of a table), for a hint on its folded details. */
export function marksWithin(marks: DefaultMarks, doc: unknown, key: string): DefaultMark[] {
  const out: DefaultMark[] = []
  for (const k of marks.keys()) {
    if (k === key || !(k.startsWith(`${key}.`) || k.startsWith(`${key}[`))) continue
    const m = markAt(marks, doc, k)
    if (m) out.push(m)
  }
  return out
}
