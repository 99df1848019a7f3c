import type { Rng } from '../core/rng'
import { exactRoll, type RollSpec } from './roll-and-keep'

/**
 * A roll-and-keep roll drawn from its exact distribution: one uniform number placed in the roll's
 * cumulative table (inversion), instead of rolling each die. The table is the exact distribution the
 * exact panel uses (`exactRoll`: explosions, the Emphasis's rerolled 1s, followed to 10^−12), so every
 * total comes up with the book's chance; a scenario's draws (not its odds) differ from rolling die by die.
 *
 * The uniform number has 53 bits: the high 32 from one draw, the low 21 from a second draw made only
 * when the high bits land exactly on a boundary of the table (chance about one in 10^7 a roll), so a
 * roll costs one draw and each total's chance is its exact value rounded to 2^−53.
 * @see docs/rules/l5r.md section 1 (roll and keep, exploding 10s)
 */
export interface RollTable {
  /** Smallest total (bonus included); entry i is the total `min + i`. */
  min: number
  /** Cumulative chance × 2^53 up to entry i, split: `hi[i]` = ⌊c/2^21⌋ (up to 2^32), `lo[i]` = c mod 2^21. */
  hi: Float64Array
  lo: Int32Array
  /** `guide[k]`: the first entry whose cumulative chance exceeds the start of bucket k (the top `guideBits` bits of a draw). */
  guide: Int32Array
  shift: number
}

const TWO_21 = 2097152
const TWO_53 = 9007199254740992

/** Tables by roll (rolled, kept, explodes, Emphasis), the bonus added on drawing: shared by every compile of a process. */
const cache = new Map<string, RollTable>()
const CACHE_LIMIT = 512

/** The cumulative table of a roll after the Ten Dice Rule, bonus included. */
export function rollTable(spec: RollSpec, explode: boolean, rerollOnes = false): RollTable {
  const key = `${spec.rolled}k${spec.kept}:${explode}:${rerollOnes}`
  let base = cache.get(key)
  if (!base) {
    if (cache.size >= CACHE_LIMIT) cache.clear()
    base = buildTable(exactRoll({ rolled: spec.rolled, kept: spec.kept, bonus: 0 }, explode, undefined, rerollOnes).p, spec.kept)
    cache.set(key, base)
  }
  return spec.bonus === 0 ? base : { ...base, min: base.min + spec.bonus }
}

/** Builds the table from chances p[i] of totals min + i (normalised to sum 1). */
export function buildTable(p: ArrayLike<number>, min: number): RollTable {
  let total = 0
  for (let i = 0; i < p.length; i++) total += p[i]
  const cum: number[] = []
  let run = 0
  for (let i = 0; i < p.length; i++) {
    run += p[i]
    const c = i === p.length - 1 ? TWO_53 : Math.min(TWO_53, Math.round((run / total) * TWO_53))
    cum.push(Math.max(c, cum.length ? cum[cum.length - 1] : 0))
    if (c === TWO_53) break
  }
  const n = cum.length
  const hi = new Float64Array(n)
  const lo = new Int32Array(n)
  for (let i = 0; i < n; i++) {
    hi[i] = Math.floor(cum[i] / TWO_21)
    lo[i] = cum[i] - hi[i] * TWO_21
  }
  let bits = 1
  while (bits < 12 && 1 << bits < 2 * n) bits++
  const guide = new Int32Array(1 << bits)
  const bucket = TWO_53 / (1 << bits)
  let i = 0
  for (let k = 0; k < guide.length; k++) {
    while (i < n - 1 && cum[i] <= k * bucket) i++
    guide[k] = i
  }
  return { min, hi, lo, guide, shift: 32 - bits }
}

/** One roll: the total whose cumulative chance first exceeds a uniform 53-bit draw. Allocates nothing. */
export function drawRoll(rng: Rng, t: RollTable): number {
  const u = rng.u32()
  const hi = t.hi
  let i = t.guide[u >>> t.shift]
  let low = -1
  for (;;) {
    const h = hi[i]
    if (u < h) return t.min + i
    if (u === h) {
      if (low < 0) low = rng.u32() >>> 11
      if (low < t.lo[i]) return t.min + i
    }
    i++
  }
}
