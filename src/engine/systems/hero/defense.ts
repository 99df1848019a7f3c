import type { Rng } from '../../core/rng'
import { heroSucceeds, THREE_D6_TOTAL_OF_INDEX } from '../../dice/three-d6'
import { canAct, consumePending, count, hasCommittedPhase, name, nextPhaseAbs, say, spendAction } from './common'
import { C } from './layout'
import type { Plan } from './plan'
import { hasPhase, nextPhaseAfter, segmentOf } from './speed-chart'
import { Pending, Skip, type FightState } from './state'

/**
 * Defensive reactions to an attack about to be rolled: a held action for defense, or an Abort.
 * @see the campaign house rules (docs/rules/hero.md) "Holding for Defense"; docs/rules/hero.md section 5; docs/rules/hero.md section 6
 */

/** Result of a defensive reaction. */
export const enum Defended {
  No = 0,
  Dodging = 1,
  Blocked = 2,
}

/**
 * May Abort now: not Stunned or out, no Phase already committed, no Haymaker winding; and, unless the
 * rules allow an Abort after acting (house rules: "you may always Abort your next Phase … even if you have
 * already perform[ed] a full Phase of actions"), has not acted this Segment.
 */
function canAbort(p: Plan, st: FightState, d: number): boolean {
  return canAct(st, d) && st.stunned[d] === 0 && (p.rules.abortAfterActing || st.actedAbs[d] !== st.abs) && !hasCommittedPhase(st, d) && st.hayLandAbs[d] === 0
}

/**
 * Before the attack roll, the defender may use a held action for defense, or (by his plan) Abort to
 * his defensive action. Either resolves before the attacker (the campaign house rules (docs/rules/hero.md)). An Abort costs the action he
 * has not yet used — the one he is about to take, or a held or delayed one — otherwise his next Phase
 * (docs/rules/hero.md section 5), never more than one action.
 */
export function react(p: Plan, st: FightState, rng: Rng, a: number, d: number): Defended {
  if (p.guarded[d] && p.ranged[st.weapon[a]] === 0 && guardBlocks(p, st, rng, a, d) === Defended.Blocked) return Defended.Blocked
  const how = defenseReady(p, st, a, d) ?? (p.abortWhenAttacked[d] && abortHelps(p, st, a, d) ? abortToDefend(p, st, d) : null)
  return how === null ? Defended.No : defend(p, st, rng, a, d, how)
}

/**
 * An Abort policy Aborts only when the Abort improves his defense against this attack: a Dodge lasts
 * until his next Phase, so while the Dodge of an earlier Abort or held action still runs, Aborting to
 * Dodge again would spend a Phase and change nothing. A Block (against a hand-to-hand attack) always adds
 * a defense. docs/rules/hero.md#5-aborting
 */
function abortHelps(p: Plan, st: FightState, a: number, d: number): boolean {
  const dodges = p.block[d] === 0 || p.ranged[st.weapon[a]] === 1
  return !(dodges && st.dodgeUntil[d] !== 0)
}

/** An Abort to a defensive action: which action it costs is spent and counted here. The log's wording, or null. */
function abortToDefend(p: Plan, st: FightState, d: number): string | null {
  if (st.current[d] !== 0 && canAct(st, d) && st.stunned[d] === 0) {
    // Attacked between declaring his action and making it (an interrupter went first): the Abort uses it.
    const origin = st.current[d]
    st.current[d] = 0
    count(p, st, d, C.aborts)
    count(p, st, d, C.abortCostHeld)
    spendAction(p, st, d, origin)
    return 'Aborts the action he was about to take'
  }
  if (!canAbort(p, st, d)) return null
  count(p, st, d, C.aborts)
  if (st.pending[d] !== Pending.None) {
    const origin = consumePending(p, st, d)
    count(p, st, d, C.abortCostHeld)
    spendAction(p, st, d, origin)
    return 'Aborts his held action'
  }
  const next = nextPhaseAbs(p, st, d)
  st.skipPhaseAbs[d] = next
  st.skipReason[d] = Skip.Abort
  count(p, st, d, C.abortCostPhase)
  spendAction(p, st, d, next)
  return 'Aborts his next Phase'
}

/**
 * Multiple Blocks (docs/rules/hero.md section 6, variants.multipleBlocks): having Blocked in this Segment, and succeeded every
 * time, he may Block a further hand-to-hand attack without spending another action, at a cumulative
 * −2 per Block after the first. A failed Block ends it; so does being Stunned or out.
 */
function keepsBlocking(p: Plan, st: FightState, a: number, d: number): boolean {
  return p.rules.blockContinues && st.blockAbs[d] === st.abs && st.blockChain[d] === 1 && p.block[d] === 1 && p.ranged[st.weapon[a]] === 0 && canAct(st, d) && st.stunned[d] === 0
}

