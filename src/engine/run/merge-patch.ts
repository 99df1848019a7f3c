/**
 * RFC 7396 JSON Merge Patch, as tactics options and the options a scenario keeps (`choices`) use it. The
 * kept options are not checked when the scenario is: they change nothing in its fights, and editing a
 * fighter must not stop the scenario from running; `quickdraw tactics` and the Tactics tab check each
 * pairing before anything runs and name the option that breaks it.
 */

/** A tactics question that cannot be played as asked (an invalid patch, a duplicate name…). */
export class TacticsRefusal extends Error {}

/** The deepest a patch may nest: a scenario's own fields go a few levels deep (a fighter's plan, its entries). */
export const MAX_PATCH_DEPTH = 64

/**
 * Where a patch nests deeper than `limit` (`{}` is one level), as a path shown to the user
 * ("combatants[0].plan.x…"), or undefined when it does not. Measured without recursion, and no further
 * than just past the limit: a patch 100,000 levels deep is refused without exhausting the stack.
 */
export function tooDeepAt(patch: unknown, limit = MAX_PATCH_DEPTH): string | undefined {
  const stack: { value: unknown; depth: number; path: string }[] = [{ value: patch, depth: 0, path: '' }]
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    const { value, depth, path } = item
    if (value === null || typeof value !== 'object') continue
    if (depth + 1 > limit) return path === '' ? 'the top' : path
    const entries = Array.isArray(value) ? value.map((v, i) => [`[${i}]`, v] as const) : Object.entries(value as Record<string, unknown>).map(([k, v]) => [/^[A-Za-z_$][\w$]*$/.test(k) ? `.${k}` : `[${JSON.stringify(k)}]`, v] as const)
    // past a few levels the path says only that it goes on
    for (const [step, v] of entries) stack.push({ value: v, depth: depth + 1, path: depth < 4 ? `${path}${step}`.replace(/^\./, '') : path.endsWith('…') ? path : `${path}…` })
  }
  return undefined
}

/** Keys a patch may never set (they would reach object prototypes). */
const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype'])

/**
 * RFC 7396 JSON Merge Patch: objects merge key by key, `null` removes a key, anything else replaces —
 * with one extension for scenarios: a list whose items all name a fighter (`id`, `combatant` for
 * tactics and plans, or `model` for Bushido's) merges item by item with the list it patches, matched by that name, so two options
 * that change different fighters combine instead of the second list replacing the first. A patch item
 * naming nobody in the list is added. Every other list is replaced whole, as RFC 7396 says.
 */
export function mergePatch(target: unknown, patch: unknown): unknown {
  const deep = tooDeepAt(patch)
  if (deep !== undefined) throw new TacticsRefusal(`the patch is nested more than ${MAX_PATCH_DEPTH} levels deep (at ${deep}); a scenario's fields go only a few levels deep`)
  return merge(target, patch)
}

function merge(target: unknown, patch: unknown): unknown {
  if (Array.isArray(patch)) {
    const key = Array.isArray(target) ? listKey(target, patch) : undefined
    return key ? mergeList(target as Record<string, unknown>[], patch as Record<string, unknown>[], key) : structuredClone(patch)
  }
  if (patch === null || typeof patch !== 'object') return structuredClone(patch)
  const base = target !== null && typeof target === 'object' && !Array.isArray(target) ? (target as Record<string, unknown>) : {}
  const out: Record<string, unknown> = { ...base }
  for (const [key, value] of Object.entries(patch as Record<string, unknown>)) {
    if (UNSAFE_KEYS.has(key)) throw new TacticsRefusal(`a patch may not set "${key}"`)
    if (value === null) delete out[key]
    else out[key] = merge(out[key], value)
  }
  return out
}

type ListKey = 'id' | 'combatant' | 'model'

/** The field naming each item, when every item of both lists has it as a string: `id`, `combatant` or `model`. */
export function listKey(target: readonly unknown[], patch: readonly unknown[]): ListKey | undefined {
  const named = (k: string) => (x: unknown): boolean => x !== null && typeof x === 'object' && typeof (x as Record<string, unknown>)[k] === 'string'
  for (const k of ['id', 'combatant', 'model'] as const) if (target.length > 0 && patch.length > 0 && target.every(named(k)) && patch.every(named(k))) return k
  return undefined
}

function mergeList(target: Record<string, unknown>[], patch: Record<string, unknown>[], key: ListKey): unknown[] {
  const out: unknown[] = target.map((x) => structuredClone(x))
  for (const item of patch) {
    const at = target.findIndex((x) => x[key] === item[key])
    if (at < 0) out.push(merge({}, item))
    else out[at] = merge(target[at], item)
  }
  return out
}


/** The scenario without the options it keeps (`choices`), as each option is checked and each cell played. */
export function withoutChoices(scenario: unknown): unknown {
  if (scenario === null || typeof scenario !== 'object' || Array.isArray(scenario) || !('choices' in scenario)) return scenario
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  const { choices, ...rest } = scenario as Record<string, unknown>
  return rest
}
