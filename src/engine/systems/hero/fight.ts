import type { Rng } from '../../core/rng'
import { attackWithTriggers, addEntry, keepForDefense, takeAction } from './actions'
import { applyHeldHit, resolveAttack } from './attack'
import { chooseTarget, consumePending, count, defeated, isDown, name, peekTarget, say, when } from './common'
import { C } from './layout'
import { orderTies, rollFixedRanks } from './order'
import { Arrival, OnPhase, type Plan } from './plan'
import { COMBAT_START, segmentOf } from './speed-chart'
import { bleedAtPhase, expire, postSegment12, segmentRecoveries } from './recovery'
import { Pending, Skip, type FightState } from './state'

/**
 * One whole fight on the absolute Segment clock, from Segment 12 until one side is out or the Turn cap.
 * Both `simulate` and `trace` run exactly this code (trace with `st.log` set), so they make the same draws.
 * @see docs/rules/hero.md section 7 (algorithm) and docs/rules/hero.md section 7 (fight loop)
 */
export function runFight(p: Plan, rng: Rng): number {
  const st = p.st
  reset(p, st)
  if (p.rules.tieRule === 'fixed') rollFixedRanks(p, st, rng)
  let abs = COMBAT_START
  // a side can be out only after a knockout or a death (a wake-up never puts one out)
  let falls = 0
  for (let seg = segmentOf(abs); abs <= p.endAbs; abs++, seg = seg === 12 ? 1 : seg + 1) {
    st.abs = abs
    // A Segment where nobody has a Phase and nothing comes due changes nothing: skip it. Segment 12
    // is never skipped: Post-Segment 12 Recovery comes after it even when nobody acts (all SPD 1).
    if (p.segmentMask[seg] === 0 && seg !== 12 && !dueNow(p, st)) continue
    playSegment(p, st, rng)
    if (st.falls !== falls) {
      falls = st.falls
      if (aSideDown(p, st)) break
    }
  }
  return Math.min(abs, p.endAbs)
}

/** A delayed action or a Haymaker comes due in this Segment. */
export function dueNow(p: Plan, st: FightState): boolean {
  for (let i = 0; i < p.n; i++) if ((st.pending[i] === Pending.Delay && st.delayAbs[i] === st.abs) || st.hayLandAbs[i] === st.abs) return true
  return false
}

export function reset(p: Plan, st: FightState): void {
  for (let i = 0; i < p.n; i++) {
    st.stun[i] = p.stunMax[i]
    st.body[i] = p.bodyMax[i]
    st.end[i] = p.endMax[i]
    st.target[i] = -1
    st.weapon[i] = p.usingAtk[i] >= 0 ? p.usingAtk[i] : p.atkFirst[i]
    st.atkDcv[i] = st.atkDcvUntil[i] = 0
    st.koAbs[i] = -1
    st.hitSlot[i] = -1
    st.statusSlot[i] = -1
  }
  for (let i = 0; i < p.n; i++) {
    st.ko[i] = st.dead[i] = st.stunned[i] = st.pending[i] = st.skipReason[i] = 0
    st.current[i] = 0
    st.stunBlockedAbs[i] = st.skipPhaseAbs[i] = st.phaseDoneAbs[i] = st.actedAbs[i] = st.dodgeUntil[i] = 0
    st.hayLandAbs[i] = st.blockAbs[i] = st.blockChain[i] = st.blockFirstAbs[i] = st.stunTaken[i] = st.bodyTaken[i] = st.lostPhases[i] = 0
    st.lostToAbort[i] = st.lostToHold[i] = 0
    st.stunDealt[i] = st.endUsed[i] = st.recoverAbs[i] = st.koMinuteAbs[i] = st.wakes[i] = st.stunPaid[i] = st.guardUsed[i] = 0
  }
  st.turnActions.fill(0)
  if (st.originTurnActions.length > 0) st.originTurnActions.fill(0)
  if (st.originUses.length > 0) st.originUses.fill(0)
  st.slot = 0
  st.firstActor = -1
  st.falls = 0
}

/** Either side is out (one pass over the combatants: `sideDown(0) || sideDown(1)`). */
function aSideDown(p: Plan, st: FightState): boolean {
  let standing = 0
  for (let i = 0; i < p.n; i++) if (!defeated(st, i)) standing |= 1 << p.side[i]
  return standing !== 3
}

export function sideDown(p: Plan, st: FightState, side: number): boolean {
  for (let i = 0; i < p.n; i++) if (p.side[i] === side && !defeated(st, i)) return false
  return true
}

export function playSegment(p: Plan, st: FightState, rng: Rng): void {
  segmentBegin(p, st)
  while (segmentEntry(p, st, rng)) continue
  endOfSegment(p, st, rng, segmentOf(st.abs))
}

