import type { Rng } from '../core/rng'

/**
 * 3d6 roll-under, shared by HERO and GURPS.
 * @see docs/rules/gurps.md section 1 (GURPS success and criticals) and section 4 (exact distribution); docs/rules/hero.md section 3 (HERO 3/18)
 */

/** Number of ways (out of 216) to roll each total 3..18: `THREE_D6_WAYS[total - 3]`. */
export const THREE_D6_WAYS: readonly number[] = Object.freeze([
  1, 3, 6, 10, 15, 21, 25, 27, 27, 25, 21, 15, 10, 6, 3, 1,
])

/** Total of the ordered triple with index `i` in 0..215 (dice = i%6, ⌊i/6⌋%6, ⌊i/36⌋, each 0-based). */
export const THREE_D6_TOTAL_OF_INDEX: Uint8Array = (() => {
  const t = new Uint8Array(216)
  for (let i = 0; i < 216; i++) t[i] = (i % 6) + (Math.floor(i / 6) % 6) + Math.floor(i / 36) + 3
  return t
})()

/**
 * One 3d6 roll as an index 0..215 of the ordered triple. One unbiased draw stands for three dice:
 * each of the 216 triples is equally likely, exactly as with three separate d6.
 */
export function roll3d6Index(rng: Rng): number {
  return rng.below(216)
}

/** One 3d6 total (3..18). */
export function roll3d6(rng: Rng): number {
  return THREE_D6_TOTAL_OF_INDEX[rng.below(216)]
}

/** Ways out of 216 to roll `total` or less. */
export function waysAtMost(total: number): number {
  let w = 0
  for (let t = 3; t <= Math.min(18, total); t++) w += THREE_D6_WAYS[t - 3]
  return w
}

/**
 * GURPS success roll: success if roll ≤ effective skill, but 3–4 always succeed and 17–18 always fail.
 * @see docs/rules/gurps.md section 1
 */
export function gurpsSucceeds(roll: number, effective: number): boolean {
  return roll <= 4 || (roll <= 16 && roll <= effective)
}

export type Critical = 'success' | 'failure' | null

/**
 * GURPS criticals: success on 3–4 always, 5 at effective 15+, 6 at 16+; failure on 18 always, 17 when
 * effective ≤ 15, and any roll 10 or more above effective skill.
 * @see docs/rules/gurps.md section 1
 */
export function gurpsCritical(roll: number, effective: number): Critical {
  if (roll <= 4 || (roll === 5 && effective >= 15) || (roll === 6 && effective >= 16)) return 'success'
  if (roll === 18 || (roll === 17 && effective <= 15) || roll - effective >= 10) return 'failure'
  return null
}

/**
 * HERO roll-under: a natural 3 always succeeds and 18 always fails.
 * @see docs/rules/hero.md section 3
 */
export function heroSucceeds(roll: number, target: number): boolean {
  return roll === 3 || (roll !== 18 && roll <= target)
}

/** Exact GURPS odds for one effective skill, as counts out of 216. */
export function gurpsOddsExact(effective: number): { success: number; critSuccess: number; critFailure: number } {
  let success = 0
  let critSuccess = 0
  let critFailure = 0
  for (let roll = 3; roll <= 18; roll++) {
    const w = THREE_D6_WAYS[roll - 3]
    if (gurpsSucceeds(roll, effective)) success += w
    const c = gurpsCritical(roll, effective)
    if (c === 'success') critSuccess += w
    else if (c === 'failure') critFailure += w
  }
  return { success, critSuccess, critFailure }
}
