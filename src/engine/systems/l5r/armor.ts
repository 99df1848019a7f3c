import type { Armor, Stance } from './schema'

/**
 * Armor (4e): the Armor TN bonus and the Reduction subtracted from every damage total.
 * @see docs/rules/l5r.md section 4
 */
export const ARMOR_STATS: Readonly<Record<Armor, { tn: number; reduction: number }>> = {
  none: { tn: 0, reduction: 0 },
  ashigaru: { tn: 3, reduction: 1 },
  light: { tn: 5, reduction: 3 },
  heavy: { tn: 10, reduction: 5 },
  riding: { tn: 4, reduction: 4 },
}

/** Stance codes used in the hot loop (index into STANCES). */
export const ATTACK = 0
export const FULL_ATTACK = 1
export const DEFENSE = 2
export const FULL_DEFENSE = 3
export const CENTER = 4

export const STANCE_LABELS: Readonly<Record<Stance, string>> = {
  attack: 'Attack Stance',
  'full-attack': 'Full Attack Stance',
  defense: 'Defense Stance',
  'full-defense': 'Full Defense Stance',
  center: 'Center Stance',
}

/** Stances that allow attacks (Defense: no attack actions; Full Defense: Free actions only; Center: no actions). */
export function canAttackIn(stance: number): boolean {
  return stance === ATTACK || stance === FULL_ATTACK
}

/**
 * Armor TN = 5 × Agility (the skirmish text's name for Reflexes) + 5 + armor, plus the stance: Full Attack −10,
 * Defense + Air + Defense skill, Full Defense + half the Defense roll rounded up (`fullDefenseAdd`);
 * Defense Mastery 5 adds +3 in both defensive Stances (`masteryTn`).
 * @see docs/rules/l5r.md section 3 (Stances) and section 4 (Armor TN)
 */
export function armorTn(base: number, stance: number, defenseAdd: number, fullDefenseAdd: number, masteryTn = 0): number {
  if (stance === FULL_ATTACK) return base - 10
  if (stance === DEFENSE) return base + defenseAdd + masteryTn
  if (stance === FULL_DEFENSE) return base + fullDefenseAdd + masteryTn
  return base
}
