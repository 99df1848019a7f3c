import { compileFighters, sideIds, type FighterStats, type WeaponStats } from './fighter'
import { layoutOf, type Layout } from './layout'
import type { GurpsScenario } from './schema'
import { FightState } from './state'

/** The rule variants as booleans the hot loop can test cheaply. */
export interface Rules {
  yardWholeDistance: boolean
  forbidBelowThree: boolean
  retreat: boolean
  /** Retreat "not-while-acting": no retreat while his own maneuver is under way or his cascade slot is still to come. */
  retreatBusyBan: boolean
  /** Retreat "not-against-stop-thrust": none against a thrusting Wait attack after moving more than a step toward its maker. */
  retreatStopThrust: boolean
  criticalTable: boolean
  minimumInjuryOne: boolean
  standThenReady: boolean
  mortalWound: boolean
  shockOnDefense: boolean
  /** "moment-of-injury": shock is in force as soon as he is hurt, not only from his next turn. */
  shockAtInjury: boolean
  capMostHealth: boolean
  rangePenalties: boolean
  /** Unbalanced weapons: a parry also bars attacking with it until his next turn. */
  unbalancedBothWays: boolean
  /** variants.multipleBlocks "martial-arts": more than one Block a turn, each further one at a cumulative −5. */
  multipleBlocks: boolean
  /** variants.painThresholdRolls "basic-set": High Pain Threshold +3 and Low Pain Threshold −4 on the major-wound HT roll (GURPS Basic Set p.B59, p.B142). */
  painThresholdRolls: boolean
}

export interface Plan {
  scenario: GurpsScenario
  fighters: FighterStats[]
  sides: string[]
  rules: Rules
  cap: number
  signalTurn: number
  layout: Layout
  /** Starting yards between each pair (n×n). */
  dist0: Int32Array
  /** Turn order before the once-per-fight roll: ETS first, then Basic Speed, then DX. */
  baseOrder: Int32Array
  /** Runs of fighters tied on all three, as [start, length] pairs into `baseOrder`; the fight's roll orders each run. */
  ties: Int32Array
  state: FightState
}

function rulesOf(r: Record<string, string>): Rules {
  return {
    yardWholeDistance: r.yardPenalty !== 'beyond-step',
    forbidBelowThree: r.belowThree === 'forbid',
    retreat: r.retreat !== 'never',
    retreatBusyBan: r.retreat === 'not-while-acting',
    retreatStopThrust: r.retreat === 'not-against-stop-thrust',
    criticalTable: r.criticalHits !== 'no-defense-only',
    minimumInjuryOne: r.minimumInjury !== 'none',
    standThenReady: r.knockdown !== 'ignore-posture',
    mortalWound: r.failedDeathCheck === 'mortal-wound',
    shockOnDefense: r.shockOnDefense === 'yes',
    shockAtInjury: r.shockFrom !== 'next-turn',
    capMostHealth: r.onCap === 'most-health',
    rangePenalties: r.rangePenalties !== 'none',
    unbalancedBothWays: r.unbalancedWeapon === 'both-ways',
    multipleBlocks: r.multipleBlocks === 'martial-arts',
    painThresholdRolls: r.painThresholdRolls !== 'shock-only',
  }
}

/**
 * Turn sequence: Enhanced Time Sense first, then descending Basic Speed (fractions kept), then DX; what
 * is still tied is settled by one roll at the start of the fight.
 * @see docs/rules/gurps.md section 3 (Turn order)
 */
export function sequenceKey(f: FighterStats): number {
  return (f.ets ? 1e6 : 0) + f.basicSpeed * 1000 + f.dx
}

function orderOf(fighters: FighterStats[]): { baseOrder: Int32Array; ties: Int32Array } {
  const sorted = fighters.map((f) => f.index).sort((a, b) => sequenceKey(fighters[b]) - sequenceKey(fighters[a]) || a - b)
  const ties: number[] = []
  for (let i = 0; i < sorted.length; ) {
    let j = i + 1
    while (j < sorted.length && sequenceKey(fighters[sorted[j]]) === sequenceKey(fighters[sorted[i]])) j++
    if (j - i > 1) ties.push(i, j - i)
    i = j
  }
  return { baseOrder: Int32Array.from(sorted), ties: Int32Array.from(ties) }
}

/** The attack `f` holds now. */
export function armOf(plan: Plan, st: FightState, f: number): WeaponStats {
  return plan.fighters[f].arms[st.arm[f]]
}

export function compile(s: GurpsScenario): Plan {
  const fighters = compileFighters(s)
  const sides = sideIds(s)
  const n = fighters.length
  const dist0 = new Int32Array(n * n)
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      if (i !== j) dist0[i * n + j] = Math.max(s.combatants[i].distance ?? s.distance, s.combatants[j].distance ?? s.distance)
    }
  }
  return {
    scenario: s,
    fighters,
    sides,
    rules: rulesOf(s.rules),
    cap: s.turnCap,
    signalTurn: s.signalTurn ?? 0,
    layout: layoutOf(fighters, sides.length, s.turnCap),
    dist0,
    ...orderOf(fighters),
    state: new FightState(n),
  }
}
