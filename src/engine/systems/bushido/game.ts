import type { Rng } from '../../core/rng'
import type { Tally, TallyShape } from '../../core/tally'
import type { TraceEvent } from '../../core/trace'
import { codeFinal, codeNonOnes } from '../../dice/bushido-d6'
import { rollGroup } from './exchange'
import { CHARGE, DISENGAGE, fight, shoot, STAND_UP, SURPRISE, targetOf } from './game-actions'
import { focus, kiGeneration, resetKi, wantsFocus } from './game-ki'
import { isLastTurn, variableDie, VARIABLE_ENDS_ON, VARIABLE_LAST } from './game-length'
import { contactOf, endPhaseStates, inContact, release, releaseHeld, separate, surprises } from './game-states'
import type { GamePlan } from './game-plan'

/**
 * Game Turns (Tour de jeu): Starting Phase (2 Activation Counters each, the Tactical Test, Pass Tokens),
 * Main Phase (players alternate activations until no one can act; a Pass Token skips a turn to act),
 * End Phase (unused Pass Tokens discarded). The Tactical Test winner is taken to choose to be Active
 * Player first. @see the Bushido reference card (docs/rules/bushido.md) "TOUR DE JEU"; docs/rules/bushido.md section 5
 *
 * Tally: counters 0 side A wiped out, 1 side B wiped out, 2 both stand, 3 side A won the first
 * Tactical Test, then `removedBy[m * turns + t]`; bins: `woundsInTurn[(m * turns + t) * maxBins + w]`,
 * then `exchangesInTurn[t * EXCHANGE_BINS + k]`.
 */
export const EXCHANGE_BINS = 33
export const REMOVED_AT = 4

export function gameShape(p: GamePlan): TallyShape {
  return { counters: kiAt(p) + 4 * p.n, bins: lengthAt(p) + (p.game.variableFrom !== undefined ? p.turns + 1 : 0) }
}

/** First bin of the game-length histogram (Turns played, 0..turns), kept only for Variable (X) games. */
export function lengthAt(p: GamePlan): number {
  return p.n * p.turns * p.maxBins + p.turns * EXCHANGE_BINS
}

/** Starting Phase step 1: the Variable (X) game-length roll, if the scenario has one. Returns true on the last Turn. */
function variableRoll(p: GamePlan, rng: Rng, at: number, log?: TraceEvent[]): boolean {
  const from = p.game.variableFrom
  const die = variableDie(rng, at, from)
  const last = isLastTurn(at, from, die)
  if (log && from !== undefined && at >= from) {
    say(log, at, [], die === 0 ? `Durée Variable / Variable (${from}): Turn ${at} is the last — the game always finishes after Turn ${VARIABLE_LAST}.` : `Test pour la Durée Variable / Roll for Variable Turns: D6 = ${die}${last ? ` (${VARIABLE_ENDS_ON}+): the game finishes at the end of this Turn` : ` (below ${VARIABLE_ENDS_ON}): the game goes on`}.`)
  }
  return last
}

/** First of the Ki counters (4 per model) in the tally. */
export function kiAt(p: GamePlan): number {
  return REMOVED_AT + p.n * p.turns
}

function say(log: TraceEvent[] | undefined, at: number, who: string[], text: string, kind = 'note'): void {
  if (log) log.push({ at, kind, who, text })
}

/** One D6 plus the Tactician (X) of one living model of the side (the best; bonuses do not stack). */
export function tacticalDice(p: GamePlan, side: number): number {
  let best = 0
  for (let i = 0; i < p.n; i++) if (p.side[i] === side && p.woundsLeft[i] > 0 && p.models[i].tactician > best) best = p.models[i].tactician
  return 1 + best
}

