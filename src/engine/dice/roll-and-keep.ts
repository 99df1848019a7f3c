import type { Rng } from '../core/rng'

/**
 * Roll-and-keep (Legend of the Five Rings): XkY on d10 — roll X dice, keep the Y highest, sum them.
 * Tens explode (re-roll and add, again and again) before keeping; unskilled rolls do not explode.
 * @see docs/rules/l5r.md section 1 (roll and keep, exploding 10s, the Ten Dice Rule) and section 6 (test vectors)
 */

/** Variant `rules.oddExcessRolled`: a single leftover rolled die while kept < 10 (11k4) — lost (the book's wording) or worth +2 (some tables). */
export type OddExcessRolled = 'discard' | 'plus2'
/** Variant `rules.keptOverRolled`: kept > rolled (3k4) — keep only what was rolled, or move the excess kept dice to rolled (3e habit). */
export type KeptOverRolled = 'cap' | 'move-to-rolled'

export interface TenDiceOptions {
  oddExcessRolled: OddExcessRolled
  keptOverRolled: KeptOverRolled
}

export const DEFAULT_TEN_DICE: TenDiceOptions = { oddExcessRolled: 'discard', keptOverRolled: 'cap' }

/** A roll that can actually be made: 1 ≤ kept ≤ rolled ≤ 10, plus a flat bonus. */
export interface RollSpec {
  rolled: number
  kept: number
  bonus: number
}

/**
 * The Ten Dice Rule: never roll or keep more than 10. Two excess rolled dice become one kept die;
 * once both are at 10, every further excess die of either kind is +2; kept dice above 10 are +2 each.
 * Then `rules.keptOverRolled` for kept > rolled. The Ten Dice Rule goes first because the published 10k12 → 10k10 +4
 * needs it; after it, kept > rolled can only happen below 10 rolled dice (3k4).
 * @see docs/rules/l5r.md section 1 (the rule and its published examples) and section 7 (`rules.oddExcessRolled`, `rules.keptOverRolled`)
 */
export function tenDiceRule(rolled: number, kept: number, options: TenDiceOptions = DEFAULT_TEN_DICE, bonus = 0): RollSpec {
  let r = rolled
  let k = kept
  let b = bonus
  if (r > 10) {
    let extra = r - 10
    r = 10
    while (extra >= 2 && k < 10) {
      k++
      extra -= 2
    }
    if (k >= 10) b += 2 * extra
    else if (extra === 1 && options.oddExcessRolled === 'plus2') b += 2
  }
  if (k > 10) {
    b += 2 * (k - 10)
    k = 10
  }
  if (k > r) {
    if (options.keptOverRolled === 'move-to-rolled') {
      const excess = k - r
      // k ≤ 10 here, so r + excess = k stays within ten rolled dice.
      r += excess
      k -= excess
    } else k = r
  }
  return { rolled: r, kept: k, bonus: b }
}

/** "6k3", "10k10+4", "3k2-1". */
export function formatRoll(spec: RollSpec): string {
  const b = spec.bonus === 0 ? '' : spec.bonus > 0 ? `+${spec.bonus}` : `${spec.bonus}`
  return `${spec.rolled}k${spec.kept}${b}`
}

/**
 * d10 faces from one random stream, nine at a time: a 32-bit draw below 4·10^9 (others are rejected,
 * 7% of draws) is uniform on [0, 4·10^9), so its value mod 10^9 is nine independent uniform decimal
 * digits — exactly nine separate d10 rolls, without modulo bias, for about one draw.
 * `reset()` drops leftover digits; call it at the start of every trial so that a trial's draws do not
 * depend on the trial before it (replay and trace rely on that).
 */
/** 4·10^9: the largest multiple of 10^9 below 2^32. */
const DIGITS_LIMIT = 4_000_000_000

export class D10Stream {
  private rng: Rng
  private digits = 0
  private left = 0
  constructor(rng: Rng) {
    this.rng = rng
  }
  /** Switches to another stream (and drops leftover digits). */
  use(rng: Rng): void {
    this.rng = rng
    this.left = 0
  }
  reset(): void {
    this.left = 0
  }
  /** One d10: 1..10. */
  next(): number {
    if (this.left === 0) {
      let x = this.rng.u32()
      while (x >= DIGITS_LIMIT) x = this.rng.u32()
      this.digits = x % 1_000_000_000
      this.left = 9
    }
    const x = this.digits
    const q = (x / 10) | 0
    this.digits = q
    this.left--
    return x - q * 10 + 1
  }
}

