import type { AnyRuleSystem } from '../systems/rule-system'
import { findSystem, systemIds } from '../systems/registry'
import { parseScenarioWith, ScenarioError, type ParseResultOf } from './parse-core'

export { MAX_DEPTH, parseJsonText, scenarioForHash, ScenarioError } from './parse-core'

export type ParseResult = ParseResultOf<AnyRuleSystem>

/**
 * Validates a scenario document against the schema of the rule system it names (parse-core.ts), and gives
 * that whole system with it, ready to compile and run.
 */
export function parseScenario(input: unknown): ParseResult {
  return parseScenarioWith(input, findSystem, systemIds)
}

/** Like `parseScenario`, but throws a `ScenarioError` listing every issue. */
export function parseScenarioOrThrow(input: unknown, where?: string): Extract<ParseResult, { ok: true }> {
  const r = parseScenario(input)
  if (!r.ok) throw new ScenarioError(r.issues, where)
  return r
}
