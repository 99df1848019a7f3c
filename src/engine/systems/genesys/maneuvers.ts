/**
 * Maneuvers and the turn economy: incidentals are free; one free maneuver; a second one for 2 strain or
 * in exchange for the action; never more than two maneuvers a turn.
 * @see ../shared/seeds/003_d9879017bb664d48.txt ("A character may perform a free maneuver ...",
 * "Exchange an action for a maneuver") and rules.md §5.5
 */

export const MANEUVERS = ['aim', 'assist', 'guarded-stance', 'take-cover', 'drop-prone', 'stand', 'move', 'retreat', 'manage-gear', 'interact'] as const
export type Maneuver = (typeof MANEUVERS)[number]

/** Never more than two maneuvers on one's own turn (seed 003). */
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
 * How the second maneuver of a turn is paid: with the action when it is not used for an attack
 * ('exchange', or 'none': no one suffers strain while his action sits idle), otherwise with 2 strain, and
 * then only if the strain would not take him past his threshold (no one knocks himself out for a
 * maneuver). null: no second maneuver. A staggered character cannot exchange his action.
 */
export function secondManeuverCost(actionFree: boolean, strain: number, strainThreshold: number): 'action' | 'strain' | null {
  if (actionFree) return 'action'
  return strain + SECOND_MANEUVER_STRAIN > strainThreshold ? null : 'strain'
}

/**
 * How many of the planned maneuvers a character performs and what they cost. The first is free; the
 * second as `secondManeuverCost` says; never more than two.
 */
export function turnBudget(planned: number, action: ActionChoice, strain: number, strainThreshold: number): TurnBudget {
  const wanted = Math.min(planned, MAX_MANEUVERS)
  if (wanted < 2) return { maneuvers: wanted, strain: 0, actionLeft: action === 'attack' }
  const cost = secondManeuverCost(action !== 'attack', strain, strainThreshold)
  if (cost === 'action') return { maneuvers: 2, strain: 0, actionLeft: false }
  if (cost === null) return { maneuvers: 1, strain: 0, actionLeft: action === 'attack' }
  return { maneuvers: 2, strain: SECOND_MANEUVER_STRAIN, actionLeft: true }
}

/**
 * Maneuver units between range bands: Engaged↔Short 1, Short↔Medium 1, Medium↔Long 2, Long↔Extreme 2
 * (cumulative). A character is not in the nearer band until every maneuver of the move is spent.
 */
export const BAND_UNITS = { engaged: 0, short: 1, medium: 2, long: 4, extreme: 6 } as const

/**
 * The band at a distance in maneuver units: 0 engaged, 1 short, 2 medium, 3–4 long, 5+ extreme. Halfway
 * through a two-maneuver move (3 or 5 units) the pair still counts as the farther band, which is exact
 * for closing in (the usual move); someone backing away counts as farther one maneuver early.
 */
export function bandAt(units: number): 'engaged' | 'short' | 'medium' | 'long' | 'extreme' {
  if (units <= 0) return 'engaged'
  if (units === 1) return 'short'
  if (units === 2) return 'medium'
  if (units <= 4) return 'long'
  return 'extreme'
}
