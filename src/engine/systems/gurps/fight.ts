import { Aod, Cond } from './codes'
import { C_CAP, C_CASCADE, C_DRAW, C_MUTUAL_HIT, C_TIED_FIRST_STRIKE, F } from './layout'
import { nameOf, say, sideLabel } from './log'
import { MAX_ARMS, type FighterStats } from './fighter'
import type { Plan } from './plan'
import type { FightState } from './state'
import { takeTurn } from './turn'
import { Ev, interrupt } from './waits'

/**
 * A whole fight: the turn sequence rolled once, then turns in order until one side is left standing or
 * the turn cap. `simulate` and `trace` both run this; only `st.log` differs.
 * @see docs/rules/gurps.md section 3, docs/rules/gurps.md section 3
 */
export function playFight(plan: Plan, st: FightState): void {
  resetFight(plan, st)
  rollSequence(plan, st)
  for (let round = 1; round <= plan.cap && !st.over; round++) {
    st.round = round
    if (plan.signalTurn === round) {
      if (st.log) say(st, 'note', [], plan, 'The signal comes!')
      interrupt(plan, st, Ev.Signal, -1, -1)
    }
    for (let k = 0; k < st.n && !st.over; k++) takeTurn(plan, st, st.order[k])
  }
  record(plan, st)
}

/** Everyone at full health, nothing used, starting distances, base sequence. */
export function resetFight(plan: Plan, st: FightState): void {
  for (let i = 0; i < st.n; i++) {
    const f = plan.fighters[i]
    st.hp[i] = f.hpMax
    startArms(f, st, i)
    st.aod[i] = Aod.None
    st.target[i] = -1
    st.feintOn[i] = -1
    st.frozenShock[i] = -1
    st.slotTarget[i] = -1
  }
  // cond, stunned, prone, retreated, the defence and Wait flags, shock, parries, blocks, turns, damage
  // dealt, when he went out and yards moved: one block, cleared at once (state.ts)
  st.zeroedEachFight.fill(0)
  st.dist.set(plan.dist0)
  st.order.set(plan.baseOrder)
  st.round = 0
  st.current = -1
  st.over = false
  st.moment = 0
  st.slotMoment = -1
  st.firstStriker = -1
  st.firstMoment = -1
  st.firstFromWait = false
  st.firstTied = false
  st.firstHitter = -1
  st.firstHitMoment = -1
  st.firstHitTied = false
  st.mutualHit = false
  st.attackFromWait = false
  st.movedToward.fill(-1)
  st.cascaded = false
  st.depth = 0
}

/**
 * His attacks at the start: he holds the one his tactics name (the first for "best", which chooses on his
 * turn), ready if it starts ready; every other one that starts ready is drawn; missile weapons are full.
 */
export function startArms(f: FighterStats, st: FightState, i: number): void {
  const k = f.using < 0 ? 0 : f.using
  st.arm[i] = k
  st.ready[i] = f.arms[k].startsReady ? 1 : 0
  st.readyLeft[i] = 0
  let drawn = 0
  for (const w of f.arms) {
    if (w.index !== k && w.startsReady) drawn |= 1 << w.index
    st.shotsLeft[i * MAX_ARMS + w.index] = w.shots
  }
  st.drawn[i] = drawn
}

/** The once-per-fight roll: fighters tied on ETS, Basic Speed and DX are put in a random order (one draw per swap). */
export function rollSequence(plan: Plan, st: FightState): void {
  const ties = plan.ties
  for (let k = 0; k < ties.length; k += 2) {
    const start = ties[k]
    for (let i = ties[k + 1] - 1; i > 0; i--) {
      const j = st.rng.below(i + 1)
      const tmp = st.order[start + i]
      st.order[start + i] = st.order[start + j]
      st.order[start + j] = tmp
    }
  }
  if (st.log) logSequence(plan, st)
}

function logSequence(plan: Plan, st: FightState): void {
  say(st, 'note', [], plan, `Turn sequence: ${Array.from(st.order, (i) => `${nameOf(plan, i)} (Basic Speed ${plan.fighters[i].basicSpeed}${plan.fighters[i].ets ? ', ETS' : ''})`).join(', ')}.`)
}

/** Side that wins: the only one standing, or at the cap under "most-health" the larger share of HP left; −1 for a draw. */
function winnerOf(plan: Plan, st: FightState): number {
  if (st.over) {
    for (let i = 0; i < st.n; i++) if (st.cond[i] === Cond.Ok) return plan.fighters[i].side
    return -1
  }
  if (!plan.rules.capMostHealth) return -1
  const share = st.sideShare
  share.fill(0)
  for (let i = 0; i < st.n; i++) if (st.cond[i] === Cond.Ok) share[plan.fighters[i].side] += Math.max(0, st.hp[i]) / plan.fighters[i].hpMax
  let best = -1
  let tied = false
  for (let s = 0; s < plan.sides.length; s++) {
    if (best < 0 || share[s] > share[best]) {
      best = s
      tied = false
    } else if (share[s] === share[best]) tied = true
  }
  return tied ? -1 : best
}

function record(plan: Plan, st: FightState): void {
  const c = st.tally.counts
  const b = st.tally.bins
  const L = plan.layout
  b[L.lengthBins + st.round - 1]++
  if (!st.over) c[C_CAP]++
  const winner = winnerOf(plan, st)
  if (winner < 0) c[C_DRAW]++
  else c[L.sideWins + winner]++
  for (let i = 0; i < st.n; i++) {
    const o = L.fighter[i]
    if (st.cond[i] !== Cond.Ok) {
      c[o + F.Defeated]++
      b[L.outBins[i] + st.outAt[i] - 1]++
      if (st.cond[i] === Cond.Dead) c[o + F.Died]++
    }
    b[L.fightBins[i] + Math.min(st.dealt[i], L.fightLen[i] - 1)]++
    c[o + F.WaitFired] += st.waitFired[i]
    c[o + F.WaitWasted] += st.waitWasted[i]
    c[o + F.KnockedDown] += st.knocked[i]
  }
  if (st.firstStriker >= 0) {
    if (st.firstTied) c[C_TIED_FIRST_STRIKE]++
    else {
      c[L.fighter[st.firstStriker] + F.StrikesFirst]++
      if (st.firstFromWait) c[L.fighter[st.firstStriker] + F.WaitStrikesFirst]++
    }
  }
  if (st.firstHitter >= 0 && !st.firstHitTied) c[L.fighter[st.firstHitter] + F.FirstHit]++
  if (st.mutualHit) c[C_MUTUAL_HIT]++
  if (st.cascaded) c[C_CASCADE]++
  if (st.log) logEnd(plan, st, winner)
}

/** The trace's last line (out of the per-fight code, which the compiler can then take whole). */
function logEnd(plan: Plan, st: FightState, winner: number): void {
  say(st, 'end', [], plan, winner < 0 ? (st.over ? 'Everyone is down: a draw.' : `Turn ${plan.cap} reached: a draw.`) : `${sideLabel(plan, winner)} wins after ${st.round} turn(s).`)
}
