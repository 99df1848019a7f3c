/**
 * The Damage Roll (Jet de Dégâts) read on the Wound Table (Table des Dégâts): 2D6 + modifiers gives the
 * row (clamped to 2..12), the Success Level gives the column. 1s are not removed in Damage Rolls.
 * @see the Bushido reference card (docs/rules/bushido.md) "TABLE DES DÉGÂTS"; docs/rules/bushido.md section 4
 */

/** The reference card's table, rows 2D6 = 2..12 (index row − 2), columns Success Level 0..10. */
export const WOUND_TABLE: readonly (readonly number[])[] = Object.freeze([
  [0, 0, 0, 0, 1, 2, 3, 4, 5, 6, 7],
  [0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8],
  [0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
  [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11],
  [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11],
  [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
  [3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13],
])

/** How a Success Level above 10 reads (variant `rules.slAboveTen`, docs/rules/bushido.md section 7). */
export type SlAboveTen = 'formula' | 'clamp'

/**
 * Wounds on the table for a row (2..12 after clamping) and a Success Level ≥ 0. Above SL 10 the table
 * stops: 'formula' adds one wound per SL beyond 10 (the formula SL + m(row) that every cell obeys),
 * 'clamp' reads column 10. @see docs/rules/bushido.md section 4 and section 7 (`rules.slAboveTen`)
 */
export function tableWounds(row: number, sl: number, slAboveTen: SlAboveTen): number {
  const r = row < 2 ? 2 : row > 12 ? 12 : row
  const line = WOUND_TABLE[r - 2]
  if (sl <= 10) return line[sl]
  return slAboveTen === 'clamp' ? line[10] : line[10] + (sl - 10)
}

/** Which dice the Damage Roll uses: 2D6, Strong = 3D6 keep the two highest, Weak = keep the two lowest. */
export type DamageDice = 'normal' | 'strong' | 'weak'

/**
 * Strong and Weak cancel each other out. @see docs/rules/bushido.md section 4; the publisher's rules reference treats
 * them as 3D6-keep-2, not as the flat ±1 of older community posts.
 */
export function damageDiceOf(strong: boolean, weak: boolean): DamageDice {
  if (strong === weak) return 'normal'
  return strong ? 'strong' : 'weak'
}

export const DAMAGE_FACES: Readonly<Record<DamageDice, number>> = { normal: 36, strong: 216, weak: 216 }

/** Dice of the ordered damage roll with index i (2 or 3 dice, base-6 digits + 1). */
export function damageDice(dice: DamageDice, index: number): number[] {
  const out = [(index % 6) + 1, (Math.floor(index / 6) % 6) + 1]
  if (dice !== 'normal') out.push(Math.floor(index / 36) + 1)
  return out
}

/** The raw total kept from the roll with index i: 2D6, or the two highest/lowest of 3D6. */
export function damageTotal(dice: DamageDice, index: number): number {
  const d = damageDice(dice, index)
  if (dice === 'normal') return d[0] + d[1]
  d.sort((a, b) => a - b)
  return dice === 'strong' ? d[1] + d[2] : d[0] + d[1]
}

/** Everything that turns a raw roll and an SL into wounds against one target. */
export interface DamageMods {
  /** Added to the roll: weapon Strength, +2 on a Charge's first Damage Roll. */
  bonus: number
  /** Armour (X) still in force after Pierce, subtracted from the roll. */
  armour: number
  /** Tough (X): wounds reduced by X after the table (negative X increases them). */
  tough: number
  /** Durable: a hit never does more than 1 wound. */
  durable: boolean
}

/**
 * Wounds from one Damage Roll: row = raw + bonus − armour (clamped 2..12), read at the SL, then Tough,
 * then Durable. @see docs/rules/bushido.md section 4 ("Then Tough (X) ..., Durable caps a hit")
 */
export function woundsOf(raw: number, sl: number, mods: DamageMods, slAboveTen: SlAboveTen): number {
  let w = tableWounds(raw + mods.bonus - mods.armour, sl, slAboveTen) - mods.tough
  if (w < 0) w = 0
  if (mods.durable && w > 1) w = 1
  return w
}

/**
 * What makes up a Damage Roll's row and what happens after the table, for a trace a player can check by
 * hand (issue 15 item 6): weapon Strength, Charge +2, a special's bonus (Powerful Attack +3), the
 * target's Armour and the weapon's Pierce, then Tough, Durable and a special's halving.
 */
export interface DamageParts {
  strength: number
  charge: number
  /** A Special Attack's bonus to the roll and its name (Powerful Attack +3), 0 / '' if none. */
  special: number
  specialName: string
  armour: number
  pierce: number
  tough: number
  durable: boolean
  /** Sweep / Throw Attack: the wounds are halved, rounding down. */
  halved: boolean
  slAboveTen: SlAboveTen
}

/** Precomputed wounds for every SL 0..maxSl and every roll index: `wounds[sl * faces + index]`. */
export interface DamageTable {
  dice: DamageDice
  faces: number
  maxSl: number
  wounds: Uint8Array
  /** The row's make-up, for the trace (tables built without it trace the plain roll). */
  parts?: DamageParts
}

const signed = (label: string, v: number): string => (v === 0 ? '' : ` ${v > 0 ? '+' : '−'} ${label} ${Math.abs(v)}`)

/**
 * The Damage Roll written out in full: "[4, 6] = 10 + Strength 1 − Armour 2 (Armour 3 − Pierce 1) = row 9
 * → Wound Table at SL 1: 2 − Tough 1 = 1". Returns the text and the wounds it arrives at (the caller
 * checks them against the precomputed table).
 */
export function damageRowText(t: DamageTable, index: number, sl: number): { text: string; wounds: number } {
  const dice = damageDice(t.dice, index)
  const raw = damageTotal(t.dice, index)
  const kind = t.dice === 'normal' ? '2D6' : t.dice === 'strong' ? '3D6 keep the 2 highest (Strong)' : '3D6 keep the 2 lowest (Weak)'
  const p = t.parts
  if (!p) {
    const w = t.wounds[(sl > t.maxSl ? t.maxSl : sl) * t.faces + index]
    return { text: `${kind} [${dice.join(', ')}] = ${raw}`, wounds: w }
  }
  const armour = Math.max(0, p.armour - p.pierce)
  const row = raw + p.strength + p.charge + p.special - armour
  const clamped = row < 2 ? 2 : row > 12 ? 12 : row
  let text = `${kind} [${dice.join(', ')}] = ${raw}${signed('Strength', p.strength)}${p.charge ? ` + Charge ${p.charge}` : ''}${p.special ? ` + ${p.specialName} ${p.special}` : ''}`
  if (armour > 0 || p.armour > 0) text += ` − Armour ${armour}${p.pierce > 0 ? ` (Armour ${p.armour} − Pierce ${Math.min(p.pierce, p.armour)})` : ''}`
  text += ` = row ${row}${clamped !== row ? ` (read as row ${clamped})` : ''}`
  const table = tableWounds(clamped, sl, p.slAboveTen)
  text += ` → Wound Table at SL ${sl}: ${table}`
  let w = table
  if (p.tough !== 0) {
    w = Math.max(0, w - p.tough)
    text += ` ${p.tough > 0 ? '−' : '+'} Tough ${Math.abs(p.tough)} = ${w}`
  }
  if (p.durable && w > 1) {
    w = 1
    text += '; Durable: at most 1'
  }
  if (p.halved) {
    w = w >> 1
    text += `; halved, rounding down: ${w}`
  }
  return { text, wounds: w }
}

export function damageTable(dice: DamageDice, mods: DamageMods, maxSl: number, slAboveTen: SlAboveTen, parts?: DamageParts): DamageTable {
  const faces = DAMAGE_FACES[dice]
  const wounds = new Uint8Array((maxSl + 1) * faces)
  for (let sl = 0; sl <= maxSl; sl++) {
    for (let i = 0; i < faces; i++) wounds[sl * faces + i] = woundsOf(damageTotal(dice, i), sl, mods, slAboveTen)
  }
  return parts ? { dice, faces, maxSl, wounds, parts } : { dice, faces, maxSl, wounds }
}

/** A wound distribution with everything at or beyond `left` (the wounds the victim has left) folded into `left`. */
export function upToWounds(d: readonly number[], left: number): number[] {
  return d.map((x, k) => (k < left ? x : k === left ? d.slice(left).reduce((s, y) => s + y, 0) : 0))
}

/** Exact ways (out of `faces`) to take each number of wounds at one SL. */
export function woundWays(table: DamageTable, sl: number): number[] {
  const s = sl > table.maxSl ? table.maxSl : sl
  const out: number[] = []
  for (let i = 0; i < table.faces; i++) {
    const w = table.wounds[s * table.faces + i]
    while (out.length <= w) out.push(0)
    out[w]++
  }
  return out
}

/** Exact expected wounds of one Damage Roll at one SL. */
export function expectedWounds(table: DamageTable, sl: number): number {
  return woundWays(table, sl).reduce((s, w, k) => s + w * k, 0) / table.faces
}
