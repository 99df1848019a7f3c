import { parseScenarioOrThrow } from '../../run/parse'
import { compile, type Plan } from './plan'
import type { HeroScenario } from './schema'

/** A combatant in a test: id and side plus any field of the scenario format. */
export type Spec = { id: string; side: 'A' | 'B'; [field: string]: unknown }

/** Builds a valid HERO scenario from short combatant specs (tests only). */
export function heroScenario(specs: Spec[], rules: Record<string, string> = {}, extra: Record<string, unknown> = {}): HeroScenario {
  const doc = {
    schemaVersion: 1,
    name: 'test',
    system: 'hero',
    rules,
    combatants: specs.map((s) => ({ name: s.id.toUpperCase(), dex: 15, spd: 3, ...s })),
    run: { trials: 1000, seed: 1 },
    ...extra,
  }
  return parseScenarioOrThrow(doc).scenario as HeroScenario
}

export function heroPlan(specs: Spec[], rules: Record<string, string> = {}, extra: Record<string, unknown> = {}): Plan {
  return compile(heroScenario(specs, rules, extra), true)
}

/** Tough enough that nobody goes down: for pure timing tests. */
export const UNHURT = { stun: 300, body: 100, pd: 100, ed: 100, con: 99 }