/**
 * A defence `g` has ready against `a` without Aborting: his Block run of this Segment carries on (variants.multipleBlocks),
 * or he uses his held action for defense (which is spent and counted here). The log's wording, or null.
 */
function defenseReady(p: Plan, st: FightState, a: number, g: number): string | null {
  if (keepsBlocking(p, st, a, g)) {
    count(p, st, g, C.chainedBlocks)
    return 'keeps Blocking (no further action)'
  }
  if (!holdsDefense(st, g)) return null
  const origin = consumePending(p, st, g)
  count(p, st, g, C.holdsUsed)
  spendAction(p, st, g, origin)
  return 'uses his held action'
}

/** He can Block now with his held action for defense (or a run of Blocks this Segment). */
function holdsDefense(st: FightState, g: number): boolean {
  return st.pending[g] === Pending.HoldDefense && canAct(st, g) && st.stunned[g] === 0
}

/**
 * the campaign house rules (docs/rules/hero.md): "You may also use your held action to defend someone else if you wish (and have the ability
 * to do so)". An ally guarding `d` (plan.protect) Blocks a hand-to-hand attack on him with his held
 * action for defense — or without one while his Blocks of this Segment keep succeeding (variants.multipleBlocks) — before
 * `d`'s own reaction; the Block roll is the guard's: 11 + his OCV − the attacker's OCV.
 */
function guardBlocks(p: Plan, st: FightState, rng: Rng, a: number, d: number): Defended {
  for (let g = 0; g < p.n; g++) {
    if (p.protect[g] !== d) continue
    const how = defenseReady(p, st, a, g)
    if (how === null) continue
    count(p, st, g, C.guardBlocks)
    st.guardUsed[g]++
    return defend(p, st, rng, a, g, how, d)
  }
  return Defended.No
}

/** The first absolute Segment after `abs` in which both have a Phase (0 if their SPDs share none). */
function nextSharedPhase(p: Plan, abs: number, d: number, a: number): number {
  for (let t = abs + 1; t <= abs + 12; t++) if (hasPhase(p.spd[d], segmentOf(t)) && hasPhase(p.spd[a], segmentOf(t))) return t
  return 0
}

/** Dodge: +3 DCV until his next Phase that is not already spent. Block: 11 + OCV − attacker OCV, −2 per earlier Block this Segment (docs/rules/hero.md section 6). */
function defend(p: Plan, st: FightState, rng: Rng, a: number, d: number, how: string, ward = -1): Defended {
  if (!p.block[d] || p.ranged[st.weapon[a]]) {
    let until = nextPhaseAbs(p, st, d)
    if (st.skipPhaseAbs[d] === until) until = nextPhaseAfter(p.spd[d], until)
    st.dodgeUntil[d] = until
    if (st.log) say(p, st, 'defend', [d], `${name(p, d)} ${how} to ${p.dodgeDcv[d] === 3 ? 'Dodge' : 'Martial Dodge'} (+${p.dodgeDcv[d]} DCV) before ${name(p, a)} attacks${p.block[d] ? ' (a ranged attack cannot be Blocked)' : ''}.`)
    return Defended.Dodging
  }
  if (st.blockAbs[d] !== st.abs) {
    st.blockAbs[d] = st.abs
    st.blockCount[d] = 0
  }
  const target = 11 + p.ocv[d] + p.blockOcv[d] - p.ocv[a] - 2 * st.blockCount[d]
  // a Martial Block's DCV holds until his next Phase, as a maneuver's does
  if (p.blockDcv[d] !== 0) {
    st.atkDcv[d] = p.blockDcv[d]
    let until = nextPhaseAbs(p, st, d)
    if (st.skipPhaseAbs[d] === until) until = nextPhaseAfter(p.spd[d], until)
    st.atkDcvUntil[d] = until
  }
  st.blockCount[d]++
  // read only as made or not (the exact solver then follows it as two outcomes, hero/exact-fight.ts)
  st.attackTarget = target
  const roll = THREE_D6_TOTAL_OF_INDEX[rng.below(216)]
  st.attackTarget = null
  const ok = heroSucceeds(roll, target)
  st.blockChain[d] = ok ? 1 : 0
  const blocked = ward < 0 ? name(p, a) : `${name(p, a)}'s attack on ${name(p, ward)}`
  if (st.log) say(p, st, 'defend', [d, a], `${name(p, d)} ${how} to ${p.blockOcv[d] === 0 ? 'Block' : 'Martial Block'} ${blocked}: rolls ${roll} against ${target}- — ${ok ? 'blocked' : 'the Block fails'}.`)
  if (ok && p.rules.blockFirst) {
    st.blockFirstOver[d] = a
    st.blockFirstAbs[d] = nextSharedPhase(p, st.abs, d, a)
  }
  return ok ? Defended.Blocked : Defended.No
}
