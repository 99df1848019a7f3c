import { d6SumWays } from '../../dice/gurps-damage'
import { gurpsOddsExact, gurpsSucceeds, THREE_D6_WAYS } from '../../dice/three-d6'
import { injuryOf } from '../gurps-common/basic-damage'
import { quickContestExact } from '../../dice/quick-contest'
import { Defense, Maneuver, Response, Trigger } from './codes'
import { allowance, gap, pickTarget } from './maneuver'
import { rangePenalty } from './range'
import { contestScore } from './waits'
import { bestDefense, type DefenseChoice } from './defense'
import { bestArm } from './best'
import { drAgainstArm } from './damage'
import { startArms } from './fight'
import { armOf, type Plan } from './plan'
import { FightState } from './state'

/**
 * Exact odds of one attack at the opening of a fight (everyone at full health, no shock, no defence used
 * yet): attack roll, critical, the target's best defence, and the injury of a hit that is not critical.
 * @see docs/rules/gurps.md section 4 (test vectors), docs/rules/gurps.md section 1
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
  /** The attack he makes it with (his only one, the one his tactics name, or his best against this foe). */
  weapon: string
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

/** A state at the opening of the fight, for exact questions about it. */
function openingState(plan: Plan): FightState {
  const st = new FightState(plan.fighters.length)
  for (let i = 0; i < st.n; i++) {
    st.hp[i] = plan.fighters[i].hpMax
    startArms(plan.fighters[i], st, i)
    st.aod[i] = -1
    st.feintOn[i] = -1
    st.slotTarget[i] = -1
    st.frozenShock[i] = -1
    st.target[i] = -1
    st.movedToward[i] = -1
  }
  st.dist.set(plan.dist0)
  return st
}

/** The defence `d` would pick against `a` with nothing used yet. */
export function openingDefense(plan: Plan, a: number, d: number, arm = -1): DefenseChoice {
  const st = openingState(plan)
  st.ready[d] = 1
  if (arm >= 0) st.arm[a] = arm
  const out: DefenseChoice = { kind: Defense.None, score: -99, retreat: false }
  bestDefense(plan, st, d, a, Defense.None, out)
  return out
}

/** Opening odds of each fighter's ordinary Attack on his first target (range penalty included for ranged attacks). */
export function openingOdds(plan: Plan): OpeningOdds[] {
  const st = openingState(plan)
  return plan.fighters.flatMap((f) => {
    const d = pickTarget(plan, st, f.index)
    if (d < 0) return []
    // his best against this foe: the attack he would take up for this opening blow
    if (f.using < 0) st.arm[f.index] = bestArm(plan, st, f.index, d)
    const w = armOf(plan, st, f.index)
    const skill = w.skill + (w.ranged && plan.rules.rangePenalties ? rangePenalty(plan.dist0[f.index * st.n + d]) : 0)
    const o = gurpsOddsExact(skill)
    const defense = openingDefense(plan, f.index, d, st.arm[f.index])
    const pDef = defense.kind === Defense.None ? 0 : defenseWays(defense.score) / 216
    const injury = injuryDistribution(w.dice, w.add, w.minDamage, drAgainstArm(plan, w, d), w.halves, plan.rules.minimumInjuryOne)
    return [
      {
        attacker: f.index,
        weapon: w.weapon,
        defender: d,
        skill,
        success: o.success / 216,
        critical: o.critSuccess / 216,
        defense,
        defenseSucceeds: pDef,
        lands: landsExact(skill, defense.kind === Defense.None ? -99 : defense.score),
        injury,
        meanInjury: injury.reduce((s, p, i) => s + p * i, 0),
      },
    ]
  })
}

/** Exact first-strike odds of an opening standoff: P(each fighter strikes first, alone) and P(both at once). */
export interface StandoffExact {
  first: number[]
  tie: number
}

/**
 * When a two-fighter fight opens with both on a Wait for the signal of turn 2 (nothing happens on turn 1)
 * and both can strike at once, who strikes first is exactly the Quick Contest of their Wait scores, with
 * Enhanced Time Sense ahead of everything. Undefined for any other opening.
 * @see GURPS Martial Arts p.108 (docs/rules/gurps.md section 2); docs/rules/gurps.md section 2
 */
export function standoffExact(plan: Plan): StandoffExact | undefined {
  if (plan.fighters.length !== 2 || plan.signalTurn !== 2) return undefined
  const st = openingState(plan)
  const scores: number[] = []
  for (const f of plan.fighters) {
    const step = f.steps[0]
    const attacks = step.response === Response.Attack || step.response === Response.AllOutAttack
    if (step.maneuver !== Maneuver.Wait || step.trigger !== Trigger.Signal || !attacks || !f.arms[st.arm[f.index]].startsReady || f.arms.length > 1) return undefined
    const other = 1 - f.index
    if (gap(plan, st, f.index, other) > allowance(plan, st, f.index, step.response === Response.AllOutAttack ? Maneuver.AllOutAttack : Maneuver.Attack)) return undefined
    st.waitStep[f.index] = 0
    const score = contestScore(plan, st, f.index, other, false)
    if (score < 3 && plan.rules.forbidBelowThree) return undefined
    scores.push(score)
  }
  const [a, b] = plan.fighters
  if (a.ets !== b.ets) return a.ets ? { first: [1, 0], tie: 0 } : { first: [0, 1], tie: 0 }
  const c = quickContestExact(scores[0], scores[1])
  const all = 216 * 216
  return { first: [c.aFirst / all, c.bFirst / all], tie: c.tie / all }
}
