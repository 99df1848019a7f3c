import { heroSucceeds } from '../../dice/three-d6'

/**
 * HERO Characteristic and Skill Rolls.
 * @see docs/rules/hero.md section 3: target 9 + CHAR/5 with HERO rounding, 3d6 roll-under, 3 always
 * succeeds, 18 always fails; the margin is target − roll.
 */

/**
 * Target of a Characteristic Roll: 9 + CHAR/5 rounded the HERO way (.1–.4 down, .6–.9 up, .5 in
 * the character's favour, i.e. up). For an integer CHAR ≥ 0 that is plain round-half-up.
 */
export function characteristicTarget(char: number): number {
  return 9 + Math.floor(char / 5 + 0.5)
}

/** A DEX-based skill (Fast Draw, Teamwork): the DEX Roll plus bought levels and situational modifiers. */
export function skillTarget(dex: number, levels: number): number {
  return characteristicTarget(dex) + levels
}

/** "Made it by X": target − roll (negative when failed). */
export function margin(target: number, roll: number): number {
  return target - roll
}

/** Whether a roll succeeds: 3 always, 18 never, otherwise roll ≤ target. */
export function rollSucceeds(target: number, roll: number): boolean {
  return heroSucceeds(roll, target)
}

/** The roll as a GM writes it: "13-". */
export function rollLabel(target: number): string {
  return `${target}-`
}
