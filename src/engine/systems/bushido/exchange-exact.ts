import { CODE_COUNT, codeDistribution, codeFinal, codeNonOnes, opposedAWins } from '../../dice/bushido-d6'
import { removeTopDistribution } from '../../dice/bushido-unblockable'
import { woundWays, type DamageTable } from './damage'
import { withMod, type ExchangeSetup, type Fighter } from './exchange'
import { SPECIALS, type SpecialEffect } from './specials'

/**
 * Exact outcome of one Melee Exchange with fixed splits, by enumerating every roll of both sides
 * (through the summary codes of their Attack and Defence dice) and every Damage Roll.
 * @see docs/rules/bushido.md section 2; the 3 vs 3 table of section 6 is the external check
 */

/** What one side's roll can look like, with its probability. */
export interface SideOutcome {
  att: number
  def: number
  /** Non-1 dice of both types together (the tiebreaker). */
  n: number
  attNonOnes: number
  p: number
}

const sideMemo = new Map<number, readonly SideOutcome[]>()

/**
 * Every distinct (Attack, Defence, non-1 count) a side can roll with a split, memoised (the result is
 * never mutated). `removed` Defence dice (the enemy's Unblockable) go from the top, through the exact
 * sorted-multiset enumeration; with none left the Defence is 0.
 */
export function sideOutcomes(pool: number, attack: number, brutal: number, parry = 0, removed = 0, modsOnAllOnes = false): readonly SideOutcome[] {
  const key = ((((pool * 32 + attack) * 8 + brutal) * 8 + parry) * 8 + removed) * 2 + (modsOnAllOnes ? 1 : 0)
  let hit = sideMemo.get(key)
  if (!hit) sideMemo.set(key, (hit = computeSideOutcomes(pool, attack, brutal, parry, removed, modsOnAllOnes)))
  return hit
}

function computeSideOutcomes(pool: number, attack: number, brutal: number, parry: number, removed: number, onOnes: boolean): SideOutcome[] {
  const da = codeDistribution(attack)
  const dd = removed > 0 ? removeTopDistribution(pool - attack, removed) : codeDistribution(pool - attack)
  const ta = 6 ** attack
  const td = 6 ** (pool - attack)
  const merged = new Map<number, SideOutcome>()
  for (let ca = 0; ca < CODE_COUNT; ca++) {
    if (da[ca] === 0) continue
    for (let cd = 0; cd < CODE_COUNT; cd++) {
      if (dd[cd] === 0) continue
      const o: SideOutcome = {
        att: attack > 0 ? withMod(codeFinal(ca), brutal, onOnes) : 0,
        def: pool - attack > removed ? withMod(codeFinal(cd), parry, onOnes) : 0,
        n: codeNonOnes(ca) + codeNonOnes(cd),
        attNonOnes: codeNonOnes(ca) > 0 ? 1 : 0,
        p: (da[ca] / ta) * (dd[cd] / td),
      }
      const key = ((o.att * 16 + o.def) * 32 + o.n) * 2 + o.attNonOnes
      const cur = merged.get(key)
      if (cur) cur.p += o.p
      else merged.set(key, o)
    }
  }
  return [...merged.values()]
}

/** Exact distribution of one exchange, in Initiative order (first, second). */
export interface PairExact {
  pHitFirst: number
  /** The second fighter wins its comparison (whether or not it is still able to strike): the upper bound of the 3 vs 3 table (docs/rules/bushido.md section 6). */
  pSecondWins: number
  pHitSecond: number
  /** Each side's Special Attack or Defence triggers. */
  pSpecialFirst: number
  pSpecialSecond: number
  /** Σ P(hit at SL) · SL, to form E[SL | hit]. */
  slSumFirst: number
  slSumSecond: number
  /** `joint[k * width + j]`: P(k wounds to the second and j wounds to the first). */
  joint: Float64Array
  width: number
}