/** Opposed test of a single D6 plus Tactician dice; a tie after the dice-count tiebreaker is re-rolled. */
function tacticalTest(p: GamePlan, rng: Rng, at: number, log?: TraceEvent[]): number {
  const da = tacticalDice(p, 0)
  const db = tacticalDice(p, 1)
  for (;;) {
    const a = rollGroup(rng, da)
    const b = rollGroup(rng, db)
    const fa = codeFinal(a)
    const fb = codeFinal(b)
    const winner = fa !== fb ? (fa > fb ? 0 : 1) : codeNonOnes(a) !== codeNonOnes(b) ? (codeNonOnes(a) > codeNonOnes(b) ? 0 : 1) : -1
    if (log) say(log, at, [], `Test de Tactique / Tactical Test: side A ${fa} (${da} ${da === 1 ? 'die' : 'dice'}), side B ${fb} (${db} ${db === 1 ? 'die' : 'dice'})${winner < 0 ? ': tie, re-roll' : `: side ${winner === 0 ? 'A' : 'B'} wins and is Active Player first`}.`)
    if (winner >= 0) return winner
  }
}

function living(p: GamePlan, side: number): number {
  let c = 0
  for (let i = 0; i < p.n; i++) if (p.side[i] === side && p.woundsLeft[i] > 0) c++
  return c
}

/** The first model of the side (in list order) that still has counters, or −1. */
function nextModel(p: GamePlan, side: number): number {
  for (let i = 0; i < p.n; i++) if (p.side[i] === side && p.woundsLeft[i] > 0 && p.counters[i] > 0) return i
  return -1
}

/**
 * Se Relever / Stand Up (Simple, allowed in base contact): a Prone model spends its activation standing
 * up; still in base contact, it then fights a Melee Exchange at −1 Melee Pool. Our reading: Prone is removed
 * before that exchange (the −1 of Stand Up replaces the −1 of Prone, and it is no longer always second);
 * a Prone model always stands up first, as a player would. @see the Bushido reference card (docs/rules/bushido.md) "ACTIONS" (Se Relever, CSS: Oui),
 * "MODIFICATEURS" (a déclaré l'action Se Relever −1); docs/rules/bushido.md section 5
 */
function standUp(p: GamePlan, rng: Rng, i: number, at: number, log?: TraceEvent[]): number {
  const m = p.models[i]
  p.counters[i]--
  p.prone[i] = 0
  const foe = contactOf(p, i)
  if (log) say(log, at, [m.id], `${m.name} activates: Se Relever / Stand Up — no longer Au Sol / Prone${foe >= 0 ? `; still in base contact with ${p.models[foe].name}, so a Melee Exchange follows at −1 Melee Pool` : ''}.`, 'act')
  if (foe < 0) return 0
  fight(p, rng, i, foe, STAND_UP, true, at, log)
  return 1
}

/** How a model moves into contact: the Melee action, a Charge, or a Charge that fell back to the Melee action. */
const MELEE_ACTION = 0
const CHARGE_ACTION = 1
const CHARGE_FELL_BACK = 2

/**
 * Melee or Charge into contact with target (never called while Held: it has no moving actions). With one
 * Activation Counter left a model told to Charge makes the Melee action instead (Simple, movement
 * allowed: the card's ACTIONS table), without the Charge's +2 on the Damage Roll.
 */
function engage(p: GamePlan, rng: Rng, i: number, target: number, how: number, at: number, log?: TraceEvent[]): void {
  const m = p.models[i]
  const charge = how === CHARGE_ACTION
  const surprised = surprises(p, i, target)
  p.counters[i] -= charge ? 2 : 1
  const action = charge ? 'Charge (Complex, 2 counters)' : how === CHARGE_FELL_BACK ? 'Mêlée / Melee action, moving into contact (one Activation Counter left: a Charge takes two, so no Charge bonus)' : 'Mêlée / Melee action, moving into contact'
  if (log) say(log, at, [m.id], `${m.name} activates: ${action} against ${p.models[target].name}${surprised ? ` — unseen: ${p.models[target].name} is Surprised (Surprise) until this action is resolved` : ''}.`, 'act')
  p.engaged[i] = target
  if (p.engaged[target] < 0) p.engaged[target] = i
  fight(p, rng, i, target, (charge ? CHARGE : 0) | (surprised ? SURPRISE : 0), false, at, log)
}

/**
 * A Held model may only Disengage (or Stand Up): a Melee Exchange against the model holding it with at
 * least as many Defence as Attack dice (all of them in Defence here). If it is not hit, or the exchange
 * ends out of base contact, it is no longer Held and walks out of base contact.
 * @see the publisher's rules reference, Held and Disengage Action; docs/rules/bushido.md#5-the-game-turn-pp2223
 */
