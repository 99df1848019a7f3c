import type { Rng } from '../../core/rng'
import type { Tally } from '../../core/tally'
import type { TraceEvent } from '../../core/trace'
import { packedAdv, packedNet } from '../../dice/narrative-dice'
import { rollPool } from '../../dice/narrative-roll'
import { attack, attackPossible, checkDefeat, distance } from './fight-attack'
import { COUNTERS_PER_FIGHTER, FC, STRAIN_BINS, type FightPlan } from './fight-plan'
import { turnBudget, type Maneuver } from './maneuvers'

/**
 * A fight between sides A and B, played round by round in initiative slots until one side has no one
 * left standing or the round cap is reached (a draw). `simulate` and `trace` are this one code path; the
 * trace only adds a log.
 * @see seed 003 (turns, maneuvers, actions); rules.md §5.5; rules-combat.md §C4.1
 */

function reset(plan: FightPlan): void {
  const s = plan.state
  for (const k of ['wounds', 'strain', 'injuries', 'down', 'advance', 'aims', 'cover', 'prone', 'guarded', 'boost', 'turnsTaken', 'strainSpent'] as const) s[k].fill(0)
  s.target.fill(-1)
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
  if (log) log.push({ at: 0, kind: 'note', who: [], text: `Initiative slots: ${Array.from(s.order, (i) => (plan.sideSlots ? `side ${plan.fighters[i].c.side}` : plan.fighters[i].c.name)).join(', ')}.` })
}

function standing(plan: FightPlan, side: number): boolean {
  return plan.fighters.some((f) => f.side === side && plan.state.down[f.index] === 0)
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

/** One maneuver's effect. Anything but Aim spends the aim already taken (rules.md §5.5). */
function maneuver(plan: FightPlan, f: number, t: number, m: Maneuver, at: number, log?: TraceEvent[]): void {
  const s = plan.state
  if (m === 'aim') s.aims[f] = Math.min(2, s.aims[f] + 1)
  else s.aims[f] = 0
  if (m === 'guarded-stance') s.guarded[f] = 2
  else if (m === 'take-cover') s.cover[f] = 1
  else if (m === 'drop-prone') s.prone[f] = 1
  else if (m === 'stand') s.prone[f] = 0
  else if ((m === 'move' && t >= 0 && distance(plan, f, t) > 0) || m === 'retreat') {
    // moving leaves cover
    s.advance[f] += m === 'move' ? 1 : -1
    s.cover[f] = 0
  } else if (m === 'assist') {
    const ally = plan.fighters.find((o) => o.side === plan.fighters[f].side && o.index !== f && s.down[o.index] === 0 && s.advance[o.index] === s.advance[f])
    if (ally) s.boost[ally.index]++
  }
  if (log) log.push({ at, kind: 'maneuver', who: [plan.fighters[f].c.id], text: `${plan.fighters[f].c.name}: ${m}${m === 'aim' ? ` (${s.aims[f]} Boost)` : ''}.` })
}

/** One turn of f: the maneuvers his plan allows (one free, a second for 2 strain or the action), then his action. */
function takeTurn(plan: FightPlan, rng: Rng, tally: Tally, f: number, at: number, log?: TraceEvent[]): void {
  const s = plan.state
  const fp = plan.fighters[f]
  const turn = fp.turns[Math.min(s.turnsTaken[f], fp.turns.length - 1)]
  s.turnsTaken[f]++
  const base = 3 + f * COUNTERS_PER_FIGHTER
  tally.counts[base + FC.Turns]++
  const t = chooseTarget(plan, f)
  const budget = turnBudget(turn.maneuvers.length, turn.action, s.strain[f], fp.c.strainThreshold)
  if (budget.strain > 0) {
    s.strain[f] += budget.strain
    s.strainSpent[f] += budget.strain
    tally.counts[base + FC.SecondManeuvers]++
    if (log) log.push({ at, kind: 'note', who: [fp.c.id], text: `${fp.c.name} suffers 2 strain for a second maneuver (${s.strain[f]}/${fp.c.strainThreshold}).` })
  }
  for (let i = 0; i < budget.maneuvers; i++) maneuver(plan, f, t, turn.maneuvers[i], at, log)
  if (budget.actionLeft && t >= 0) {
    if (attackPossible(plan, f, t)) attack(plan, rng, tally, f, t, at, log)
    else if (budget.maneuvers < 2) maneuver(plan, f, t, 'move', at, log)
  }
  if (s.guarded[f] > 0) s.guarded[f]--
  if (plan.aimSameTurn) s.aims[f] = 0
  checkDefeat(plan, f, tally, at, log)
}

/** The fighter who fills this slot: by side (the next ready member of that side) or the slot's own fighter. */
function slotFighter(plan: FightPlan, slot: number): number {
  const s = plan.state
  const owner = s.order[slot]
  if (!plan.sideSlots) return s.down[owner] === 0 && s.acted[owner] === 0 ? owner : -1
  const side = plan.fighters[owner].side
  for (let k = 0; k < s.order.length; k++) {
    const f = s.order[k]
    if (plan.fighters[f].side === side && s.down[f] === 0 && s.acted[f] === 0) return f
  }
  return -1
}

/** One whole fight into the tally; returns the winner (0 A, 1 B, 2 draw). */
export function playFight(plan: FightPlan, rng: Rng, tally: Tally, log?: TraceEvent[]): number {
  reset(plan)
  rollInitiative(plan, rng, log)
  let round = 0
  let winner = 2
  let over = false
  while (!over && round < plan.maxRounds) {
    round++
    plan.state.acted.fill(0)
    for (let slot = 0; slot < plan.fighters.length && !over; slot++) {
      const f = slotFighter(plan, slot)
      if (f < 0) continue
      plan.state.acted[f] = 1
      takeTurn(plan, rng, tally, f, round, log)
      const a = standing(plan, 0)
      const b = standing(plan, 1)
      over = !a || !b
      // both sides down in the same resolution (e.g. the attacker's own strain): a draw
      if (over) winner = a ? 0 : b ? 1 : 2
    }
  }
  const rounds = round
  tally.counts[winner]++
  tally.bins[plan.layout.roundsOffset + rounds]++
  for (const f of plan.fighters) tally.bins[plan.layout.strainOffset(f.index) + Math.min(STRAIN_BINS - 1, plan.state.strainSpent[f.index])]++
  if (log) log.push({ at: rounds, kind: 'end', who: [], text: winner === 2 ? (over ? `Both sides are down in round ${rounds}: a draw.` : `No side is defeated after ${rounds} rounds: a draw.`) : `Side ${winner === 0 ? 'A' : 'B'} wins in round ${rounds}.` })
  return winner
}
