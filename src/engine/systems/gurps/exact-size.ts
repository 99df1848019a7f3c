import { drAgainstArm } from './damage'
import { injuryDistribution } from './exact'
import type { Plan } from './plan'
import { Maneuver } from './codes'
import { canonicalScope, phasedTurns } from './canonical'

/**
 * How big an exact duel is, worked out before anything is replayed (exact-fight.ts): the HP values each
 * fighter can still fight on at, times the other's, times the few conditions that go with them (shock,
 * stun, posture, readiness), is about how many situations one turn of the fight can be in. A fight far
 * past what the solver follows is refused at once from this estimate, in a GM's words, instead of after
 * a second or more of replays.
 */

/** Conditions that go with a pair of HP values (shock carried, stunned, down, weapon dropped…), as the shipped duels show them. */
export const GURPS_SITUATIONS_PER_HP_PAIR = 8

export interface GurpsExactSize {
  /** For each fighter, how many HP values he can be at and still fight (above −5×HP), within the cap's turns. */
  liveHp: number[]
  /** Estimated situations one turn of the fight can be in. */
  perTurn: number
}

/**
 * Injuries (above 0) one ordinary blow of any of `a`'s attacks can do to `d`, from the damage dice and
 * DR (criticals aside: the estimate needs the spread, not the extremes).
 */
export function blowInjuries(plan: Plan, a: number, d: number): number[] {
  const seen = new Set<number>()
  for (const w of plan.fighters[a].arms) {
    const p = injuryDistribution(w.dice, w.add, w.minDamage, drAgainstArm(plan, w, d), w.halves, plan.rules.minimumInjuryOne)
    p.forEach((x, inj) => {
      if (x > 0 && inj > 0) seen.add(inj)
    })
  }
  return [...seen].sort((x, y) => x - y)
}

/**
 * HP values fighter `v` can be at, alive and above −5×HP, after at most `blows` blows that land with
 * the injuries in `injuries`: from full HP, each blow takes one of them away.
 */
export function reachableHp(hpMax: number, injuries: readonly number[], blows: number): number {
  const floor = -5 * hpMax
  const span = hpMax - floor
  const at = new Uint8Array(span + 1)
  let frontier = [hpMax]
  at[span] = 1
  let count = 1
  for (let k = 0; k < blows && frontier.length > 0; k++) {
    const next: number[] = []
    for (const h of frontier) {
      for (const x of injuries) {
        const g = h - x
        if (g <= floor) break
        if (at[g - floor]) continue
        at[g - floor] = 1
        count++
        next.push(g)
      }
    }
    frontier = next
  }
  return count
}

/** The estimate for a duel (two fighters; each one's foe is the other). */
export function gurpsExactSize(plan: Plan): GurpsExactSize {
  const n = plan.fighters.length
  // a turn holds one blow in a duel whose turns split at the injury (canonical.ts phasedTurns); allow
  // two a turn otherwise (a Wait's blow, All-Out Attack (Double))
  const blows = (phasedTurns(plan, canonicalScope(plan)) ? 1 : 2) * plan.cap
  const liveHp = plan.fighters.map((f, v) => reachableHp(f.hpMax, blowInjuries(plan, n - 1 - v, v), blows))
  return { liveHp, perTurn: liveHp.reduce((a, b) => a * b, 1) * GURPS_SITUATIONS_PER_HP_PAIR }
}

/**
 * How many times more situations a fighter's weapons make (the weapon held, those drawn, shots left and
 * Ready turns still to go are part of a situation, exact-fight.ts): 1 with one weapon without Shots; with
 * several, one way for each weapon he can hold, times each one's shots (a rough count, low rather than high).
 */
export function armsFactor(plan: Plan): number {
  let out = 1
  for (const f of plan.fighters) {
    if (f.arms.length > 1) out *= f.arms.length
    for (const w of f.arms) if (w.shots > 0) out *= w.shots + 1
  }
  return out
}

/** The first fighter whose plan ends with a Wait (the last entry repeats: he waits all fight long), or −1. */
export function waitsForever(plan: Plan): number {
  return plan.fighters.findIndex((f) => f.steps[f.steps.length - 1].maneuver === Maneuver.Wait)
}

/** The fighters whose plans hold a Wait. */
export function waiters(plan: Plan): number[] {
  return plan.fighters.filter((f) => f.steps.some((s) => s.maneuver === Maneuver.Wait)).map((f) => f.index)
}
