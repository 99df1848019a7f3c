import { THREE_D6_TOTAL_OF_INDEX } from '../../dice/three-d6'
import type { Plan } from './plan'
import type { FightState } from './state'

/** One 3d6 roll from the fight's stream. */
export function roll3(st: FightState): number {
  return THREE_D6_TOTAL_OF_INDEX[st.rng.below(216)]
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
