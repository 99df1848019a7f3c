/**
 * Resolving a combat check: hit, damage, soak, wounds, critical injuries and spending advantage.
 * @see the Star Wars turn rules (docs/rules/genesys.md section 5) steps 3–4 and docs/rules/genesys.md section 6
 */

/** A hit needs net successes ≥ 1 ("more successes than failures"). */
export function isHit(net: number): boolean {
  return net >= 1
}

/** Damage of a hit = weapon damage + every net success, the first included (docs/rules/genesys.md). */
export function hitDamage(weaponDamage: number, net: number): number {
  return weaponDamage + net
}

/** Wounds suffered = damage − soak, never below 0 (blaster 6 + 1 net success = 7 vs soak 3 → 4 wounds). */
export function woundsAfterSoak(damage: number, soak: number): number {
  return Math.max(0, damage - soak)
}

/**
 * How many times a hit triggers a Critical Injury: only on a hit that deals wounds past soak; each Triumph
 * triggers once, and advantage triggers once per full Critical rating spent.
 * @see docs/rules/genesys.md section 6 (EotE pp.214–215)
 */
export function critTriggers(wounds: number, advantage: number, triumphs: number, critRating: number): number {
  if (wounds <= 0) return 0
  return triumphs + (advantage > 0 ? Math.floor(advantage / critRating) : 0)
}

/**
 * Advantage left after the critical: the triggers paid with advantage cost `critRating` each (Triumphs
 * pay for their own trigger). Triumph/Despair and advantage/threat are separate tallies (docs/rules/genesys.md section 2):
 * a Triumph that pays for the critical leaves net threat as it was, for the GM to spend.
 */
export function advantageAfterCrit(advantage: number, triumphs: number, triggers: number, critRating: number): number {
  if (advantage <= 0) return advantage
  const paidWithAdvantage = Math.max(0, triggers - triumphs)
  return Math.max(0, advantage - paidWithAdvantage * critRating)
}

/**
 * The Critical Injury roll: d100, +10 for each injury the target already has, +10 for each trigger
 * beyond the first (one roll per hit).
 */
export function critRoll(d100: number, existingInjuries: number, triggers: number): number {
  return d100 + 10 * existingInjuries + 10 * Math.max(0, triggers - 1)
}

/** Soak left against a weapon: Pierce ignores that much, Breach 10 per rank; never below 0. */
export function soakAgainst(soak: number, pierce: number, breach: number): number {
  return Math.max(0, soak - pierce - 10 * breach)
}

/** A Critical Injury result of 151 or more kills (Critical Injury table, "Dead" row). */
export const CRIT_DEAD = 151

/** Bins of the crit-severity histogram: results 1..250 grouped by 10 (the table's rows are mostly 5 or 10 wide). */
export const CRIT_BIN_WIDTH = 10
export const CRIT_BINS = 26

export function critBin(result: number): number {
  return Math.min(CRIT_BINS - 1, Math.floor((result - 1) / CRIT_BIN_WIDTH))
}