/**
 * The start of a Segment: each combatant's Phase and due delayed action join its order (no roll is made).
 * `playSegment` is this, then `segmentEntry` until none is left, then `endOfSegment`; the exact solver
 * (hero/exact-fight.ts) runs the same three pieces one at a time.
 */
export function segmentBegin(p: Plan, st: FightState): void {
  const seg = segmentOf(st.abs)
  const mask = p.segmentMask[seg]
  st.eCount = 0
  st.gPos = st.gLen = 0
  for (let i = 0; i < p.n; i++) {
    const phase = (mask & (1 << i)) !== 0
    if (defeated(st, i)) {
      if (phase) bleedAtPhase(p, st, i, seg)
      continue
    }
    if (phase && !p.rules.expiryAtDex && st.pending[i] !== Pending.None) expire(p, st, i, 'at the start of the Segment of his next Phase')
    if (st.pending[i] === Pending.Delay && st.delayAbs[i] === st.abs) {
      addEntry(st, i, p.delayDex[i], 1)
      // the campaign house rules (docs/rules/hero.md): a delay to a higher DEX (or his own) on the Segment of his next Phase replaces that
      // Phase, so the Phase gets no entry of its own (it would otherwise tie with, and void, the delay).
      if (phase && p.delayDex[i] >= p.orderDex[i]) {
        st.skipPhaseAbs[i] = st.abs
        st.skipReason[i] = Skip.DelayReplaces
        st.phaseDoneAbs[i] = st.abs
        if (st.dodgeUntil[i] !== 0 && st.abs >= st.dodgeUntil[i]) st.dodgeUntil[i] = 0
        if (st.atkDcvUntil[i] !== 0 && st.abs >= st.atkDcvUntil[i]) st.atkDcvUntil[i] = 0
        bleedAtPhase(p, st, i, seg)
        continue
      }
    }
    if (phase) addPhaseEntry(p, st, i)
  }
  if (st.log && st.eCount > 0) say(p, st, 'segment', [], `— ${when(st)} —`)
}

/**
 * The next entry of the Segment's order acts: the highest DEX not yet done (a group on the same DEX is
 * ordered by the tie rule when it comes up, and then acts entry by entry, entries added meanwhile
 * waiting for the next group). Returns false when no entry is left.
 */
export function segmentEntry(p: Plan, st: FightState, rng: Rng): boolean {
  if (st.gPos >= st.gLen) {
    const len = highestGroup(st)
    if (len === 0) return false
    if (len > 1) orderTies(p, st, rng, len)
    else st.gSame[0] = 0
    st.gPos = 0
    st.gLen = len
  }
  const a = st.gPos++
  const k = st.gEntry[a]
  st.eDone[k] = 1
  if (st.gSame[a] === 0) st.slot++
  else if (st.log) say(p, st, 'note', [st.eWho[k]], `${name(p, st.eWho[k])} acts at the same instant.`)
  if (st.eKind[k] === 1) delayedEntry(p, st, rng, st.eWho[k])
  else phaseEntry(p, st, rng, st.eWho[k])
  return true
}

/**
 * The entries not yet done on the highest order key, in the order they were added, into `st.gEntry`
 * (in one pass); how many (0 when none is left).
 */
function highestGroup(st: FightState): number {
  let best = -1
  let len = 0
  for (let k = 0; k < st.eCount; k++) {
    if (st.eDone[k] !== 0) continue
    const key = st.eKey[k]
    if (key > best) {
      best = key
      len = 0
      st.gEntry[len++] = k
    } else if (len > 0 && key === best) st.gEntry[len++] = k
  }
  return len
}

/** Whether `segmentEntry` has an entry left to play in this Segment. */
export function entryLeft(st: FightState): boolean {
  if (st.gPos < st.gLen) return true
  for (let k = 0; k < st.eCount; k++) if (st.eDone[k] === 0) return true
  return false
}

/**
 * His Phase joins the Segment's order at his DEX; under blockFirst, just ahead of an attacker he Blocked
 * if this is the next Segment in which both have a Phase (the priority is then spent).
 */
function addPhaseEntry(p: Plan, st: FightState, i: number): void {
  const a = st.blockFirstOver[i]
  if (p.rules.blockFirst && st.blockFirstAbs[i] === st.abs && !defeated(st, a) && p.orderDex[a] >= p.orderDex[i]) {
    st.blockFirstAbs[i] = -st.abs
    addEntry(st, i, p.orderDex[a], 0, 1)
  } else addEntry(st, i, p.orderDex[i], 0)
}

