import { exactRoll, expectedAbove, probabilityAtLeast, type ExactRoll, type RollSpec } from '../../dice/roll-and-keep'

/**
 * Best Raises (`bestRaises`, docs/rules/l5r.md section 4): before rolling, call the number of Raises (0..Void) that maximises expected
 * wounds, P(attack ≥ TN + 5r) × E[max(0, damage with r Raises − Reduction)], the docs/rules/l5r.md section 6 tables turned
 * into a policy. Ties go to fewer Raises. Precomputed per attack roll, Reduction and TN.
 * @see docs/rules/l5r.md sections 4 and 6
 */

/** TNs above this are treated as this (every roll is then nearly hopeless; 0 Raises). */
export const RAISE_TN_MAX = 160
/** Explosion depth of the decision tables: probabilities within 1e-7, plenty to rank choices. */
const TABLE_LIMIT = 6

export interface RaiseTable {
  /** Distinct Reductions of the possible targets, and where each one's block starts. */
  reductions: number[]
  table: Int8Array
}

/** Best Raises for attack spec `a`, target Reduction index `r`, TN `tn`. */
export function bestRaisesAt(t: RaiseTable, a: number, r: number, tn: number): number {
  const width = RAISE_TN_MAX + 1
  return t.table[(a * t.reductions.length + r) * width + Math.min(Math.max(tn, 0), RAISE_TN_MAX)]
}

/** Best Raises for one attack roll against one Reduction at one TN, from exact distributions. */
export function bestRaises(attack: ExactRoll, damage: ExactRoll[], reduction: number, tn: number): number {
  let best = 0
  let value = -1
  for (let r = 0; r < damage.length; r++) {
    const v = probabilityAtLeast(attack, tn + 5 * r) * expectedAbove(damage[r], reduction)
    if (v > value + 1e-12) {
      value = v
      best = r
    }
  }
  return best
}

/**
 * Exact rolls for the decision tables, shared by every fighter of a compile (and the next compiles of
 * the same worker): a bonus only shifts a roll, so 10k10+2 and 10k10+4 are one computation, and eight
 * equal bushi are one too. Without this a skirmish of eight 10k10 fighters took 15 s to compile.
 */
const sharedRolls = new Map<string, ExactRoll>()
const SHARED_ROLLS_LIMIT = 256

export function tableRoll(spec: RollSpec, explodes: boolean, emphasis: boolean): ExactRoll {
  const key = `${spec.rolled}k${spec.kept}:${explodes}:${emphasis}`
  let base = sharedRolls.get(key)
  if (!base) {
    if (sharedRolls.size >= SHARED_ROLLS_LIMIT) sharedRolls.clear()
    base = exactRoll({ rolled: spec.rolled, kept: spec.kept, bonus: 0 }, explodes, TABLE_LIMIT, emphasis)
    sharedRolls.set(key, base)
  }
  return spec.bonus === 0 ? base : { min: base.min + spec.bonus, p: base.p, mean: base.mean + spec.bonus }
}

/** The whole table for one attacker: every attack spec × target Reduction × TN 0..RAISE_TN_MAX (same choices as `bestRaises`). */
export function raiseTable(attacks: RollSpec[], attackExplodes: (spec: number) => boolean, damage: RollSpec[], damageExplodes: boolean, reductions: number[], emphasis = false): RaiseTable {
  const width = RAISE_TN_MAX + 1
  const table = new Int8Array(attacks.length * reductions.length * width)
  const dmg = damage.map((d) => tableRoll(d, damageExplodes, false))
  // E[wounds | hit] per Raise count and Reduction, computed once
  const perHit = reductions.map((red) => dmg.map((d) => expectedAbove(d, red)))
  attacks.forEach((spec, a) => {
    const atTleast = tailOf(tableRoll(spec, attackExplodes(a), emphasis))
    reductions.forEach((_, r) => {
      for (let tn = 0; tn <= RAISE_TN_MAX; tn++) {
        let best = 0
        let value = -1
        for (let k = 0; k < dmg.length; k++) {
          const v = atTleast(tn + 5 * k) * perHit[r][k]
          if (v > value + 1e-12) {
            value = v
            best = k
          }
        }
        table[(a * reductions.length + r) * width + tn] = best
      }
    })
  })
  return { reductions, table }
}

/** P(total ≥ t) for any t, from suffix sums (what `probabilityAtLeast` gives, in constant time). */
function tailOf(roll: ExactRoll): (t: number) => number {
  const tail = new Float64Array(roll.p.length + 1)
  for (let i = roll.p.length - 1; i >= 0; i--) tail[i] = tail[i + 1] + roll.p[i]
  return (t) => {
    const i = t - roll.min
    return i <= 0 ? Math.min(1, tail[0]) : i >= roll.p.length ? 0 : Math.min(1, tail[i])
  }
}
