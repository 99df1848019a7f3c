import type { Rng } from '../../core/rng'
import type { Tally } from '../../core/tally'
import type { TraceEvent } from '../../core/trace'
import { packedAdv, packedNet } from '../../dice/narrative-dice'
import { rollPool } from '../../dice/narrative-roll'
import { attack, attackPossible, checkDefeat } from './fight-attack'
import { distance } from './fight-geometry'
import { maneuver, maneuverCap, pointlessMove } from './fight-maneuver'
import { COUNTERS_PER_FIGHTER, DROPPED, EMPTY, FC, STRAIN_BINS, type FightPlan, type FighterPlan } from './fight-plan'
import { SECOND_MANEUVER_STRAIN, secondManeuverCost, type Maneuver } from './maneuvers'

type PlannedTurn = FighterPlan['turns'][number]

/**
 * A fight between sides A and B, played round by round in initiative slots until one side has no one
 * left standing or the round cap is reached (a draw). `simulate` and `trace` are this one code path; the
 * trace only adds a log.
 * @see seed 003 (turns, maneuvers, actions); rules.md §5.5; rules-combat.md §C4.1
 */

const RESET = ['wounds', 'strain', 'injuries', 'down', 'advance', 'aims', 'cover', 'prone', 'guarded', 'boost', 'turnsTaken', 'strainSpent', 'staggered', 'nextSetback', 'nextIncrease', 'bleeding', 'doom', 'knockedDown', 'noAmmo', 'turnManeuvers', 'noFree', 'winded', 'lame', 'slowed', 'hurtIncrease', 'hurtSetback', 'hurtUpgrade', 'noBoost', 'brink', 'freeAttack'] as const

function reset(plan: FightPlan): void {
  const s = plan.state
  for (const k of RESET) s[k].fill(0)
  s.target.fill(-1)
  s.band.fill(plan.startBand)
}

/**
 * Initiative: each rolls his Cool (or Vigilance) pool; order by successes, then advantages; ties go to
 * PCs before NPCs then roster order ('pc-first') or at random ('roll-off', one extra draw each).
 */
function rollInitiative(plan: FightPlan, rng: Rng, log?: TraceEvent[]): void {
  const s = plan.state
  const n = plan.fighters.length
  for (const f of plan.fighters) {
    const v = rollPool(rng, f.initiativePool)
    const tie = plan.pcFirst ? (f.c.npc ? 0 : 1) : rng.below(1024)
    s.keys[f.index] = (packedNet(v) * 64 + packedAdv(v)) * 2048 + tie * 2 + 0
    s.order[f.index] = f.index
    if (log) log.push({ at: 0, kind: 'roll', who: [f.c.id], text: `${f.c.name} rolls initiative: ${packedNet(v)} successes, ${packedAdv(v)} advantage.` })
  }
  // insertion sort, highest key first, roster order on equal keys
  for (let i = 1; i < n; i++) {
    const x = s.order[i]
    let j = i - 1
    while (j >= 0 && s.keys[s.order[j]] < s.keys[x]) {
      s.order[j + 1] = s.order[j]
      j--
    }
    s.order[j + 1] = x
  }
  for (let k = 0; k < n; k++) s.lastSlot[plan.fighters[s.order[k]].side] = k
  if (log) log.push({ at: 0, kind: 'note', who: [], text: `Initiative slots: ${Array.from(s.order, (i) => (plan.sideSlots ? `side ${plan.fighters[i].c.side}` : plan.fighters[i].c.name)).join(', ')}.` })
}

/** A plain loop, not `some(callback)`: this runs after every turn of the hot loop. */
function standing(plan: FightPlan, side: number): boolean {
  for (const f of plan.fighters) if (f.side === side && plan.state.down[f.index] === 0) return true
  return false
}

/** Keeps the current target while it stands ('sticky-first'), or takes the one with the least wound room ('weakest'). */
function chooseTarget(plan: FightPlan, f: number): number {
  const s = plan.state
  const me = plan.fighters[f]
  if (me.plan.target === 'sticky-first' && s.target[f] >= 0 && s.down[s.target[f]] === 0) return s.target[f]
  let best = -1
  for (const o of plan.fighters) {
    if (o.side === me.side || s.down[o.index] === 1) continue
    if (best < 0 || (me.plan.target === 'weakest' && o.c.woundThreshold - s.wounds[o.index] < plan.fighters[best].c.woundThreshold - s.wounds[best])) best = o.index
  }
  s.target[f] = best
  return best
}

/**
 * The i-th maneuver of his turn: standing up after Bowled Over (`stand` 1) and getting his weapon back
 * (`reload` 1 or 2: `rearm` is Interact to pick it up, then Manage Gear to reload) come before the plan's.
 */
function nthManeuver(turn: PlannedTurn, stand: number, reload: number, rearm: Maneuver, i: number): Maneuver {
  if (i < stand) return 'stand'
  if (i < stand + reload) return rearm
  return turn.maneuvers[i - stand - reload]
}

