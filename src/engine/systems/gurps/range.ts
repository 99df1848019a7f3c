/**
 * Range penalties of the Size and Speed/Range Table: 0 up to 2 yards, then −1 per step of the
 * progression 3, 5, 7, 10, 15, 20, 30, 50, 70, 100, 150, … yards; a distance between two entries takes
 * the penalty of the larger one (4 yards is −2).
 * @see docs/rules/gurps.md section 3 (situational modifiers); GURPS Basic Set p.550 Size and Speed/Range Table
 */

/** Longest distance the table is precomputed for; farther shots use this entry's penalty. */
export const MAX_RANGE_YARDS = 1000

/** Upper ends of each range band in yards: band k (0-based) is at −k. */
const BANDS: readonly number[] = [2, 3, 5, 7, 10, 15, 20, 30, 50, 70, 100, 150, 200, 300, 500, 700, 1000]

const PENALTY: Int8Array = (() => {
  const t = new Int8Array(MAX_RANGE_YARDS + 1)
  let band = 0
  for (let y = 0; y <= MAX_RANGE_YARDS; y++) {
    while (y > BANDS[band]) band++
    t[y] = -band
  }
  return t
})()

/** Range penalty (≤ 0) for a ranged attack at `yards`. */
export function rangePenalty(yards: number): number {
  return PENALTY[yards < MAX_RANGE_YARDS ? (yards > 0 ? yards : 0) : MAX_RANGE_YARDS]
}
