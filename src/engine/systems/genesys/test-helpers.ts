import { parseScenario, parseScenarioOrThrow } from '../../run/parse'
import type { GenesysScenario } from './schema'

/** A check scenario with the given `check` object (tests only). */
export function checkScenario(check: Record<string, unknown>, rules: Record<string, string> = {}): GenesysScenario {
  const doc = { schemaVersion: 1, name: 'test', system: 'genesys', mode: 'check', rules, check, run: { trials: 1000, seed: 1 } }
  return parseScenarioOrThrow(doc).scenario as GenesysScenario
}

/** The issues a document produces, as "path: message" lines (tests only). */
export function issuesOf(doc: Record<string, unknown>): string[] {
  const r = parseScenario({ schemaVersion: 1, name: 'test', system: 'genesys', ...doc })
  return r.ok ? [] : r.issues.map((i) => `${i.path}: ${i.message}`)
}

export const blaster = { name: 'heavy blaster pistol', skill: 'ranged-light', damage: 7, crit: 3, range: 'medium' }
