import { contestKey } from '../../dice/quick-contest'
import { gurpsSucceeds } from '../../dice/three-d6'
import { resolveCascade, Status, type CascadeOutcome } from '../gurps-common/cascade'
import { LATE_JOINER_PENALTY, waitMovementModifier } from '../gurps-common/wait-modifiers'
import { shockOf } from './attack'
import { Cond, Maneuver, Response, Trigger } from './codes'
import type { CompiledStep } from './fighter'
import { F } from './layout'
import { nameOf, roll3, rollText, say, signed } from './log'
import { able, allowance, gap, parriedUnbalanced, perform, pickTarget, readyOnce, up } from './maneuver'
import { armOf, type Plan } from './plan'
import type { FightState } from './state'

/**
 * Waits inside the turn loop: which events set a Wait off, the interrupt, and Cascading Waits when
 * several fire together.
 * @see docs/rules/gurps.md section 3 (GURPS Basic Set p.B366 Wait) and GURPS Martial Arts p.108 (docs/rules/gurps.md section 2)
 */
export const enum Ev {
  /** A fighter starts a maneuver on his turn ("an enemy acts", "a named enemy acts"). */
  Act = 0,
  /** A fighter steps within the reach of `t` ("an enemy comes within reach"). */
  InReach = 1,
  /** A fighter is about to attack `t` ("an enemy attacks", read as: attacks the waiter). */
  Attack = 2,
  /** The outside event of `signalTurn`. */
  Signal = 3,
}

/** Key bonus that puts Enhanced Time Sense ahead of everyone without it, as in gurps-waits. */
export const ETS_KEY = 4096

function stepOf(plan: Plan, st: FightState, w: number): CompiledStep {
  return plan.fighters[w].steps[st.waitStep[w]]
}

/** Whether w's response against `target` is possible now (a Ready needs an unready weapon; attacks need reach within the step or half Move). */
function canRespond(plan: Plan, st: FightState, w: number, target: number, step: CompiledStep): boolean {
  if (st.cond[w] !== Cond.Ok || st.stunned[w] || target < 0 || !up(st, target)) return false
  if (step.response === Response.Ready) return st.ready[w] === 0
  if (!able(st, w) || (step.response !== Response.Feint && parriedUnbalanced(plan, st, w))) return false
  return gap(plan, st, w, target) <= allowance(plan, st, w, step.response === Response.AllOutAttack ? Maneuver.AllOutAttack : Maneuver.Attack)
}

/** Whether event `ev` by `x` (on `t`) sets off w's Wait, with a possible response. */
function setsOff(plan: Plan, st: FightState, w: number, ev: Ev, x: number, t: number): boolean {
  if (!st.waiting[w] || st.engaged[w] || st.cond[w] !== Cond.Ok || st.stunned[w]) return false
  if (ev !== Ev.Signal && plan.fighters[w].side === plan.fighters[x].side) return false
  const step = stepOf(plan, st, w)
  // a Stop Hit does not interrupt: it meets the attack (stopHitReady)
  if (step.response === Response.StopHit) return false
  let hit: boolean
  if (step.trigger === Trigger.InReach) hit = ev === Ev.InReach && t === w
  else if (step.trigger === Trigger.Attacks) hit = ev === Ev.Attack && t === w
  else if (step.trigger === Trigger.Acts) hit = ev === Ev.Act
  else if (step.trigger === Trigger.NamedActs) hit = ev === Ev.Act && step.enemy === x
  else hit = ev === Ev.Signal
  return hit && canRespond(plan, st, w, ev === Ev.Signal ? pickTarget(plan, st, w) : x, step)
}

/**
 * Whether `w`'s Wait is a Stop Hit that `a`'s attack on him now sets off: both melee, `w` able to reach
 * `a` with a step. @see attack.ts stopHit
 */
export function stopHitReady(plan: Plan, st: FightState, w: number, a: number): boolean {
  if (!st.waiting[w] || st.engaged[w] || st.cond[w] !== Cond.Ok || st.stunned[w]) return false
  const step = stepOf(plan, st, w)
  if (step.response !== Response.StopHit || plan.fighters[w].side === plan.fighters[a].side) return false
  if (armOf(plan, st, a).ranged || armOf(plan, st, w).ranged) return false
  return canRespond(plan, st, w, a, step)
}

