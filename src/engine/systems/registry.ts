import type { AnyRuleSystem } from './rule-system'
import { gurpsWaits } from './gurps-waits'
import { hero } from './hero'
import { gurps } from './gurps'
import { l5r } from './l5r'
import { genesys } from './genesys'
import { bushido } from './bushido'

/** The only place that lists every rule system. */
export const systems: readonly AnyRuleSystem[] = [gurpsWaits, hero, gurps, l5r, genesys, bushido]

export function findSystem(id: string): AnyRuleSystem | undefined {
  return systems.find((s) => s.id === id)
}

export const systemIds: readonly string[] = systems.map((s) => s.id)
