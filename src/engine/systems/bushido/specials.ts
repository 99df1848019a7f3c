import type { DamageTable } from './damage'

/**
 * Special Attacks and Special Defences (Techniques Martiales Spéciales, Attaque / Défense Spéciale):
 * abilities on a weapon grid, each with a cost in dice, e.g. "Sweep Attack (1)". The effects below
 * are those that change the outcome of one Melee Exchange; movement distances are not modelled,
 * only whether the two models are still in base contact (CSS / BtB) afterwards.
 * @see the Bushido reference card (docs/rules/bushido.md) "PASSE D'ARMES" steps 5–9; docs/rules/bushido.md section 2 steps 4–7;
 * the publisher's online rules reference, Special Abilities
 */

export type SpecialType = 'attack' | 'defence'

/** What a successful special does to the exchange. */
export interface SpecialEffect {
  type: SpecialType
  /** English name (rulebook) and what it does, for labels and the trace. */
  name: string
  text: string
  /** Attack only: the Damage Roll of this strike is full, halved (rounded down) or not made at all. */
  damage: 'full' | 'half' | 'none'
  /** Attack only: added to the Damage Roll (Powerful Attack +3). */
  damageBonus: number
  /**
   * The exchange ends for the other model: knocked Au Sol / Prone, moved out of base contact, or the
   * user leaves base contact. docs/rules/bushido.md section 2 step 7: such a model does not strike back.
   */
  endsContact: boolean
  /**
   * The two models are no longer in base contact afterwards (pushed, thrown or stepped away); a Sweep
   * leaves the Defender Prone where it stands, a Grapple keeps hold. Used by games, where contact lasts.
   */
  separates: boolean
  /** State the other model is left in (for the log; it matters in later exchanges). */
  state: 'prone' | 'held' | null
}

/**
 * The catalogue. Attacks apply when this model's Attack beats the enemy Defence; defences when the
 * enemy put dice in Attack and lost its comparison against this model's Defence.
 */
export const SPECIALS = {
  'powerful-attack': { type: 'attack', name: 'Powerful Attack', text: '+3 to the Damage Roll', damage: 'full', damageBonus: 3, endsContact: false, separates: false, state: null },
  'sweep-attack': { type: 'attack', name: 'Sweep Attack', text: 'the Defender is knocked Prone (Au Sol) and takes half the wounds', damage: 'half', damageBonus: 0, endsContact: true, separates: false, state: 'prone' },
  'throw-attack': { type: 'attack', name: 'Throw Attack', text: 'the Defender is thrown 2" and knocked Prone (Au Sol), taking half the wounds', damage: 'half', damageBonus: 0, endsContact: true, separates: true, state: 'prone' },
  'push-attack': { type: 'attack', name: 'Push Attack', text: 'the Defender is pushed out of base contact (CSS) and out of the ZoC; no Damage Roll', damage: 'none', damageBonus: 0, endsContact: true, separates: true, state: null },
  'sidestep-attack': { type: 'attack', name: 'Sidestep Attack', text: 'the Attacker leaves base contact (CSS) and the ZoC; no Damage Roll', damage: 'none', damageBonus: 0, endsContact: true, separates: true, state: null },
  'sidestep-defence': { type: 'defence', name: 'Sidestep Defence', text: 'the Defender leaves base contact (CSS)', damage: 'full', damageBonus: 0, endsContact: true, separates: true, state: null },
  'push-defence': { type: 'defence', name: 'Push Defence', text: 'the Attacker is pushed out of base contact (CSS)', damage: 'full', damageBonus: 0, endsContact: true, separates: true, state: null },
  'grapple-defence': { type: 'defence', name: 'Grapple Defence', text: 'the Attacker becomes Held (Paralysée)', damage: 'full', damageBonus: 0, endsContact: false, separates: false, state: 'held' },
} as const satisfies Record<string, SpecialEffect>

export type SpecialKey = keyof typeof SPECIALS
export const SPECIAL_KEYS = Object.keys(SPECIALS) as [SpecialKey, ...SpecialKey[]]

