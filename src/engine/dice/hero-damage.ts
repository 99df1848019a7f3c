import type { Rng } from '../core/rng'

/**
 * HERO damage dice: normal damage (STUN = sum, BODY counted per die) and killing damage (BODY = sum,
 * STUN = BODY × a STUN Multiplier), with half dice and ±1 pips. Sampler and exact distribution side by side.
 * @see docs/rules/hero.md section 6
 */

export interface HeroDice {
  /** Whole d6. */
  whole: number
  /** One extra half die (½d6). */
  half: boolean
  /** Pips added (killing dice "1d6+1", 5e "1d6−1"). */
  plus: number
}

/** "12d6", "2½d6", "2.5d6", "2 1/2d6", "½d6", "1d6+1", "1d6-1". */
const DICE_PATTERN = /^\s*(\d{0,2})\s*(½|\.5| ?1\/2)?\s*d6\s*(?:([+-])\s*(\d))?\s*$/i

export const DICE_FORMAT = 'HERO dice such as "12d6", "2½d6" (or "2.5d6") or "1d6+1", at most 60 dice'

/** Parses a dice string; `undefined` when malformed. */
export function parseHeroDice(text: string): HeroDice | undefined {
  const m = DICE_PATTERN.exec(text)
  if (!m) return undefined
  const whole = m[1] === '' ? 0 : Number(m[1])
  const half = m[2] !== undefined
  const plus = m[3] === undefined ? 0 : (m[3] === '-' ? -1 : 1) * Number(m[4])
  if (whole === 0 && !half) return undefined
  if (whole > 60 || plus < -1 || plus > 2) return undefined
  return { whole, half, plus }
}

export function formatHeroDice(d: HeroDice): string {
  const base = `${d.whole > 0 ? d.whole : ''}${d.half ? '½' : ''}d6`
  return d.plus === 0 ? base : `${base}${d.plus > 0 ? '+' : '−'}${Math.abs(d.plus)}`
}

/** BODY of one normal-damage die: 1 → 0, 2–5 → 1, 6 → 2. */
export function normalBodyOfFace(face: number): number {
  return face === 1 ? 0 : face === 6 ? 2 : 1
}

/** Half die of normal damage: STUN ⌈v/2⌉, BODY 1 on a raw 4–6 (the default of `rules.halfDieBody`; its alternative "none": always 0, docs/rules/hero.md section 9). */
export function halfDieStun(face: number): number {
  return (face + 1) >> 1
}

export function halfDieNormalBody(face: number, halfBody = true): number {
  return halfBody && face >= 4 ? 1 : 0
}

/** `SUM_OF[k][i]`, `BODY_OF[k][i]`: face sum and normal BODY of the k dice encoded by i in 0..6^k−1. */
const POW6 = [1, 6, 36, 216, 1296]
const SUM_OF: Uint8Array[] = []
const BODY_OF: Uint8Array[] = []
for (let k = 0; k <= 4; k++) {
  const sum = new Uint8Array(POW6[k])
  const body = new Uint8Array(POW6[k])
  for (let i = 0; i < POW6[k]; i++) {
    let x = i
    for (let d = 0; d < k; d++) {
      const face = (x % 6) + 1
      x = Math.floor(x / 6)
      sum[i] += face
      body[i] += normalBodyOfFace(face)
    }
  }
  SUM_OF.push(sum)
  BODY_OF.push(body)
}

/** Scratch result of a normal-damage roll (avoids allocating a pair per roll). */
export interface DamageRoll {
  stun: number
  body: number
}

/**
 * Rolls normal damage into `out`. Dice are drawn four at a time (one unbiased draw of 0..1295 stands
 * for four d6, all 1296 ordered outcomes equally likely), then the remainder, then the half die.
 * `halfBody` false: the half die gives no BODY (`rules.halfDieBody` "none"); the draws are the same either way.
 */
