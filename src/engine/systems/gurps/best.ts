import { gurpsCritical, gurpsSucceeds, THREE_D6_WAYS } from '../../dice/three-d6'
import { effectiveSkill, Mode } from './attack'
import { Defense, Maneuver } from './codes'
import { drAgainstArm } from './damage'
import { bestDefense, type DefenseChoice } from './defense'
import { injuryDistribution } from './exact'
import { MAX_ARMS } from './fighter'
import { nameOf, say } from './log'
import { allowance, gap } from './maneuver'
import type { Plan } from './plan'
import type { FightState } from './state'

/**
 * "His best against this foe" (a tactics entry's `using: "best"`): at the start of each of his turns, the
 * attack with the highest expected injury a blow against his foe as the fight stands, worked out from the
 * rules without sampling: the chance his ordinary Attack lands (a critical hit, or a success his foe's best
 * defence against that attack fails to stop) × the mean injury of an ordinary hit past the foe's DR. Only
 * attacks that can strike the foe this turn count (in reach with the step of an Attack), and of those only
 * ones that are ready or need a single Ready (drawing a weapon, taking up the next thrown one), not an
 * emptied gun or bow that takes several turns to reload; when none qualifies, all count (he moves toward
 * the foe, or reloads). Ties go to the earlier listed. Switching to a weapon that is not ready costs a
 * Ready (B366). @see docs/rules/gurps.md (Several attacks)
 */

/** Scores below and above this range are read as these ends (3d6 never tells them apart further). */
const LO = -20
const HI = 40
const SUCCESS = new Float64Array(HI - LO + 1)
const CRITICAL = new Float64Array(HI - LO + 1)
for (let s = LO; s <= HI; s++) {
  let ok = 0
  let crit = 0
  for (let r = 3; r <= 18; r++) {
    if (gurpsSucceeds(r, s)) ok += THREE_D6_WAYS[r - 3]
    if (gurpsCritical(r, s) === 'success') crit += THREE_D6_WAYS[r - 3]
  }
  SUCCESS[s - LO] = ok / 216
  CRITICAL[s - LO] = crit / 216
}

function at(table: Float64Array, score: number): number {
  return table[(score < LO ? LO : score > HI ? HI : score) - LO]
}

/** Chance an attack at effective skill `skill` lands against a defence `defense` (−99: none). */
export function landChance(skill: number, defense: number): number {
  const crit = at(CRITICAL, skill)
  const pDef = defense <= -99 ? 0 : at(SUCCESS, defense)
  return crit + (at(SUCCESS, skill) - crit) * (1 - pDef)
}

/** Mean injury of an ordinary hit of each fighter's each attack on each foe, past the foe's DR (n × MAX_ARMS × n). */
const means = new WeakMap<Plan, Float64Array>()

function meanTable(plan: Plan): Float64Array {
  let t = means.get(plan)
  if (t) return t
  const n = plan.fighters.length
  t = new Float64Array(n * MAX_ARMS * n)
  for (const f of plan.fighters) {
    for (const w of f.arms) {
      for (const d of plan.fighters) {
        const p = injuryDistribution(w.dice, w.add, w.minDamage, drAgainstArm(plan, w, d.index), w.halves, plan.rules.minimumInjuryOne)
        t[(f.index * MAX_ARMS + w.index) * n + d.index] = p.reduce((s, x, i) => s + x * i, 0)
      }
    }
  }
  means.set(plan, t)
  return t
}

const scratch: DefenseChoice = { kind: Defense.None, score: 0, retreat: false }

/** Expected injury a blow of `f`'s attack `k` on `t` as the fight stands (an ordinary Attack, his foe's best defence). */
export function expectedInjury(plan: Plan, st: FightState, f: number, t: number, k: number): number {
  const held = st.arm[f]
  st.arm[f] = k
  const eff = effectiveSkill(plan, st, f, t, Mode.Normal)
  bestDefense(plan, st, t, f, Defense.None, scratch)
  st.arm[f] = held
  const lands = landChance(eff, scratch.kind === Defense.None ? -99 : scratch.score)
  return lands * meanTable(plan)[(f * MAX_ARMS + k) * st.n + t]
}

/** Whether `f`'s attack `k` can strike `t` this turn (in reach with an Attack's step) and is not an emptied missile weapon needing several Ready turns. */
function reaches(plan: Plan, st: FightState, f: number, t: number, k: number): boolean {
  const w = plan.fighters[f].arms[k]
  if (w.shots > 0 && st.shotsLeft[f * MAX_ARMS + k] <= 0 && (k === st.arm[f] ? st.readyLeft[f] > 1 : w.readyTurns > 1)) return false
  const held = st.arm[f]
  st.arm[f] = k
  const ok = gap(plan, st, f, t) <= allowance(plan, st, f, Maneuver.Attack)
  st.arm[f] = held
  return ok
}

/** The attack "best" picks for `f` against `t` now (see the header). */
export function bestArm(plan: Plan, st: FightState, f: number, t: number): number {
  const arms = plan.fighters[f].arms
  let best = -1
  let bestValue = -1
  let anyReach = false
  for (let k = 0; k < arms.length; k++) if (reaches(plan, st, f, t, k)) anyReach = true
  for (let k = 0; k < arms.length; k++) {
    if (anyReach && !reaches(plan, st, f, t, k)) continue
    const v = expectedInjury(plan, st, f, t, k)
    if (v > bestValue) {
      best = k
      bestValue = v
    }
  }
  return best
}

/**
 * Takes up the attack "best" picks, if it is not the one he holds: the one he held keeps its readiness
 * (drawn stays drawn), the new one is ready if it was drawn, else his turn goes on a Ready. Told in the log.
 */
export function chooseBest(plan: Plan, st: FightState, f: number, t: number): void {
  const k = bestArm(plan, st, f, t)
  const held = st.arm[f]
  if (k === held || k < 0) return
  if (st.log) {
    const arms = plan.fighters[f].arms
    const others = arms
      .filter((w) => w.index !== k)
      .map((w) => (reaches(plan, st, f, t, w.index) ? `${expectedInjury(plan, st, f, t, w.index).toFixed(1)} for the ${w.weapon}` : `the ${w.weapon} cannot strike him this turn`))
      .join(', ')
    const drawn = (st.drawn[f] >> k) & 1
    const verb = drawn ? 'takes up' : 'draws'
    say(st, 'note', [f, t], plan, `${nameOf(plan, f)} ${verb} his ${arms[k].weapon}: his best against ${nameOf(plan, t)}, ${expectedInjury(plan, st, f, t, k).toFixed(1)} expected injury a blow; ${others}${drawn ? '' : ' (drawing it takes a Ready)'}.`)
  }
  // what he held keeps its readiness; the one he takes up has its own
  if (st.ready[f]) st.drawn[f] |= 1 << held
  else st.drawn[f] &= ~(1 << held)
  st.ready[f] = (st.drawn[f] >> k) & 1
  st.drawn[f] &= ~(1 << k)
  st.arm[f] = k
  st.readyLeft[f] = 0
  // a missile weapon left empty must be reloaded in full first
  const w = plan.fighters[f].arms[k]
  if (w.shots > 0 && st.shotsLeft[f * MAX_ARMS + k] <= 0) {
    st.ready[f] = 0
    st.readyLeft[f] = w.readyTurns
  }
}
