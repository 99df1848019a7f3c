import type { Rng } from '../../core/rng'
import { heroSucceeds, THREE_D6_TOTAL_OF_INDEX } from '../../dice/three-d6'
import { currentDcv, hitChance, resolveAttack } from './attack'
import { canAct, chooseTarget, consumePending, count, name, say, spendAction } from './common'
import { contestKey, contestPart, contestRound, NOBODY } from './contest'
import { mustRecoverInstead, payEnd, recoverInstead } from './endurance'
import { C } from './layout'
import { HoldMode, OnPhase, type Plan } from './plan'
import { hasPhase, nextPhaseAfter, segmentOf } from './speed-chart'
import { Pending, Skip, type FightState } from './state'

/**
 * Taking an action: attacking (with the held actions it triggers), a Haymaker, delaying or holding.
 * @see the campaign house rules (docs/rules/hero.md) "Delaying or Holding Your Phase"; docs/rules/hero.md section 4
 */

const BEFORE = 1
const TOGETHER = 2
const AFTER = 3

/** What a combatant does with a Phase (or a delayed action) by his plan. `origin` is the Phase it comes from. */
export function takeAction(p: Plan, st: FightState, rng: Rng, i: number, origin: number): void {
  const what = p.onPhase[i]
  if (what === OnPhase.Attack || what === OnPhase.Haymaker) {
    attackWithTriggers(p, st, rng, i, origin, what === OnPhase.Haymaker)
    return
  }
  st.pendingOrigin[i] = origin
  count(p, st, i, C.holdsTaken)
  if (what === OnPhase.Delay) {
    st.pending[i] = Pending.Delay
    st.delayAbs[i] = st.abs + p.delaySegs[i]
    if (p.delaySegs[i] === 0) addEntry(st, i, p.delayDex[i], 1)
    if (st.log) say(p, st, 'hold', [i], `${name(p, i)} delays to DEX ${p.delayDex[i]}${p.delaySegs[i] === 0 ? ' this Segment' : ` ${p.delaySegs[i]} Segment${p.delaySegs[i] > 1 ? 's' : ''} later`}.`)
  } else if (what === OnPhase.Hold) {
    st.pending[i] = Pending.Hold
    if (st.log) {
      const mode = ['to interrupt', 'to act after', 'to act in tandem with'][p.holdMode[i]]
      say(p, st, 'hold', [i], `${name(p, i)} holds his action ${mode} ${name(p, p.holdEvent[i])}'s next attack.`)
    }
  } else {
    st.pending[i] = Pending.HoldDefense
    if (st.log) say(p, st, 'hold', [i], `${name(p, i)} holds his action for defense.`)
  }
}

/** Adds an actor to this Segment's order at a DEX (`ahead` = 1: just before everyone on that DEX). */
export function addEntry(st: FightState, who: number, dex: number, kind: number, ahead = 0): void {
  const k = st.eCount++
  st.eWho[k] = who
  st.eKey[k] = 2 * dex + ahead
  st.eKind[k] = kind
  st.eDone[k] = 0
}

/**
 * An attack is an anticipated event: everyone holding for it reacts. Interrupters contest DEX Rolls
 * (or Fast Draw) with the attacker, larger margin first; "after" holders act once it is resolved;
 * tandem holders who make their roll act at the same instant. Then the attack itself. A held action
 * used here is itself an attack, so holders waiting for that holder react to it in turn (chains); each
 * hold is used once, so a chain is at most as long as the roster.
 * Until the attacker strikes, his action is unspent (`st.current`): if an interrupter attacks him first,
 * he may Abort it to defense (the campaign house rules (docs/rules/hero.md) "regardless of who goes first"), and then it is gone.
 */