/** A delayed action comes due: act now (the campaign house rules (docs/rules/hero.md): act or hold for defense, never delay again). */
function delayedEntry(p: Plan, st: FightState, rng: Rng, i: number): void {
  if (st.pending[i] !== Pending.Delay || st.delayAbs[i] !== st.abs || isDown(st, i)) return
  if (st.stunned[i] && st.statusSlot[i] !== st.slot) {
    expire(p, st, i, 'because he is Stunned')
    return
  }
  if (st.log && st.skipPhaseAbs[i] === st.abs && st.skipReason[i] === Skip.DelayReplaces) say(p, st, 'lose', [i], `${name(p, i)}'s Phase was replaced by his delayed action.`)
  const arrival = p.delayArrival[i]
  if (arrival === Arrival.Defend || (arrival === Arrival.DefendIfThreatened && threatened(p, st, i))) {
    keepForDefense(p, st, i, `DEX ${p.delayDex[i]}, the moment ${name(p, i)} delayed to${arrival === Arrival.Defend ? '' : ', with an enemy still to attack him this Segment'}`)
    return
  }
  const origin = consumePending(p, st, i)
  count(p, st, i, C.holdsUsed)
  if (st.log) {
    say(p, st, 'act', [i], `${name(p, i)} acts on his delayed action at DEX ${p.delayDex[i]}.`)
  }
  attackWithTriggers(p, st, rng, i, origin, false)
}

/** An enemy whose target he is still has an attack to come in this Segment (a Phase or delayed action not yet taken). */
function threatened(p: Plan, st: FightState, i: number): boolean {
  for (let k = 0; k < st.eCount; k++) {
    const j = st.eWho[k]
    if (st.eDone[k] !== 0 || p.side[j] === p.side[i] || defeated(st, j) || st.stunned[j]) continue
    const attacks = st.eKind[k] === 1 || ((p.onPhase[j] === OnPhase.Attack || p.onPhase[j] === OnPhase.Haymaker) && st.skipPhaseAbs[j] !== st.abs)
    if (attacks && peekTarget(p, st, j) === i) return true
  }
  return false
}

function phaseEntry(p: Plan, st: FightState, rng: Rng, i: number): void {
  if (bleedAtPhase(p, st, i, segmentOf(st.abs)) || isDown(st, i)) return
  const abs = st.abs
  st.phaseDoneAbs[i] = abs
  if (st.dodgeUntil[i] !== 0 && abs >= st.dodgeUntil[i]) st.dodgeUntil[i] = 0
  if (st.atkDcvUntil[i] !== 0 && abs >= st.atkDcvUntil[i]) st.atkDcvUntil[i] = 0
  if (st.pending[i] !== Pending.None) expire(p, st, i, 'as his next Phase begins at his DEX')
  if (st.skipPhaseAbs[i] === abs) {
    const reason = st.skipReason[i]
    if (reason === Skip.Abort) {
      st.lostPhases[i]++
      st.lostToAbort[i]++
      count(p, st, i, C.phasesLostToAbort)
    }
    // A held action used in the Segment of his next Phase before his DEX: "you use your held action but
    // lose that Phase" (docs/rules/hero.md section 4). A Phase replaced by a delay or taken by a Haymaker is not lost.
    if (reason === Skip.HeldUsed) st.lostPhases[i]++
    if (st.log) {
      const why = ['', 'was spent on an Abort', 'was lost to the held action he used', 'was replaced by his delayed action', 'is taken by his Haymaker']
      say(p, st, 'lose', [i], `${name(p, i)}'s Phase ${why[reason]}.`)
    }
    return
  }
  if (st.stunned[i] && st.statusSlot[i] !== st.slot) {
    st.lostPhases[i]++
    count(p, st, i, C.lostToStun)
    if (st.stunBlockedAbs[i] === abs) {
      if (st.log) say(p, st, 'lose', [i], `${name(p, i)} is still Stunned: hurt again this Segment, he cannot recover in this Phase.`)
    } else {
      st.stunned[i] = 0
      if (st.log) say(p, st, 'lose', [i], `${name(p, i)} spends his Phase recovering from being Stunned.`)
    }
    return
  }
  if (st.log) say(p, st, 'phase', [i], `${name(p, i)}'s Phase (DEX ${p.orderDex[i]})${st.blockFirstAbs[i] === -abs ? `, ahead of ${name(p, st.blockFirstOver[i])} after Blocking him` : ''}.`)
  takeAction(p, st, rng, i, abs)
}

export function endOfSegment(p: Plan, st: FightState, rng: Rng, seg: number): void {
  landHaymakers(p, st, rng)
  segmentClose(p, st, seg)
}

