import { attack, feint, Mode, stopHit } from './attack'
import { Aoa, Cond, Maneuver, TargetRule } from './codes'
import { MAX_ARMS } from './fighter'
import { nameOf, say } from './log'
import { armOf, type Plan } from './plan'
import type { FightState } from './state'
import { convert, Ev, interrupt, stopHitReady } from './waits'

/**
 * Offensive maneuvers: Attack, All-Out Attack and its options, Move and Attack, Feint, with the
 * movement each allows and the Wait triggers they set off.
 * @see docs/rules/gurps.md section 3 (Maneuvers); GURPS Basic Set pp.B364–B366 maneuver table
 */

/**
 * One Ready spent on the weapon he holds: a reload of several turns counts down, else the weapon is ready
 * and, if its shots were spent, full again (a thrown weapon: the next one taken up). @see docs/rules/gurps.md (Missiles)
 */
export function readyOnce(plan: Plan, st: FightState, f: number): void {
  if (st.readyLeft[f] > 1) {
    st.readyLeft[f]--
    return
  }
  st.ready[f] = 1
  st.readyLeft[f] = 0
  const w = armOf(plan, st, f)
  const k = f * MAX_ARMS + w.index
  if (w.shots > 0 && st.shotsLeft[k] <= 0) st.shotsLeft[k] = w.shots
}

/** Still in the fight. */
export function up(st: FightState, f: number): boolean {
  return st.cond[f] === Cond.Ok
}

/**
 * Can still carry out an attack: in the fight, not stunned, not down, weapon in hand. A fighter acting in
 * a simultaneous slot was checked when the slot began: blows landing at the same instant do not stop his.
 */
export function able(st: FightState, f: number): boolean {
  if (st.frozenShock[f] >= 0) return true
  return st.cond[f] === Cond.Ok && st.stunned[f] === 0 && st.prone[f] === 0 && st.ready[f] === 1
}

/**
 * His foe: the preferred target if standing; otherwise by his target rule (docs/rules/gurps.md section 3, The fight loop). "sticky-first" keeps the
 * one he had, else takes the first enemy standing in roster order; "weakest", "most-injured" and
 * "nearest" take the enemy standing with the fewest HP, the smallest share of HP, or the fewest yards,
 * keeping his current foe among equals, then roster order.
 * @see docs/rules/gurps.md section 3
 */
export function pickTarget(plan: Plan, st: FightState, f: number): number {
  const me = plan.fighters[f]
  if (me.preferredTarget >= 0 && up(st, me.preferredTarget)) return (st.target[f] = me.preferredTarget)
  const rule = me.targetRule
  if (rule === TargetRule.StickyFirst && st.target[f] >= 0 && up(st, st.target[f])) return st.target[f]
  let best = -1
  for (let i = 0; i < st.n; i++) {
    if (plan.fighters[i].side === me.side || !up(st, i)) continue
    if (rule === TargetRule.StickyFirst) return (st.target[f] = i)
    if (best < 0 || before(plan, st, f, rule, i, best)) best = i
  }
  return (st.target[f] = best)
}

/** Whether enemy `i` is a strictly better pick than `j` for `f` under `rule` (ties keep his current foe). */
function before(plan: Plan, st: FightState, f: number, rule: TargetRule, i: number, j: number): boolean {
  let diff: number
  if (rule === TargetRule.Weakest) diff = st.hp[i] - st.hp[j]
  else if (rule === TargetRule.MostInjured) diff = st.hp[i] * plan.fighters[j].hpMax - st.hp[j] * plan.fighters[i].hpMax
  else diff = st.dist[f * st.n + i] - st.dist[f * st.n + j]
  return diff < 0 || (diff === 0 && i === st.target[f])
}

/** Yards `f` must still cover before `t` is within his reach. */
export function gap(plan: Plan, st: FightState, f: number, t: number): number {
  const g = st.dist[f * st.n + t] - armOf(plan, st, f).reach
  return g > 0 ? g : 0
}

/** His Move now: halved, rounding up, below a third of his HP. GURPS Basic Set p.B419; docs/rules/gurps.md section 3 (Consequences of injury) */
export function moveNow(plan: Plan, st: FightState, f: number): number {
  const me = plan.fighters[f]
  return 3 * st.hp[f] < me.hpMax ? Math.ceil(me.move / 2) : me.move
}