export function attackWithTriggers(p: Plan, st: FightState, rng: Rng, x: number, origin: number, haymaker: boolean): void {
  const victim = chooseTarget(p, st, x, rng)
  if (victim < 0) return
  if (p.usingAtk[x] < 0) chooseBest(p, st, x, victim, haymaker)
  if (mustRecoverInstead(p, st, x)) {
    recoverInstead(p, st, x, origin)
    return
  }
  st.current[x] = origin
  let before = 0
  let together = 0
  let after = 0
  // The mover's DEX Roll against interrupters: made once for this event (several-holders "one-roll").
  let rx = 0
  for (let h = 0; h < p.n; h++) {
    if (st.pending[h] !== Pending.Hold || p.holdEvent[h] !== x || !canAct(st, h) || st.stunned[h]) continue
    if ((h === victim || p.protect[h] === victim) && p.holdDefendIfTargeted[h]) {
      keepForDefense(p, st, h, `${name(p, x)} moves to attack ${h === victim ? 'him' : name(p, victim)}`)
      continue
    }
    if (rx === 0 && p.rules.moverRollsOnce && p.holdMode[h] === HoldMode.Interrupt) rx = THREE_D6_TOTAL_OF_INDEX[rng.below(216)]
    const r = holderReaction(p, st, rng, h, x, rx)
    if (r === BEFORE) before |= 1 << h
    else if (r === TOGETHER) together |= 1 << h
    else if (r === AFTER) after |= 1 << h
  }
  if (before !== 0) {
    if (p.rules.moverRollsOnce) {
      // Holders who beat the mover act in order of their margins (equal margins: roster order).
      for (let left = before; left !== 0; ) {
        let best = -1
        for (let h = 0; h < p.n; h++) if (left & (1 << h) && (best < 0 || st.holderKey[h] > st.holderKey[best])) best = h
        left &= ~(1 << best)
        useHeld(p, st, rng, best, true)
      }
    } else for (let h = 0; h < p.n; h++) if (before & (1 << h)) useHeld(p, st, rng, h, true)
    st.slot++
  }
  if (st.current[x] === 0) {
    if (st.log) say(p, st, 'lose', [x], `${name(p, x)}'s attack does not come: his action went into the Abort.`)
  } else if (!canAct(st, x)) {
    st.current[x] = 0
    if (st.log) say(p, st, 'lose', [x], `${name(p, x)} can no longer act: his action is lost.`)
  } else {
    st.current[x] = 0
    spendAction(p, st, x, origin)
    if (payEnd(p, st, rng, x)) strike(p, st, rng, x, haymaker)
  }
  if (together !== 0) for (let h = 0; h < p.n; h++) if (together & (1 << h)) useHeld(p, st, rng, h, false)
  if (after !== 0) for (let h = 0; h < p.n; h++) if (after & (1 << h)) useHeld(p, st, rng, h, true)
}

/**
 * "His best against this foe" (docs/rules/hero.md section 6): of his attacks, the one with the highest
 * expected STUN after defences against `d` as he stands now (chance to hit his DCV × mean STUN of a hit past
 * his PD or ED, as a Haymaker when he winds one up), ties to the earlier listed; worked out, not sampled.
 */
function chooseBest(p: Plan, st: FightState, x: number, d: number, haymaker: boolean): void {
  const table = haymaker ? p.meanHayStun : p.meanStun
  const base = 11 + p.ocv[x] - currentDcv(p, st, d)
  const first = p.atkFirst[x]
  const end = first + p.atkCount[x]
  let best = first
  let bestValue = -1
  for (let k = first; k < end; k++) {
    const v = hitChance(base + p.atkOcv[k]) * table[k * p.n + d]
    if (v > bestValue) {
      best = k
      bestValue = v
    }
  }
  st.weapon[x] = best
  if (st.log) {
    const others: string[] = []
    for (let k = first; k < end; k++) if (k !== best) others.push(`${(hitChance(base + p.atkOcv[k]) * table[k * p.n + d]).toFixed(1)} for ${p.attacks[k].name}`)
    say(p, st, 'note', [x, d], `${name(p, x)} uses ${p.attacks[best].name}: his best against ${name(p, d)}, ${bestValue.toFixed(1)} expected STUN a ${haymaker ? 'Haymaker' : 'blow'} against ${others.join(', ')}.`)
  }
}

/** The attack itself, or the start of a Haymaker that lands at the end of the next Segment. */
function strike(p: Plan, st: FightState, rng: Rng, x: number, haymaker: boolean): void {
  const d = chooseTarget(p, st, x, rng)
  if (d < 0) return
  const w = st.weapon[x]
  if (p.atkDcv[w] !== 0) {
    st.atkDcv[x] = p.atkDcv[w]
    st.atkDcvUntil[x] = nextPhaseAfter(p.spd[x], st.abs)
  }
  if (!haymaker) {
    resolveAttack(p, st, rng, x, d, false)
    return
  }
  const land = st.abs + 1
  st.hayLandAbs[x] = land
  if (hasPhase(p.spd[x], segmentOf(land))) {
    st.skipPhaseAbs[x] = land
    st.skipReason[x] = Skip.Haymaker
  }
  if (st.log) say(p, st, 'act', [x, d], `${name(p, x)} winds up a Haymaker at ${name(p, d)} (−5 DCV; it lands at the end of the next Segment).`)
}

/**
 * the campaign house rules (docs/rules/hero.md): "If you decide to take no action when the anticipated event occurs, you will hold your
 * action for defense" (and a delayed action may likewise become one). The action stays unspent: it is
 * used for the next defense (see defense.ts) or expires like any hold.
 */
export function keepForDefense(p: Plan, st: FightState, h: number, why: string): void {
  st.pending[h] = Pending.HoldDefense
  count(p, st, h, C.keptForDefense)
  if (st.log) say(p, st, 'hold', [h], `${why}: ${name(p, h)} takes no action and keeps it as a hold for defense.`)
}

