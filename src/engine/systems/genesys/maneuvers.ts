/**
 * Maneuvers and the turn economy: incidentals are free; one free maneuver; a second one for 2 strain or
 * in exchange for the action; never more than two maneuvers a turn.
 * @see the Star Wars turn rules (docs/rules/genesys.md section 5) ("A character may perform a free maneuver ...",
 * "Exchange an action for a maneuver") and docs/rules/genesys.md section 5
 */

export const MANEUVERS = ['aim', 'assist', 'guarded-stance', 'take-cover', 'drop-prone', 'stand', 'move', 'retreat', 'manage-gear', 'interact'] as const
export type Maneuver = (typeof MANEUVERS)[number]

/** Never more than two maneuvers on one's own turn (the Star Wars turn rules (docs/rules/genesys.md section 5)). */
export const MAX_MANEUVERS = 2
/** Strain suffered for the second maneuver when the action is kept. */
export const SECOND_MANEUVER_STRAIN = 2

export type ActionChoice = 'attack' | 'exchange' | 'none'

export interface TurnBudget {
  /** Maneuvers actually performed this turn (≤ 2). */
  maneuvers: number
  /** Strain voluntarily suffered for them (0 or 2). */
  strain: number
  /** Whether the action is still available for an attack. */
  actionLeft: boolean
}

/**
 * What a character's Critical Injuries leave of the turn economy (crit-effects.ts, EotE Table 6-10 as a GM recalls it): `free` is 1, or 0
 * when Distracted (next turn) or Hamstrung; `max` is 2, or 1 when Temporarily Lame; `strain` is false when
 * Winded (he cannot suffer strain to gain maneuvers).
 */
export interface ManeuverLimits {
  free: 0 | 1
  max: 1 | 2
  strain: boolean
}

/** The unhurt turn economy: one free maneuver, two at most, the second may be bought with strain. */
export const UNHURT: ManeuverLimits = { free: 1, max: 2, strain: true }

/**
 * How a maneuver beyond the free one is paid: with the action when it is not used for an attack
 * ('exchange', or 'none': no one suffers strain while his action sits idle), otherwise with 2 strain, and
 * then only if he may still suffer strain for one (`mayStrain`: once a turn — it buys "a second maneuver" —
 * and not when Winded) and the strain would not take him past his threshold (no one knocks himself out
 * for a maneuver). null: no such maneuver. A staggered character cannot exchange his action.
 */
export function secondManeuverCost(actionFree: boolean, strain: number, strainThreshold: number, mayStrain = true): 'action' | 'strain' | null {
  if (actionFree) return 'action'
  return !mayStrain || strain + SECOND_MANEUVER_STRAIN > strainThreshold ? null : 'strain'
}

/**
 * How many of the planned maneuvers a character performs and what they cost: the free one (if he has it),
 * then the idle action and once 2 strain, as `secondManeuverCost` says; never more than `limits.max` (two).
 * Without the free maneuver he is one maneuver short, not barred from paying for one.
 */
export function turnBudget(planned: number, action: ActionChoice, strain: number, strainThreshold: number, limits: ManeuverLimits = UNHURT): TurnBudget {
  const wanted = Math.min(planned, limits.max, MAX_MANEUVERS)
  let actionIdle = action !== 'attack'
  let paid = 0
  let done = Math.min(wanted, limits.free)
  while (done < wanted) {
    const cost = secondManeuverCost(actionIdle, strain, strainThreshold, limits.strain && paid === 0)
    if (cost === null) break
    if (cost === 'action') actionIdle = false
    else paid = SECOND_MANEUVER_STRAIN
    done++
  }
  return { maneuvers: done, strain: paid, actionLeft: action === 'attack' }
}

/**
 * Maneuver units between range bands: Engaged↔Short 1, Short↔Medium 1, Medium↔Long 2, Long↔Extreme 2
 * (cumulative). A character is not in the nearer band until every maneuver of the move is spent.
 */
export const BAND_UNITS = { engaged: 0, short: 1, medium: 2, long: 4, extreme: 6 } as const

/**
 * The band at a distance in maneuver units reached fresh: 0 engaged, 1 short, 2 medium, 3–4 long, 5+
 * extreme. 3 and 5 are halfway through a two-maneuver move; `bandAfterStep` reads them from the band
 * the pair came from.
 */
export function bandAt(units: number): 'engaged' | 'short' | 'medium' | 'long' | 'extreme' {
  if (units <= 0) return 'engaged'
  if (units === 1) return 'short'
  if (units === 2) return 'medium'
  if (units <= 4) return 'long'
  return 'extreme'
}

/**
 * The band after one maneuver brings a pair to `units`, given the band index (RANGE_BANDS order) they
 * were in: halfway through a two-maneuver move (3 or 5 units) they stay in the band they left, whether
 * closing in or backing away (the Star Wars turn rules (docs/rules/genesys.md section 5): "the character is not considered to be in the new range
 * increment until all required maneuvers have been spent"). Returns a band index.
 */
export function bandAfterStep(previous: number, units: number): number {
  if (units === 3 || units === 5) return previous
  return BAND_INDEX[bandAt(units)]
}

const BAND_INDEX = { engaged: 0, short: 1, medium: 2, long: 3, extreme: 4 } as const