/** Yards a maneuver lets him move: a step for Attack and Feint, half Move forward for All-Out Attack, full Move for Move and Attack. */
export function allowance(plan: Plan, st: FightState, f: number, m: Maneuver): number {
  const move = moveNow(plan, st, f)
  if (m === Maneuver.MoveAndAttack) return move
  if (m === Maneuver.AllOutAttack) return Math.max(1, Math.floor(move / 2))
  return 1
}

/** Moves `f` toward `t` yard by yard; entering `t`'s reach may set off his Wait. False if `f` cannot go on. */
export function moveToward(plan: Plan, st: FightState, f: number, t: number, yards: number): boolean {
  const n = st.n
  const reach = armOf(plan, st, t).reach
  for (let y = 0; y < yards && st.dist[f * n + t] > 0; y++) {
    const d = --st.dist[f * n + t]
    st.dist[t * n + f] = d
    st.moveLeft[f]--
    if (st.movedToward[f] !== t) st.movedYards[f] = 0
    st.movedToward[f] = t
    st.movedYards[f]++
    if (d === reach) {
      interrupt(plan, st, Ev.InReach, f, t)
      if (!able(st, f) || !up(st, t)) return false
    }
  }
  if (st.log && yards > 0) logMove(plan, st, f, t)
  return true
}

// The trace's lines live in functions of their own, out of the hot functions: a smaller hot function is
// one the compiler can take whole into its caller.
function logMove(plan: Plan, st: FightState, f: number, t: number): void {
  say(st, 'move', [f], plan, `${nameOf(plan, f)} closes to ${st.dist[f * st.n + t]} yard(s) from ${nameOf(plan, t)}.`)
}

function logLost(plan: Plan, st: FightState, f: number, text: string): void {
  say(st, 'lose', [f], plan, `${nameOf(plan, f)}${text}`)
}

/**
 * Under "both-ways" (B269 "or vice versa"), a parry with an unbalanced weapon since his turn began bars
 * attacking with it until his next turn. @see variants.ts unbalancedWeapon
 */
export function parriedUnbalanced(plan: Plan, st: FightState, f: number): boolean {
  return plan.rules.unbalancedBothWays && st.parriedUnbalanced[f] === 1
}

/** One blow: the target's "enemy attacks" Wait may interrupt first, or meet it with a Stop Hit. */
function strike(plan: Plan, st: FightState, f: number, t: number, mode: Mode, strong: boolean, fromWait: boolean): void {
  // only a waiting foe can meet the blow with a Stop Hit: the rest is checked only then
  if (st.waiting[t] !== 0 && metByStopHit(plan, st, f, t, mode, strong, fromWait)) return
  interrupt(plan, st, Ev.Attack, f, t)
  // a retreat from an interrupting blow may have taken him out of reach: he may use what is left of his movement
  const need = gap(plan, st, f, t)
  if (need > 0 && need <= st.moveLeft[f]) moveToward(plan, st, f, t, need)
  if (!able(st, f) || !up(st, t) || gap(plan, st, f, t) > 0) {
    if (st.log && up(st, f)) logLost(plan, st, f, "'s attack is no longer possible.")
    return
  }
  if (parriedUnbalanced(plan, st, f)) {
    if (st.log) logUnbalanced(plan, st, f)
    return
  }
  attack(plan, st, f, t, mode, strong, fromWait)
}

function logUnbalanced(plan: Plan, st: FightState, f: number): void {
  logLost(plan, st, f, ` parried with the unbalanced ${armOf(plan, st, f).weapon} this turn and cannot attack with it.`)
}

/** `t`'s Wait meets f's blow with a Stop Hit if it can (see strike); true if it did. */
function metByStopHit(plan: Plan, st: FightState, f: number, t: number, mode: Mode, strong: boolean, fromWait: boolean): boolean {
  if (!able(st, f) || gap(plan, st, f, t) !== 0 || parriedUnbalanced(plan, st, f) || !stopHitReady(plan, st, t, f)) return false
  convert(plan, st, t)
  if (st.log) logStopHit(plan, st, f, t)
  stopHit(plan, st, f, t, mode, strong, fromWait)
  return true
}

