import type { Rng } from '../../core/rng'
import { knockOut } from './attack'
import { count, name, say, spendAction } from './common'
import { C } from './layout'
import type { Plan } from './plan'
import type { FightState } from './state'
import { Endurance } from './variants'

/**
 * END for attacks (docs/rules/hero.md sections 6 and 7): 1 END per 10 Active
 * Points, rounded in the player's favour, minimum 1. Short of END, he takes a Recovery instead (variants.endurance
 * default) or pays the missing END with STUN, 1d6 per 2 END rounded up.
 */

/** He cannot pay for his attack and the rules say to take a Recovery instead (variants.endurance default). */
export function mustRecoverInstead(p: Plan, st: FightState, i: number): boolean {
  return p.rules.endurance === Endurance.Recover && st.end[i] < p.endCost[st.weapon[i]]
}

/**
 * He spends this action on a Recovery (variants.endurance): it resolves at the end of the Segment (a Full-Phase
 * action that excludes everything else).
 */
export function recoverInstead(p: Plan, st: FightState, i: number, origin: number): void {
  spendAction(p, st, i, origin)
  st.recoverAbs[i] = st.abs
  count(p, st, i, C.endRecoveries)
  if (st.log) say(p, st, 'act', [i], `${name(p, i)} has ${st.end[i]} END, short of the ${p.endCost[st.weapon[i]]} his ${p.attacks[st.weapon[i]].name} costs: he takes a Recovery instead.`)
}

/**
 * Pays the attack's END. Under "stun-for-end" the END he lacks costs 1d6 STUN per 2 END (rounded up);
 * if that knocks him out the attack does not happen (returns false).
 */
export function payEnd(p: Plan, st: FightState, rng: Rng, i: number): boolean {
  if (p.rules.endurance === Endurance.Off) return true
  const cost = p.endCost[st.weapon[i]]
  st.endUsed[i] += cost
  if (st.end[i] >= cost) {
    st.end[i] -= cost
    return true
  }
  const short = cost - st.end[i]
  st.end[i] = 0
  let stun = 0
  for (let k = (short + 1) >> 1; k > 0; k--) stun += rng.below(6) + 1
  st.stun[i] -= stun
  count(p, st, i, C.stunForEnd, stun)
  st.stunPaid[i] += stun
  if (st.log) say(p, st, 'note', [i], `${name(p, i)} is ${short} END short and pays ${stun} STUN for it (${(short + 1) >> 1}d6).`)
  if (st.stun[i] > 0) return true
  knockOut(p, st, i)
  return false
}
