import type { TraceEvent } from '../../core/trace'
import type { ExchangeResult, Fighter } from './exchange'
import type { GamePlan } from './game-plan'
import { SPECIALS, type SpecialEffect } from './specials'

/**
 * States that last beyond one Melee Exchange in a game: Au Sol / Prone and Paralysée / Held left by a
 * Special Attack or Defence, and the loss of base contact after a push, throw or sidestep; and when an
 * activation Surprises its target. @see the Bushido reference card (docs/rules/bushido.md) "MODIFICATEURS DE LA STATISTIQUE MÊLÉE", "SURPRISE",
 * "ACTIONS" (Se Relever); docs/rules/bushido.md section 5 (Stand Up), section 2 (Initiative, modifiers, Surprise)
 */

function say(log: TraceEvent[] | undefined, at: number, who: string[], text: string): void {
  if (log) log.push({ at, kind: 'note', who, text })
}

/** Are i and k in base contact (either engaged the other)? */
export function inContact(p: GamePlan, i: number, k: number): boolean {
  return p.engaged[i] === k || p.engaged[k] === i
}

/**
 * Some living enemy in base contact with i (the one it engaged first), or −1. A removed model is in
 * contact with nobody: it is taken off the table (the card's Passe d'armes needs both "en CSS").
 */
export function contactOf(p: GamePlan, i: number): number {
  const e = p.engaged[i]
  if (e >= 0 && p.woundsLeft[e] > 0) return e
  for (let k = 0; k < p.n; k++) if (p.engaged[k] === i && p.woundsLeft[k] > 0 && p.side[k] !== p.side[i]) return k
  return -1
}

/** Break base contact between i and k (and re-point i, k at any other enemy still in contact with them). */
export function separate(p: GamePlan, i: number, k: number): void {
  if (p.engaged[i] === k) p.engaged[i] = -1
  if (p.engaged[k] === i) p.engaged[k] = -1
}

/**
 * Does model a's action against b Surprise b? Only from outside base contact (the reference card: "Elle commence son
 * Activation sans être au CSS de la Cible"), and for a "first" tactic only until it has been seen once.
 */
export function surprises(p: GamePlan, a: number, b: number): boolean {
  const t = p.tactic[a]
  if (!t || t.surprise === 'never' || inContact(p, a, b)) return false
  if (t.surprise === 'first' && p.revealed[a]) return false
  p.revealed[a] = 1
  return true
}

function declared(x: Fighter, o: number): SpecialEffect | null {
  const k = x.options.special[o]
  return k < 0 ? null : SPECIALS[x.options.specials[k].ability]
}

function applyOne(p: GamePlan, user: number, other: number, sp: SpecialEffect | null, at: number, log?: TraceEvent[]): void {
  if (!sp || p.woundsLeft[other] <= 0) return
  if (sp.state === 'prone' && !p.prone[other]) {
    p.prone[other] = 1
    say(log, at, [p.models[other].id], `${p.models[other].name} is Au Sol / Prone: −1 Melee Pool and always the second Attacker until it Stands Up (Se Relever).`)
  }
  if (sp.state === 'held' && !p.held[other]) {
    p.held[other] = 1
    p.heldBy[other] = user
    say(log, at, [p.models[other].id], `${p.models[other].name} is Paralysée / Held by ${p.models[user].name}: −1 Melee Pool, it cannot move, and its only action is to Disengage (or Stand Up), until ${p.models[user].name} leaves base contact or fights another model.`)
  }
  if (sp.separates && inContact(p, user, other)) {
    separate(p, user, other)
    say(log, at, [p.models[user].id, p.models[other].id], `${p.models[user].name} and ${p.models[other].name} are no longer in base contact (CSS).`)
  }
}

/** After an exchange where model x had the Initiative (`setup.first`) against y: the specials that triggered leave their states. */
export function applySpecials(p: GamePlan, x: number, y: number, r: ExchangeResult, at: number, log?: TraceEvent[]): void {
  if (r.specialFirst) applyOne(p, x, y, declared(p.setup.first, r.optionFirst), at, log)
  if (r.specialSecond) applyOne(p, y, x, declared(p.setup.second, r.optionSecond), at, log)
}

/** Ends model i's Held state, with the reason in the log. */
export function release(p: GamePlan, i: number, why: string, at: number, log?: TraceEvent[]): void {
  p.held[i] = 0
  p.heldBy[i] = -1
  say(log, at, [p.models[i].id], `${p.models[i].name} is no longer Paralysée / Held: ${why}.`)
}

/**
 * Held ends when the holding model is no longer in base contact with it (moved, pushed, removed) — the
 * publisher's rules reference, Held. Checked before every activation and exchange.
 * @see docs/rules/bushido.md#5-the-game-turn-pp2223
 */
export function releaseHeld(p: GamePlan, at: number, log?: TraceEvent[]): void {
  for (let i = 0; i < p.n; i++) {
    if (!p.held[i] || p.woundsLeft[i] <= 0) continue
    const h = p.heldBy[i]
    if (h < 0 || p.woundsLeft[h] <= 0 || !inContact(p, i, h)) release(p, i, h < 0 ? 'nobody holds it' : `${p.models[h].name} is no longer in base contact`, at, log)
  }
}

/** After holder x fought an exchange with y: "the Holding model participates in a Melee Exchange with another model" frees what x held. */
export function releaseByExchange(p: GamePlan, x: number, y: number, at: number, log?: TraceEvent[]): void {
  for (let i = 0; i < p.n; i++) if (p.held[i] && p.heldBy[i] === x && i !== y) release(p, i, `${p.models[x].name} fought another model`, at, log)
}

/**
 * End Phase (the publisher's rules reference, states): Blind ends; one Stunned marker is removed (a model
 * here carries one, so Stunned ends); Frightened ends when no Fear test was failed (none is made here).
 * Held does not end with the Turn. Ran and Stand Up from the card only counted in the first Turn.
 */
export function endPhaseStates(p: GamePlan, at: number, log?: TraceEvent[]): void {
  for (let i = 0; i < p.n; i++) {
    if (p.woundsLeft[i] <= 0) continue
    const ends = [p.blind[i] ? 'Aveuglée / Blind' : '', p.stunned[i] ? 'Étourdie / Stunned' : '', p.frightened[i] ? 'Apeurée / Frightened' : ''].filter((x) => x)
    if (ends.length) say(log, at, [p.models[i].id], `Phase de Fin / End Phase: ${p.models[i].name} is no longer ${ends.join(', ')}.`)
  }
  p.blind.fill(0)
  p.stunned.fill(0)
  p.frightened.fill(0)
}
