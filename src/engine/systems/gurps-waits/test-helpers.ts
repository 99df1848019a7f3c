import { parseScenarioOrThrow } from '../../run/parse'
import type { GurpsWaitsScenario } from './schema'

type FighterSpec = {
  id: string
  skill?: number
  basicSpeed?: number
  combatReflexes?: boolean
  enhancedTimeSense?: boolean
  commit?: 'proceed' | 'keep-waiting' | 'late'
  yards?: number
  modifier?: number
  attacks?: string
  prevents?: string[]
  defense?: number
  interrupts?: string
}

/** Builds a valid Cascading Waits scenario from short fighter specs (tests only). */
export function cascadeScenario(fighters: FighterSpec[], rules: Record<string, string> = {}): GurpsWaitsScenario {
  const doc = {
    schemaVersion: 1,
    name: 'test',
    system: 'gurps-waits',
    rules,
    combatants: fighters.map((f) => ({
      id: f.id,
      name: f.id.toUpperCase(),
      skill: f.skill ?? 12,
      basicSpeed: f.basicSpeed ?? 5,
      combatReflexes: f.combatReflexes ?? false,
      enhancedTimeSense: f.enhancedTimeSense ?? false,
    })),
    tactics: fighters.map((f) => {
      const t: Record<string, unknown> = { combatant: f.id, commit: f.commit ?? 'proceed', action: `${f.id} acts`, yards: f.yards ?? 0, modifier: f.modifier ?? 0, prevents: f.prevents ?? [] }
      if (f.attacks) t.attacks = f.attacks
      if (f.interrupts) t.interrupts = f.interrupts
      if (f.defense !== undefined) t.defense = f.defense
      return t
    }),
    run: { trials: 1000, seed: 1 },
  }
  return parseScenarioOrThrow(doc).scenario as GurpsWaitsScenario
}
