import { emptyPool, type Pool } from './narrative-dice'

/**
 * Building a narrative-dice pool: characteristic and skill, difficulty, increases, upgrades, downgrades,
 * Boost and Setback. Functions return new pools; nothing is mutated.
 * @see docs/rules/genesys.md section 3 (Edge of the Empire core rulebook pp.26–29) and section 8 (`rules.modifierOrder`, the order of modifications).
 */

/**
 * The positive dice from a characteristic and a skill: max(characteristic, skill) dice, of which
 * min(characteristic, skill) are Proficiency. Agility 3, Ranged 1 → 2 Ability + 1 Proficiency.
 */
export function positiveDice(characteristic: number, skill: number): { ability: number; proficiency: number } {
  const hi = Math.max(characteristic, skill)
  const lo = Math.min(characteristic, skill)
  return { ability: hi - lo, proficiency: lo }
}

/** Upgrade the ability of a pool `n` times: an Ability die becomes Proficiency; with none left, add an Ability die. */
export function upgradeAbility(p: Pool, n: number): Pool {
  const out = { ...p }
  for (let i = 0; i < n; i++) {
    if (out.ability > 0) {
      out.ability--
      out.proficiency++
    } else out.ability++
  }
  return out
}

/** Upgrade the difficulty `n` times: a Difficulty die becomes Challenge; with none left, add a Difficulty die. */
export function upgradeDifficulty(p: Pool, n: number): Pool {
  const out = { ...p }
  for (let i = 0; i < n; i++) {
    if (out.difficulty > 0) {
      out.difficulty--
      out.challenge++
    } else out.difficulty++
  }
  return out
}

/** Downgrade the ability `n` times: Proficiency → Ability; no effect when there is no Proficiency left. */
export function downgradeAbility(p: Pool, n: number): Pool {
  const k = Math.min(n, p.proficiency)
  return { ...p, proficiency: p.proficiency - k, ability: p.ability + k }
}

/** Downgrade the difficulty `n` times: Challenge → Difficulty; no effect when there is no Challenge left. */
export function downgradeDifficulty(p: Pool, n: number): Pool {
  const k = Math.min(n, p.challenge)
  return { ...p, challenge: p.challenge - k, difficulty: p.difficulty + k }
}

/**
 * Variant `rules.modifierOrder`: 'sequential' applies increases, then every upgrade, then every downgrade (docs/rules/genesys.md
 * default); 'cancel-first' lets upgrades and downgrades of the same pool cancel one for one and applies
 * only what remains (a common table reading; it differs when an upgrade would add a die to an empty pool).
 */
export type ModifierOrder = 'sequential' | 'cancel-first'

export interface CheckSpec {
  characteristic: number
  skill: number
  /** Difficulty dice before anything else (Simple 0 … Formidable 5, or a range band's difficulty). */
  difficulty: number
  /** Challenge dice already in the base difficulty (e.g. an opposed check's upgraded dice). */
  challenge?: number
  /** "Increase difficulty": add Difficulty dice. */
  increase?: number
  upgradeAbility?: number
  upgradeDifficulty?: number
  downgradeAbility?: number
  downgradeDifficulty?: number
  boost?: number
  setback?: number
}

/**
 * The whole pool of a check: base pool, then increases, then upgrades, then downgrades (`rules.modifierOrder`), Boost and
 * Setback added last. With 'cancel-first', upgrades and downgrades of each side cancel before applying.
 * @see docs/rules/genesys.md section 3 ("Order") and section 8 (`rules.modifierOrder`).
 */
export function buildPool(spec: CheckSpec, order: ModifierOrder = 'sequential'): Pool {
  const pos = positiveDice(spec.characteristic, spec.skill)
  let p: Pool = { ...emptyPool(), ...pos, difficulty: spec.difficulty, challenge: spec.challenge ?? 0 }
  p.difficulty += spec.increase ?? 0
  let ua = spec.upgradeAbility ?? 0
  let da = spec.downgradeAbility ?? 0
  let ud = spec.upgradeDifficulty ?? 0
  let dd = spec.downgradeDifficulty ?? 0
  if (order === 'cancel-first') {
    const a = Math.min(ua, da)
    const d = Math.min(ud, dd)
    ua -= a
    da -= a
    ud -= d
    dd -= d
  }
  p = upgradeAbility(p, ua)
  p = upgradeDifficulty(p, ud)
  p = downgradeAbility(p, da)
  p = downgradeDifficulty(p, dd)
  p.boost += spec.boost ?? 0
  p.setback += spec.setback ?? 0
  return p
}

/** Difficulty levels by name (number of Difficulty dice), docs/rules/genesys.md section 3 (Edge of the Empire core rulebook, Table 1-3). */
export const DIFFICULTY_LEVELS = { simple: 0, easy: 1, average: 2, hard: 3, daunting: 4, formidable: 5 } as const