const CERTAIN_ZERO: readonly number[] = [1]
const shareMemo = new WeakMap<DamageTable, number[][]>()

/** P(k wounds) of one Damage Roll at an SL, memoised per damage table. */
function woundShares(t: DamageTable, sl: number): readonly number[] {
  let rows = shareMemo.get(t)
  if (!rows) shareMemo.set(t, (rows = []))
  return (rows[sl] ??= woundWays(t, sl).map((w) => w / t.faces))
}

function hits(x: SideOutcome, y: SideOutcome, attack: number, active: boolean, zeroOk: boolean): boolean {
  return attack > 0 && (zeroOk || x.attNonOnes > 0) && opposedAWins(x.att, y.def, x.n, y.n, active)
}

function maxWounds(f: Fighter): number {
  let m = 0
  for (const t of [f.damage, ...f.specialDamage]) if (t) for (const w of t.wounds) if (w > m) m = w
  return m
}

/** Strikes of one pair of rolls, merged by (SL of first's hit or −1, SL of second's winning comparison or −1). */
function strikeTable(ex: ExchangeSetup, of: number, og: number): Map<number, number> {
  const f = ex.first
  const g = ex.second
  const af = f.options.attack[of]
  const ag = g.options.attack[og]
  const cells = new Map<number, number>()
  const xs = sideOutcomes(f.pool - f.options.cost[of], af, f.brutal, f.parry, ag > 0 ? g.unblockable : 0, ex.modsOnAllOnes)
  const ys = sideOutcomes(g.pool - g.options.cost[og], ag, g.brutal, g.parry, af > 0 ? f.unblockable : 0, ex.modsOnAllOnes)
  for (const x of xs) {
    for (const y of ys) {
      const s1 = hits(x, y, af, f.activePlayer, ex.zeroAttackCanHit) ? Math.max(0, x.att - y.def) : -1
      const s2 = hits(y, x, ag, g.activePlayer, ex.zeroAttackCanHit) ? Math.max(0, y.att - x.def) : -1
      const key = (s1 + 1) * 64 + (s2 + 1)
      cells.set(key, (cells.get(key) ?? 0) + x.p * y.p)
    }
  }
  return cells
}

function declared(x: Fighter, o: number): SpecialEffect | null {
  const k = x.options.special[o]
  return k < 0 ? null : SPECIALS[x.options.specials[k].ability]
}

/** P(k wounds) of a strike that landed with option o: its Attack special's Damage Roll, none, or the weapon's. */
function strikeShares(x: Fighter, o: number, sl: number): readonly number[] {
  const k = x.options.special[o]
  const t = k >= 0 && SPECIALS[x.options.specials[k].ability].type === 'attack' ? x.specialDamage[k] : x.damage
  return t ? woundShares(t, sl) : CERTAIN_ZERO
}

/**
 * Exact outcome of options `of` (first) and `og` (second). The second strikes back only if it is still
 * able: not removed, not Prone since before the exchange (variant proneStrikeBack "no"), and not cut off
 * by the first's Special Attack (Prone, pushed away) nor by its own Special Defence having broken base
 * contact (docs/rules/bushido.md section 2 step 7).
 */
