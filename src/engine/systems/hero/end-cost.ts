import type { HeroDice } from '../../dice/hero-damage'

/**
 * END cost of an attack (docs/rules/hero.md section 6): 1 END per 10 Active Points,
 * rounded in the player's favour, minimum 1.
 */

/**
 * Active Points of an attack from its dice, at 5 per Damage Class (docs/rules/hero.md section 6): normal damage 1 DC per d6 and
 * 3 points for a ½d6 (the STR rule: 3 STR adds ½d6); killing damage 3 DC per d6, 2 DC for
 * a ½d6 and 1 DC per pip. A scenario gives `attack.activePoints` when Advantages raise them.
 */
export function activePointsOf(d: HeroDice, killing: boolean): number {
  if (!killing) return 5 * d.whole + (d.half ? 3 : 0)
  return 5 * Math.max(1, 3 * d.whole + (d.half ? 2 : 0) + d.plus)
}

/**
 * END cost of a power of `ap` Active Points: AP/10 with HERO rounding in the player's favour (.1–.5
 * down, .6–.9 up: a cost rounds down on .5), and never below 1 (docs/rules/hero.md section 6).
 */
export function endCostOf(ap: number): number {
  const whole = Math.floor(ap / 10)
  return Math.max(1, ap % 10 >= 6 ? whole + 1 : whole)
}
