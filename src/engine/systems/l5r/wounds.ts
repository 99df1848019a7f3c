/**
 * Wound ranks (4e default): Healthy holds Earth × 5 wounds, each later rank Earth × multiplier (2 by
 * default): Nicked +3, Grazed +5, Hurt +10, Injured +15, Crippled +20, Down +40 (no attacks), Out
 * (unconscious); past Out the character is dead. Penalties raise the TN of the wounded character's
 * own rolls, never his Armor TN.
 * @see docs/rules/l5r.md section 4, docs/rules/l5r.md section 4
 */
export const RANK_NAMES: readonly string[] = ['Healthy', 'Nicked', 'Grazed', 'Hurt', 'Injured', 'Crippled', 'Down', 'Out', 'dead']
export const RANK_PENALTY: readonly number[] = [0, 3, 5, 10, 15, 20, 40, 0, 0]
export const DOWN = 6
export const OUT = 7
export const DEAD = 8

/** Highest wound total of each rank Healthy..Out (8 entries); more than the last is dead. */
export function woundThresholds(earth: number, multiplier = 2): Int32Array {
  const t = new Int32Array(8)
  t[0] = 5 * earth
  for (let r = 1; r < 8; r++) t[r] = t[r - 1] + multiplier * earth
  return t
}

/** Rank index (0 Healthy .. 8 dead) for a wound total. */
export function rankOf(wounds: number, thresholds: Int32Array): number {
  let r = 0
  while (r < 8 && wounds > thresholds[r]) r++
  return r
}