/** The Wait turns into its response: no longer waiting; counted as fired. */
export function convert(plan: Plan, st: FightState, w: number): void {
  st.waiting[w] = 0
  st.waitFired[w] = 1
  st.tally.counts[plan.layout.fighter[w] + F.WaitsFiredTotal]++
}

const RESPONSE_TEXT = ['attacks', 'makes an All-Out Attack on', 'readies the weapon', 'feints', 'makes a Stop Hit into the attack of']

function respond(plan: Plan, st: FightState, w: number, t: number): void {
  const step = stepOf(plan, st, w)
  if (st.log) say(st, 'interrupt', [w, t], plan, `${nameOf(plan, w)}'s Wait fires: ${nameOf(plan, w)} ${RESPONSE_TEXT[step.response]}${step.response === Response.Ready ? '' : ` ${nameOf(plan, t)}`}.`)
  if (step.response === Response.Ready) {
    readyOnce(plan, st, w)
    return
  }
  if (step.response === Response.AllOutAttack) {
    st.noDefense[w] = 1
    return perform(plan, st, w, t, Maneuver.AllOutAttack, step.option, true)
  }
  const m = step.response === Response.Feint ? Maneuver.Feint : Maneuver.Attack
  perform(plan, st, w, t, m, 0, true)
  if (m === Maneuver.Attack && armOf(plan, st, w).unbalanced) st.noParry[w] = 1
}

/** The score he rolls in the contest: the skill he will use (DX to ready), +1 Combat Reflexes, +⌊Basic Speed⌋, movement, −2 late. */
export function contestScore(plan: Plan, st: FightState, w: number, target: number, late: boolean): number {
  const f = plan.fighters[w]
  const step = stepOf(plan, st, w)
  const base = (step.response === Response.Ready ? f.dx : armOf(plan, st, w).skill) - shockOf(st, w)
  const yards = step.response === Response.Ready ? 0 : gap(plan, st, w, target)
  return base + f.cr + Math.floor(f.basicSpeed) + waitMovementModifier(yards, plan.rules.yardWholeDistance) + (late ? LATE_JOINER_PENALTY : 0)
}

/**
 * Whoever's Wait event `ev` by `x` sets off interrupts x's action. One waiter acts at once; several (or
 * one plus waiters his own action would set off, who may cut in late) go through Cascading Waits.
 */
export function interrupt(plan: Plan, st: FightState, ev: Ev, x: number, t: number): void {
  const n = st.n
  // nobody waiting, nothing to set off (most turns of most fights)
  let anyWaiting = 0
  for (let w = 0; w < n; w++) anyWaiting |= st.waiting[w]
  if (anyWaiting === 0) return
  const base = st.depth * n
  let count = 0
  for (let w = 0; w < n; w++) {
    if (w === x || !setsOff(plan, st, w, ev, x, t)) continue
    st.rollers[base + count] = w
    st.respTarget[base + count] = ev === Ev.Signal ? pickTarget(plan, st, w) : x
    st.lateTrigger[base + count++] = -1
  }
  if (count === 0) return
  const proceeding = count
  for (let r = 0; r < count; r++) {
    for (let w = 0; w < n; w++) {
      if (!joinsLate(plan, st, w, st.rollers[base + r], st.respTarget[base + r])) continue
      const at = rollerIndex(st, base, w, count)
      if (at >= 0) {
        // already cutting in late on an earlier roller: this one may set him off too
        if (at >= proceeding && r < at) st.lateMask[base + at] |= 1 << r
        continue
      }
      st.rollers[base + count] = w
      st.respTarget[base + count] = st.rollers[base + r]
      st.lateMask[base + count] = 1 << r
      st.lateTrigger[base + count++] = r
    }
  }
  const savedMoment = st.slotMoment
  st.slotMoment = -1
  st.depth++
  if (count === 1) {
    const w = st.rollers[base]
    convert(plan, st, w)
    st.engaged[w] = 1
    respond(plan, st, w, st.respTarget[base])
    st.engaged[w] = 0
  } else cascade(plan, st, base, count, proceeding)
  st.depth--
  st.slotMoment = savedMoment
}

function rollerIndex(st: FightState, base: number, w: number, count: number): number {
  for (let r = 0; r < count; r++) if (st.rollers[base + r] === w) return r
  return -1
}

