import { exactRoll, expectedAbove, formatRoll, probabilityAtLeast, tenDiceRule, type ExactRoll } from '../../dice/roll-and-keep'
import type { ExactMetric } from '../rule-system'
import { FULL_ATTACK, FULL_DEFENSE, armorTn, canAttackIn } from './armor'
import type { Plan } from './plan'
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
 * P(each character has the highest Initiative in Round 1), exactly: default tie rule (A19) is higher
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

/**
 * His first attack of the skirmish against his first target ("sticky-first"), both Healthy and in
 * their Round 1 Stances: P(hit) and expected wounds per attack (rules-combat.md §C3.5). A Full Defense
 * target's TN is averaged over his Defense roll.
 */
function openingAttack(plan: Plan, i: number): { target: number; hit: number; wounds: number } | undefined {
  const a = plan.fighters[i]
  const stance = a.stanceOf[0]
  const j = plan.fighters.findIndex((d) => d.side !== a.side)
  if (!canAttackIn(stance) || j < 0 || a.t.target !== 'sticky-first') return undefined
  const d = plan.fighters[j]
  const raises = a.raisesOf[0]
  const atk = exactRoll(a.attack[stance === FULL_ATTACK ? 1 : 0], a.attackExplodes)
  const dStance = d.stanceOf[0]
  let hit = 0
  if (dStance === FULL_DEFENSE) {
    const fd = exactRoll(d.fullDefense, d.fullDefenseExplodes)
    fd.p.forEach((p, k) => {
      hit += p * probabilityAtLeast(atk, armorTn(d.baseArmorTn, dStance, d.defenseAdd, Math.ceil((fd.min + k) / 2)) + 5 * raises)
    })
  } else hit = probabilityAtLeast(atk, armorTn(d.baseArmorTn, dStance, d.defenseAdd, 0) + 5 * raises)
  const dmg = exactRoll(a.damage[raises], plan.damageExplodes)
  return { target: j, hit, wounds: hit * expectedAbove(dmg, d.reduction) }
}

/** Everything `quickdraw exact` reports for a skirmish, plus the scenario's own `exactRolls`. */
export function exactMetrics(plan: Plan): ExactMetric[] {
  const out: ExactMetric[] = []
  const rolls = plan.fighters.map((d) => exactRoll(d.init, true))
  const first = initiativeFirstExact(plan, rolls)
  plan.fighters.forEach((d, i) => {
    out.push({ id: `initiative:${d.c.id}`, label: `Initiative Score: ${d.c.name}`, kind: 'distribution', mean: rolls[i].mean, p: distributionPoints(rolls[i]) })
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
  const roll = exactRoll(spec, q.explode)
  const shown = formatRoll(spec)
  const how = `${shown === q.roll ? '' : ` (${shown} by the Ten Dice Rule)`}${q.explode ? '' : ' (unskilled: no explosions)'}`
  const out: ExactMetric[] = [{ id: `roll:${q.roll}`, label: `${q.roll}${how}`, kind: 'distribution', mean: roll.mean, p: distributionPoints(roll) }]
  for (const tn of q.tns) out.push({ id: `roll:${q.roll}:tn${tn}`, label: `P(${q.roll} ≥ ${tn})${how}`, kind: 'probability', p: probabilityAtLeast(roll, tn) })
  return out
}
