import type { Rng } from '../../core/rng'
import type { Tally } from '../../core/tally'
import type { TraceEvent } from '../../core/trace'
import type { CompiledPool } from '../../dice/narrative-roll'
import { packedAdv, packedNet } from '../../dice/narrative-dice'
import { attack, attackAfter, attackPossible, canReload, checkDefeat, chooseBest, freeAttack } from './fight-attack'
import { distance } from './fight-geometry'
import { maneuver, maneuverCap, pointlessManeuver } from './fight-maneuver'
import { ammoAt, COUNTERS_PER_FIGHTER, DROPPED, EMPTY, FC, heldAmmo, STRAIN_BINS, strainState, strainThresholdNow, sufferStrain, woundThresholdNow, type FightPlan, type FighterPlan } from './fight-plan'
import { SECOND_MANEUVER_STRAIN, secondManeuverCost, type Maneuver } from './maneuvers'

type PlannedTurn = FighterPlan['turns'][number]

/**
 * A fight between sides A and B, played round by round in initiative slots until one side has no one
 * left standing or the round cap is reached (a draw). `simulate` and `trace` are this one code path; the
 * trace only adds a log.
 * @see the Star Wars turn rules (docs/rules/genesys.md section 5) (turns, maneuvers, actions); docs/rules/genesys.md section 5; docs/rules/genesys.md section 5
 */

const RESET = ['wounds', 'strain', 'injuries', 'down', 'advance', 'aims', 'cover', 'prone', 'guarded', 'boost', 'turnsTaken', 'strainSpent', 'staggered', 'nextSetback', 'nextIncrease', 'bleeding', 'doom', 'knockedDown', 'noAmmo', 'turnManeuvers', 'noFree', 'winded', 'lame', 'slowed', 'hurtIncrease', 'hurtSetback', 'hurtUpgrade', 'noBoost', 'brink', 'freeAttack', 'assisted', 'disengaged', 'defended', 'crippled', 'maimed', 'brawnLost', 'agilityLost', 'willLost'] as const

export function reset(plan: FightPlan): void {
  const s = plan.state
  for (const k of RESET) s[k].fill(0)
  s.target.fill(-1)
  s.band.set(plan.startBands)
  for (const f of plan.fighters) {
    s.reloads[f.index] = f.c.reloads
    s.weapon[f.index] = Math.max(0, f.using)
  }
}

/**
 * Initiative: each rolls his Cool (or Vigilance) pool; order by successes, then advantages; ties go to
 * PCs before NPCs then roster order ('pc-first') or at random ('roll-off', one extra draw each).
 */
