import { exactRoll, expectedAbove, formatRoll, probabilityAtLeast, tenDiceRule, type ExactRoll } from '../../dice/roll-and-keep'
import type { ExactMetric } from '../rule-system'
import { FULL_ATTACK, FULL_DEFENSE, armorTn, canAttackIn } from './armor'
import { bestRaisesAt } from './best-raises'
import { attackExplodesWith, SPEC_FULL_ATTACK, SPEC_SKILL, SPEC_VOID, VOID_ARMOR, VOID_ATTACK, VOID_DAMAGE, VOID_FULL_DEFENSE, VOID_INITIATIVE, VOID_INITIATIVE_ROLL, VOID_SKILL, VOID_SWAP, VOID_WOUNDS, type Fighter, type Plan } from './plan'
import { parseRoll } from './schema'

/** Probabilities below the truncation error bound carry no information; lists leave them out. */
const SHOWN = 1e-12

export function distributionPoints(roll: ExactRoll): { value: number; p: number }[] {
  const out: { value: number; p: number }[] = []
  roll.p.forEach((p, k) => {
    if (p >= SHOWN) out.push({ value: roll.min + k, p })
  })
  return out
}

function pointAt(roll: ExactRoll, v: number): number {
  const k = v - roll.min
  return k >= 0 && k < roll.p.length ? roll.p[k] : 0
}

function atMost(roll: ExactRoll, v: number): number {
  return 1 - probabilityAtLeast(roll, v + 1)
}

/**
 * P(each character leads the Round 1 order), exactly, from the Round 1 scores (`round1Initiative`):
 * default tie rule (variants.initiativeTies) is higher
 * Agility, then Class Rank, then a uniform random order (1/(k+1) among k+1 still tied); under
 * "simultaneous" every character with the top score counts as first. (Equal random draws, chance
 * 2^−20 per tie, are ignored.)
 */
export function initiativeFirstExact(plan: Plan, rolls: ExactRoll[]): number[] {
  return plan.fighters.map((a, i) => {
    let total = 0
    const top = rolls[i].min + rolls[i].p.length
    for (let v = rolls[i].min; v < top; v++) {
      const pv = pointAt(rolls[i], v)
      if (pv === 0) continue
      // poly[k]: probability that exactly k same-trait rivals tie at v while nobody beats him
      let poly = [1]
      for (let j = 0; j < plan.n; j++) {
        if (j === i) continue
        const below = atMost(rolls[j], v - 1)
        const tie = pointAt(rolls[j], v)
        const b = plan.fighters[j]
        if (plan.simultaneousTies || b.traitKey < a.traitKey) poly = poly.map((x) => x * (below + tie))
        else if (b.traitKey > a.traitKey) poly = poly.map((x) => x * below)
        else poly = [...poly.map((x) => x * below), 0].map((x, k) => x + (k > 0 ? poly[k - 1] * tie : 0))
      }
      total += pv * poly.reduce((s, x, k) => s + x / (k + 1), 0)
    }
    return total
  })
}

/** Void Points planned for Round 1 are spent there: at Round start or on the first roll (he has one). */
function plansVoidInRound1(d: Fighter, use: number): boolean {
  return d.voidPoints > 0 && d.voidOf[0] === use
}

/** The Initiative roll he makes in Stage 1: +1k1 when his Round 1 plan spends a Void Point on it. */
export function initiativeRollOf(d: Fighter): Fighter['init'] {
  return plansVoidInRound1(d, VOID_INITIATIVE_ROLL) ? d.initVoid : d.init
}

/**
 * Round 1 Initiative as it orders the Round: the rolled scores, exchanged by Void swaps declared at
 * Round 1 start (roster order, as the sampler), +10 for whoever buys Void Initiative then.
 */
export function round1Initiative(plan: Plan, rolls: ExactRoll[]): ExactRoll[] {
  const out = [...rolls]
  plan.fighters.forEach((d, i) => {
    const p = d.swapWithOf[0]
    if (p < 0 || !plansVoidInRound1(d, VOID_SWAP)) return
    const t = out[i]
    out[i] = out[p]
    out[p] = t
  })
  return out.map((roll, i) => (plansVoidInRound1(plan.fighters[i], VOID_INITIATIVE) ? { min: roll.min + 10, p: roll.p, mean: roll.mean + 10 } : roll))
}

/**
 * The target's Armor TN in Round 1 with its probability: his Stance, Defense Mastery +3, a Void Point's
 * +10 declared at Round start; in Full Defense, one TN per total of his Defense roll (+1k1 with a Void
 * Point planned for it).
 */
function round1ArmorTns(d: Fighter): { tn: number; p: number }[] {
  const voidArmor = plansVoidInRound1(d, VOID_ARMOR) ? 10 : 0
  const stance = d.stanceOf[0]
  const tnAt = (fullDefenseAdd: number): number => armorTn(d.baseArmorTn, stance, d.defenseAdd, fullDefenseAdd, d.masteryTn) + voidArmor
  if (stance !== FULL_DEFENSE) return [{ tn: tnAt(0), p: 1 }]
  const fd = exactRoll(plansVoidInRound1(d, VOID_FULL_DEFENSE) ? d.fullDefenseVoid : d.fullDefense, d.fullDefenseExplodes)
  return Array.from(fd.p, (p, k) => ({ tn: tnAt(Math.ceil((fd.min + k) / 2)), p }))
}

