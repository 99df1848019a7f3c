import type { TraceEvent } from '../../core/trace'
import { distance, engagedOtherThan, settleBands, standingAlly } from './fight-geometry'
import { ammoAt, DROPPED, EMPTY, type FightPlan } from './fight-plan'
import { MAX_MANEUVERS, type Maneuver } from './maneuvers'

/**
 * One maneuver's effect in a fight. Anything but Aim spends the aim already taken (docs/rules/genesys.md section 5,
 * EotE p.210); moving leaves cover; Manage Gear reloads a weapon emptied by a Despair; Interact picks up a
 * weapon dropped after a Sudden Jolt (the Star Wars turn rules (docs/rules/genesys.md section 5): "grabbing a stray blaster off the ground").
 * @see the Star Wars turn rules (docs/rules/genesys.md section 5) "Types of maneuvers"
 */
export function maneuver(plan: FightPlan, f: number, t: number, m: Maneuver, at: number, log?: TraceEvent[]): void {
  const s = plan.state
  const ammo = ammoAt(f, s.weapon[f])
  const pickUp = m === 'interact' && (s.noAmmo[ammo] & DROPPED) !== 0
  // an engaged character disengages (one Move) before he moves toward anyone else
  const disengage = m === 'move' && t >= 0 && s.disengaged[f] === 0 && distance(plan, f, t) > 0 ? engagedOtherThan(plan, f, t) : -1
  const reload = m === 'manage-gear' && s.noAmmo[ammo] === EMPTY && (plan.endlessReloads || s.reloads[f] > 0)
  s.turnManeuvers[f]++
  if (m === 'aim') s.aims[f] = Math.min(2, s.aims[f] + 1)
  else s.aims[f] = 0
  if (m === 'guarded-stance') s.guarded[f] = 2
  else if (m === 'take-cover') s.cover[f] = 1
  else if (m === 'drop-prone') s.prone[f] = 1
  else if (m === 'stand') s.prone[f] = 0
  // a dropped weapon is picked up first; picking it up does not reload it; a reload is used up
  else if (m === 'manage-gear' && reload) {
    s.noAmmo[ammo] = 0
    if (!plan.endlessReloads) s.reloads[f]--
  } else if (pickUp) s.noAmmo[ammo] &= EMPTY
  else if (m === 'move' && disengage >= 0) s.disengaged[f] = 1
  else if ((m === 'move' && t >= 0 && distance(plan, f, t) > 0) || m === 'retreat') {
    s.advance[f] += m === 'move' ? 1 : -1
    s.cover[f] = 0
    settleBands(plan, f)
  } else if (m === 'assist') {
    // one Boost die per assisting character: a second Assist by the same character adds nothing
    const ally = standingAlly(plan, f, true)
    if (ally >= 0) s.assisted[ally] |= 1 << f
  }
  if (log) log.push({ at, kind: 'maneuver', who: [plan.fighters[f].c.id], text: `${plan.fighters[f].c.name}: ${disengage >= 0 ? `move (disengages from ${plan.fighters[disengage].c.name})` : pickUp ? 'interact (picks up his weapon)' : reload ? `manage gear (reloads${plan.endlessReloads ? '' : `, ${s.reloads[f]} reload${s.reloads[f] === 1 ? '' : 's'} left`})` : maneuverText(plan, f, t, m)}.` })
}

function maneuverText(plan: FightPlan, f: number, t: number, m: Maneuver): string {
  const s = plan.state
  if (m === 'aim') return `aim (${s.aims[f]} Boost)`
  if (m === 'assist') {
    const ally = standingAlly(plan, f, true)
    return ally >= 0 ? `assist (a Boost die to ${plan.fighters[ally].c.name}'s next check)` : 'assist'
  }
  if (m === 'move' && t >= 0) return distance(plan, f, t) === 0 ? `move (engages ${plan.fighters[t].c.name})` : `move (closes on ${plan.fighters[t].c.name})`
  return m
}

/**
 * A planned maneuver that would change nothing is not spent at all: a Move with no target or toward a
 * target he is already engaged with, an Assist with no standing ally beside him.
 */
export function pointlessManeuver(plan: FightPlan, f: number, t: number, m: Maneuver): boolean {
  if (m === 'move') return t < 0 || distance(plan, f, t) === 0
  if (m === 'assist') return standingAlly(plan, f, true) < 0
  return false
}

/** The most maneuvers f may perform this turn: two, or one when Temporarily Lame (crit-effects.ts). */
export function maneuverCap(plan: FightPlan, f: number): number {
  return plan.state.lame[f] === 1 ? 1 : MAX_MANEUVERS
}