export function rollNormalDamage(rng: Rng, d: HeroDice, out: DamageRoll, halfBody = true): void {
  let stun = 0
  let body = 0
  let left = d.whole
  while (left >= 4) {
    const i = rng.below(1296)
    stun += SUM_OF[4][i]
    body += BODY_OF[4][i]
    left -= 4
  }
  if (left > 0) {
    const i = rng.below(POW6[left])
    stun += SUM_OF[left][i]
    body += BODY_OF[left][i]
  }
  if (d.half) {
    const f = rng.below(6) + 1
    stun += halfDieStun(f)
    body += halfDieNormalBody(f, halfBody)
  }
  out.stun = stun + d.plus
  out.body = body
}

/** Rolls the BODY of killing damage: sum of the dice, ⌈v/2⌉ for the half die, plus pips (never below 0). */
export function rollKillingBody(rng: Rng, d: HeroDice): number {
  let body = 0
  let left = d.whole
  while (left >= 4) {
    body += SUM_OF[4][rng.below(1296)]
    left -= 4
  }
  if (left > 0) body += SUM_OF[left][rng.below(POW6[left])]
  if (d.half) body += halfDieStun(rng.below(6) + 1)
  return Math.max(0, body + d.plus)
}

export type StunMultiplierRule = '6e-half-d6' | '5e-d6-minus-1'

/** STUN Multiplier, rolled once per killing attack: 6e ½d6 (1–3), 5e 1d6−1 with a minimum of 1. */
export function rollStunMultiplier(rng: Rng, rule: StunMultiplierRule): number {
  const f = rng.below(6) + 1
  return rule === '6e-half-d6' ? halfDieStun(f) : Math.max(1, f - 1)
}

/** Exact counts of each STUN Multiplier value out of 6: index = multiplier. */
export function stunMultiplierExact(rule: StunMultiplierRule): number[] {
  const w = new Array<number>(7).fill(0)
  for (let f = 1; f <= 6; f++) w[rule === '6e-half-d6' ? halfDieStun(f) : Math.max(1, f - 1)]++
  return w
}

/** Exact joint distribution of normal damage: `counts.get(stun * 1000 + body)` out of `total` = 6^dice; `halfBody` as in the sampler. */
export function normalDamageExact(d: HeroDice, halfBody = true): { counts: Map<number, number>; total: number } {
  let dist = new Map<number, number>([[0, 1]])
  const step = (faces: { stun: number; body: number }[]): void => {
    const next = new Map<number, number>()
    for (const [key, w] of dist) for (const f of faces) next.set(key + f.stun * 1000 + f.body, (next.get(key + f.stun * 1000 + f.body) ?? 0) + w)
    dist = next
  }
  const faces = [1, 2, 3, 4, 5, 6]
  for (let k = 0; k < d.whole; k++) step(faces.map((f) => ({ stun: f, body: normalBodyOfFace(f) })))
  if (d.half) step(faces.map((f) => ({ stun: halfDieStun(f), body: halfDieNormalBody(f, halfBody) })))
  const counts = new Map<number, number>()
  for (const [key, w] of dist) counts.set(key + d.plus * 1000, w)
  return { counts, total: 6 ** (d.whole + (d.half ? 1 : 0)) }
}

/** Exact distribution of killing BODY: `counts[body]` out of `total` = 6^dice. */
export function killingBodyExact(d: HeroDice): { counts: number[]; total: number } {
  let dist = [1]
  const step = (values: number[]): void => {
    const next = new Array<number>(dist.length + 6).fill(0)
    dist.forEach((w, s) => values.forEach((v) => (next[s + v] += w)))
    dist = next
  }
  for (let k = 0; k < d.whole; k++) step([1, 2, 3, 4, 5, 6])
  if (d.half) step([1, 1, 2, 2, 3, 3])
  const counts = new Array<number>(dist.length + 3).fill(0)
  dist.forEach((w, s) => (counts[Math.max(0, s + d.plus)] += w))
  return { counts, total: 6 ** (d.whole + (d.half ? 1 : 0)) }
}
