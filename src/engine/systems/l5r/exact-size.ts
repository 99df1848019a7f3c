import { exactRoll, type ExactRoll, type RollSpec } from '../../dice/roll-and-keep'
import { armorTn, canAttackIn, CENTER, FULL_ATTACK, FULL_DEFENSE } from './armor'
import { bestRaisesAt } from './best-raises'
import { attackExplodesWith, HURT, SPEC_FULL_ATTACK, VOID_DAMAGE, VOID_WOUNDS, type Fighter, type Plan } from './plan'
import { DOWN, OUT, rankOf } from './wounds'

/**
 * How big an exact duel is, worked out before anything is built (exact-fight.ts): Round by Round, the
 * wounds each fighter can have taken by then with a chance the solve still follows (each side's wounds
 * come from the other's attacks alone, so the pairs still followed are those whose two chances multiply
 * to more than the solve's floor), times the few things that go with a pair of wounds (a Full Defense
 * total, Void Points left, Center Stance), times the ways each attack can go. A duel far past what the
 * solver follows is refused at once from this estimate, in a GM's words, instead of after seconds of
 * solving.
 */

/** The solve drops situations of a smaller chance (exact-fight.ts DROP_BELOW): the estimate does not count them. */
const FLOOR = 1e-20

/**
 * What the solve counts per way and per situation estimated here, as the shipped duels show it: their
 * solves go 5.8 to 7.9 times the ways estimated and follow 19 to 25 times the situations estimated (the
 * Initiative difference, who acts first, each step of the Round). The factors are taken at or below the
 * least of these, so the estimate stays below the solve's own count (a test checks it on every shipped
 * duel) and a duel refused from it would have been refused by the solve, only later.
 */
export const WAYS_PER_ESTIMATED = 5.5
export const SITUATIONS_PER_ESTIMATED = 18

export interface DuelSize {
  /** Ways the solve's steps are estimated to go, all Rounds together, as the solver counts them (its bound L5R_MAX_WAYS). */
  ways: number
  /** (Step, situation) pairs the solve is estimated to follow, as the solver counts them (its bound L5R_MAX_STATES). */
  situations: number
  /** The largest number of pairs of wounds followed in one Round. */
  pairs: number
  /** The most situations that go with one pair of wounds in a Round (Full Defense totals, Void Points left, Center Stance). */
  perPair: number
}

/** Rolls already computed in this process, by spec. */
const rolls = new Map<string, ExactRoll>()
function roll(spec: RollSpec, explode: boolean, rerollOnes = false): ExactRoll {
  const key = `${spec.rolled},${spec.kept},${spec.bonus},${explode},${rerollOnes}`
  let r = rolls.get(key)
  if (!r) {
    if (rolls.size >= 1024) rolls.clear()
    r = exactRoll(spec, explode, undefined, rerollOnes)
    rolls.set(key, r)
  }
  return r
}

/** Wounds at which he is first defeated (Down when Down counts as defeated, else Out): he fights on below it. */
function firstDefeat(plan: Plan, d: Fighter): number {
  const dead = d.thresholds[OUT] + 1
  for (let w = 0; w <= dead; w++) {
    const r = rankOf(w, d.thresholds)
    if (r > DOWN || (r === DOWN && plan.downIsDefeated)) return w
  }
  return dead
}

/** His Stance in Round r as planned (his Stance once Hurt aside: the estimate reads the plan). */
const stanceIn = (d: Fighter, r: number): number => d.stanceOf[Math.min(r, d.stanceOf.length - 1)]

/**
 * One attack of `a` on `d` in Round r, both unhurt, from the same rolls as the solver: P(hit) and the
 * wounds a hit deals (after Reduction, capped at `cap`). A Full Defense target counts with half his
 * average Defense roll.
 */
function attackOn(plan: Plan, a: Fighter, d: Fighter, r: number, cap: number): { hit: number; wounds: Float64Array } {
  const stance = stanceIn(a, r)
  const wounds = new Float64Array(cap + 1)
  if (!canAttackIn(stance)) return { hit: 0, wounds }
  const ds = stanceIn(d, r)
  const plain = armorTn(d.baseArmorTn, ds, d.defenseAdd, ds === FULL_DEFENSE ? Math.ceil(d.fullDefenseMean / 2) : 0, d.masteryTn)
  const bits = stance === FULL_ATTACK ? SPEC_FULL_ATTACK : 0
  const round = Math.min(r, a.raisesOf.length - 1)
  const raises = a.raiseTable && a.bestRaisesOf[round] === 1 ? bestRaisesAt(a.raiseTable, bits, d.reductionIndex, plain) : a.raisesOf[round]
  const atk = roll(a.attack[bits], attackExplodesWith(a, bits), a.attackRerolls)
  const tn = plain + 5 * raises
  let hit = 0
  for (let k = Math.max(0, tn - atk.min); k < atk.p.length; k++) hit += atk.p[k]
  const dmg = roll(a.damage[raises], plan.damageExplodes)
  for (let k = 0; k < dmg.p.length; k++) wounds[Math.min(cap, Math.max(0, dmg.min + k - d.reduction))] += dmg.p[k]
  return { hit: Math.min(1, hit), wounds }
}