function logStopHit(plan: Plan, st: FightState, f: number, t: number): void {
  say(st, 'interrupt', [t, f], plan, `${nameOf(plan, t)}'s Wait fires: ${nameOf(plan, t)} makes a Stop Hit into ${nameOf(plan, f)}'s attack.`)
}

/** Carries out an offensive maneuver (own turn or converted Wait) once it is under way. */
export function perform(plan: Plan, st: FightState, f: number, t: number, m: Maneuver, option: number, fromWait: boolean): void {
  st.moveLeft[f] = allowance(plan, st, f, m)
  const need = gap(plan, st, f, t)
  if (need > st.moveLeft[f] || (need > 0 && !moveToward(plan, st, f, t, need))) return
  if (!up(st, t)) return
  if (m === Maneuver.Feint) return feint(plan, st, f, t)
  if (m === Maneuver.MoveAndAttack) return strike(plan, st, f, t, Mode.MoveAndAttack, false, fromWait)
  if (m === Maneuver.Attack) {
    strike(plan, st, f, t, Mode.Normal, false, fromWait)
    if (armOf(plan, st, f).unbalanced) st.noParry[f] = 1
    return
  }
  if (option === Aoa.Determined) return strike(plan, st, f, t, Mode.Determined, false, fromWait)
  if (option === Aoa.Strong) return strike(plan, st, f, t, Mode.Normal, true, fromWait)
  if (option === Aoa.Feint) {
    feint(plan, st, f, t)
    if (able(st, f) && up(st, t)) strike(plan, st, f, t, Mode.Normal, false, fromWait)
    return
  }
  // Double: the second attack is the off hand's with a pair or bare hands, else the balanced weapon's again
  strike(plan, st, f, t, Mode.Normal, false, fromWait)
  if (able(st, f) && up(st, t)) strike(plan, st, f, t, armOf(plan, st, f).doubleOffHand ? Mode.OffHand : Mode.Normal, false, fromWait)
}

const VERB = ['attacks', 'makes an All-Out Attack', 'moves and attacks', 'feints', 'readies', 'goes on All-Out Defense', 'waits']
const AOA_TEXT = ['Determined', 'Strong', 'Double', 'Feint']

/**
 * An offensive maneuver on his own turn. Out of reach for it, he takes a Move toward the target instead.
 * His action first sets off "enemy acts" Waits, which interrupt it.
 */
export function offense(plan: Plan, st: FightState, f: number, t: number, m: Maneuver, option: number): void {
  const need = gap(plan, st, f, t)
  if (need > allowance(plan, st, f, m)) {
    if (st.log) logApproach(plan, st, f, t, need)
    interrupt(plan, st, Ev.Act, f, t)
    const move = moveNow(plan, st, f)
    st.moveLeft[f] = move
    if (up(st, f) && !st.stunned[f]) moveToward(plan, st, f, t, Math.min(move, need))
    return
  }
  if (m === Maneuver.AllOutAttack) st.noDefense[f] = 1
  if (m === Maneuver.MoveAndAttack) {
    st.noParry[f] = 1
    st.noRetreat[f] = 1
  }
  // the movement his maneuver allows, known before a Wait interrupts it (a retreat that would cost his attack reads it)
  st.moveLeft[f] = allowance(plan, st, f, m)
  if (st.log) logManeuver(plan, st, f, t, m, option)
  interrupt(plan, st, Ev.Act, f, t)
  if (!able(st, f) || !up(st, t)) {
    if (st.log && up(st, f)) logLost(plan, st, f, ' loses the action.')
    return
  }
  perform(plan, st, f, t, m, option, false)
}

function logApproach(plan: Plan, st: FightState, f: number, t: number, need: number): void {
  say(st, 'act', [f], plan, `${nameOf(plan, f)} moves toward ${nameOf(plan, t)} (${need} yard(s) out of reach).`)
}

function logManeuver(plan: Plan, st: FightState, f: number, t: number, m: Maneuver, option: number): void {
  say(st, 'act', [f], plan, `${nameOf(plan, f)} ${VERB[m]}${m === Maneuver.AllOutAttack ? ` (${AOA_TEXT[option]})` : ''} — target ${nameOf(plan, t)}.`)
}