/**
 * Whether the response of roller `x` (aimed at `t`) sets off w's Wait during the sequence, making him a
 * late joiner: x's action ("an enemy acts"), x's attack on him ("an enemy attacks"), or x's step into
 * his reach on the way ("an enemy comes within reach"). None of these interrupts automatically: "he can
 * try to interrupt — but this isn't automatic! He rolls exactly as above, but with an extra −2".
 * @see GURPS Martial Arts p.108 (docs/rules/gurps.md section 2); docs/rules/gurps.md section 2 step 7
 */
function joinsLate(plan: Plan, st: FightState, w: number, x: number, t: number): boolean {
  if (w === x || st.engaged[w]) return false
  if (setsOff(plan, st, w, Ev.Act, x, -1)) return true
  const resp = stepOf(plan, st, x).response
  if (w !== t || (resp !== Response.Attack && resp !== Response.AllOutAttack)) return false
  if (setsOff(plan, st, w, Ev.Attack, x, w)) return true
  // x walks in from beyond w's reach to his own reach: he passes w's reach on the way
  const d = st.dist[x * st.n + w]
  const reachW = armOf(plan, st, w).reach
  return d > reachW && armOf(plan, st, x).reach <= reachW && setsOff(plan, st, w, Ev.InReach, x, w)
}

/**
 * A late joiner set off by several rollers' actions cuts in on whichever of them comes first: the one
 * with the highest contest key (lowest index among equals, as the resolver orders them).
 */
function chooseTrigger(st: FightState, base: number, r: number): void {
  const mask = st.lateMask[base + r]
  let best = -1
  for (let k = 0; k < r; k++) {
    if ((mask & (1 << k)) !== 0 && (best < 0 || st.keys[base + k] > st.keys[base + best])) best = k
  }
  st.lateTrigger[base + r] = best
  st.respTarget[base + r] = st.rollers[base + best]
}

/** Rolls every roller's Quick Contest key into the frame; −1 for one who may not roll (variants.belowThree "forbid"). */
function contestKeys(plan: Plan, st: FightState, base: number, count: number, proceeding: number): void {
  for (let r = 0; r < count; r++) {
    const w = st.rollers[base + r]
    const late = r >= proceeding
    if (late) chooseTrigger(st, base, r)
    const eff = contestScore(plan, st, w, st.respTarget[base + r], late)
    if (eff < 3 && plan.rules.forbidBelowThree) {
      st.keys[base + r] = -1
      if (st.log) say(st, 'lose', [w], plan, `${nameOf(plan, w)} needs ${eff}, below 3: may not roll, and loses the action and the Wait.`)
      continue
    }
    const roll = roll3(st)
    st.keys[base + r] = contestKey(roll, eff) + (plan.fighters[w].ets ? ETS_KEY : 0)
    if (st.log) {
      const why = late ? ` (late, cutting in on ${nameOf(plan, st.rollers[base + st.lateTrigger[base + r]])}, −2)` : ''
      const ets = plan.fighters[w].ets ? ' — Enhanced Time Sense: ahead of those without it' : ''
      say(st, 'roll', [w], plan, `${nameOf(plan, w)}${why} ${rollText(roll, eff, gurpsSucceeds(roll, eff))} (${signed(eff - armOf(plan, st, w).skill)} on skill)${ets}.`)
    }
  }
}

/**
 * The shared resolver's answer for this cast and these keys. It depends only on the cast and the order
 * of the keys, so it is looked up by (who is late and whom he interrupts, competition ranking) and
 * computed once per shape.
 */
function orderOf(st: FightState, base: number, count: number, proceeding: number): CascadeOutcome {
  let castKey = count * 9 + proceeding
  for (let r = count - 1; r >= 0; r--) castKey = castKey * 9 + st.lateTrigger[base + r] + 1
  let rankKey = 0
  for (let i = count - 1; i >= 0; i--) {
    let ahead = 0
    for (let j = 0; j < count; j++) if (st.keys[base + j] > st.keys[base + i]) ahead++
    rankKey = rankKey * count + ahead
  }
  let byRank = st.cascadeMemo.get(castKey)
  if (!byRank) st.cascadeMemo.set(castKey, (byRank = new Map()))
  let out = byRank.get(rankKey)
  if (!out) {
    const late: boolean[] = []
    const interrupts: number[] = []
    const prevents: number[] = []
    const keys: number[] = []
    for (let r = 0; r < count; r++) {
      late.push(r >= proceeding)
      interrupts.push(st.lateTrigger[base + r])
      prevents.push(0)
      keys.push(st.keys[base + r])
    }
    out = resolveCascade({ n: count, late, interrupts, prevents }, keys)
    byRank.set(rankKey, out)
  }
  return out
}