/**
 * Haymakers due at the end of this Segment land (or are lost). One lands on its own. Several land in DEX
 * order, equal DEX ordered by the tie rule as the Segment's order is (a tie the rule calls simultaneous
 * lands together), or under variants.haymakerLanding "simultaneous" all in one instant. The Segment's
 * order is over, so its entry arrays serve as the landing order.
 */
export function landHaymakers(p: Plan, st: FightState, rng: Rng): void {
  let first = -1
  let many = false
  for (let i = 0; i < p.n; i++) {
    if (st.hayLandAbs[i] !== st.abs) continue
    if (first < 0) first = i
    else many = true
  }
  if (first < 0) return
  if (!many) {
    landOne(p, st, rng, first)
    return
  }
  st.eCount = 0
  for (let i = 0; i < p.n; i++) if (st.hayLandAbs[i] === st.abs) addEntry(st, i, p.orderDex[i], 0)
  if (st.log) say(p, st, 'note', [], `${st.eCount} Haymakers land at the end of the Segment: ${p.rules.hayTogether ? 'all at the same instant' : 'highest DEX first'}.`)
  if (p.rules.hayTogether) {
    for (let k = 0; k < st.eCount; k++) {
      st.gEntry[k] = k
      st.eDone[k] = 1
    }
    landTogether(p, st, rng, 0, st.eCount)
  } else {
    for (;;) {
      const len = highestGroup(st)
      if (len === 0) break
      if (len > 1) orderTies(p, st, rng, len)
      else st.gSame[0] = 0
      for (let a = 0; a < len; ) {
        let b = a + 1
        while (b < len && st.gSame[b] === 1) b++
        for (let c = a; c < b; c++) st.eDone[st.gEntry[c]] = 1
        if (b - a === 1) landOne(p, st, rng, st.eWho[st.gEntry[a]])
        else landTogether(p, st, rng, a, b)
        a = b
      }
    }
  }
  st.gPos = st.gLen = 0
}

/** His Haymaker is lost before it lands (variants.haymakerInterrupted: Stunned or out, or under "lands" only dead); says so. */
function haymakerLost(p: Plan, st: FightState, i: number): boolean {
  if (!st.dead[i] && (p.rules.haymakerLands || (!st.ko[i] && !st.stunned[i]))) return false
  st.hayLandAbs[i] = 0
  if (st.log) say(p, st, 'lose', [i], `${name(p, i)}'s Haymaker is lost (he is ${st.dead[i] ? 'dead' : st.stunned[i] ? 'Stunned' : 'out'}).`)
  return true
}

function sayLandsAnyway(p: Plan, st: FightState, i: number): void {
  if (st.log && (st.ko[i] || st.stunned[i])) say(p, st, 'note', [i], `${name(p, i)}'s Haymaker was already on its way: it lands although he is ${st.ko[i] ? 'Knocked Out' : 'Stunned'}.`)
}

/** One Haymaker lands in an instant of its own (unless an earlier one has made it lost). */
function landOne(p: Plan, st: FightState, rng: Rng, i: number): void {
  if (st.hayLandAbs[i] !== st.abs || haymakerLost(p, st, i)) return
  sayLandsAnyway(p, st, i)
  st.slot++
  const d = chooseTarget(p, st, i, rng)
  if (d >= 0) resolveAttack(p, st, rng, i, d, true)
  st.hayLandAbs[i] = 0
}

/**
 * The Haymakers of landing-order positions [from, to) land at the same instant: which of them land, their
 * targets and their rolls are all settled before any hit takes effect, so none is lost to another.
 */
function landTogether(p: Plan, st: FightState, rng: Rng, from: number, to: number): void {
  let going = 0
  for (let a = from; a < to; a++) {
    const i = st.eWho[st.gEntry[a]]
    if (st.hayLandAbs[i] === st.abs && !haymakerLost(p, st, i)) going |= 1 << i
  }
  st.slot++
  for (let i = 0; i < p.n; i++) {
    if ((going & (1 << i)) === 0) continue
    sayLandsAnyway(p, st, i)
    const d = chooseTarget(p, st, i, rng)
    if (d >= 0) resolveAttack(p, st, rng, i, d, true, true)
    else st.heldHitOn[i] = -1
  }
  for (let i = 0; i < p.n; i++) if ((going & (1 << i)) !== 0) st.hayLandAbs[i] = 0
  for (let i = 0; i < p.n; i++) if ((going & (1 << i)) !== 0) applyHeldHit(p, st, i)
}

/** The Segment's Recoveries, and after Segment 12 the Post-Segment 12 Recovery (no roll is made). */
export function segmentClose(p: Plan, st: FightState, seg: number): void {
  segmentRecoveries(p, st, p.segmentMask[seg])
  if (seg === 12) postSegment12(p, st)
}
