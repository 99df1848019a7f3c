import { gurpsSucceeds } from '../../dice/three-d6'
import { Aod, Cond, Defense, Maneuver, Response } from './codes'
import { nameOf, roll3, RollUse, rollText, say } from './log'
import type { WeaponStats } from './fighter'
import { allowance } from './maneuver'
import { armOf, type Plan } from './plan'
import type { FightState } from './state'

/**
 * Active defences: Dodge, Parry, Block with their formulas and modifiers; the defender takes the
 * highest and retreats as his policy says (by default whenever the rules allow).
 * @see docs/rules/gurps.md section 3 (Active defences)
 */

/** The chosen defence of the last `bestDefense` call. */
export interface DefenseChoice {
  kind: Defense
  score: number
  retreat: boolean
}

/** Dodge before bonuses: ⌊Basic Speed⌋ + 3, halved (rounding up) below a third of HP. */
export function dodgeBase(plan: Plan, st: FightState, d: number): number {
  const f = plan.fighters[d]
  return 3 * st.hp[d] < f.hpMax ? Math.ceil(f.dodge / 2) : f.dodge
}

/**
 * Whether a step back from `a` still leaves `d`'s foe within reach of his own next attack (the tactics'
 * retreat "keep-my-attack"). Only a retreat from the foe he is after can cost it. His next attack is the
 * one under way (with the movement his maneuver has left) when the attack comes in his own turn, the
 * response of his Wait while he waits, else his next turn's maneuver (a step, half Move for an All-Out
 * Attack, full Move for a Move and Attack).
 */
export function retreatKeepsAttack(plan: Plan, st: FightState, d: number, a: number): boolean {
  const foe = st.target[d]
  if (foe >= 0 && foe !== a) return true
  const after = st.dist[d * st.n + a] + 1 - armOf(plan, st, d).reach
  if (after <= 0) return true
  let room: number
  if (st.current === d) room = st.moveLeft[d]
  else {
    const f = plan.fighters[d]
    const step = st.waiting[d] ? f.steps[st.waitStep[d]] : f.steps[Math.min(st.ownTurns[d] + 1, f.steps.length) - 1]
    const m = st.waiting[d] ? (step.response === Response.AllOutAttack ? Maneuver.AllOutAttack : Maneuver.Attack) : step.maneuver
    room = allowance(plan, st, d, m)
  }
  return after <= room
}

/**
 * Highest defence `d` can use against `a` now, excluding `exclude` (for the second defence of All-Out
 * Defense (Double)). Writes into `out`; kind None means no active defence at all.
 * Against missiles (B375–B376): Dodge always; Block against thrown weapons and muscle-powered missiles,
 * never firearms; Parry only against thrown weapons, at −1 (−2 for a small one); no retreat bonus (a
 * retreat is a step back from a melee attacker, B377).
 */