/** The next maneuver that gets his weapon back: Interact picks it up if dropped, then Manage Gear reloads it if empty. */
function rearmManeuver(noAmmo: number): Maneuver {
  return (noAmmo & DROPPED) !== 0 ? 'interact' : 'manage-gear'
}

/** Bleeding Out at the start of his turn; true if it takes him out. */
function bleed(plan: FightPlan, tally: Tally, f: number, at: number, log?: TraceEvent[]): boolean {
  const s = plan.state
  if (s.bleeding[f] === 0) return false
  s.wounds[f]++
  s.strain[f]++
  if (log) log.push({ at, kind: 'note', who: [plan.fighters[f].c.id], text: `${plan.fighters[f].c.name} bleeds: 1 wound and 1 strain.` })
  checkDefeat(plan, f, tally, at, log)
  return s.down[f] === 1
}

/**
 * His maneuvers: one free (none when Distracted or Hamstrung), then one paid by the unused action and one
 * by 2 strain (not when Winded), never more than two (one when Temporarily Lame); a Move toward a foe he is
 * already engaged with is skipped. Returns whether the action is still free.
 */
function maneuvers(plan: FightPlan, tally: Tally, f: number, t: number, turn: PlannedTurn, at: number, log?: TraceEvent[]): boolean {
  const s = plan.state
  const fp = plan.fighters[f]
  let actionFree = s.staggered[f] === 0 && turn.action !== 'attack'
  const stand = s.knockedDown[f]
  // one maneuver per problem with his weapon: pick it up (dropped), reload it (empty)
  const reload = turn.action === 'attack' ? (s.noAmmo[f] & DROPPED ? 1 : 0) + (s.noAmmo[f] & EMPTY ? 1 : 0) : 0
  const free = s.noFree[f] > 0 ? 0 : 1
  const cap = maneuverCap(plan, f)
  let mayStrain = s.winded[f] === 0
  s.knockedDown[f] = 0
  for (let i = 0; i < stand + reload + turn.maneuvers.length && s.turnManeuvers[f] < cap; i++) {
    const m = nthManeuver(turn, stand, reload, rearmManeuver(s.noAmmo[f]), i)
    if (pointlessMove(plan, f, t, m)) continue
    if (s.turnManeuvers[f] >= free) {
      const cost = secondManeuverCost(actionFree, s.strain[f], fp.c.strainThreshold, mayStrain)
      if (cost === null) break
      if (cost === 'action') actionFree = false
      else {
        payStrain(plan, tally, f, free === 1, at, log)
        mayStrain = false
      }
    }
    maneuver(plan, f, t, m, at, log)
  }
  return actionFree
}

function payStrain(plan: FightPlan, tally: Tally, f: number, second: boolean, at: number, log?: TraceEvent[]): void {
  const s = plan.state
  const fp = plan.fighters[f]
  s.strain[f] += SECOND_MANEUVER_STRAIN
  s.strainSpent[f] += SECOND_MANEUVER_STRAIN
  tally.counts[3 + f * COUNTERS_PER_FIGHTER + FC.SecondManeuvers]++
  if (log) log.push({ at, kind: 'note', who: [fp.c.id], text: `${fp.c.name} suffers 2 strain for ${second ? 'a second maneuver' : 'a maneuver (he has no free maneuver)'} (${s.strain[f]}/${fp.c.strainThreshold}).` })
}

/** One turn of f: his maneuvers, then his action (an attack, or a maneuver in exchange when he cannot attack yet). */
export function takeTurn(plan: FightPlan, rng: Rng, tally: Tally, f: number, at: number, log?: TraceEvent[]): void {
  const s = plan.state
  const fp = plan.fighters[f]
  const turn = fp.turns[Math.min(s.turnsTaken[f], fp.turns.length - 1)]
  s.turnsTaken[f]++
  s.turnManeuvers[f] = 0
  tally.counts[3 + f * COUNTERS_PER_FIGHTER + FC.Turns]++
  if (log && s.slowed[f] === 1) log.push({ at, kind: 'note', who: [fp.c.id], text: `${fp.c.name} is slowed down: he acts in his side's last slot.` })
  if (bleed(plan, tally, f, at, log)) return
  const t = chooseTarget(plan, f)
  maneuvers(plan, tally, f, t, turn, at, log)
  if (turn.action === 'attack' && t >= 0) {
    if (s.staggered[f] > 0) {
      if (log) log.push({ at, kind: 'note', who: [fp.c.id], text: `${fp.c.name} is staggered: no action this turn.` })
    } else if (s.noAmmo[f] === 0 && attackPossible(plan, f, t)) attack(plan, rng, tally, f, t, at, log)
    else if (s.turnManeuvers[f] < maneuverCap(plan, f)) maneuver(plan, f, t, s.noAmmo[f] !== 0 ? rearmManeuver(s.noAmmo[f]) : distance(plan, f, t) === 0 ? 'retreat' : 'move', at, log)
  }
  if (s.guarded[f] > 0) s.guarded[f]--
  if (s.staggered[f] > 0) s.staggered[f]--
  if (s.noFree[f] > 0) s.noFree[f]--
  s.slowed[f] = 0
  if (plan.aimSameTurn) s.aims[f] = 0
  checkDefeat(plan, f, tally, at, log)
}

