import type { ExactMetric } from '../systems/rule-system'
import { ExactCache, exactCacheKey } from './exact-cache'
import { parseScenarioOrThrow } from './parse'

/** This process's exact values by scenario (exact-cache.ts): an identical scenario is solved once. */
export const exactCache = new ExactCache()

export interface ExactOptions {
  /** Solve again even when this scenario's values are kept (`quickdraw bench` times the solve itself). */
  fresh?: boolean
}

/**
 * The exact values of a scenario, computed without sampling (the editor shows them while a scenario is
 * being edited, the CLI prints them with `quickdraw exact`); null when its system has no exact
 * computation. Throws a ScenarioError, naming every bad path, for an invalid scenario. Answers (and
 * refusals) are kept by scenario hash and system version, so asking again costs nothing.
 */
export function exactOf(raw: unknown, options: ExactOptions = {}): ExactMetric[] | null {
  const { system, scenario, hash } = parseScenarioOrThrow(raw)
  if (!system.exact) return null
  const key = exactCacheKey(system, hash)
  const kept = options.fresh ? undefined : exactCache.get(key)
  if (kept !== undefined) return kept
  const values = system.exact(system.compile(scenario))
  exactCache.set(key, values)
  return values
}
