import type { AnyRuleSystem } from '../systems/rule-system'
import { LruCache } from './exact-cache'
import { parseScenarioOrThrow, type ParseResult } from './parse'

/**
 * A scenario compiled once per thread: the plan of a run is built once and shared by everything in the same
 * thread that asks for it — a worker's chunks of that run, main's summaries of its tallies, and main's own
 * exact answer when it comes at once (exact.ts `exactAtOnce`). A plan may cost a second and tens of MB for
 * the heaviest dice pools, so compiling it again for each use costs time and memory for nothing.
 *
 * Plans are kept by system id, version and the scenario's canonical hash (which leaves out the run's
 * trials and seed: no plan reads them), the least recently used dropped past `COMPILED_PLANS_KEPT`.
 */

export interface Compiled {
  system: AnyRuleSystem
  plan: unknown
}

/**
 * Plans a thread keeps: the scenario being run or edited and a few before it (a plan of the heaviest dice
 * pools holds some tens of MB, and the app's main thread lives long).
 */
export const COMPILED_PLANS_KEPT = 4

const plans = new LruCache<string, Compiled>(COMPILED_PLANS_KEPT)
let compiles = 0
let adoptions = 0

type Parsed = Extract<ParseResult, { ok: true }>

/** The key a compiled plan is kept under: its system, that system's version, the scenario's canonical hash. */
export function compiledKey(p: Pick<Parsed, 'system' | 'hash'>): string {
  return `${p.system.id}@${p.system.version}#${p.hash}`
}

/** A plan another thread compiled: the key it is kept under there (`compiledKey`) and how to read it here. */
export interface GivenPlan {
  key: string
  plan: () => unknown
}

/**
 * The compiled plan of a parsed scenario: this thread's kept one, or made now and kept. `given`, when it is
 * this scenario's (same key), is the plan another thread compiled (a worker reads main's: `SimulationService`),
 * read instead of compiling it here.
 */
export function compiledOf(parsed: Parsed, given?: GivenPlan): Compiled {
  const key = compiledKey(parsed)
  let hit = plans.get(key)
  if (!hit) {
    const adopt = given !== undefined && given.key === key
    if (adopt) adoptions++
    else compiles++
    hit = { system: parsed.system, plan: adopt ? given.plan() : parsed.system.compile(parsed.scenario) }
    plans.set(key, hit)
  }
  return hit
}

/** The compiled plan of a scenario document (validated; throws a ScenarioError naming every bad path); `given` as in `compiledOf`. */
export function compiledFor(scenario: unknown, given?: GivenPlan): Compiled {
  return compiledOf(parseScenarioOrThrow(scenario), given)
}

/** Plans this thread compiled itself, and plans it took as another thread compiled them (for tests). */
export function compileCounts(): { compiled: number; adopted: number } {
  return { compiled: compiles, adopted: adoptions }
}

/**
 * Whether a plan is plain data that another thread can rebuild exactly from a structured copy: numbers,
 * strings, booleans, null and undefined, arrays, objects made by `{}`, Maps, Sets and typed arrays, and
 * nothing else — no function, no object of a class (its methods would be lost on the way), no getter, no
 * hidden or symbol-named property, no object without a prototype (it would come back with one).
 */
export function isPlainData(root: unknown): boolean {
  const seen = new Set<object>()
  const todo: unknown[] = [root]
  while (todo.length > 0) {
    const x = todo.pop()
    if (x === null || x === undefined) continue
    const t = typeof x
    if (t === 'number' || t === 'string' || t === 'boolean' || t === 'bigint') continue
    if (t !== 'object') return false
    const o = x as object
    if (seen.has(o)) continue
    seen.add(o)
    if (ArrayBuffer.isView(o)) {
      if (o instanceof DataView) return false
      continue
    }
    const proto = Object.getPrototypeOf(o) as unknown
    if (proto === Map.prototype) {
      for (const [k, v] of o as Map<unknown, unknown>) todo.push(k, v)
      if (Reflect.ownKeys(o).length > 0) return false
      continue
    }
    if (proto === Set.prototype) {
      for (const v of o as Set<unknown>) todo.push(v)
      if (Reflect.ownKeys(o).length > 0) return false
      continue
    }
    if (proto !== Object.prototype && proto !== Array.prototype) return false
    for (const k of Reflect.ownKeys(o)) {
      if (typeof k === 'symbol') return false
      const d = Object.getOwnPropertyDescriptor(o, k)
      if (!d || !('value' in d)) return false
      // an array's length is its own hidden property: the copy has it too
      if (!d.enumerable && !(proto === Array.prototype && k === 'length')) return false
      todo.push(d.value)
    }
  }
  return true
}

/**
 * Forgets the kept plan of a scenario. A system may keep answers on its plan (a whole fight solved once);
 * an answer cut short by a budget must not stay there for the next asker, so the plan goes with it.
 */
export function forgetCompiled(parsed: Pick<Parsed, 'system' | 'hash'>): void {
  plans.delete(compiledKey(parsed))
}

/** Plans kept in this thread (for tests). */
export function compiledPlansKept(): number {
  return plans.size
}