function disengage(p: GamePlan, rng: Rng, i: number, at: number, log?: TraceEvent[]): number {
  const m = p.models[i]
  const h = p.heldBy[i]
  p.counters[i]--
  if (log) say(log, at, [m.id, p.models[h].id], `${m.name} activates: Désengagement / Disengage from ${p.models[h].name}, who holds it (a Melee Exchange with every die in Defence).`, 'act')
  const hit = fight(p, rng, i, h, DISENGAGE, true, at, log)
  if (p.woundsLeft[i] <= 0 || !p.held[i]) return 1
  if (!hit || !inContact(p, i, h)) {
    release(p, i, `it Disengaged from ${p.models[h].name}`, at, log)
    separate(p, i, h)
    if (log) say(log, at, [m.id], `${m.name} walks out of base contact with ${p.models[h].name}.`)
  }
  return 1
}

/** One activation of model i: Stand Up if Prone, else its tactic decides the action; returns the Melee Exchanges fought. */
function activate(p: GamePlan, rng: Rng, i: number, at: number, log?: TraceEvent[]): number {
  const m = p.models[i]
  const t = p.tactic[i]
  if (p.prone[i]) return standUp(p, rng, i, at, log)
  releaseHeld(p, at, log)
  if (p.held[i]) return disengage(p, rng, i, at, log)
  const foe = contactOf(p, i)
  if (foe < 0 && wantsFocus(p, i)) {
    focus(p, i, at, log)
    return 0
  }
  if (foe >= 0) {
    p.counters[i]--
    if (log) say(log, at, [m.id], `${m.name} activates: Mêlée / Melee action against ${p.models[foe].name} (in base contact).`, 'act')
    fight(p, rng, i, foe, 0, true, at, log)
    return 1
  }
  const target = t && t.action !== 'wait' ? targetOf(p, i, p.targetIndex[i]) : -1
  if (target >= 0 && t && t.action === 'charge' && p.counters[i] >= 2) {
    engage(p, rng, i, target, CHARGE_ACTION, at, log)
    return 1
  }
  // one Activation Counter left: a Charge (Complex) is out, the Melee action (Simple, with movement) is not
  if (target >= 0 && t && (t.action === 'melee' || (t.action === 'charge' && t.oneCounterLeft !== 'wait'))) {
    engage(p, rng, i, target, t.action === 'charge' ? CHARGE_FELL_BACK : MELEE_ACTION, at, log)
    return 1
  }
  p.counters[i]--
  if (target >= 0 && t?.action === 'shoot' && p.reloading[i] === 0 && (m.ammo === undefined || p.ammo[i] > 0)) {
    shoot(p, rng, i, target, surprises(p, i, target), at, log)
    return 0
  }
  const reloaded = p.reloading[i] > 0
  if (reloaded) p.reloading[i]--
  if (log) say(log, at, [m.id], `${m.name} activates: Attente / Wait (${waitReason(p, i, target, reloaded)}).`, 'act')
  return 0
}

/** Why model i Waits, in a GM's words (every Wait in the trace has one); `reloaded`: it removed a Reloading marker. */
function waitReason(p: GamePlan, i: number, target: number, reloaded: boolean): string {
  const t = p.tactic[i]
  const marker = reloaded ? '; it removes a Reloading marker' : ''
  if (!t) return `it has no tactic and no enemy in base contact${marker}`
  if (t.action === 'wait') return `its tactic is to wait${marker}`
  if (target < 0) return `no enemy is left standing${marker}`
  if (t.action === 'charge') return `only one Activation Counter left: a Charge takes two, and its tactic says to wait rather than make a plain Melee action${marker}`
  const m = p.models[i]
  if (m.ammo !== undefined && p.ammo[i] <= 0) return `no Ammo left to shoot${marker}`
  return `still Reloading, so it cannot shoot${marker}`
}