/** One d10 whose 10s explode when `explode` is set: 10, 10, 7 gives 27. */
export function rollDie(dice: D10Stream, explode: boolean): number {
  let total = 0
  for (;;) {
    const face = dice.next()
    total += face
    if (face !== 10 || !explode) return total
  }
}

/**
 * One d10 with an Emphasis: a die whose roll shows 1 is rolled again, once, and the new face stands
 * (it may be a 1 again, or a 10 that explodes). Only the die's own roll counts as "a die that rolls a
 * 1": a 1 on the extra die of an explosion adds to a total of 11 or more and is kept.
 * @see docs/rules/l5r.md section 1 ("Emphases (reroll 1s once) exist but are optional")
 */
export function rollDieRerollingOnes(dice: D10Stream, explode: boolean): number {
  let face = dice.next()
  if (face === 1) face = dice.next()
  if (face !== 10 || !explode) return face
  return 10 + rollDie(dice, true)
}

/**
 * XkY: rolls `rolled` dice (each exploded first), keeps the `kept` highest in `top` (scratch of
 * length ≥ kept, left sorted high to low) and returns their sum. Expects 1 ≤ kept ≤ rolled ≤ 10 (use
 * `tenDiceRule` first); allocates nothing. With `rerollOnes` (an Emphasis) 1s are rerolled once.
 */
export function rollAndKeep(dice: D10Stream, rolled: number, kept: number, explode: boolean, top: Int32Array, rerollOnes = false): number {
  if (rerollOnes) return rollAndKeepRerolling(dice, rolled, kept, explode, top)
  let held = 0
  for (let i = 0; i < rolled; i++) held = keepHighest(top, held, kept, rollDie(dice, explode))
  return sumTop(top, kept)
}

/** rollAndKeep with an Emphasis; a separate loop keeps the common roll free of the extra test per die. */
function rollAndKeepRerolling(dice: D10Stream, rolled: number, kept: number, explode: boolean, top: Int32Array): number {
  let held = 0
  for (let i = 0; i < rolled; i++) held = keepHighest(top, held, kept, rollDieRerollingOnes(dice, explode))
  return sumTop(top, kept)
}

/** Inserts v among the `held` highest so far (at most `kept`, sorted high to low); returns the new count. */
function keepHighest(top: Int32Array, held: number, kept: number, v: number): number {
  if (held === kept && v <= top[kept - 1]) return held
  let j = held < kept ? held++ : kept - 1
  while (j > 0 && top[j - 1] < v) {
    top[j] = top[j - 1]
    j--
  }
  top[j] = v
  return held
}

function sumTop(top: Int32Array, kept: number): number {
  let sum = 0
  for (let i = 0; i < kept; i++) sum += top[i]
  return sum
}

/** A rolled spec (after the Ten Dice Rule), bonus included. */
export function rollSpec(dice: D10Stream, spec: RollSpec, explode: boolean, top: Int32Array, rerollOnes = false): number {
  return rollAndKeep(dice, spec.rolled, spec.kept, explode, top, rerollOnes) + spec.bonus
}

/**
 * Explosions followed by the exact distribution: a die that shows 10 more than this many times in a
 * row stops there. That changes only an event of probability 10^−(limit+1) per die, so every
 * probability of an XkY (X ≤ 10) is within X·10^−(limit+1) ≤ 1e−12 of the untruncated value.
 */
export const EXPLOSION_LIMIT = 12

/** Bound on |exact − computed| for any probability of an X-dice roll (total-variation distance); 1.1× that with an Emphasis. */
export function truncationErrorBound(rolled: number, limit = EXPLOSION_LIMIT): number {
  return rolled * 10 ** -(limit + 1)
}

/**
 * Distribution of one die, values ascending: 1..10 plain, or 10m + r (r = 1..9) when exploding. With
 * `rerollOnes` (Emphasis) the die's own roll shows 1 with chance 1/100 and each other face 11/100; the
 * dice of an explosion are plain d10s.
 */
