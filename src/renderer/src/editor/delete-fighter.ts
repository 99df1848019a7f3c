import { parseScenario } from '../../../engine/run/parse'
import { getAt, pathKey, setAt, type JsonPath } from './json-path'

/**
 * Deleting a fighter and every reference to him, in one step: his plan or tactic, his place in others'
 * target lists, the pairs and situations that name him. As with a rename (rename-id.ts) there is no
 * per-system list: with the fighter gone, every place that still says his id and that the engine now
 * reports as a problem is a reference to him. Each is taken out the least it can be: the reference
 * itself when it is an item of a list of ids (a target among several) or a field the scenario can do
 * without (an optional target); otherwise the list item holding it (his plan, an engaged pair, another
 * model's tactic that can only name him). A reference the scenario cannot do without and no list holds
 * (the Bushido exchange's activating model) stays, and the engine's message names it.
 */

/** The fighter lists: a system keeps its fighters in one of them. */
const FIGHTER_LISTS = ['combatants', 'models']

/** True when `at` is a fighter of the scenario (`combatants[2]`, `models[0]`). */
export function isFighterItem(at: JsonPath): boolean {
  return at.length === 2 && typeof at[1] === 'number' && FIGHTER_LISTS.includes(String(at[0]))
}

export interface Deleted {
  doc: unknown
  /** The places taken out with him, in a GM's words where the path is the only name ("tactics[1]"). */
  removed: string[]
  /** References that stay because the scenario cannot do without them: the engine names each. */
  kept: string[]
}

const MAX_ROUNDS = 16

function strings(doc: unknown, at: JsonPath, out: { at: JsonPath; value: string }[]): void {
  if (typeof doc === 'string') out.push({ at, value: doc })
  else if (Array.isArray(doc)) doc.forEach((v, i) => strings(v, [...at, i], out))
  else if (doc !== null && typeof doc === 'object') for (const [k, v] of Object.entries(doc)) strings(v, [...at, k], out)
}

/** The engine's problems with a document: each as its place and its message. */
const problems = (doc: unknown): { path: string; message: string }[] => {
  const r = parseScenario(doc)
  return r.ok ? [] : r.issues
}

/** Removes the fighter at `at` (see isFighterItem) and every reference to his id. */
export function deleteFighter(doc: unknown, at: JsonPath): Deleted {
  const id = getAt(doc, [...at, 'id'])
  let out = setAt(doc, at, undefined)
  const removed: string[] = []
  const kept: string[] = []
  if (typeof id !== 'string' || id === '') return { doc: out, removed, kept }
  const gaveUp = new Set<string>()
  let progressed = false
  for (let round = 0; round < MAX_ROUNDS * 2; round++) {
    const issues = problems(out)
    if (issues.length === 0) break
    const reported = new Set(issues.map((i) => i.path))
    const found: { at: JsonPath; value: string }[] = []
    strings(out, [], found)
    const refs = found.filter((s) => s.value === id && (reported.has(pathKey(s.at)) || reported.has(pathKey(s.at.slice(0, -1)))))
    const broken = refs.find((s) => !gaveUp.has(pathKey(s.at)))
    if (!broken) {
      // one that could not go while others were still there may go now (list positions have moved)
      if (!progressed || refs.length === 0) break
      gaveUp.clear()
      progressed = false
      continue
    }
    const next = takeOut(out, broken.at, issues)
    if (next === null) {
      gaveUp.add(pathKey(broken.at))
      continue
    }
    out = next.doc
    removed.push(next.what)
    progressed = true
  }
  const left: { at: JsonPath; value: string }[] = []
  strings(out, [], left)
  const still = new Set(problems(out).map((i) => i.path))
  kept.push(...left.filter((s) => s.value === id && (still.has(pathKey(s.at)) || still.has(pathKey(s.at.slice(0, -1))))).map((s) => pathKey(s.at)))
  out = fromOptions(out, id, removed)
  return { doc: out, removed, kept }
}

/** A place with its list positions left out ("situation.tactics[]"): the same field in any item. */
const shapeOf = (at: JsonPath): string => at.map((p) => (typeof p === 'number' ? '[]' : `.${p}`)).join('')
const shapeOfKey = (key: string): string => `.${key.replace(/\[\d+\]/g, '[]')}`

/**
 * The Tactics tab's options: each option's patch is a part of the scenario; what names him there is
 * taken out at the same places as in the scenario (a patch's tactic for him goes as his tactic went).
 */
function fromOptions(doc: unknown, id: string, removed: string[]): unknown {
  const shapes = new Set(removed.map(shapeOfKey))
  let out = doc
  for (const side of ['a', 'b']) {
    const options = getAt(out, ['choices', side])
    if (!Array.isArray(options)) continue
    options.forEach((o: unknown, i) => {
      let patch = (o as { patch?: unknown } | null)?.patch
      if (patch === null || typeof patch !== 'object') return
      for (let round = 0; round < MAX_ROUNDS; round++) {
        const found: { at: JsonPath; value: string }[] = []
        strings(patch, [], found)
        const hit = found.find((f) => f.value === id)
        if (!hit) break
        const places: JsonPath[] = [hit.at]
        for (let k = hit.at.length - 2; k >= 0; k--) if (typeof hit.at[k] === 'number') places.push(hit.at.slice(0, k + 1))
        const place = places.find((pl) => shapes.has(shapeOf(pl)))
        if (!place) break
        patch = setAt(patch, place, undefined)
        removed.push(pathKey(['choices', side, i, 'patch', ...place]))
      }
      out = setAt(out, ['choices', side, i, 'patch'], patch)
    })
  }
  return out
}

/**
 * The least removal that drops the reference at `ref` without a new problem at the place removed: the
 * string itself (a list item or an optional field), else each enclosing list item from the innermost out.
 */
function takeOut(doc: unknown, ref: JsonPath, before: { path: string; message: string }[]): { doc: unknown; what: string } | null {
  const had = new Set(before.map((i) => `${i.path}\n${i.message}`))
  const candidates: JsonPath[] = [ref]
  for (let i = ref.length - 2; i >= 0; i--) if (typeof ref[i] === 'number') candidates.push(ref.slice(0, i + 1))
  for (const place of candidates) {
    const next = setAt(doc, place, undefined)
    const parent = pathKey(place.slice(0, -1))
    const within = (k: string): boolean => k === parent || k.startsWith(`${parent}.`) || k.startsWith(`${parent}[`)
    // a new problem at the parent or inside it (a required field now missing) means this removal is not enough
    const fresh = problems(next).some((i) => !had.has(`${i.path}\n${i.message}`) && within(i.path))
    if (!fresh) return { doc: next, what: pathKey(place) }
  }
  return null
}
