import { RANGE_BANDS, type RangeBand } from './combat-check'
import type { FightPlan } from './fight-plan'
import { bandAfterStep } from './maneuvers'

/**
 * Where fighters stand: one line between the two sides, each fighter's advance in maneuver units from his
 * side's starting point (docs/rules/genesys.md section 5 movement costs).
 */

/** The range band between two opponents (tracked by `settleBands`, so a half-finished long move does not count yet). */
export function bandBetween(plan: FightPlan, a: number, b: number): RangeBand {
  return RANGE_BANDS[plan.state.band[a * plan.fighters.length + b]]
}

/** After f moved one maneuver: the band between f and each opponent, from the band they were in. */
export function settleBands(plan: FightPlan, f: number): void {
  const s = plan.state
  const n = plan.fighters.length
  const side = plan.fighters[f].side
  for (const o of plan.fighters) {
    if (o.side === side) continue
    const b = bandAfterStep(s.band[f * n + o.index], distance(plan, f, o.index))
    s.band[f * n + o.index] = b
    s.band[o.index * n + f] = b
  }
}

/** Distance in maneuver units between two opponents (0 = engaged). */
export function distance(plan: FightPlan, a: number, b: number): number {
  return Math.max(0, plan.startPair[a * plan.fighters.length + b] - plan.state.advance[a] - plan.state.advance[b])
}

export function engagedWithEnemy(plan: FightPlan, f: number): boolean {
  const side = plan.fighters[f].side
  for (const o of plan.fighters) if (o.side !== side && plan.state.down[o.index] === 0 && distance(plan, f, o.index) === 0) return true
  return false
}

/** An enemy of f other than t, standing and engaged with f, or −1: f must disengage from him before moving toward t. */
export function engagedOtherThan(plan: FightPlan, f: number, t: number): number {
  const side = plan.fighters[f].side
  for (const o of plan.fighters) if (o.side !== side && o.index !== t && plan.state.down[o.index] === 0 && distance(plan, f, o.index) === 0) return o.index
  return -1
}

/** An ally of f (not f) standing and engaged with t, or −1: shooting at t then risks hitting him. */
export function allyEngagedWith(plan: FightPlan, f: number, t: number): number {
  const side = plan.fighters[f].side
  for (const o of plan.fighters) if (o.side === side && o.index !== f && plan.state.down[o.index] === 0 && distance(plan, o.index, t) === 0) return o.index
  return -1
}

/** The first ally of f (not f) still standing, or −1; with `sameSpot`, only one at f's own advance. */
export function standingAlly(plan: FightPlan, f: number, sameSpot: boolean): number {
  const s = plan.state
  const side = plan.fighters[f].side
  for (const o of plan.fighters) {
    if (o.side === side && o.index !== f && s.down[o.index] === 0 && (!sameSpot || s.advance[o.index] === s.advance[f])) return o.index
  }
  return -1
}
