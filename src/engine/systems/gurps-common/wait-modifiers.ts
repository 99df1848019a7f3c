/**
 * Situational modifiers of the Cascading Waits Quick Contest, shared by the Cascading Waits system and
 * whole GURPS fights.
 * @see GURPS Martial Arts p.108 (docs/rules/gurps.md section 2) "Modifiers"; docs/rules/gurps.md section 2 step 3 and section 5 (`rules.yardPenalty`)
 */

/** "an extra −2 for jumping in late" (GURPS Martial Arts p.108 (docs/rules/gurps.md section 2), docs/rules/gurps.md section 2 step 7). */
export const LATE_JOINER_PENALTY = -2

/**
 * "+2 for fighters who needn't move at all, +0 for those who need only take a single step, or −1 per
 * yard of distance for those who must move further". Whether the free step counts in "per yard" is
 * open (variant `rules.yardPenalty`): `wholeDistance` counts every yard (3 yards: −3), otherwise only those past the step (−2).
 */
export function waitMovementModifier(yards: number, wholeDistance: boolean): number {
  if (yards === 0) return 2
  if (yards === 1) return 0
  return wholeDistance ? -yards : -(yards - 1)
}