/**
 * His first attack of the skirmish against his first target ("sticky-first"), both Healthy and in
 * their Round 1 Stances, with the Round 1 Void Points both plan (+1k1 attack, katana +1k1 damage, the
 * target's +10 Armor TN) and his Raises (fixed, or best Raises at the TN he faces): P(hit) and
 * expected wounds per attack (docs/rules/l5r.md section 6). A Full Defense target's TN is averaged over his
 * Defense roll. None when the target plans Void against wounds: that Point goes on the first hit of
 * 10 or more, which depends on the attacks before.
 */
function openingAttack(plan: Plan, i: number): { target: number; hit: number; wounds: number } | undefined {
  const a = plan.fighters[i]
  const stance = a.stanceOf[0]
  const j = plan.fighters.findIndex((d) => d.side !== a.side)
  // his best weapon is chosen at the attack, against the TN he faces then: sampled only
  if (!canAttackIn(stance) || j < 0 || a.t.target !== 'sticky-first' || a.using < 0) return undefined
  const d = plan.fighters[j]
  if (plansVoidInRound1(d, VOID_WOUNDS)) return undefined
  const bits = (stance === FULL_ATTACK ? SPEC_FULL_ATTACK : 0) | (plansVoidInRound1(a, VOID_ATTACK) ? SPEC_VOID : 0) | (plansVoidInRound1(a, VOID_SKILL) ? SPEC_SKILL : 0)
  const boosted = plansVoidInRound1(a, VOID_DAMAGE)
  const atk = exactRoll(a.attack[bits], attackExplodesWith(a, bits), undefined, a.attackRerolls)
  const damage = boosted ? a.damageVoid : a.damage
  const table = boosted && a.raiseTableVoid ? a.raiseTableVoid : a.raiseTable
  const perHit = new Map<number, number>()
  let hit = 0
  let wounds = 0
  for (const { tn, p } of round1ArmorTns(d)) {
    const raises = table && a.bestRaisesOf[0] === 1 ? bestRaisesAt(table, bits, d.reductionIndex, tn) : a.raisesOf[0]
    if (!perHit.has(raises)) perHit.set(raises, expectedAbove(exactRoll(damage[raises], plan.damageExplodes), d.reduction))
    const ph = p * probabilityAtLeast(atk, tn + 5 * raises)
    hit += ph
    wounds += ph * (perHit.get(raises) as number)
  }
  return { target: j, hit, wounds }
}

/** Everything `quickdraw exact` reports for a skirmish, plus the scenario's own `exactRolls`. */
export function exactMetrics(plan: Plan): ExactMetric[] {
  const out: ExactMetric[] = []
  const rolls = plan.fighters.map((d) => exactRoll(initiativeRollOf(d), true))
  const first = initiativeFirstExact(plan, round1Initiative(plan, rolls))
  plan.fighters.forEach((d, i) => {
    out.push({ id: `initiative:${d.c.id}`, label: `Initiative Score: ${d.c.name}`, kind: 'distribution', mean: rolls[i].mean, p: distributionPoints(rolls[i]) })
    // with a late arrival Round 1's order and opening attacks are not the whole story: sampled only
    if (plan.lateJoin) return
    out.push({ id: `initiative-first:${d.c.id}`, label: `Highest Initiative in Round 1: ${d.c.name}`, kind: 'probability', p: first[i] })
    const o = openingAttack(plan, i)
    if (!o) return
    const t = plan.fighters[o.target].c.name
    out.push({ id: `opening-hit:${d.c.id}`, label: `Opening attack hits ${t}: ${d.c.name}`, kind: 'probability', p: o.hit })
    out.push({ id: `opening-wounds:${d.c.id}`, label: `Wounds per opening attack on ${t}: ${d.c.name}`, kind: 'mean', mean: o.wounds })
  })
  for (const q of plan.scenario.exactRolls) out.push(...exactQuery(plan, q))
  return out
}

function exactQuery(plan: Plan, q: Plan['scenario']['exactRolls'][number]): ExactMetric[] {
  const r = parseRoll(q.roll)
  const spec = tenDiceRule(r.rolled, r.kept, plan.tenDice, r.bonus)
  const roll = exactRoll(spec, q.explode, undefined, q.emphasis)
  const shown = formatRoll(spec)
  const how = `${shown === q.roll ? '' : ` (${shown} by the Ten Dice Rule)`}${q.explode ? '' : ' (unskilled: no explosions)'}${q.emphasis ? ' (Emphasis: 1s rerolled once)' : ''}`
  const id = `roll:${q.roll}${q.explode ? '' : ':unskilled'}${q.emphasis ? ':emphasis' : ''}`
  const out: ExactMetric[] = [{ id, label: `${q.roll}${how}`, kind: 'distribution', mean: roll.mean, p: distributionPoints(roll) }]
  for (const tn of q.tns) out.push({ id: `${id}:tn${tn}`, label: `P(${q.roll} ≥ ${tn})${how}`, kind: 'probability', p: probabilityAtLeast(roll, tn) })
  return out
}
