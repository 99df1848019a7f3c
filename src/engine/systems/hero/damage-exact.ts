import { killingBodyExact, normalDamageExact, stunMultiplierExact, type HeroDice, type StunMultiplierRule } from '../../dice/hero-damage'

/**
 * Exact damage of one hit after defences, by enumerating the dice (docs/rules/hero.md section 6):
 * normal damage loses total defence from STUN and BODY; killing BODY loses resistant defence and its
 * STUN (BODY × multiplier) loses total defence; STUN taken is never below BODY taken unless variants.minStunEqualsBody is "off".
 */
export interface HitExact {
  /** `stun[v]`, `body[v]`: probability of taking exactly v. */
  stun: number[]
  body: number[]
  meanStun: number
  meanBody: number
  /** P(STUN taken > CON): Stunned by this one hit. */
  stunned: number
}

export interface HitSpec {
  dice: HeroDice
  killing: boolean
  multiplier: StunMultiplierRule
  /** Total and resistant defence of the kind the attack works against. */
  total: number
  resistant: number
  con: number
  /** variants.minStunEqualsBody (default true): STUN taken is raised to the BODY taken. */
  minStunEqualsBody?: boolean
  /** variants.halfDieBody (default true): a normal half die gives 1 BODY on a raw 4–6; false, never. */
  halfDieBody?: boolean
}

export function hitExact(h: HitSpec): HitExact {
  const stun: number[] = []
  const body: number[] = []
  let stunned = 0
  const add = (stunRaw: number, bodyRaw: number, p: number): void => {
    const bodyT = Math.max(0, bodyRaw - (h.killing ? h.resistant : h.total))
    const stunT = Math.max(h.minStunEqualsBody === false ? 0 : bodyT, stunRaw - h.total, 0)
    stun[stunT] = (stun[stunT] ?? 0) + p
    body[bodyT] = (body[bodyT] ?? 0) + p
    if (stunT > h.con) stunned += p
  }
  if (h.killing) {
    const { counts, total } = killingBodyExact(h.dice)
    const mult = stunMultiplierExact(h.multiplier)
    counts.forEach((w, b) => mult.forEach((m, x) => (w > 0 && m > 0 ? add(b * x, b, (w / total) * (m / 6)) : undefined)))
  } else {
    const { counts, total } = normalDamageExact(h.dice, h.halfDieBody !== false)
    for (const [key, w] of counts) add(Math.floor(key / 1000), key % 1000, w / total)
  }
  // Sums of many products can overshoot 1 by an ulp; clamp so a sure outcome reads exactly 1.
  const fill = (a: number[]): number[] => Array.from({ length: a.length }, (_, i) => Math.min(1, a[i] ?? 0))
  const s = fill(stun)
  const b = fill(body)
  return { stun: s, body: b, meanStun: s.reduce((m, p, v) => m + p * v, 0), meanBody: b.reduce((m, p, v) => m + p * v, 0), stunned }
}