/** Decides when holder h acts relative to mover x, rolling as the hold requires (`rx`: the mover's roll for this event, 0 = his own roll per contest). */
function holderReaction(p: Plan, st: FightState, rng: Rng, h: number, x: number, rx: number): number {
  const mode = p.holdMode[h]
  if (mode === HoldMode.After) return AFTER
  if (mode === HoldMode.Tandem) {
    count(p, st, h, C.tandemRolls)
    const roll = THREE_D6_TOTAL_OF_INDEX[rng.below(216)]
    // Not trained together: the partner makes a Teamwork Roll too, and both must succeed (the campaign house rules (docs/rules/hero.md)).
    const tx = p.partnerRoll[h]
    const rx = tx > 0 ? THREE_D6_TOTAL_OF_INDEX[rng.below(216)] : 0
    const ok = heroSucceeds(roll, p.holdRoll[h]) && (tx === 0 || heroSucceeds(rx, tx))
    if (ok) count(p, st, h, C.tandemMade)
    if (st.log) {
      const partner = tx > 0 ? ` and ${name(p, x)} rolls ${rx} against ${tx}- (both need Teamwork: not trained together)` : ''
      say(p, st, 'roll', [h], `${name(p, h)} tries to act in tandem with ${name(p, x)}: rolls ${roll} against ${p.holdRoll[h]}-${partner} — ${ok ? 'simultaneous' : p.rules.tandemFailLoses ? 'fails and loses the held action' : 'fails, acts right after'}.`)
    }
    if (ok) return TOGETHER
    if (!p.rules.tandemFailLoses) return AFTER
    consumePending(p, st, h)
    st.lostPhases[h]++
    st.lostToHold[h]++
    count(p, st, h, C.holdsExpired)
    return 0
  }
  return interruptContest(p, st, rng, h, x, rx)
}

/**
 * the campaign house rules (docs/rules/hero.md) interrupt: "Both you and your opponent must make a DEX Roll … Whoever makes their roll by the
 * most resolves their action first" (holder: DEX or Fast Draw; mover: DEX). A 3 always succeeds and an
 * 18 always fails. If neither makes it, the bothFail variant decides: under the house rules nobody
 * interrupts (the mover's action resolves first; the holder may act after it if still able). Equal
 * margins: contestTie (roll again, or both at the same instant). Each round is counted by its part.
 * docs/rules/hero.md#4-delayed-and-held-actions
 */
function interruptContest(p: Plan, st: FightState, rng: Rng, h: number, x: number, eventRoll: number): number {
  count(p, st, h, C.contests)
  const th = p.holdRoll[h]
  const tx = p.dexRoll[x]
  // The first round uses the mover's roll for the whole event, when there is one; a round rolled again is rolled by both.
  for (let round = 0; ; round++) {
    const rh = THREE_D6_TOTAL_OF_INDEX[rng.below(216)]
    const rx = round === 0 && eventRoll !== 0 ? eventRoll : THREE_D6_TOTAL_OF_INDEX[rng.below(216)]
    st.holderKey[h] = contestKey(rh, th)
    count(p, st, h, C.roundHolderFirst + contestPart(rh, rx, th, tx))
    const r = contestRound(rh, rx, th, tx, p.orderDex[h], p.orderDex[x], p.rules.bothFail)
    const rolls = `${name(p, h)} tries to interrupt ${name(p, x)}: rolls ${rh} against ${th}- (${made(rh, th)}) vs ${rx} against ${tx}- (${made(rx, tx)})`
    if (r === 0 && !p.rules.contestSimultaneous) {
      if (st.log) say(p, st, 'roll', [h, x], `${rolls} — even, roll again.`)
      continue
    }
    if (r > 0 && r !== NOBODY) count(p, st, h, C.contestWins)
    if (r === 0) count(p, st, h, C.contestSimultaneous)
    if (st.log) {
      const outcome =
        r === NOBODY ? `neither makes the roll: nobody interrupts, ${name(p, x)} goes first` : r > 0 ? `${name(p, h)} goes first` : r < 0 ? `${name(p, x)} goes first` : 'they act at the same instant'
      say(p, st, 'roll', [h, x], `${rolls} — ${outcome}.`)
    }
    return r === NOBODY ? AFTER : r > 0 ? BEFORE : r === 0 ? TOGETHER : AFTER
  }
}

/** "made by 2" / "failed by 3", as the contest ranks the roll. */
function made(roll: number, target: number): string {
  const k = contestKey(roll, target)
  return k >= 0 ? `made by ${k}` : `failed by ${-k}`
}

/** A held action is used: once, and only if still able to act. It is an attack, and an event in its own right. */
function useHeld(p: Plan, st: FightState, rng: Rng, h: number, newSlot: boolean): void {
  if (newSlot) st.slot++
  if (st.pending[h] !== Pending.Hold) return
  if (!canAct(st, h)) {
    if (st.log) say(p, st, 'lose', [h], `${name(p, h)} is no longer able to use his held action.`)
    return
  }
  const origin = consumePending(p, st, h)
  count(p, st, h, C.holdsUsed)
  if (st.log) say(p, st, 'act', [h], `${name(p, h)} uses his held action.`)
  attackWithTriggers(p, st, rng, h, origin, false)
}
