import { MAX_POOL } from '../../dice/bushido-d6'
import type { Part } from './modifiers'
import type { Model } from './schema'

/**
 * Ki: the Ki statistic X/Y, Ki Generation in the Starting Phase, the Focus action and Ki Boosts on the
 * Melee Pool. @see the Bushido reference card (docs/rules/bushido.md) "TOUR DE JEU" (Génération de Ki),
 * "ACTIONS" (Concentration), "PASSE D'ARMES" (Exploits/Boosts en commençant par le Défenseur),
 * "SURPRISE" (Ne peut pas utiliser d'Exploits/Boosts Ki); docs/rules/bushido.md section 1, section 2 (step 3, Surprise), section 5
 */

/** What a plan asks for: a number of boosts or every boost its Ki pays for. */
export type BoostWish = number | 'all'

/**
 * Ki Generation (Génération de Ki) and Focus (Concentration) both gain X, the Ki statistic's first
 * number; the model never holds more than Y (the excess is discarded). Returns the Ki held afterwards.
 * @see docs/rules/bushido.md section 5 (Ki Generation, Focus: "gain Ki equal to the Ki statistic", read as its first number X)
 */
export function gainKi(held: number, x: number, y: number): number {
  const after = held + x
  return after > y ? (held > y ? held : y) : after
}

/**
 * Most dice Ki Boosts can add to a Melee Pool of `pool` (after its modifiers): a statistic is never
 * modified above double its base, and a base of 0 at most to 1 (docs/rules/bushido.md section 1) [A: the ceiling bounds
 * the modified pool, so penalties leave room for more boosts]. The engine also stops at MAX_POOL (12)
 * dice, which only binds a Melee statistic above 6, higher than any card prints.
 */
export function boostRoom(melee: number, pool: number): number {
  const ceiling = Math.min(melee === 0 ? 1 : 2 * melee, MAX_POOL)
  return ceiling > pool ? ceiling - pool : 0
}

/**
 * Boosts a model declares: what its plan asks ("all" = as many as its Ki pays for), limited by the Ki
 * it holds (`cost` Ki per die) and by `boostRoom`. A Surprised model cannot use Ki Boosts (the reference
 * card's "SURPRISE": Ne peut pas utiliser d'Exploits/Boosts Ki).
 */
export function boostsFor(wish: BoostWish, held: number, cost: number, room: number, surprised: boolean): number {
  if (surprised) return 0
  const affordable = Math.floor(held / cost)
  let b = wish === 'all' ? affordable : Math.min(wish, affordable)
  if (b > room) b = room
  return b > 0 ? b : 0
}

/** The boosts a model can afford at most in one exchange (for validation messages). */
export function boostLimit(m: Model, pool: number, surprised: boolean): number {
  return boostsFor('all', m.kiTokens, m.kiBoostCost, boostRoom(m.melee, pool), surprised)
}

/** The pool line of the boosts, for the trace: "+2 Boost Ki / Ki Boost (2 Ki)". */
export function boostPart(boosts: number, cost: number): Part {
  return { label: `Boost Ki / Ki Boost (${boosts * cost} Ki)`, value: boosts }
}

/** Does this card do anything with Ki? (Ki metrics are only reported for such models.) */
export function usesKi(m: Model): boolean {
  return m.ki > 0 || m.kiTokens > 0
}
