import { parseScenario } from '../../../engine/run/parse'
import { mergePatch } from '../../../engine/run/merge-patch'
import { getAt, pathKey, setAt, type JsonPath } from './json-path'
import { ID_RE } from './reference-choices'

/** Every string in a document with its path, except under `skip`. */
function strings(doc: unknown, at: JsonPath, out: { at: JsonPath; value: string }[]): void {
  if (typeof doc === 'string') out.push({ at, value: doc })
  else if (Array.isArray(doc)) doc.forEach((v, i) => strings(v, [...at, i], out))
  else if (doc !== null && typeof doc === 'object') for (const [k, v] of Object.entries(doc)) strings(v, [...at, k], out)
}

const MAX_ROUNDS = 8

/** What a rename did: the new document and the places whose reference followed it ("tactics[0].combatant"). */
export interface Renamed {
  doc: unknown
  followed: string[]
}

/**
 * Gives the item whose `id` is at `at` a new id, and makes every reference to the old id follow it:
 * a tactic's combatant, targets, the ids a tactic prevents, plans' conditions, sides, engaged pairs,
 * whatever the system's schema holds. No per-system list: which strings are references is the engine's
 * own answer. With the id changed, every place that still says the old id and that the engine now
 * reports as a problem is a reference to it (a name or a text that happens to read the same is not
 * reported, so it stays). The scenario's question names results by id ("wins:kid"), which the engine
 * does not check against the fighters, so its ids follow too.
 *
 * References follow only to a free, well-formed id: with a new id that another item of the same list
 * already has, or one the engine would not accept, only the id changes (and its message says why).
 */
export function renameId(doc: unknown, at: JsonPath, next: unknown): Renamed {
  const old = getAt(doc, at)
  if (!mayFollow(doc, at, old, next) || typeof old !== 'string' || typeof next !== 'string') return { doc: setAt(doc, at, next), followed: [] }
  const main = renameInScenario(doc, at, old, next)
  let out = main.doc
  const followed = [...main.followed]
  // The options kept for the Tactics tab: the result they play for names fighters like the question's
  // results; each option's patch is a part of the scenario, whose references are found the same way, on
  // the scenario with that option applied, and followed at the same places in the patch.
  const metric = getAt(out, ['choices', 'metric'])
  if (typeof metric === 'string') {
    const renamed = renameTokens(metric, old, next)
    if (renamed !== metric) {
      out = setAt(out, ['choices', 'metric'], renamed)
      followed.push('choices.metric')
    }
  }
  for (const side of ['a', 'b']) {
    const options = getAt(out, ['choices', side])
    if (!Array.isArray(options)) continue
    options.forEach((o: unknown, i) => {
      const patch = (o as { patch?: unknown } | null)?.patch
      if (patch === null || typeof patch !== 'object') return
      const shapes = new Set([shapeOf(at), ...followed.map(shapeOfKey)])
      for (const f of renameInScenario(mergePatch(doc, patch), at, old, next).followed) shapes.add(shapeOfKey(f))
      const found: { at: JsonPath; value: string }[] = []
      strings(patch, [], found)
      for (const s of found) {
        if (s.value !== old || !shapes.has(shapeOf(s.at))) continue
        out = setAt(out, ['choices', side, i, 'patch', ...s.at], next)
        followed.push(pathKey(['choices', side, i, 'patch', ...s.at]))
      }
    })
  }
  return { doc: out, followed }
}

/** A place with its list positions left out ("tactics[].combatant"): the same field in any item. */
function shapeOf(at: JsonPath): string {
  return at.map((p) => (typeof p === 'number' ? '[]' : `.${p}`)).join('')
}

function shapeOfKey(key: string): string {
  return `.${key.replace(/\[\d+\]/g, '[]')}`
}

/** Ids inside a result's name ("kind:id" or "kind:id:other-id"); the kind itself never changes. */
function renameTokens(metric: string, old: string, next: string): string {
  const parts = metric.split(':')
  return [parts[0], ...parts.slice(1).map((p) => (p === old ? next : p))].join(':')
}

/** References follow a well-formed id that no other item of the same list has. */
function mayFollow(doc: unknown, at: JsonPath, old: unknown, next: unknown): boolean {
  if (typeof old !== 'string' || typeof next !== 'string' || old === next || !ID_RE.test(old) || !ID_RE.test(next)) return false
  const list = getAt(doc, at.slice(0, -2))
  return !(Array.isArray(list) && list.some((item, i) => i !== at[at.length - 2] && (item as { id?: unknown } | null)?.id === next))
}

function renameInScenario(doc: unknown, at: JsonPath, old: string, next: string): Renamed {
  let out = setAt(doc, at, next)
  const followed: string[] = []
  const self = pathKey(at)
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const r = parseScenario(out)
    if (r.ok) break
    const reported = new Set(r.issues.map((i) => i.path))
    const found: { at: JsonPath; value: string }[] = []
    strings(out, [], found)
    // A reference is reported at its own place, or (a list of ids) at the list's.
    const broken = found.filter((s) => s.value === old && pathKey(s.at) !== self && (reported.has(pathKey(s.at)) || reported.has(pathKey(s.at.slice(0, -1)))))
    if (broken.length === 0) break
    for (const s of broken) {
      out = setAt(out, s.at, next)
      followed.push(pathKey(s.at))
    }
  }
  // The question's results: "kind:id" or "kind:id:other-id".
  const metrics = getAt(out, ['question', 'metrics'])
  if (Array.isArray(metrics)) {
    metrics.forEach((m, i) => {
      if (typeof m !== 'string') return
      const renamed = renameTokens(m, old, next)
      if (renamed !== m) {
        out = setAt(out, ['question', 'metrics', i], renamed)
        followed.push(pathKey(['question', 'metrics', i]))
      }
    })
  }
  return { doc: out, followed }
}
