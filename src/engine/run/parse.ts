import { hashScenario } from '../core/hash'
import { describeIssues, type ScenarioIssue } from '../core/schema'
import type { ScenarioBase } from '../core/scenario'
import type { AnyRuleSystem } from '../systems/rule-system'
import { findSystem, systemIds } from '../systems/registry'

export type ParseResult =
  | { ok: true; system: AnyRuleSystem; scenario: ScenarioBase; hash: string }
  | { ok: false; issues: ScenarioIssue[] }

/**
 * Validates a scenario document: first which system it is for, then everything with that system's
 * schema, reporting every problem at once with its JSON path and the allowed values. Defaults are
 * filled in, so the parsed scenario (and its hash) spells out every rule variant in force.
 */
export function parseScenario(input: unknown): ParseResult {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) {
    return { ok: false, issues: [{ path: '', message: 'a scenario must be a JSON object' }] }
  }
  const systemId = (input as { system?: unknown }).system
  const system = typeof systemId === 'string' ? findSystem(systemId) : undefined
  if (!system) {
    const allowed = systemIds.map((s) => JSON.stringify(s)).join(', ')
    const got = systemId === undefined ? 'nothing' : JSON.stringify(systemId)
    return { ok: false, issues: [{ path: 'system', message: `must be one of ${allowed}, got ${got}` }] }
  }
  const parsed = system.schema.safeParse(input, { reportInput: true })
  if (!parsed.success) return { ok: false, issues: describeIssues(parsed.error.issues) }
  const scenario = parsed.data as ScenarioBase
  return { ok: true, system, scenario, hash: hashScenario(scenarioForHash(scenario)) }
}

/**
 * The hash covers what determines the numbers: everything but the run settings (the document records
 * them apart) and the editor's `$schema` pointer.
 */
export function scenarioForHash(s: ScenarioBase): Omit<ScenarioBase, 'run' | '$schema'> {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  const { run, $schema, ...rest } = s
  return rest
}

export class ScenarioError extends Error {
  readonly issues: ScenarioIssue[]
  constructor(issues: ScenarioIssue[], where = 'scenario') {
    super(`${where} is not valid:\n${issues.map((i) => `  ${i.path === '' ? '' : `${i.path}: `}${i.message}`).join('\n')}`)
    this.name = 'ScenarioError'
    this.issues = issues
  }
}

/** Like `parseScenario`, but throws a `ScenarioError` listing every issue. */
export function parseScenarioOrThrow(input: unknown, where?: string): Extract<ParseResult, { ok: true }> {
  const r = parseScenario(input)
  if (!r.ok) throw new ScenarioError(r.issues, where)
  return r
}