const DONE = 1
const ACTED = 2
/** `engaged` value of a roller whose action in the cascade is done (1: still to come). */
const ACTED_IN_CASCADE = 2

/** Cascading Waits: the shared resolver orders the rollers; slots then act, each member checked as his slot comes up. */
function cascade(plan: Plan, st: FightState, base: number, count: number, proceeding: number): void {
  st.cascaded = true
  if (st.log) say(st, 'cascade', Array.from(st.rollers.subarray(base, base + count)), plan, `Cascading Waits: ${Array.from(st.rollers.subarray(base, base + count), (w, r) => nameOf(plan, w) + (r >= proceeding ? ' (late)' : '')).join(', ')} roll a Quick Contest.`)
  contestKeys(plan, st, base, count, proceeding)
  for (let r = 0; r < count; r++) {
    st.engaged[st.rollers[base + r]] = 1
    st.flags[base + r] = 0
  }
  const out = orderOf(st, base, count, proceeding)
  for (const slot of out.slots) runSlot(plan, st, base, slot)
  for (let r = 0; r < count; r++) {
    const w = st.rollers[base + r]
    st.engaged[w] = 0
    if (out.status[r] === Status.NotTriggered && st.log && st.waiting[w]) say(st, 'note', [w], plan, `${nameOf(plan, w)}'s trigger never came; still waiting.`)
  }
}

/** One time slot: members still able act truly simultaneously (shock frozen, no parry with the attacking weapon). */
function runSlot(plan: Plan, st: FightState, base: number, slot: readonly number[]): void {
  let m = 0
  for (const r of slot) {
    const w = st.rollers[base + r]
    const trig = st.lateTrigger[base + r]
    // a late joiner placed after his trigger, which never happened, was never set off
    if (trig >= 0 && st.flags[base + trig] === DONE) continue
    if (st.keys[base + r] < 0 || !canRespond(plan, st, w, st.respTarget[base + r], stepOf(plan, st, w))) {
      st.waiting[w] = 0
      if (st.log && up(st, w)) say(st, 'lose', [w], plan, `${nameOf(plan, w)}'s action is no longer possible: it is lost, and the Wait with it.`)
      st.flags[base + r] = DONE
      continue
    }
    st.members[base + m++] = r
  }
  st.slotMoment = ++st.moment
  for (let k = 0; k < m; k++) {
    const r = st.members[base + k]
    const w = st.rollers[base + r]
    st.frozenShock[w] = st.shock[w]
    st.slotTarget[w] = stepOf(plan, st, w).response === Response.Ready ? -1 : st.respTarget[base + r]
    st.slotHit[w] = 0
    convert(plan, st, w)
  }
  if (st.log && m > 1) {
    const who = Array.from(st.members.subarray(base, base + m), (r) => st.rollers[base + r])
    say(st, 'note', who, plan, `Truly simultaneously: ${who.map((w) => nameOf(plan, w)).join(' and ')}.`)
  }
  for (let k = 0; k < m; k++) {
    const r = st.members[base + k]
    respond(plan, st, st.rollers[base + r], st.respTarget[base + r])
    st.flags[base + r] = DONE | ACTED
  }
  for (let k = 0; k < m; k++) {
    const w = st.rollers[base + st.members[base + k]]
    const t = st.slotTarget[w]
    if (t > w && st.slotTarget[t] === w && st.slotHit[w] && st.slotHit[t]) st.mutualHit = true
  }
  for (let k = 0; k < m; k++) {
    const w = st.rollers[base + st.members[base + k]]
    st.frozenShock[w] = -1
    st.slotTarget[w] = -1
    // his action is over: he defends (and may retreat) as usual for the rest of the cascade
    st.engaged[w] = ACTED_IN_CASCADE
  }
  st.slotMoment = -1
}