export function pairExact(ex: ExchangeSetup, of: number, og: number): PairExact {
  const f = ex.first
  const g = ex.second
  const width = maxWounds(g) + 1
  const joint = new Float64Array((maxWounds(f) + 1) * width)
  const out: PairExact = { pHitFirst: 0, pSecondWins: 0, pHitSecond: 0, pSpecialFirst: 0, pSpecialSecond: 0, slSumFirst: 0, slSumSecond: 0, joint, width }
  const sf = declared(f, of)
  const sg = declared(g, og)
  const endsOnHit = sf !== null && sf.type === 'attack' && sf.endsContact
  // a Special Defence needs the enemy to have attacked and lost, and Defence dice of its own
  const gDefends = (f.options.attack[of] > 0 || ex.defenceWithoutAttack) && sg !== null && sg.type === 'defence' && g.pool - g.options.cost[og] > g.options.attack[og]
  const fDefends = (g.options.attack[og] > 0 || ex.defenceWithoutAttack) && sf !== null && sf.type === 'defence' && f.pool - f.options.cost[of] > f.options.attack[of]
  const endsOnMiss = gDefends && sg !== null && sg.endsContact
  const gSpecialHit = sg !== null && sg.type === 'attack'
  for (const [key, p] of strikeTable(ex, of, og)) {
    const s1 = Math.floor(key / 64) - 1
    const s2 = (key % 64) - 1
    if (s1 >= 0) {
      out.pHitFirst += p
      out.slSumFirst += p * s1
    }
    if (s2 >= 0) {
      out.pSecondWins += p
      out.slSumSecond += p * s2
    }
    const d1 = s1 >= 0 ? strikeShares(f, of, s1) : CERTAIN_ZERO
    const d2 = s2 >= 0 ? strikeShares(g, og, s2) : CERTAIN_ZERO
    const cut = s1 >= 0 ? endsOnHit : endsOnMiss
    if (s1 >= 0 && sf !== null && sf.type === 'attack') out.pSpecialFirst += p
    if (s1 < 0 && gDefends) out.pSpecialSecond += p
    d1.forEach((p1, k) => {
      if (p1 === 0) return
      const able = !cut && !ex.secondProne && k < g.woundsLeft
      if (able && s2 >= 0) {
        out.pHitSecond += p * p1
        if (gSpecialHit) out.pSpecialSecond += p * p1
        d2.forEach((p2, j) => (joint[k * width + j] += p * p1 * p2))
        return
      }
      if (able && fDefends) out.pSpecialFirst += p * p1
      joint[k * width] += p * p1
    })
  }
  return out
}

/** Probability-weighted mixture of pair results (weights sum to 1). */
export function mixPairs(parts: readonly { w: number; r: PairExact }[]): PairExact {
  const { width, joint } = parts[0].r
  const out: PairExact = { pHitFirst: 0, pSecondWins: 0, pHitSecond: 0, pSpecialFirst: 0, pSpecialSecond: 0, slSumFirst: 0, slSumSecond: 0, joint: new Float64Array(joint.length), width }
  for (const { w, r } of parts) {
    out.pSpecialFirst += w * r.pSpecialFirst
    out.pSpecialSecond += w * r.pSpecialSecond
    out.pHitFirst += w * r.pHitFirst
    out.pSecondWins += w * r.pSecondWins
    out.pHitSecond += w * r.pHitSecond
    out.slSumFirst += w * r.slSumFirst
    out.slSumSecond += w * r.slSumSecond
    for (let i = 0; i < joint.length; i++) out.joint[i] += w * r.joint[i]
  }
  return out
}

/** Marginal wound distributions: [to the second, to the first]. */
export function marginals(r: PairExact): [number[], number[]] {
  const rows = r.joint.length / r.width
  const toSecond = new Array<number>(rows).fill(0)
  const toFirst = new Array<number>(r.width).fill(0)
  for (let k = 0; k < rows; k++) {
    for (let j = 0; j < r.width; j++) {
      toSecond[k] += r.joint[k * r.width + j]
      toFirst[j] += r.joint[k * r.width + j]
    }
  }
  return [toSecond, toFirst]
}

/** E[wounds that count] dealt minus taken by the first fighter: wounds beyond those left are wasted. */
export function payoffFirst(ex: ExchangeSetup, r: PairExact): number {
  const rows = r.joint.length / r.width
  let v = 0
  for (let k = 0; k < rows; k++) {
    for (let j = 0; j < r.width; j++) {
      const p = r.joint[k * r.width + j]
      if (p > 0) v += p * (Math.min(k, ex.second.woundsLeft) - Math.min(j, ex.first.woundsLeft))
    }
  }
  return v
}