function dieFaces(explode: boolean, limit: number, rerollOnes = false): { value: number[]; p: number[] } {
  const first = (face: number): number => (rerollOnes ? (face === 1 ? 0.01 : 0.11) : 0.1)
  if (!explode) return { value: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], p: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map(first) }
  const value: number[] = []
  const p: number[] = []
  for (let m = 0; m <= limit; m++) {
    for (let r = 1; r <= 9; r++) {
      value.push(10 * m + r)
      p.push(m === 0 ? first(r) : first(10) * 10 ** -m)
    }
  }
  value.push(10 * (limit + 1))
  p.push(first(10) * 10 ** -limit)
  return { value, p }
}

export interface ExactRoll {
  /** `p[i]` is the probability of a total of `min + i`. */
  min: number
  p: Float64Array
  mean: number
}

function binomials(n: number): number[][] {
  const c: number[][] = []
  for (let i = 0; i <= n; i++) {
    c.push([1])
    for (let j = 1; j <= i; j++) c[i].push(j === i ? 1 : c[i - 1][j - 1] + c[i - 1][j])
  }
  return c
}

/**
 * Exact XkY by an order-statistic DP over face values from high to low. State: how many dice are
 * above the current value and the sum of those kept. At value v, each of the r remaining dice (all
 * known to be ≤ v) equals v with probability p(v)/P(die ≤ v), so the count at v is binomial; once Y
 * dice are placed, the rest cannot change the kept sum. Explosions are truncated (EXPLOSION_LIMIT).
 * @see docs/rules/l5r.md section 6 (reference means and tails)
 */
export function rollAndKeepExact(rolled: number, kept: number, explode: boolean, limit = EXPLOSION_LIMIT, rerollOnes = false): Float64Array {
  const faces = dieFaces(explode, limit, rerollOnes)
  const top = faces.value[faces.value.length - 1]
  const maxSum = kept * top
  const result = new Float64Array(maxSum + 1)
  const width = maxSum + 1
  let cur = new Float64Array(kept * width)
  let next = new Float64Array(kept * width)
  cur[0] = 1
  const binom = binomials(rolled)
  // q^c and (1 − q)^m for the current face, computed once per face (the same values the products use)
  const qPow = new Float64Array(rolled + 1)
  const restPow = new Float64Array(rolled + 1)
  let below = 1
  for (let i = faces.value.length - 1; i >= 0; i--) {
    const v = faces.value[i]
    const q = below > 0 ? Math.min(1, faces.p[i] / below) : 1
    below -= faces.p[i]
    for (let c = 0; c <= rolled; c++) {
      qPow[c] = q ** c
      restPow[c] = (1 - q) ** c
    }
    next.fill(0)
    for (let n = 0; n < kept; n++) {
      const r = rolled - n
      const row = binom[r]
      for (let s = 0; s <= maxSum; s++) {
        const w = cur[n * width + s]
        if (w === 0) continue
        for (let c = 0; c <= r; c++) {
          const b = w * row[c] * qPow[c] * restPow[r - c]
          if (b === 0) continue
          if (n + c >= kept) result[s + (kept - n) * v] += b
          else next[(n + c) * width + s + c * v] += b
        }
      }
    }
    const t = cur
    cur = next
    next = t
  }
  return result
}

/** Exact distribution of a roll after the Ten Dice Rule, bonus included (`rerollOnes`: an Emphasis). */
export function exactRoll(spec: RollSpec, explode: boolean, limit = EXPLOSION_LIMIT, rerollOnes = false): ExactRoll {
  const raw = rollAndKeepExact(spec.rolled, spec.kept, explode, limit, rerollOnes)
  let last = raw.length - 1
  while (last > 0 && raw[last] < 1e-300) last--
  const first = spec.kept
  const p = raw.slice(first, last + 1)
  let mean = 0
  for (let i = 0; i < p.length; i++) mean += p[i] * (first + i)
  return { min: first + spec.bonus, p, mean: mean + spec.bonus }
}

/** P(total ≥ tn) from an exact roll. */
export function probabilityAtLeast(roll: ExactRoll, tn: number): number {
  let s = 0
  for (let i = Math.max(0, tn - roll.min); i < roll.p.length; i++) s += roll.p[i]
  return Math.min(1, s)
}

/** E[max(0, total − reduction)]: expected wounds of a damage roll through armour Reduction. */
export function expectedAbove(roll: ExactRoll, reduction: number): number {
  let s = 0
  for (let i = 0; i < roll.p.length; i++) s += roll.p[i] * Math.max(0, roll.min + i - reduction)
  return s
}
