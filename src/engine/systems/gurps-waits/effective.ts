import { LATE_JOINER_PENALTY, waitMovementModifier } from '../gurps-common/wait-modifiers'
import type { Combatant, Tactic } from './schema'

/**
 * The modified score each waiter rolls against in the Quick Contest.
 * @see GURPS Martial Arts p.108 (docs/rules/gurps.md section 2) "Modifiers" and docs/rules/gurps.md section 2 step 3
 */
export interface EffectiveParts {
  skill: number
  combatReflexes: number
  basicSpeed: number
  movement: number
  late: number
  modifier: number
  total: number
}

/** The Cascading Waits movement modifier (gurps-common) with the variant `rules.yardPenalty` named as in this system's rules. */
export function movementModifier(yards: number, yardPenalty: string): number {
  return waitMovementModifier(yards, yardPenalty !== 'beyond-step')
}

export function effectiveScore(c: Combatant, t: Tactic, yardPenalty: string): EffectiveParts {
  // +1 for Combat Reflexes; Enhanced Time Sense includes Combat Reflexes (docs/rules/gurps.md section 3).
  const combatReflexes = c.combatReflexes || c.enhancedTimeSense ? 1 : 0
  // "a bonus equal to Basic Speed (drop all fractions)"
  const basicSpeed = Math.floor(c.basicSpeed)
  const movement = movementModifier(t.yards, yardPenalty)
  // "an extra −2 for jumping in late"
  const late = t.commit === 'late' ? LATE_JOINER_PENALTY : 0
  const total = c.skill + combatReflexes + basicSpeed + movement + late + t.modifier
  return { skill: c.skill, combatReflexes, basicSpeed, movement, late, modifier: t.modifier, total }
}
