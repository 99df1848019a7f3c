import type { TallyShape } from '../../core/tally'
import type { FighterStats } from './fighter'

/** Scenario-level counters, then one win counter per side, then `F_STRIDE` counters per fighter. */
export const C_DRAW = 0
export const C_CAP = 1
export const C_MUTUAL_HIT = 2
export const C_TIED_FIRST_STRIKE = 3
export const C_CASCADE = 4
const SCENARIO_COUNTERS = 5

/** Per-fighter counter offsets. Event counts (attacks, rolls) and per-trial flags (defeated, wait fired). */
export const enum F {
  Attacks = 0,
  AttackSuccesses = 1,
  Crits = 2,
  Hits = 3,
  Defended = 4,
  DefenseRolls = 5,
  DefenseSuccesses = 6,
  Defeated = 7,
  Died = 8,
  WaitFired = 9,
  WaitWasted = 10,
  WaitStrikesFirst = 11,
  StrikesFirst = 12,
  FirstHit = 13,
  KnockedDown = 14,
  WaitsFiredTotal = 15,
  WaitsWastedTotal = 16,
  Stride = 17,
}

export interface Layout {
  sideWins: number
  fighter: number[]
  shape: TallyShape
  /** Fight length in turns, bins 1..cap. */
  lengthBins: number
  /** Injury per attack, bins 0..maxInjury−1, per fighter. */
  attackBins: number[]
  attackLen: number[]
  /** Injury dealt per fight, bins 0..fightLen−1, per fighter. */
  fightBins: number[]
  fightLen: number[]
  /** Turn at which he was taken out, bins 1..cap, per fighter. */
  outBins: number[]
}

export function layoutOf(fighters: readonly FighterStats[], sides: number, cap: number): Layout {
  const sideWins = SCENARIO_COUNTERS
  const fighter = fighters.map((_, i) => sideWins + sides + i * F.Stride)
  let bins = 0
  const take = (len: number): number => {
    const at = bins
    bins += len
    return at
  }
  const lengthBins = take(cap)
  const attackLen = fighters.map((f) => f.maxInjury + 1)
  const attackBins = attackLen.map((len) => take(len))
  // dealing more than every enemy's 6×HP plus one last blow is impossible: they are dead by then
  const fightLen = fighters.map((f) => fighters.filter((g) => g.side !== f.side).reduce((s, g) => s + 6 * g.hpMax + f.maxInjury, 1))
  const fightBins = fightLen.map((len) => take(len))
  const outBins = fighters.map(() => take(cap))
  return { sideWins, fighter, shape: { counters: sideWins + sides + fighters.length * F.Stride, bins }, lengthBins, attackBins, attackLen, fightBins, fightLen, outBins }
}
