import { z } from 'zod'
import { ident } from '../../../engine/core/schema'
import { parseScenario } from '../../../engine/run/parse'
import { getAt, pathKey, setAt, type JsonPath } from './json-path'
import { literalsOf, type JsonSchema } from './json-schema'

/** The pattern every scenario id has (`core/schema.ts` `ident()`), as the JSON schema spells it. */
const ID_PATTERN = (z.toJSONSchema(ident()) as JsonSchema).pattern
export const ID_RE = new RegExp(ID_PATTERN ?? '^$')

/** A value no scenario uses as an id: put where a reference goes, the engine answers with what it allows there. */
export const PROBE_ID = 'zz-quickdraw-probe-id'

/** A free id string (not a closed set): it may name another part of the scenario. */
export function isIdSchema(s: JsonSchema | undefined): boolean {
  return s !== undefined && s.type === 'string' && s.pattern === ID_PATTERN && literalsOf(s) === null
}

/** A list of id strings, e.g. the combatants a tactic prevents. */
export function isIdListSchema(s: JsonSchema | undefined): boolean {
  return s !== undefined && s.type === 'array' && typeof s.items === 'object' && isIdSchema(s.items)
}

/** The quoted strings of an engine message: `must be one of the combatant ids "a", "b"` → a, b. */
export function quotedValues(message: string): string[] {
  const out: string[] = []
  for (const m of message.matchAll(/"((?:[^"\\]|\\.)*)"/g)) {
    try {
      out.push(JSON.parse(`"${m[1]}"`) as string)
    } catch {
      // not a JSON string literal: not a value the engine lists
    }
  }
  return out
}

/** Issues at `key` itself or inside it (a list's items), as the engine reports them. */
function messagesAt(doc: unknown, key: string): string[] {
  const r = parseScenario(doc)
  if (r.ok) return []
  return r.issues.filter((i) => i.path === key || i.path.startsWith(`${key}[`)).map((i) => i.message)
}

const MAX_CHECKED = 32

/**
 * The values a reference field may take in this document, or null when the field is not a reference.
 * Generic, with no per-system code: the field gets an id nobody uses, and the engine's own validation
 * message at that path lists what it allows there (`must be one of the combatant ids "a", "b"`,
 * `must be "first", "weakest" or an enemy id: "x"`). Each listed value is then tried in turn and kept
 * only if the engine accepts it at that path (so a target on one's own side is not offered).
 * Lists of ids are probed with a one-item list.
 */
export function referenceChoices(doc: unknown, path: JsonPath, list: boolean): string[] | null {
  const key = pathKey(path)
  const at = (v: string): unknown => setAt(doc, path, list ? [v] : v)
  const probed = messagesAt(at(PROBE_ID), key).filter((m) => m.includes(JSON.stringify(PROBE_ID)))
  if (probed.length === 0) return null
  const listed = [...new Set(probed.flatMap(quotedValues))].filter((v) => v !== PROBE_ID && ID_RE.test(v))
  if (listed.length > MAX_CHECKED) return listed
  const accepted = listed.filter((v) => messagesAt(at(v), key).length === 0)
  // Nothing fits right now (say, an enemy for a maneuver that is not a Wait): offer what the engine
  // listed, and its message at the field says why none is accepted.
  return accepted.length > 0 ? accepted : listed
}

/**
 * A new list item (a tactic, an engaged pair) with each required reference set to the first id the
 * engine accepts there instead of a made-up one, slot by slot, so a pair's second id fits its first.
 */
export function withReferencesFilled(doc: unknown, at: JsonPath, item: unknown, schema: JsonSchema): unknown {
  const required = new Set(schema.required ?? [])
  const slots: [string | number, JsonSchema][] = schema.prefixItems
    ? schema.prefixItems.map((s, j): [number, JsonSchema] => [j, s])
    : Object.entries(schema.properties ?? {}).filter(([k]) => required.has(k))
  let next = setAt(doc, at, item)
  for (const [slot, s] of slots) {
    if (!isIdSchema(s)) continue
    const first = referenceChoices(next, [...at, slot], false)?.[0]
    if (first !== undefined) next = setAt(next, [...at, slot], first)
  }
  return getAt(next, at)
}

/**
 * Reference choices of the document being edited, computed once per document and field. While the
 * document has an error that stops the engine's cross-field checks (a stat typed as "12a"), a field
 * keeps the choices it had, so pick-lists do not turn into text boxes mid-typing.
 */
export class ReferenceChoiceCache {
  private doc: unknown = undefined
  private readonly now = new Map<string, string[] | null>()
  private readonly lastKnown = new Map<string, string[]>()

  choices(doc: unknown, schema: JsonSchema, path: JsonPath, docHasIssues: boolean): string[] | null {
    const list = isIdListSchema(schema)
    if (doc === null || (!list && !isIdSchema(schema))) return null
    if (doc !== this.doc) {
      this.now.clear()
      this.doc = doc
    }
    const key = pathKey(path)
    const hit = this.now.get(key)
    if (hit !== undefined) return hit
    let out = referenceChoices(doc, path, list)
    if (out) this.lastKnown.set(key, out)
    else if (docHasIssues) out = this.lastKnown.get(key) ?? null
    else this.lastKnown.delete(key)
    this.now.set(key, out)
    return out
  }
}
