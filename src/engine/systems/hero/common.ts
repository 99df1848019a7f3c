import { C, PER_COMBATANT, SCENARIO_COUNTERS } from './layout'
import type { Rng } from '../../core/rng'
import { TARGET_FIRST, TARGET_RANDOM, TARGET_THREAT, TARGET_WEAKEST, type Plan } from './plan'
import { nextPhaseAfter, segmentOf, hasPhase, describeSegment, turnOf } from './speed-chart'
import { Pending, Skip, type FightState } from './state'

/** Small helpers shared by the fight loop, the attack and the held actions. */

export function count(p: Plan, st: FightState, i: number, c: number, by = 1): void {
  const t = st.tally
  // p.layout.counter(i, c), worked out here: the hot loop counts every action
  if (t) t.counts[SCENARIO_COUNTERS + i * PER_COMBATANT + c] += by
}

export function say(p: Plan, st: FightState, kind: string, who: number[], text: string): void {
  st.log?.push({ at: st.abs, kind, who: who.map((i) => p.combatants[i].id), text })
}

export function name(p: Plan, i: number): string {
  return p.combatants[i].name
}

export function when(st: FightState): string {
  return describeSegment(st.abs)
}

/** Out of the fight (KO'd or dead), unless it happened in the current simultaneous slot. */
export function isDown(st: FightState, i: number): boolean {
  return (st.ko[i] | st.dead[i]) !== 0 && st.statusSlot[i] !== st.slot
}

/** Can take an action now: not down and not Stunned (a partner hit in the same instant still acts). */
export function canAct(st: FightState, i: number): boolean {
  return (st.ko[i] | st.dead[i] | st.stunned[i]) === 0 || st.statusSlot[i] === st.slot
}

export function defeated(st: FightState, i: number): boolean {
  return (st.ko[i] | st.dead[i]) !== 0
}

/**
 * The absolute Segment of the combatant's next Phase that has not begun: this Segment's if his DEX
 * has not come up yet, otherwise the next one on the Speed Chart.
 */
export function nextPhaseAbs(p: Plan, st: FightState, i: number): number {
  const abs = st.abs
  if (hasPhase(p.spd[i], segmentOf(abs)) && st.phaseDoneAbs[i] !== abs) return abs
  return nextPhaseAfter(p.spd[i], abs)
}

/**
 * Records one action taken now, in the Turn it is taken (a hold from Segment 12 used in Segment 1
 * counts for the new Turn); the audit also charges it to the Phase (absolute Segment) it came from.
 */
export function spendAction(p: Plan, st: FightState, i: number, origin: number): void {
  count(p, st, i, C.actions)
  st.actedAbs[i] = st.abs
  // Taking another action ends a run of Blocks (a Block made with this action starts a new one after it).
  st.blockChain[i] = 0
  st.turnActions[i * st.turnSlots + turnOf(st.abs)]++
  if (st.originUses.length > 0) {
    st.originUses[i * st.absSlots + origin]++
    st.originTurnActions[i * st.turnSlots + turnOf(origin)]++
  }
  if (st.firstActor < 0) {
    st.firstActor = i
    count(p, st, i, C.firstActor)
  }
}

/**
 * Uses up a held or delayed action. If it is used in the Segment of his next Phase before his DEX
 * (possible under the house rules' "lost at the holder's DEX"), that Phase is lost (the campaign house rules (docs/rules/hero.md)).
 */
export function consumePending(p: Plan, st: FightState, i: number): number {
  const origin = st.pendingOrigin[i]
  st.pending[i] = Pending.None
  if (hasPhase(p.spd[i], segmentOf(st.abs)) && st.phaseDoneAbs[i] !== st.abs && st.skipPhaseAbs[i] !== st.abs) {
    st.skipPhaseAbs[i] = st.abs
    st.skipReason[i] = Skip.HeldUsed
  }
  return origin
}

/** A Phase already committed (Aborted, Haymaker landing, delay replacing it) that has not passed yet. */
export function hasCommittedPhase(st: FightState, i: number): boolean {
  const s = st.skipPhaseAbs[i]
  return s > st.abs || (s === st.abs && st.phaseDoneAbs[i] !== st.abs)
}

/**
 * Whom he would attack now, without fixing a sticky target or rolling: the same answer `chooseTarget`
 * gives at this moment, except that a "random" attacker who has not picked a target yet reads as −1
 * (nobody is known to be his target before he rolls). Used to judge who is threatened.
 */
export function peekTarget(p: Plan, st: FightState, i: number): number {
  const rule = p.targetRule[i]
  if (rule >= 0 && !defeated(st, rule)) return rule
  const sticky = st.target[i]
  if ((rule === TARGET_FIRST || rule === TARGET_RANDOM) && sticky >= 0 && !defeated(st, sticky)) return sticky
  if (rule === TARGET_RANDOM) return -1
  let best = -1
  for (let j = 0; j < p.n; j++) {
    if (p.side[j] === p.side[i] || defeated(st, j)) continue
    if (best < 0) best = j
    else if (rule === TARGET_WEAKEST && st.stun[j] < st.stun[best]) best = j
    else if (rule === TARGET_THREAT && st.stunDealt[j] > st.stunDealt[best]) best = j
    else if (rule !== TARGET_WEAKEST && rule !== TARGET_THREAT) break
  }
  return best
}

/** A living enemy picked uniformly at random (no draw when only one is left); −1 if none. */
function randomEnemy(p: Plan, st: FightState, i: number, rng: Rng): number {
  let alive = 0
  for (let j = 0; j < p.n; j++) if (p.side[j] !== p.side[i] && !defeated(st, j)) alive++
  if (alive === 0) return -1
  let pick = alive === 1 ? 0 : rng.below(alive)
  for (let j = 0; j < p.n; j++) if (p.side[j] !== p.side[i] && !defeated(st, j) && pick-- === 0) return j
  return -1
}

/**
 * The target rule: sticky first living enemy in roster order; the weakest (least STUN); a named enemy;
 * or, when variants.targeting turns "first" into another option, a random living enemy kept
 * until defeated like "first", or the enemy who has dealt the most STUN so far (ties: roster order),
 * chosen afresh each attack like "weakest" (both our readings; threat counted in STUN after defences).
 */
export function chooseTarget(p: Plan, st: FightState, i: number, rng: Rng): number {
  const rule = p.targetRule[i]
  let t = peekTarget(p, st, i)
  if (t < 0 && rule === TARGET_RANDOM) t = randomEnemy(p, st, i, rng)
  if (t >= 0 && rule !== TARGET_WEAKEST && rule !== TARGET_THREAT) st.target[i] = t
  return t
}