/** Void uses whose Point goes only on some attacks (a hit, a hit of 10 or more): Void Points left then differ from one pair of wounds to another. */
const CHANCY_VOID = new Set([VOID_DAMAGE, VOID_WOUNDS])

/**
 * Situations that go with a pair of wounds for fighter d in Round r (foe: the other one): one per Armor TN
 * his Full Defense total can give (half the total) in a Round he holds Full Defense (two, kept or not,
 * when the foe never attacks), two with Center Stance, one per Void Point he may have left when his
 * Points go on chance events (a hit, a big hit). Points spent at set moments (Initiative, Armor, attack,
 * Full Defense rolls) leave the same count in every situation of a Round.
 */
function perFighter(d: Fighter, foe: Fighter, r: number, hurt: boolean, cap: number): number {
  let k = 1
  const stance = stanceIn(d, r)
  if (stance === FULL_DEFENSE || (hurt && d.hurtStance === FULL_DEFENSE)) {
    const foeAttacks = [...foe.stanceOf.slice(0, cap), foe.hurtStance].some((s) => s >= 0 && canAttackIn(s))
    const fd = roll(d.fullDefense, d.fullDefenseExplodes)
    let last = fd.p.length - 1
    let tail = 0
    while (last > 0 && tail + fd.p[last] < 1e-13) tail += fd.p[last--]
    k *= foeAttacks ? 1 + Math.ceil((fd.min + last) / 2) - Math.ceil(fd.min / 2) : 2
  }
  if (d.stanceOf.includes(CENTER) || d.hurtStance === CENTER) k *= 2
  if (d.voidPoints > 0 && d.voidOf.some((x) => CHANCY_VOID.has(x))) k *= d.voidPoints + 1
  return k
}

/** Pairs (x, y) with a[x] × b[y] > FLOOR. */
function pairsAbove(a: Float64Array, b: Float64Array): number {
  const sorted = Float64Array.from(b).sort()
  let count = 0
  for (const x of a) {
    if (x <= 0) continue
    // first index in ascending `sorted` whose value exceeds FLOOR / x
    const need = FLOOR / x
    let lo = 0
    let hi = sorted.length
    while (lo < hi) {
      const mid = (lo + hi) >> 1
      if (sorted[mid] > need) hi = mid
      else lo = mid + 1
    }
    count += sorted.length - lo
  }
  return count
}

/** The duel's estimated size (see the file's note); cheap: a few one-fighter convolutions per Round. */
export function duelSize(plan: Plan): DuelSize {
  const [a, b] = plan.fighters
  const fighters = [a, b]
  const live = fighters.map((d) => firstDefeat(plan, d))
  // mass[i][w]: chance fighter i has taken w wounds and still fights, as the other's attacks alone give it
  const mass = live.map((f) => {
    const m = new Float64Array(f)
    m[0] = 1
    return m
  })
  let ways = 0
  let most = 0
  let pairsMost = 0
  let situations = 0
  for (let r = 0; r < plan.cap; r++) {
    let roundWays = 0
    const pairs0 = pairsAbove(mass[0], mass[1])
    // whether he can be Hurt by now (his Stance once Hurt may hold Full Defense)
    const hurt = fighters.map((d, i) => mass[i].some((x, w) => x > 0 && w > d.thresholds[HURT - 1]))
    const perPair = perFighter(a, b, r, hurt[0], plan.cap) * perFighter(b, a, r, hurt[1], plan.cap)
    most = Math.max(most, perPair)
    for (let i = 0; i < 2; i++) {
      const j = 1 - i
      const at = attackOn(plan, fighters[i], fighters[j], r, live[j])
      let branches = 1
      for (let v = 0; v < at.wounds.length; v++) if (at.wounds[v] > 0) branches++
      for (let k = 0; k < fighters[i].c.attacksPerTurn; k++) {
        roundWays += pairsAbove(mass[0], mass[1]) * (at.hit > 0 ? branches : 1)
        if (at.hit === 0) continue
        const m = mass[j]
        const next = new Float64Array(m.length)
        for (let w = 0; w < m.length; w++) {
          if (m[w] === 0) continue
          next[w] += m[w] * (1 - at.hit)
          for (let v = 0; v < at.wounds.length && w + v < m.length; v++) next[w + v] += m[w] * at.hit * at.wounds[v]
        }
        mass[j] = next
      }
    }
    // the Round's start and the two Turns' starts: about one way each
    roundWays += 3 * pairs0
    pairsMost = Math.max(pairsMost, pairs0)
    ways += roundWays * perPair
    situations += pairs0 * perPair
    if (pairs0 === 0) break
  }
  return { ways: ways * WAYS_PER_ESTIMATED, situations: situations * SITUATIONS_PER_ESTIMATED, pairs: pairsMost, perPair: most }
}