export function rollInitiative(plan: FightPlan, rng: Rng, log?: TraceEvent[]): void {
  const s = plan.state
  const n = plan.fighters.length
  for (const f of plan.fighters) {
    const v = plan.roll(rng, f.initiativePool)
    const tie = plan.pcFirst ? (f.c.npc ? 0 : 1) : rng.below(1024)
    s.keys[f.index] = (packedNet(v) * 64 + packedAdv(v)) * 2048 + tie * 2 + 0
    s.order[f.index] = f.index
    if (log) log.push({ at: 0, kind: 'roll', who: [f.c.id], text: `${f.c.name} rolls initiative: ${packedNet(v)} ${Math.abs(packedNet(v)) === 1 ? 'success' : 'successes'}, ${packedAdv(v)} advantage.` })
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
  if (log) log.push({ at: 0, kind: 'note', who: [], text: `Initiative slots: ${Array.from(s.order, (i) => (plan.sideSlots ? slotName(plan, plan.fighters[i].side) : plan.fighters[i].c.name)).join(', ')}.` })
}

/** A side's initiative slot in the trace: its fighter's name when he is alone on his side, else "side A (Ilse, Bart)". */
function slotName(plan: FightPlan, side: number): string {
  const names = plan.fighters.filter((f) => f.side === side).map((f) => f.c.name)
  return names.length === 1 ? names[0] : `side ${side === 0 ? 'A' : 'B'} (${names.join(', ')})`
}

/** A plain loop, not `some(callback)`: this runs after every turn of the hot loop. */
function standing(plan: FightPlan, side: number): boolean {
  for (const f of plan.fighters) if (f.side === side && plan.state.down[f.index] === 0) return true
  return false
}

/**
 * His target this turn, among the enemies still standing that he can attack this turn (after the turn's
 * maneuvers, `seq[0..len)`), or among all standing enemies when he can reach none: 'sticky-first' keeps
 * the current target while it stands and is within reach (or nobody is), else takes the first in roster
 * order; 'weakest' takes the one with the least wound room.
 */
function chooseTarget(plan: FightPlan, f: number, len: number): number {
  const s = plan.state
  const me = plan.fighters[f]
  const cur = s.target[f]
  const sticky = me.plan.target === 'sticky-first'
  if (sticky && cur >= 0 && s.down[cur] === 0 && attackAfter(plan, f, cur, s.seq, 0, len)) return cur
  let best = -1
  let bestReach = false
  for (const o of plan.fighters) {
    if (o.side === me.side || s.down[o.index] === 1) continue
    const reach = attackAfter(plan, f, o.index, s.seq, 0, len)
    if (best >= 0 && bestReach && !reach) continue
    if (best < 0 || (reach && !bestReach) || (!sticky && woundThresholdNow(plan, o.index) - s.wounds[o.index] < woundThresholdNow(plan, best) - s.wounds[best])) {
      best = o.index
      bestReach = reach
    }
  }
  // nobody within reach this turn: a sticky fighter keeps closing on the target he had
  if (!bestReach && sticky && cur >= 0 && s.down[cur] === 0) best = cur
  s.target[f] = best
  return best
}

/**
 * The maneuvers of his turn in order, into `seq` (returns how many): standing up after Bowled Over, then
 * getting his weapon back when he means to attack (Interact to pick it up if dropped, Manage Gear to
 * reload it if empty and he has a reload), then the plan's.
 */
function turnSequence(plan: FightPlan, f: number, turn: PlannedTurn): number {
  const s = plan.state
  const seq = s.seq
  let len = 0
  if (s.knockedDown[f] === 1) seq[len++] = 'stand'
  if (turn.action === 'attack') {
    // under "his best against this foe" he takes another weapon rather than see to this one, if he has one ready
    const bits = plan.fighters[f].using < 0 && anotherReady(plan, f) ? 0 : s.noAmmo[ammoAt(f, s.weapon[f])]
    if ((bits & DROPPED) !== 0) seq[len++] = 'interact'
    if ((bits & EMPTY) !== 0 && canReload(plan, f, EMPTY)) seq[len++] = 'manage-gear'
  }
  for (const m of turn.maneuvers) seq[len++] = m
  return len
}

/** Whether f has a weapon other than the one in hand that is neither empty nor dropped. */
function anotherReady(plan: FightPlan, f: number): boolean {
  const fp = plan.fighters[f]
  for (let w = 0; w < fp.weapons.length; w++) if (w !== plan.state.weapon[f] && plan.state.noAmmo[ammoAt(f, w)] === 0) return true
  return false
}

/** The maneuver he takes in exchange for an action he cannot use to attack: get his weapon back, else close in (or step out of an engagement a Gunnery weapon cannot fire from); null when none helps. */
function fallbackManeuver(plan: FightPlan, f: number, t: number): Maneuver | null {
  const bits = plan.fighters[f].using < 0 && anotherReady(plan, f) ? 0 : heldAmmo(plan, f)
  if ((bits & DROPPED) !== 0) return 'interact'
  if (bits !== 0) return canReload(plan, f, bits) ? 'manage-gear' : null
  return distance(plan, f, t) === 0 ? 'retreat' : 'move'
}

/** Bleeding Out at the start of his turn; true if it takes him out. */
function bleed(plan: FightPlan, tally: Tally, f: number, at: number, log?: TraceEvent[]): boolean {
  const s = plan.state
  if (s.bleeding[f] === 0) return false
  s.wounds[f]++
  sufferStrain(plan, f, 1)
  if (log) log.push({ at, kind: 'note', who: [plan.fighters[f].c.id], text: `${plan.fighters[f].c.name} bleeds: 1 wound and 1 strain.` })
  checkDefeat(plan, f, tally, at, log)
  return s.down[f] === 1
}

/**
 * His maneuvers, `seq[0..len)`: one free (none when Distracted or Hamstrung), then one paid by the unused
 * action and one by 2 strain (not when Winded), never more than two (one when Temporarily Lame). A maneuver
 * that would change nothing (a Move toward a foe he is already engaged with, an Assist with no ally beside
 * him) is not taken. When the planned attack cannot be made even after the turn's maneuvers, the action
 * is exchanged for a maneuver before any strain is paid. Returns whether the planned attack is still on.
 */
function maneuvers(plan: FightPlan, tally: Tally, f: number, t: number, turn: PlannedTurn, len: number, at: number, log?: TraceEvent[]): boolean {
  const s = plan.state
  const fp = plan.fighters[f]
  let actionIdle = s.staggered[f] === 0 && turn.action !== 'attack'
  let attackOn = turn.action === 'attack'
  const free = s.noFree[f] > 0 ? 0 : 1
  const cap = maneuverCap(plan, f)
  let mayStrain = s.winded[f] === 0
  s.knockedDown[f] = 0
  for (let i = 0; i < len && s.turnManeuvers[f] < cap; i++) {
    const m = s.seq[i]
    if (pointlessManeuver(plan, f, t, m)) continue
    if (s.turnManeuvers[f] >= free) {
      // the attack cannot happen after this turn's maneuvers: the action pays for this one, not strain
      if (attackOn && s.staggered[f] === 0 && (t < 0 || !attackAfter(plan, f, t, s.seq, i, len))) {
        attackOn = false
        actionIdle = true
      }
      // a rival suffers the strain as wounds: he never buys a maneuver that would take him past his wound threshold
      const cost = fp.c.rival ? secondManeuverCost(actionIdle, s.wounds[f], woundThresholdNow(plan, f), mayStrain) : secondManeuverCost(actionIdle, s.strain[f], strainThresholdNow(plan, f), mayStrain)
      if (cost === null) break
      if (cost === 'action') actionIdle = false
      else {
        payStrain(plan, tally, f, free === 1, at, log)
        mayStrain = false
      }
    }
    maneuver(plan, f, t, m, at, log)
  }
  return attackOn
}

function payStrain(plan: FightPlan, tally: Tally, f: number, second: boolean, at: number, log?: TraceEvent[]): void {
  const s = plan.state
  const fp = plan.fighters[f]
  sufferStrain(plan, f, SECOND_MANEUVER_STRAIN)
  s.strainSpent[f] += SECOND_MANEUVER_STRAIN
  tally.counts[3 + f * COUNTERS_PER_FIGHTER + FC.SecondManeuvers]++
  if (log) log.push({ at, kind: 'note', who: [fp.c.id], text: `${fp.c.name} suffers 2 strain for ${second ? 'a second maneuver' : 'a maneuver (he has no free maneuver)'} ${strainState(plan, f)}.` })
}

/** The action he cannot attack with, exchanged for a maneuver that helps (within the cap), or logged as lost. */
function exchangeAction(plan: FightPlan, f: number, t: number, at: number, log?: TraceEvent[]): void {
  const s = plan.state
  const m = fallbackManeuver(plan, f, t)
  if (m !== null && s.turnManeuvers[f] < maneuverCap(plan, f)) maneuver(plan, f, t, m, at, log)
  else if (m === null && log) log.push({ at, kind: 'note', who: [plan.fighters[f].c.id], text: `${plan.fighters[f].c.name} is out of ammunition and has no reload: he cannot attack.` })
}

/** One turn of f: his maneuvers, then his action (an attack, or a maneuver in exchange when he cannot attack yet). */
export function takeTurn(plan: FightPlan, rng: Rng, tally: Tally, f: number, at: number, log?: TraceEvent[]): void {
  const s = plan.state
  const fp = plan.fighters[f]
  const turn = fp.turns[Math.min(s.turnsTaken[f], fp.turns.length - 1)]
  s.turnsTaken[f]++
  s.turnManeuvers[f] = 0
  s.disengaged[f] = 0
  tally.counts[3 + f * COUNTERS_PER_FIGHTER + FC.Turns]++
  if (log && s.slowed[f] === 1) log.push({ at, kind: 'note', who: [fp.c.id], text: `${fp.c.name} is slowed down: he acts in his side's last slot.` })
  if (bleed(plan, tally, f, at, log)) return
  const len = turnSequence(plan, f, turn)
  const t = chooseTarget(plan, f, len)
  const attackOn = maneuvers(plan, tally, f, t, turn, len, at, log)
  if (turn.action === 'attack' && t >= 0) {
    if (s.staggered[f] > 0) {
      if (log) log.push({ at, kind: 'note', who: [fp.c.id], text: `${fp.c.name} is staggered: no action this turn.` })
    } else if (attackOn && (fp.using < 0 ? chooseBest(plan, f, t, at, log) : attackPossible(plan, f, t))) attack(plan, rng, tally, f, t, at, log)
    else if (attackOn) exchangeAction(plan, f, t, at, log)
  }
  endTurn(plan, tally, f, at, log)
}

/** The end of f's turn: what lasts until then runs out, then whether he is defeated. */
function endTurn(plan: FightPlan, tally: Tally, f: number, at: number, log?: TraceEvent[]): void {
  const s = plan.state
  // an Assist lasts until the end of the assisted character's next turn
  s.assisted[f] = 0
  if (s.guarded[f] > 0) s.guarded[f]--
  if (s.defended[f] > 0) s.defended[f]--
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
    s.wounds[f] = Math.max(s.wounds[f], woundThresholdNow(plan, f) + 1)
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

/**
 * One initiative slot of a round (the first slot also starts the round; after the last one the round
 * ends): the slot's turn, the Slowed Down turns after his side's last slot, The End is Nigh after the
 * last slot. Returns `result` when the fight is over, else −1 (the exact whole fight plays one step per
 * slot with this same function, exact-fight.ts).
 */
export function roundSlot(plan: FightPlan, rng: Rng, tally: Tally, round: number, slot: number, log?: TraceEvent[]): number {
  const s = plan.state
  if (slot === 0) s.acted.fill(0)
  const f = slotFighter(plan, slot)
  const r = f >= 0 ? turnOf(plan, rng, tally, f, round, log) : -1
  return afterTurn(plan, rng, tally, round, slot, r, log)
}

/**
 * The exact whole fight's way back into a slot whose turn stopped at a deferred Overpowered free attack
 * (`plan.deferFreeAttack`; a 1-vs-1 fight, where the slot's turn is its only one): the free attack of
 * f on t with the same pool, then the rest of his turn and of the slot, in `roundSlot`'s order.
 */
export function resumeSlot(plan: FightPlan, rng: Rng, tally: Tally, f: number, t: number, cp: CompiledPool, round: number, slot: number): number {
  freeAttack(plan, rng, tally, f, t, cp, round)
  endTurn(plan, tally, f, round)
  return afterTurn(plan, rng, tally, round, slot, result(plan))
}

/** The slot after its turn (`r`: `result` after it, −1 with no turn): Slowed Down turns, the end of the Round. */
function afterTurn(plan: FightPlan, rng: Rng, tally: Tally, round: number, slot: number, r: number, log?: TraceEvent[]): number {
  const s = plan.state
  if (r >= 0) return r
  const side = plan.fighters[s.order[slot]].side
  if (s.lastSlot[side] === slot) {
    const r2 = slowedTurns(plan, rng, tally, side, round, log)
    if (r2 >= 0) return r2
  }
  if (slot < plan.fighters.length - 1) return -1
  endOfRound(plan, tally, round, log)
  return result(plan)
}

/** One round, slot by slot, then the end of the round; returns `result`. */
function playRound(plan: FightPlan, rng: Rng, tally: Tally, round: number, log?: TraceEvent[]): number {
  for (let slot = 0; slot < plan.fighters.length; slot++) {
    const r = roundSlot(plan, rng, tally, round, slot, log)
    if (r >= 0) return r
  }
  return -1
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