/** The End is Nigh: those doomed for this round die after its last initiative slot. */
function endOfRound(plan: FightPlan, tally: Tally, round: number, log?: TraceEvent[]): void {
  const s = plan.state
  for (const fp of plan.fighters) {
    const f = fp.index
    if (s.doom[f] !== round || s.down[f] === 1) continue
    s.wounds[f] = Math.max(s.wounds[f], fp.c.woundThreshold + 1)
    if (log) log.push({ at: round, kind: 'note', who: [fp.c.id], text: `The End is Nigh: ${fp.c.name} dies at the end of the round.` })
    checkDefeat(plan, f, tally, round, log)
  }
}

/**
 * The fighter who fills this slot: by side (the next ready member of that side) or the slot's own fighter.
 * A Slowed Down fighter is ready only in his side's last slot.
 */
function slotFighter(plan: FightPlan, slot: number): number {
  const s = plan.state
  const owner = s.order[slot]
  const side = plan.fighters[owner].side
  const last = s.lastSlot[side] === slot
  if (!plan.sideSlots) return s.down[owner] === 0 && s.acted[owner] === 0 && (s.slowed[owner] === 0 || last) ? owner : -1
  for (let k = 0; k < s.order.length; k++) {
    const f = s.order[k]
    if (plan.fighters[f].side === side && s.down[f] === 0 && s.acted[f] === 0 && (s.slowed[f] === 0 || last)) return f
  }
  return -1
}

/** −1 while both sides stand; else the winner (0 A, 1 B, 2 a draw: both sides down in the same resolution). */
function result(plan: FightPlan): number {
  const a = standing(plan, 0)
  const b = standing(plan, 1)
  return a && b ? -1 : a ? 0 : b ? 1 : 2
}

/** f's turn in this round; returns `result` after it. */
function turnOf(plan: FightPlan, rng: Rng, tally: Tally, f: number, round: number, log?: TraceEvent[]): number {
  plan.state.acted[f] = 1
  takeTurn(plan, rng, tally, f, round, log)
  return result(plan)
}

/** After his side's last slot, every Slowed Down member of the side who has not acted yet takes his turn. */
function slowedTurns(plan: FightPlan, rng: Rng, tally: Tally, side: number, round: number, log?: TraceEvent[]): number {
  const s = plan.state
  for (const fp of plan.fighters) {
    const f = fp.index
    if (fp.side !== side || s.slowed[f] === 0 || s.down[f] === 1 || s.acted[f] === 1) continue
    const r = turnOf(plan, rng, tally, f, round, log)
    if (r >= 0) return r
  }
  return -1
}

/** One round, slot by slot, then the end of the round; returns `result`. */
function playRound(plan: FightPlan, rng: Rng, tally: Tally, round: number, log?: TraceEvent[]): number {
  const s = plan.state
  s.acted.fill(0)
  for (let slot = 0; slot < plan.fighters.length; slot++) {
    const f = slotFighter(plan, slot)
    const r = f >= 0 ? turnOf(plan, rng, tally, f, round, log) : -1
    if (r >= 0) return r
    const side = plan.fighters[s.order[slot]].side
    if (s.lastSlot[side] === slot) {
      const r2 = slowedTurns(plan, rng, tally, side, round, log)
      if (r2 >= 0) return r2
    }
  }
  endOfRound(plan, tally, round, log)
  return result(plan)
}

/** One whole fight into the tally; returns the winner (0 A, 1 B, 2 draw). */
export function playFight(plan: FightPlan, rng: Rng, tally: Tally, log?: TraceEvent[]): number {
  reset(plan)
  rollInitiative(plan, rng, log)
  let round = 0
  let r = -1
  while (r < 0 && round < plan.maxRounds) r = playRound(plan, rng, tally, ++round, log)
  const over = r >= 0
  const winner = over ? r : 2
  const rounds = round
  tally.counts[winner]++
  tally.bins[plan.layout.roundsOffset + rounds]++
  for (const f of plan.fighters) tally.bins[plan.layout.strainOffset(f.index) + Math.min(STRAIN_BINS - 1, plan.state.strainSpent[f.index])]++
  if (log) log.push({ at: rounds, kind: 'end', who: [], text: winner === 2 ? (over ? `Both sides are down in round ${rounds}: a draw.` : `No side is defeated after ${rounds} rounds: a draw.`) : `Side ${winner === 0 ? 'A' : 'B'} wins in round ${rounds}.` })
  return winner
}
