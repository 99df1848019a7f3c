import type { VariantDoc } from '../../core/scenario'

/**
 * The Cascading Waits questions both GURPS systems share, documented once.
 * @see docs/rules/gurps.md section 5 (`rules.yardPenalty`, `rules.belowThree`) and GURPS Martial Arts p.108 (docs/rules/gurps.md section 2) "Modifiers"
 */
export const yardPenaltyVariant: VariantDoc = {
  key: 'yardPenalty',
  label: 'Cascading Waits movement penalty "−1 per yard"',
  default: 'whole-distance',
  values: [
    { value: 'whole-distance', label: 'every yard of the distance counts (3 yards: −3)' },
    { value: 'beyond-step', label: 'only the yards beyond the free step count (3 yards: −2)' },
  ],
  source: 'GURPS Martial Arts p.108 (Cascading Waits), which does not say which yards count',
}

export const belowThreeVariant: VariantDoc = {
  key: 'belowThree',
  label: 'Effective score below 3 in a Wait contest',
  default: 'roll',
  values: [
    { value: 'roll', label: 'roll anyway; only a 3 or 4 succeeds' },
    { value: 'forbid', label: 'the waiter may not attempt it and loses his action and his Wait' },
  ],
  source: 'GURPS Basic Set, Success Rolls (no roll at an effective score below 3, except defences); GURPS Martial Arts p.108 (Cascading Waits)',
}
