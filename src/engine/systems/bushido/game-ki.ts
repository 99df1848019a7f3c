import type { TraceEvent } from '../../core/trace'
import type { GamePlan } from './game-plan'
import { boostRoom, boostsFor, gainKi } from './ki'

/**
 * Ki during a game: Ki Generation in each Starting Phase, the Focus action, and the Ki Boosts each
 * model's plan declares in its Melee Exchanges, paid from the Ki it holds. The per-trial Ki lives in
 * `p.kiHeld`; `p.kiSpent` and `p.kiGained` add up the game for the metrics.
 * @see the Bushido reference card (docs/rules/bushido.md) "TOUR DE JEU" (Génération de Ki), "ACTIONS" (Concentration), "SURPRISE"; docs/rules/bushido.md sections 2 and 5
 */

/** Ki Generation (Génération de Ki): every living model gains X of its Ki X/Y, never holding more than Y. */
export function kiGeneration(p: GamePlan, at: number, log?: TraceEvent[]): void {
  let text = ''
  for (let i = 0; i < p.n; i++) {
    const m = p.models[i]
    if (p.woundsLeft[i] <= 0 || m.ki === 0) continue
    const before = p.kiHeld[i]
    p.kiHeld[i] = gainKi(before, m.ki, m.kiMax)
    p.kiGained[i] += p.kiHeld[i] - before
    if (log) text += `${text ? ', ' : ''}${m.name} +${p.kiHeld[i] - before} (Ki ${p.kiHeld[i]}/${m.kiMax})`
  }
  if (log && text) log.push({ at, kind: 'note', who: [], text: `Génération de Ki / Ki Generation: ${text}.` })
}

/** Should model i Focus now? Its tactic asks for more Ki, it has both counters and is out of base contact. */
export function wantsFocus(p: GamePlan, i: number): boolean {
  const t = p.tactic[i]
  return t !== null && p.models[i].ki > 0 && p.kiHeld[i] < t.focusBelow && p.counters[i] >= 2
}

/** Concentration / Focus (Complex, 2 counters): gains the Ki statistic's X, never above Y. */
export function focus(p: GamePlan, i: number, at: number, log?: TraceEvent[]): void {
  const m = p.models[i]
  p.counters[i] -= 2
  const before = p.kiHeld[i]
  p.kiHeld[i] = gainKi(before, m.ki, m.kiMax)
  p.kiGained[i] += p.kiHeld[i] - before
  if (log) log.push({ at, kind: 'act', who: [m.id], text: `${m.name} activates: Concentration / Focus (Complex, 2 counters) — +${p.kiHeld[i] - before} Ki (Ki ${p.kiHeld[i]}/${m.kiMax}).` })
}

/**
 * Ki Boosts model i declares on a Melee Pool of `pool` (before the opposed-pool fix): its plan's wish,
 * as far as its Ki pays and double its Melee statistic allows; none while Surprised. The Ki is spent
 * at once; returns the dice added.
 */
export function spendBoosts(p: GamePlan, i: number, pool: number, surprised: boolean): number {
  const m = p.models[i]
  const b = boostsFor(p.kiWish[i], p.kiHeld[i], m.kiBoostCost, boostRoom(m.melee, pool), surprised)
  if (b > 0) {
    p.kiHeld[i] -= b * m.kiBoostCost
    p.kiSpent[i] += b * m.kiBoostCost
  }
  return b
}

/** Resets each model's Ki for a new trial. */
export function resetKi(p: GamePlan): void {
  for (let i = 0; i < p.n; i++) {
    p.kiHeld[i] = p.models[i].kiTokens
    p.kiSpent[i] = 0
    p.kiGained[i] = 0
  }
}
