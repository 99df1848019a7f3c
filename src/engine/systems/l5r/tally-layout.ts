import type { TallyShape } from '../../core/tally'
import { VOID_USE_CODES, type Plan } from './plan'

/**
 * Where each count lives in the tally. Counters: per combatant a block of COUNTER_STRIDE, then the
 * scenario's wins and draws. Bins: per combatant the Initiative histogram, wounds per attack, wounds
 * dealt per fight and the Round he was defeated in; then the fight length in Rounds.
 */
export const COUNTER = {
  attacks: 0,
  hits: 1,
  delays: 2,
  payoff: 3,
  defeated: 4,
  initiativeFirst: 5,
  delayedTrials: 6,
  turns: 7,
  voidAttacks: 8,
  voidAttackHits: 9,
  voidArmorFaced: 10,
  voidArmorSaves: 11,
  woundsPrevented: 12,
  woundsPreventedSq: 13,
  firstBlood: 14,
  dead: 15,
} as const
/** Void Points spent per use: use code u (plan.ts VOID_*) at VOID_USE_COUNTERS + 2u (sum) and + 2u + 1 (sum of squares). */
export const VOID_USE_COUNTERS = 16
export const COUNTER_STRIDE = VOID_USE_COUNTERS + 2 * VOID_USE_CODES

export const INIT_BINS = 256
export const ATTACK_BINS = 128
export const FIGHT_BINS = 256
/** Void Points spent per skirmish: 0..10. */
export const VOID_BINS = 11

export function counterIndex(i: number, which: number): number {
  return i * COUNTER_STRIDE + which
}

/** Counter index of the scenario outcome: wins of side A, side B, draws. */
export function outcomeCounter(plan: Plan, outcome: number): number {
  return plan.n * COUNTER_STRIDE + outcome
}

/** Offsets inside a combatant's bin block. */
export const INIT_OFFSET = 0
export const PER_ATTACK_OFFSET = INIT_BINS
export const PER_FIGHT_OFFSET = INIT_BINS + ATTACK_BINS
export const DEFEAT_ROUND_OFFSET = INIT_BINS + ATTACK_BINS + FIGHT_BINS

/** Void-spent bins follow the Round-of-defeat bins. */
export function voidOffset(plan: Plan): number {
  return DEFEAT_ROUND_OFFSET + plan.cap
}

function blockSize(plan: Plan): number {
  return DEFEAT_ROUND_OFFSET + plan.cap + VOID_BINS
}

/** First bin of combatant i's block. */
export function binBase(plan: Plan, i: number): number {
  return i * blockSize(plan)
}

/** First bin of the fight-length histogram (bin r − 1 = the fight ended in Round r). */
export function lengthBins(plan: Plan): number {
  return plan.n * blockSize(plan)
}

export function shapeOf(plan: Plan): TallyShape {
  return { counters: plan.n * COUNTER_STRIDE + 3, bins: lengthBins(plan) + plan.cap }
}
