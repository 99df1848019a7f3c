import type { Rng } from '../../core/rng'

/**
 * Variable (X) game length (Test pour la Durée Variable des Scénarios): in the Starting Phase of Turn X
 * and of every later Turn, one D6; on 4 or more the game finishes at the end of that Turn; it always
 * finishes after the End Phase of the seventh Turn. (A game also ends once a warband is wiped out.)
 * @see the Bushido reference card (docs/rules/bushido.md) "PHASE INITIALE"; docs/rules/bushido.md section 5 (Starting Phase);
 * the publisher's online rules reference, Game Length, Variable (X)
 */

/** The Turn after which a Variable game always finishes. */
export const VARIABLE_LAST = 7
/** Lowest D6 that makes the current Turn the last. */
export const VARIABLE_ENDS_ON = 4

/**
 * Rolls the Variable-length D6 for Turn `turn` (1-based) and returns it; 0 when no die is rolled (before
 * Turn X, in a Fixed game, or on Turn 7, which is always the last). A number, not an object: this runs
 * every Turn of the hot loop.
 */
export function variableDie(rng: Rng, turn: number, from: number | undefined): number {
  if (from === undefined || turn < from || turn >= VARIABLE_LAST) return 0
  return rng.die(6)
}

/** Whether Turn `turn` is the last of a Variable (X) game, given its `variableDie`. */
export function isLastTurn(turn: number, from: number | undefined, die: number): boolean {
  return from !== undefined && (turn >= VARIABLE_LAST || die >= VARIABLE_ENDS_ON)
}

/**
 * Exact P(the game lasts exactly L Turns), index L = 0..7, when no warband is wiped out: Turns 1..X−1
 * always; each Turn from X on finishes the game with P 1/2; Turn 7 always finishes it.
 */
export function variableLengthExact(from: number): number[] {
  const out = new Array<number>(VARIABLE_LAST + 1).fill(0)
  let going = 1
  for (let t = from; t < VARIABLE_LAST; t++) {
    out[t] = going * ((7 - VARIABLE_ENDS_ON) / 6)
    going -= out[t]
  }
  out[VARIABLE_LAST] = going
  return out
}
