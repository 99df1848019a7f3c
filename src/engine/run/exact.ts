import type { ExactMetric } from '../systems/rule-system'
import { parseScenarioOrThrow } from './parse'

/**
 * The exact values of a scenario, computed without sampling (the editor shows them while a scenario is
 * being edited, the CLI prints them with `quickdraw exact`); null when its system has no exact
 * computation. Throws a ScenarioError, naming every bad path, for an invalid scenario.
 */
export function exactOf(raw: unknown): ExactMetric[] | null {
  const { system, scenario } = parseScenarioOrThrow(raw)
  return system.exact ? system.exact(system.compile(scenario)) : null
}