/** Main Phase: alternate activations (or Pass Tokens) until neither player can activate. */
function mainPhase(p: GamePlan, rng: Rng, first: number, at: number, log?: TraceEvent[]): number {
  const pass = [0, 0]
  const la = living(p, 0)
  const lb = living(p, 1)
  if (la < lb) pass[0] = lb - la
  if (lb < la) pass[1] = la - lb
  if (log && pass[0] + pass[1] > 0) say(log, at, [], `Jetons Passe / Pass Tokens: side ${pass[0] > 0 ? 'A' : 'B'} gets ${pass[0] + pass[1]}.`)
  let active = first
  let exchanges = 0
  for (;;) {
    const mine = nextModel(p, active)
    const theirs = nextModel(p, 1 - active)
    if (mine < 0 && theirs < 0) break
    if (mine >= 0 && theirs >= 0 && pass[active] > 0 && p.game.passTokens === 'spend') {
      pass[active]--
      if (log) say(log, at, [], `Side ${active === 0 ? 'A' : 'B'} spends a Pass Token.`)
    } else if (mine >= 0) exchanges += activate(p, rng, mine, at, log)
    active = 1 - active
  }
  return exchanges
}

function reset(p: GamePlan): void {
  for (let i = 0; i < p.n; i++) {
    const m = p.models[i]
    p.woundsLeft[i] = m.wounds - m.woundsTaken
    p.engaged[i] = p.engagedStart[i]
    p.ammo[i] = m.ammo ?? 0
    p.reloading[i] = 0
    p.prone[i] = m.states.includes('prone') ? 1 : 0
    p.held[i] = m.states.includes('held') ? 1 : 0
    // a model Held when the game starts is held by the model it is in base contact with, if any
    p.heldBy[i] = p.held[i] ? p.engagedStart[i] : -1
    p.blind[i] = m.states.includes('blind') ? 1 : 0
    p.stunned[i] = m.states.includes('stunned') ? 1 : 0
    p.frightened[i] = m.states.includes('frightened') ? 1 : 0
    p.revealed[i] = 0
  }
  resetKi(p)
}

export function playGame(p: GamePlan, rng: Rng, tally: Tally | null, log?: TraceEvent[]): void {
  reset(p)
  let over = false
  let played = 0
  for (let t = 0; t < p.turns; t++) {
    const at = t + 1
    for (let i = 0; i < p.n; i++) {
      p.counters[i] = p.woundsLeft[i] > 0 ? 2 : 0
      p.shot[i] = 0
      p.woundsThisTurn[i] = 0
    }
    let exchanges = 0
    if (!over && living(p, 0) > 0 && living(p, 1) > 0) {
      if (log) say(log, at, [], `Tour ${at} / Game Turn ${at} — Phase Initiale.`)
      over = variableRoll(p, rng, at, log)
      played = at
      kiGeneration(p, at, log)
      if (log) say(log, at, [], 'Every model gains 2 Activation Counters (compteurs d\'Activation).')
      const first = tacticalTest(p, rng, at, log)
      if (t === 0 && first === 0 && tally) tally.counts[3]++
      exchanges = mainPhase(p, rng, first, at, log)
      endPhaseStates(p, at, log)
      if (log) say(log, at, [], `Phase de Fin / End Phase: ${p.models.map((m, i) => `${m.name} ${p.woundsLeft[i] > 0 ? `${p.woundsLeft[i]}/${m.wounds} wounds left` : 'removed'}`).join(', ')}.`)
    }
    if (!tally) continue
    for (let i = 0; i < p.n; i++) {
      if (p.woundsLeft[i] <= 0) tally.counts[REMOVED_AT + i * p.turns + t]++
      tally.bins[(i * p.turns + t) * p.maxBins + p.woundsThisTurn[i]]++
    }
    tally.bins[p.n * p.turns * p.maxBins + t * EXCHANGE_BINS + (exchanges < EXCHANGE_BINS ? exchanges : EXCHANGE_BINS - 1)]++
  }
  if (!tally) return
  if (p.game.variableFrom !== undefined) tally.bins[lengthAt(p) + played]++
  const k = kiAt(p)
  for (let i = 0; i < p.n; i++) {
    tally.counts[k + 4 * i] += p.kiSpent[i]
    tally.counts[k + 4 * i + 1] += p.kiSpent[i] * p.kiSpent[i]
    tally.counts[k + 4 * i + 2] += p.kiGained[i]
    tally.counts[k + 4 * i + 3] += p.kiGained[i] * p.kiGained[i]
  }
  const a = living(p, 0) === 0
  const b = living(p, 1) === 0
  tally.counts[a ? 0 : b ? 1 : 2]++
}
