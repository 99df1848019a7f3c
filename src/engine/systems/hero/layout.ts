/**
 * Where each count lives in the tally: scalar counters first, then histograms laid end to end.
 * Per-combatant blocks repeat with a fixed stride.
 */

/** Per-combatant counters, in order. */
export const C = {
  firstActor: 0,
  ko: 1,
  dead: 2,
  aborts: 3,
  abortCostHeld: 4,
  abortCostPhase: 5,
  holdsTaken: 6,
  holdsUsed: 7,
  holdsExpired: 8,
  lostToStun: 9,
  attacks: 10,
  hits: 11,
  actions: 12,
  contests: 13,
  contestWins: 14,
  contestSimultaneous: 15,
  tandemRolls: 16,
  tandemMade: 17,
  phasesLostToAbort: 18,
  /** A held or delayed action kept as a hold for defense when its event or moment came (the campaign house rules (docs/rules/hero.md)). */
  keptForDefense: 19,
  /** Blocks made without a further action: continuing to Block in the same Segment (docs/rules/hero.md section 6). */
  chainedBlocks: 20,
  /** END paid for attacks (sum over fights), and STUN paid for END he lacked (variants.endurance). */
  endSpent: 21,
  stunForEnd: 22,
  /** Recoveries taken instead of an attack he had no END for (variants.endurance). */
  endRecoveries: 23,
  /** Times he woke from a knockout and rejoined (variants.koRecovery "bands"). */
  wokeUp: 24,
  /** Fights he ends Knocked Out or dead. */
  endsOut: 25,
  /** Blocks he made for the ally he protects (the campaign house rules (docs/rules/hero.md) "defend someone else"). */
  guardBlocks: 26,
  /** Sums of squares of the per-fight END spent and wakes (for their spread). */
  endSpentSq: 27,
  wokeUpSq: 28,
  stunForEndSq: 29,
  guardBlocksSq: 30,
  /** Rounds of his interrupt contests by part, in the order of `Part`: holder first, same margin, mover first, neither makes it. */
  roundHolderFirst: 31,
  roundSameMargin: 32,
  roundMoverFirst: 33,
  roundNeither: 34,
} as const
export const PER_COMBATANT = 35

/** Scenario counters: side A wins, side B wins, draw (mutual), draw at the Turn cap. */
export const WIN_A = 0
export const WIN_B = 1
export const DRAW_MUTUAL = 2
export const DRAW_CAP = 3
export const SCENARIO_COUNTERS = 4

/** Histogram widths (values past the last bin are counted in it). */
export const ACTIONS_BINS = 14
export const STUN_HIT_BINS = 121
export const BODY_HIT_BINS = 41
export const STUN_FIGHT_BINS = 301
export const BODY_FIGHT_BINS = 101
export const LOST_BINS = 41

export interface Layout {
  counters: number
  bins: number
  /** Fight length in Segments, 1..segments (bin k = k + 1 Segments). */
  length: number
  segments: number
  counter(i: number, c: number): number
  actionsPerTurn(i: number): number
  stunPerHit(i: number): number
  bodyPerHit(i: number): number
  stunPerFight(i: number): number
  bodyPerFight(i: number): number
  koTime(i: number): number
  lostPerFight(i: number): number
  lostToAbortPerFight(i: number): number
  lostToHoldPerFight(i: number): number
}

export function layoutOf(n: number, segments: number): Layout {
  const perBins = ACTIONS_BINS + STUN_HIT_BINS + BODY_HIT_BINS + STUN_FIGHT_BINS + BODY_FIGHT_BINS + segments + 3 * LOST_BINS
  const base = (i: number): number => segments + i * perBins
  return {
    counters: SCENARIO_COUNTERS + n * PER_COMBATANT,
    bins: segments + n * perBins,
    length: 0,
    segments,
    counter: (i, c) => SCENARIO_COUNTERS + i * PER_COMBATANT + c,
    actionsPerTurn: (i) => base(i),
    stunPerHit: (i) => base(i) + ACTIONS_BINS,
    bodyPerHit: (i) => base(i) + ACTIONS_BINS + STUN_HIT_BINS,
    stunPerFight: (i) => base(i) + ACTIONS_BINS + STUN_HIT_BINS + BODY_HIT_BINS,
    bodyPerFight: (i) => base(i) + ACTIONS_BINS + STUN_HIT_BINS + BODY_HIT_BINS + STUN_FIGHT_BINS,
    koTime: (i) => base(i) + ACTIONS_BINS + STUN_HIT_BINS + BODY_HIT_BINS + STUN_FIGHT_BINS + BODY_FIGHT_BINS,
    lostPerFight: (i) => base(i) + ACTIONS_BINS + STUN_HIT_BINS + BODY_HIT_BINS + STUN_FIGHT_BINS + BODY_FIGHT_BINS + segments,
    lostToAbortPerFight: (i) => base(i) + ACTIONS_BINS + STUN_HIT_BINS + BODY_HIT_BINS + STUN_FIGHT_BINS + BODY_FIGHT_BINS + segments + LOST_BINS,
    lostToHoldPerFight: (i) => base(i) + ACTIONS_BINS + STUN_HIT_BINS + BODY_HIT_BINS + STUN_FIGHT_BINS + BODY_FIGHT_BINS + segments + 2 * LOST_BINS,
  }
}
