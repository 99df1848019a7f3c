/**
 * GURPS 4e muscle-powered basic damage and wounding modifiers, shared by every GURPS system.
 * @see docs/rules/gurps.md section 3 (the thrust and swing formulas reproduce the GURPS Basic Set damage table)
 */

/** A damage roll written "Nd+A" (A may be negative). */
export interface DiceAdd {
  dice: number
  add: number
}

/** Highest ST the table formulas cover; above 27 the Basic Set progression changes. */
export const MAX_TABLE_ST = 27

/**
 * Thrust damage for ST 1–27: below 19 it is 1d with −6 + ⌊(ST−1)/2⌋; from 19 on, v = ST−11 gives
 * (⌊v/8⌋+1)d + (⌊(v mod 8)/2⌋ − 1).
 */
export function thrust(st: number): DiceAdd {
  if (st < 19) return { dice: 1, add: -6 + Math.floor((st - 1) / 2) }
  const v = st - 11
  return { dice: Math.floor(v / 8) + 1, add: Math.floor((v % 8) / 2) - 1 }
}

/** Swing damage for ST 1–27: below 10 it is 1d with −5 + ⌊(ST−1)/2⌋; from 10 on, v = ST−9 gives (⌊v/4⌋+1)d + (v mod 4 − 1). */
export function swing(st: number): DiceAdd {
  if (st < 10) return { dice: 1, add: -5 + Math.floor((st - 1) / 2) }
  const v = st - 9
  return { dice: Math.floor(v / 4) + 1, add: (v % 4) - 1 }
}

export const DAMAGE_TYPES = ['cr', 'cut', 'imp', 'pi-', 'pi', 'pi+', 'pi++', 'burn', 'cor', 'tox'] as const
export type DamageType = (typeof DAMAGE_TYPES)[number]

/**
 * Wounding multiplier in halves (cut ×1.5 = 3 halves), so injury stays integer arithmetic:
 * injury = ⌊penetrating × halves / 2⌋. Applied after DR.
 */
export const WOUNDING_HALVES: Readonly<Record<DamageType, number>> = Object.freeze({
  cr: 2,
  cut: 3,
  imp: 4,
  'pi-': 1,
  pi: 2,
  'pi+': 3,
  'pi++': 4,
  burn: 2,
  cor: 2,
  tox: 2,
})

/** Minimum basic damage: 0 for crushing, 1 for every other type (GURPS Basic Set, Damage and Injury). */
export function minimumDamage(type: DamageType): number {
  return type === 'cr' ? 0 : 1
}

/**
 * Injury from basic damage: penetrating = max(0, damage − DR), times the wounding multiplier rounded
 * down, but at least 1 HP whenever anything penetrates when `minOne` (`rules.minimumInjury` "one", the book's rule).
 */
export function injuryOf(damage: number, dr: number, halves: number, minOne: boolean): number {
  const pen = damage > dr ? damage - dr : 0
  const inj = Math.floor((pen * halves) / 2)
  return minOne && pen > 0 && inj < 1 ? 1 : inj
}

/** Parses "thr", "sw+2", "2d-1" against a ST into dice and adds. */
export function parseDamage(spec: string, st: number): DiceAdd {
  const m = /^(thr|sw|(\d+)d)([+-]\d+)?$/.exec(spec)
  if (!m) throw new Error(`not a damage roll: ${spec}`)
  const base = m[1] === 'thr' ? thrust(st) : m[1] === 'sw' ? swing(st) : { dice: Number(m[2]), add: 0 }
  return { dice: base.dice, add: base.add + (m[3] ? Number(m[3]) : 0) }
}

export function formatDice(d: DiceAdd): string {
  return `${d.dice}d${d.add > 0 ? `+${d.add}` : d.add < 0 ? `${d.add}` : ''}`
}
