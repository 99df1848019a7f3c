import { setAtPath } from '../../../engine/run/json-path'

/**
 * A fighter's whole plan as a "what if": B plays another fighter's plan in his place (HERO: Doc attacks
 * on his Phase as the Kid does instead of holding), or the default plan. A plan is a fighter's `plan`
 * (HERO) or an item of the scenario's `plans` / `tactics` list that names its fighter.
 */
export interface PlanSlot {
  /** JSON path of the plan: `combatants[0].plan`, `tactics[1]`. */
  path: string
  /** Whose plan it is, in words. */
  owner: string
  value: unknown
  /** Keys of a list item that name its fighter: kept when another plan is put in its place. */
  keep: string[]
}

type Obj = Record<string, unknown>
const isObj = (x: unknown): x is Obj => x !== null && typeof x === 'object' && !Array.isArray(x)
const LISTS = ['plans', 'tactics']

/** Every fighter in the scenario's lists by id, with his name. */
function fighters(doc: Obj): Map<string, string> {
  const out = new Map<string, string>()
  for (const [key, list] of Object.entries(doc)) {
    if (LISTS.includes(key) || !Array.isArray(list)) continue
    for (const x of list) if (isObj(x) && typeof x.id === 'string') out.set(x.id, typeof x.name === 'string' && x.name !== '' ? x.name : x.id)
  }
  return out
}

export function planSlots(doc: unknown): PlanSlot[] {
  if (!isObj(doc)) return []
  const who = fighters(doc)
  const out: PlanSlot[] = []
  for (const [key, list] of Object.entries(doc)) {
    if (!Array.isArray(list)) continue
    list.forEach((item, i) => {
      if (!isObj(item)) return
      if (LISTS.includes(key)) {
        const keep = Object.keys(item).filter((k) => typeof item[k] === 'string' && who.has(item[k] as string))
        out.push({ path: `${key}[${i}]`, owner: keep.map((k) => who.get(item[k] as string)).join(', ') || `plan ${i + 1}`, value: item, keep })
      } else if (isObj(item.plan)) {
        out.push({ path: `${key}[${i}].plan`, owner: typeof item.name === 'string' ? item.name : String(item.id ?? i + 1), value: item.plan, keep: [] })
      }
    })
  }
  return out
}

/** The scenario with `slot` playing `from`'s plan (its own fighter kept), or its default plan when `from` is null. */
export function swapPlan(doc: unknown, slot: PlanSlot, from: PlanSlot | null): unknown {
  if (from === null) return setAtPath(doc, slot.path, undefined)
  const next = isObj(from.value) ? structuredClone(from.value) : from.value
  if (isObj(next) && isObj(slot.value)) for (const k of slot.keep) next[k] = slot.value[k]
  if (isObj(next)) for (const k of from.keep) if (!slot.keep.includes(k)) delete next[k]
  return setAtPath(doc, slot.path, next)
}
