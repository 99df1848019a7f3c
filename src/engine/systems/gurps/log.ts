import { THREE_D6_TOTAL_OF_INDEX } from '../../dice/three-d6'
import type { Plan } from './plan'
import type { FightState } from './state'

/**
 * How the code reads a 3d6 roll, told to the stream before the draw so an exact solve can follow one
 * branch per class of totals that the code treats alike (gurps/exact-fight.ts); the sampler ignores it.
 * Every total on its own unless a call site says otherwise.
 */
export const enum RollUse {
  /** The total itself (margins, contests). */
  Total = 0,
  /** Only success or failure against the target. */
  Success = 1,
  /** Success, critical success (critical failures count as misses). */
  ToHit = 2,
  /** Major-wound HT roll: success, failure, failure by 5+ or critical failure. */
  Knockdown = 3,
  /** Death check: success, failure by at most 2 (which matters under the "mortal-wound" variant), worse. */
  DeathCheck = 4,
  /** Critical-hit table entry. */
  CriticalTable = 5,
}

/** One 3d6 roll from the fight's stream; `use` and `target` say how the caller reads it (see RollUse). */
export function roll3(st: FightState, use: RollUse = RollUse.Total, target = 0): number {
  st.rollUse = use
  st.rollTarget = target
  const r = THREE_D6_TOTAL_OF_INDEX[st.rng.below(216)]
  st.rollUse = RollUse.Total
  return r
}

/** Appends one combat-log line; callers check `st.log` first so simulate never builds strings. */
export function say(st: FightState, kind: string, who: number[], plan: Plan, text: string): void {
  st.log?.push({ at: st.round, kind, who: who.map((i) => plan.fighters[i].id), text })
}

export function nameOf(plan: Plan, i: number): string {
  return plan.fighters[i].name
}

export function signed(x: number): string {
  return x >= 0 ? `+${x}` : `${x}`
}

/** "rolls 9 vs 12: succeeds by 3" */
export function rollText(roll: number, target: number, ok: boolean): string {
  return `rolls ${roll} vs ${target}: ${ok ? `succeeds by ${target - roll}` : `fails by ${roll - target}`}`
}

/** "Aldo" for a side of one, named after its only fighter; "Side red (Aldo, Bruno)" otherwise. */
export function sideLabel(plan: Plan, s: number): string {
  const names = plan.fighters.filter((f) => f.side === s).map((f) => f.name)
  return names.length === 1 && plan.fighters.some((f) => f.side === s && f.id === plan.sides[s]) ? names[0] : `Side ${plan.sides[s]} (${names.join(', ')})`
}
