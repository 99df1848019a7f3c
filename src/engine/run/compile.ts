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

/** Plans a thread keeps (a run, a sweep's last few points, the exact panel's scenario). */
export const COMPILED_PLANS_KEPT = 8

const plans = new LruCache<string, Compiled>(COMPILED_PLANS_KEPT)

type Parsed = Extract<ParseResult, { ok: true }>

function keyOf(p: Pick<Parsed, 'system' | 'hash'>): string {
  return `${p.system.id}@${p.system.version}#${p.hash}`
}

/** The compiled plan of a parsed scenario: this thread's kept one, or compiled now and kept. */
export function compiledOf(parsed: Parsed): Compiled {
  const key = keyOf(parsed)
  let hit = plans.get(key)
  if (!hit) {
    hit = { system: parsed.system, plan: parsed.system.compile(parsed.scenario) }
    plans.set(key, hit)
  }
  return hit
}

/** The compiled plan of a scenario document (validated; throws a ScenarioError naming every bad path). */
export function compiledFor(scenario: unknown): Compiled {
  return compiledOf(parseScenarioOrThrow(scenario))
}

/**
 * Forgets the kept plan of a scenario. A system may keep answers on its plan (a whole fight solved once);
 * an answer cut short by a budget must not stay there for the next asker, so the plan goes with it.
 */
export function forgetCompiled(parsed: Pick<Parsed, 'system' | 'hash'>): void {
  plans.delete(keyOf(parsed))
}

/** Plans kept in this thread (for tests). */
export function compiledPlansKept(): number {
  return plans.size
}
