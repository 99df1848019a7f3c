import { d6SumWays } from '../../dice/gurps-damage'
import { gurpsOddsExact, gurpsSucceeds, THREE_D6_WAYS } from '../../dice/three-d6'
import { injuryOf } from '../gurps-common/basic-damage'
import { Defense } from './codes'
import { bestDefense, type DefenseChoice } from './defense'
import type { Plan } from './plan'
import { FightState } from './state'

/**
 * Exact odds of one attack at the opening of a fight (everyone at full health, no shock, no defence used
 * yet): attack roll, critical, the target's best defence, and the injury of a hit that is not critical.
 * @see rules-combat.md §C2.7 (test vectors), rules.md §3.1
 */

/** Ways out of 216 that a defence roll against `score` succeeds (3–4 always, 17–18 never). */
export function defenseWays(score: number): number {
  let w = 0
  for (let r = 3; r <= 18; r++) if (gurpsSucceeds(r, score)) w += THREE_D6_WAYS[r - 3]
  return w
}

/** P(attack lands) = P(critical) + P(ordinary success) × P(defence fails); `defense` −99 means none. */
export function landsExact(skill: number, defense: number): number {
  const o = gurpsOddsExact(skill)
  const pDef = defense <= -99 ? 0 : defenseWays(defense) / 216
  return o.critSuccess / 216 + ((o.success - o.critSuccess) / 216) * (1 - pDef)
}

/** Exact injury distribution of one ordinary (non-critical) hit: `p[i]` = P(injury = i). */
export function injuryDistribution(dice: number, add: number, minDamage: number, dr: number, halves: number, minOne: boolean): number[] {
  const ways = d6SumWays(dice)
  const total = 6 ** dice
  const p: number[] = []
  ways.forEach((w, k) => {
    const dmg = Math.max(minDamage, dice + k + add)
    const inj = injuryOf(dmg, dr, halves, minOne)
    while (p.length <= inj) p.push(0)
    p[inj] += w / total
  })
  return p
}

export interface OpeningOdds {
  attacker: number
  defender: number
  skill: number
  success: number
  critical: number
  defense: DefenseChoice
  defenseSucceeds: number
  lands: number
  injury: number[]
  meanInjury: number
}

/** The defence `d` would pick against `a` with nothing used yet. */
export function openingDefense(plan: Plan, a: number, d: number): DefenseChoice {
  const st = new FightState(plan.fighters.length)
  for (let i = 0; i < st.n; i++) {
    st.hp[i] = plan.fighters[i].hpMax
    st.ready[i] = 1
    st.aod[i] = -1
    st.feintOn[i] = -1
    st.slotTarget[i] = -1
    st.frozenShock[i] = -1
  }
  const out: DefenseChoice = { kind: Defense.None, score: -99, retreat: false }
  bestDefense(plan, st, d, a, Defense.None, out)
  return out
}

/** Opening odds of each fighter's ordinary Attack on his first target. */
export function openingOdds(plan: Plan): OpeningOdds[] {
  return plan.fighters.flatMap((f) => {
    const d = f.preferredTarget >= 0 ? f.preferredTarget : plan.fighters.findIndex((g) => g.side !== f.side)
    if (d < 0) return []
    const o = gurpsOddsExact(f.skill)
    const defense = openingDefense(plan, f.index, d)
    const pDef = defense.kind === Defense.None ? 0 : defenseWays(defense.score) / 216
    const injury = injuryDistribution(f.dice, f.add, f.minDamage, plan.fighters[d].dr, f.halves, plan.rules.minimumInjuryOne)
    return [
      {
        attacker: f.index,
        defender: d,
        skill: f.skill,
        success: o.success / 216,
        critical: o.critSuccess / 216,
        defense,
        defenseSucceeds: pDef,
        lands: landsExact(f.skill, defense.kind === Defense.None ? -99 : defense.score),
        injury,
        meanInjury: injury.reduce((s, p, i) => s + p * i, 0),
      },
    ]
  })
}
