import type { Combatant, Tactic } from './schema'

/**
 * The modified score each waiter rolls against in the Quick Contest.
 * @see ../shared/seeds/001_9ed8a4c4e658c7df.txt "Modifiers" and rules.md §3.6 step 3
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

/**
 * +2 if he needn't move, +0 for a single step, −1 per yard if he must move further (only possible as an
 * All-Out Attack). Whether the free step counts in "per yard" is open (A8): `whole-distance` counts
 * every yard, `beyond-step` only those past the step.
 */
export function movementModifier(yards: number, yardPenalty: string): number {
  if (yards === 0) return 2
  if (yards === 1) return 0
  return yardPenalty === 'beyond-step' ? -(yards - 1) : -yards
}

export function effectiveScore(c: Combatant, t: Tactic, yardPenalty: string): EffectiveParts {
  // +1 for Combat Reflexes; Enhanced Time Sense includes Combat Reflexes (rules.md §3.4).
  const combatReflexes = c.combatReflexes || c.enhancedTimeSense ? 1 : 0
  // "a bonus equal to Basic Speed (drop all fractions)"
  const basicSpeed = Math.floor(c.basicSpeed)
  const movement = movementModifier(t.yards, yardPenalty)
  // "an extra −2 for jumping in late"
  const late = t.commit === 'late' ? -2 : 0
  const total = c.skill + combatReflexes + basicSpeed + movement + late + t.modifier
  return { skill: c.skill, combatReflexes, basicSpeed, movement, late, modifier: t.modifier, total }
}