export function bestDefense(plan: Plan, st: FightState, d: number, a: number, exclude: Defense, out: DefenseChoice): void {
  out.kind = Defense.None
  out.score = -99
  out.retreat = false
  if (st.cond[d] !== Cond.Ok || st.noDefense[d]) return
  const f = plan.fighters[d]
  const w = armOf(plan, st, a)
  const ranged = w.ranged
  // a shield's DB counts "not against firearms": it does against melee blows, bows and thrown weapons
  // (docs/rules/gurps.md section 3, Active defences)
  let common = f.cr + (w.firearm ? 0 : f.db)
  if (st.stunned[d]) common -= 4
  if (st.prone[d]) common -= 3
  if (st.feintOn[a] === d) common -= st.feintMargin[a]
  if (plan.rules.shockOnDefense) common -= st.shock[d]
  // struck in a Stop Hit exchange while his own roll missed or had the smaller margin: −1, −3 to parry
  // with the weapon he attacked with (GURPS Martial Arts, Stop Hits)
  const stopHit = st.stopHitPenalty[d]
  common -= stopHit
  // the Basic Set forbids a retreat only while stunned or not standing (docs/rules/gurps.md#active-defences);
  // "not-while-acting" adds the earlier ban while his own maneuver is under way or still to come in a
  // cascade; "not-against-stop-thrust" the Martial Arts limit on retreating from a stop thrust. His own
  // policy (tactics' retreat) overrides the scenario's "never" or "whenever allowed" for him
  const policy = f.retreatPolicy
  const wants = policy === 0 ? plan.rules.retreat : policy !== 2
  const busy = plan.rules.retreatBusyBan && (st.current === d || st.engaged[d] === 1)
  const charged = plan.rules.retreatStopThrust && st.attackFromWait && w.thrusting && st.movedToward[d] === a && st.movedYards[d] > 1
  let canRetreat = !ranged && wants && !busy && !charged && !st.stunned[d] && !st.prone[d] && !st.noRetreat[d]
  if (canRetreat && policy === 3 && st.retreated[d] === 0) canRetreat = retreatKeepsAttack(plan, st, d, a)
  const retreat = st.retreated[d] === 1 || canRetreat
  const aod = st.aod[d]
  // his tactics may name the one defence he uses (Defense codes: Dodge 0, Parry 1, Block 2)
  const only = f.defenceOnly
  if (exclude !== Defense.Dodge && (only < 0 || only === Defense.Dodge)) {
    const score = dodgeBase(plan, st, d) + common + (aod === Aod.IncreasedDodge ? 2 : 0) + (retreat ? 3 : 0)
    if (score > out.score) set(out, Defense.Dodge, score, retreat)
  }
  // no parrying bullets or arrows, thrown weapons at −1 (−2 small); no parry with the weapon he is
  // attacking with in a simultaneous exchange
  const mutual = st.slotTarget[d] === a && st.slotTarget[a] === d
  const dw = armOf(plan, st, d)
  if (exclude !== Defense.Parry && (only < 0 || only === Defense.Parry) && dw.parry >= 0 && (!ranged || w.thrown) && st.ready[d] && !st.noParry[d] && !mutual) {
    const repeated = st.parries[d] * (dw.fencing ? 2 : 4)
    // Retreat: +1 Parry, +3 with a fencing weapon, Boxing, Judo or Karate (rules-combat docs/rules/gurps.md section 3; Judo/Karate = barehanded 2)
    const retreatParry = dw.fencing || dw.barehanded === 2 ? 3 : 1
    const thrown = ranged ? w.thrownParry : 0
    const score = dw.parry + thrown + barehandedParry(dw, w) + common - 2 * stopHit + (aod === Aod.IncreasedParry ? 2 : 0) - repeated + (retreat ? retreatParry : 0)
    if (score > out.score) set(out, Defense.Parry, score, retreat)
  }
  // one Block a turn (Basic Set); variants.multipleBlocks "martial-arts": each further one at a cumulative −5;
  // no blocking bullets or beams
  const blocks = st.blocks[d]
  if (exclude !== Defense.Block && (only < 0 || only === Defense.Block) && f.block >= 0 && !w.firearm && (blocks === 0 || plan.rules.multipleBlocks)) {
    const score = f.block + common + (aod === Aod.IncreasedBlock ? 2 : 0) + (retreat ? 1 : 0) - 5 * blocks
    if (score > out.score) set(out, Defense.Block, score, retreat)
  }
}

/**
 * Parrying a weapon barehanded is at −3, except against a thrust or with Judo or Karate; an unarmed
 * attack is parried at no penalty. @see docs/rules/gurps.md section 3 (Active defences)
 */
export function barehandedParry(defender: WeaponStats, attacker: WeaponStats): number {
  return defender.barehanded === 1 && attacker.barehanded === 0 && !attacker.thrusting ? -3 : 0
}

function set(out: DefenseChoice, kind: Defense, score: number, retreat: boolean): void {
  out.kind = kind
  out.score = score
  out.retreat = retreat
}

const NAMES = ['dodges', 'parries', 'blocks']

/** Rolls the defence chosen in `c`; books parries, blocks and the retreat (a step back from a melee attacker). */
export function rollDefense(plan: Plan, st: FightState, d: number, a: number, c: DefenseChoice): boolean {
  const r = roll3(st, RollUse.Success, c.score)
  const ok = gurpsSucceeds(r, c.score)
  if (c.kind === Defense.Parry) {
    st.parries[d]++
    if (armOf(plan, st, d).unbalanced) st.parriedUnbalanced[d] = 1
  }
  else if (c.kind === Defense.Block) st.blocks[d]++
  if (c.retreat && !st.retreated[d]) {
    st.retreated[d] = 1
    const n = st.n
    st.dist[d * n + a]++
    st.dist[a * n + d]++
  }
  if (st.log) logDefense(plan, st, d, c, r, ok)
  return ok
}

/** The trace's line for a defence roll (out of the hot function, which the compiler can then take whole). */
function logDefense(plan: Plan, st: FightState, d: number, c: DefenseChoice, r: number, ok: boolean): void {
  const how = c.retreat ? ' with a retreat' : ''
  say(st, 'roll', [d], plan, `${nameOf(plan, d)} ${NAMES[c.kind]}${how} (${c.score}): ${rollText(r, c.score, ok)}${ok ? '' : ' — the blow lands'}.`)
}