/** A special on a model's card: which ability and its bracketed cost in dice. */
export interface CardSpecial {
  ability: SpecialKey
  cost: number
}

/**
 * The choices one model has for its dice in an exchange: option o rolls `pool − cost[o]` dice, of which
 * `attack[o]` are Attack dice, and declares special `special[o]` (index into `specials`, −1 for none).
 * Without specials option o is simply "o Attack dice", so strategies index options throughout.
 */
export interface SplitOptions {
  count: number
  attack: Int32Array
  cost: Int32Array
  special: Int32Array
  specials: readonly CardSpecial[]
}

/**
 * Every legal split with every special: at most one special per exchange; its cost comes off the pool
 * first and may not bring it to 0; an Attack special is only offered with at least one Attack die and
 * a Defence special with at least one Defence die, since otherwise it cannot trigger (the reference card, step 8:
 * "Sans dé attribué à l'Attaque, aucune Attaque Spéciale ne se déclenche").
 */
export function splitOptions(pool: number, specials: readonly CardSpecial[] = []): SplitOptions {
  const attack: number[] = []
  const cost: number[] = []
  const special: number[] = []
  const add = (a: number, c: number, s: number): void => {
    attack.push(a)
    cost.push(c)
    special.push(s)
  }
  for (let a = 0; a <= pool; a++) add(a, 0, -1)
  specials.forEach((sp, s) => {
    const left = pool - sp.cost
    if (left < 1) return
    const isAttack = SPECIALS[sp.ability].type === 'attack'
    for (let a = isAttack ? 1 : 0; a <= (isAttack ? left : left - 1); a++) add(a, sp.cost, s)
  })
  return { count: attack.length, attack: Int32Array.from(attack), cost: Int32Array.from(cost), special: Int32Array.from(special), specials }
}

const plainMemo: SplitOptions[] = []

/** Options without specials for a pool (shared, never mutated). */
export function plainOptions(pool: number): SplitOptions {
  return (plainMemo[pool] ??= splitOptions(pool))
}

/** Option index of a split (attack dice) with a special key or none; −1 if it is not offered. */
export function optionIndex(o: SplitOptions, attack: number, ability?: string): number {
  const s = ability === undefined ? -1 : o.specials.findIndex((sp) => sp.ability === ability)
  if (ability !== undefined && s < 0) return -1
  for (let i = 0; i < o.count; i++) if (o.attack[i] === attack && o.special[i] === s) return i
  return -1
}

/** "2/1", or "1/1 + Sweep Attack (1)": Attack/Defence dice rolled, then the special and its cost. */
export function optionLabel(o: SplitOptions, i: number, pool: number): string {
  const rolled = pool - o.cost[i]
  const base = `${o.attack[i]}/${rolled - o.attack[i]}`
  const s = o.special[i]
  return s < 0 ? base : `${base} + ${SPECIALS[o.specials[s].ability].name} (${o.specials[s].cost})`
}

/** A metric-id friendly key: "2/1" or "1/1+sweep-attack". */
export function optionKey(o: SplitOptions, i: number, pool: number): string {
  const rolled = pool - o.cost[i]
  const base = `${o.attack[i]}/${rolled - o.attack[i]}`
  const s = o.special[i]
  return s < 0 ? base : `${base}+${o.specials[s].ability}`
}

/**
 * The Damage Roll of an Attack special: Powerful Attack uses a table built with +3; a halving special
 * halves the wounds read, rounding down (the publisher's rules reference: "If results are divided and
 * leave fractions, always round down"; docs/rules/bushido.md#1-the-test); "none" makes no Damage Roll (null).
 */
export function specialDamage(effect: SpecialEffect, normal: DamageTable, withBonus: (bonus: number) => DamageTable): DamageTable | null {
  if (effect.damage === 'none') return null
  const t = effect.damageBonus !== 0 ? withBonus(effect.damageBonus) : normal
  if (effect.damage === 'full') return t
  return { ...t, wounds: t.wounds.map((w) => w >> 1), ...(t.parts ? { parts: { ...t.parts, halved: true } } : {}) }
}
