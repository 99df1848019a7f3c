import { knockOut } from './attack'
import { count, name, say } from './common'
import { C } from './layout'
import type { Plan } from './plan'
import { Pending, type FightState } from './state'
import { Endurance } from './variants'

/**
 * Recoveries: the Recovery action (taken instead of an attack he has no END for, variants.endurance), Post-Segment 12
 * Recovery, and — under variants.koRecovery "bands" — the Recoveries of a knocked-out character by how far below 0 STUN
 * he is (HERO 6E2 p.131, docs/rules/hero.md section 9): 0 to −10 every Phase and Post-12; −11 to −20 Post-12 only; −21 to −30 once a
 * minute; worse, not within a fight ("a long time", at the GM's discretion).
 * @see docs/rules/hero.md sections 1, 6, 7 and 9 (variants.koRecovery, variants.bleeding, variants.endurance)
 */

/** One minute is five 12-second Turns (docs/rules/hero.md section 1). */
const MINUTE = 60

/** REC to STUN and END, up to their maxima (docs/rules/hero.md section 1); a knocked-out character whose STUN comes above 0 wakes. */
export function recover(p: Plan, st: FightState, i: number): void {
  st.stun[i] = Math.min(p.stunMax[i], st.stun[i] + p.rec[i])
  st.end[i] = Math.min(p.endMax[i], st.end[i] + p.rec[i])
  if (st.ko[i] && st.stun[i] > 0) {
    st.ko[i] = 0
    st.wakes[i]++
    count(p, st, i, C.wokeUp)
    if (st.log) say(p, st, 'status', [i], `${name(p, i)} comes to (STUN ${st.stun[i]}) and rejoins the fight.`)
  }
}

function status(p: Plan, st: FightState, i: number): string {
  const end = p.rules.endurance === Endurance.Off ? '' : `, ${st.end[i]}/${p.endMax[i]} END`
  return `${st.stun[i]}/${p.stunMax[i]} STUN${end}`
}

/**
 * End of the Segment: Recovery actions taken this Segment resolve; under variants.koRecovery "bands" a knocked-out
 * character at 0 to −10 STUN whose Phase came up this Segment (and was not used before the knockout) recovers.
 */
export function segmentRecoveries(p: Plan, st: FightState, mask: number): void {
  for (let i = 0; i < p.n; i++) {
    if (st.recoverAbs[i] === st.abs) {
      st.recoverAbs[i] = 0
      if (st.ko[i] | st.dead[i]) continue
      recover(p, st, i)
      if (st.log) say(p, st, 'recovery', [i], `${name(p, i)}'s Recovery: ${status(p, st, i)}.`)
    } else if (p.rules.koWakes && st.ko[i] && !st.dead[i] && (mask & (1 << i)) !== 0 && st.phaseDoneAbs[i] !== st.abs && st.stun[i] >= -10) {
      if (st.log) say(p, st, 'recovery', [i], `${name(p, i)} is Knocked Out at STUN ${st.stun[i]} (0 to −10): he takes a Recovery in his Phase.`)
      recover(p, st, i)
    }
  }
}

/** Under variants.koRecovery "bands": may a knocked-out character take the Post-Segment 12 Recovery now? */
function koRecoversPost12(p: Plan, st: FightState, i: number): boolean {
  if (!p.rules.koWakes) return false
  if (st.stun[i] >= -20) return true
  if (st.stun[i] < -30 || st.abs - st.koMinuteAbs[i] < MINUTE) return false
  st.koMinuteAbs[i] = st.abs
  return true
}

/**
 * Post-Segment 12 Recovery: everyone conscious (Stunned included) regains REC STUN and END; knocked-out
 * characters only by the variants.koRecovery bands; characters at BODY ≤ 0 bleed 1 BODY (variants.bleeding default "post-12").
 */
export function postSegment12(p: Plan, st: FightState): void {
  for (let i = 0; i < p.n; i++) {
    if (st.dead[i]) continue
    if (!st.ko[i] || koRecoversPost12(p, st, i)) recover(p, st, i)
    if (st.body[i] <= 0 && !p.rules.bleedAtFirstPhase) bleed(p, st, i)
    if (p.rules.cancelAtTurnEnd && st.pending[i] !== Pending.None) expire(p, st, i, 'at the end of the Turn')
  }
  if (st.log) say(p, st, 'recovery', [], `Post-Segment 12 Recovery: ${p.combatants.map((c, i) => `${c.name} ${st.dead[i] ? 'dead' : st.ko[i] ? `out (STUN ${st.stun[i]})` : status(p, st, i)}`).join(', ')}.`)
}

/** Dying (BODY ≤ 0): loses 1 BODY, and is dead at −(full BODY) (docs/rules/hero.md section 6). Returns true if this killed him. */
function bleed(p: Plan, st: FightState, i: number): boolean {
  st.body[i]--
  if (st.body[i] > -p.bodyMax[i]) return false
  st.dead[i] = 1
  st.falls++
  count(p, st, i, C.dead)
  if (!st.ko[i]) knockOut(p, st, i)
  return true
}

/**
 * variants.bleeding "first-phase": a dying character (BODY ≤ 0) bleeds 1 BODY when his first Phase of the Turn comes
 * up, instead of at Post-Segment 12; a knocked-out one at the start of that Segment. Returns true if he
 * bled to death, so he does not act in that Phase. Our reading: "At his first Phase" read as the moment his DEX
 * comes up in the first Segment of the Turn in which he has a Phase.
 */
export function bleedAtPhase(p: Plan, st: FightState, i: number, seg: number): boolean {
  if (!p.rules.bleedAtFirstPhase || seg !== p.firstPhaseSeg[i] || st.body[i] > 0 || st.dead[i]) return false
  const died = bleed(p, st, i)
  if (st.log) say(p, st, 'status', [i], `${name(p, i)} bleeds at his first Phase of the Turn: BODY ${st.body[i]}${died ? ', and dies' : ''}.`)
  return died
}

/** An unused held or delayed action is lost. */
export function expire(p: Plan, st: FightState, i: number, why: string): void {
  const what = st.pending[i] === Pending.Delay ? 'delayed' : 'held'
  st.pending[i] = Pending.None
  st.lostPhases[i]++
  st.lostToHold[i]++
  count(p, st, i, C.holdsExpired)
  if (st.log) say(p, st, 'lose', [i], `${name(p, i)}'s ${what} action is lost ${why}.`)
}
