import type { Rng } from '../../core/rng'
import type { Tally } from '../../core/tally'
import type { TraceEvent } from '../../core/trace'
import { D10Stream, rollSpec, type RollSpec } from '../../dice/roll-and-keep'
import { drawRoll, rollTable } from '../../dice/roll-table'
import type { Lazy, Plan, State } from './plan'
import { DOWN, RANK_NAMES, RANK_PENALTY, rankOf } from './wounds'

/** Winner codes. */
export const SIDE_A = 0
export const SIDE_B = 1
export const DRAW = 2
export const NONE = -1

/**
 * One skirmish in progress: the plan, the per-trial state, the random stream and, when tracing, the
 * log. `simulate` and `trace` both play through the same functions with this context, so they make
 * the same draws in the same order; only `if (f.log)` blocks differ.
 */
export interface Fight {
  plan: Plan
  s: State
  rng: Rng
  /** Set only when `rng` scripts each d10's face (`scriptsFaces`): rolls are then made die by die from it. */
  dice: D10Stream | undefined
  log: TraceEvent[] | undefined
  tally: Tally | undefined
  /** Round, 0-based (the log shows it 1-based). */
  round: number
  winner: number
  /** Simultaneous ties (variants.initiativeTies "simultaneous"): wounds of a tie group land together when the group ends. */
  batchOpen: boolean
  batchScore: number
  /** Counts the tie groups opened this skirmish: first blood shared inside one group is nobody's alone. */
  batchSerial: number
  /** First blood (docs/rules/l5r.md section 5): who first dealt 1+ wounds (−1 nobody yet), in which tie group, shared. */
  firstBloodBy: number
  firstBloodBatch: number
  firstBloodShared: boolean
  turnsThisRound: number
}

export function newFight(plan: Plan, rng: Rng, log: TraceEvent[] | undefined, tally: Tally | undefined): Fight {
  return { plan, s: plan.state, rng, dice: diceOf(rng), log, tally, round: 0, winner: NONE, batchOpen: false, batchScore: 0, batchSerial: 0, firstBloodBy: -1, firstBloodBatch: -1, firstBloodShared: false, turnsThisRound: 0 }
}

/**
 * A random stream that scripts the face of each d10, nine faces to a draw as D10Stream reads them (the
 * hand-worked examples of the tests): with it the rolls are made die by die, so a test can state the
 * dice; every other stream draws each roll whole from its exact distribution.
 */
export interface FaceScript extends Rng {
  readonly scriptsFaces: true
}

export function diceOf(rng: Rng): D10Stream | undefined {
  return 'scriptsFaces' in rng ? new D10Stream(rng) : undefined
}

/**
 * One roll (after the Ten Dice Rule, bonus included): `spec` drawn from its exact distribution in one
 * uniform draw (dice/roll-table.ts); `tables[k]` holds its table, built the first time this roll is made.
 */
export function roll(f: Fight, tables: Lazy, k: number, spec: RollSpec, explode: boolean, rerollOnes = false): number {
  if (f.dice !== undefined) return rollSpec(f.dice, spec, explode, f.s.top, rerollOnes)
  return drawRoll(f.rng, tables[k] ?? (tables[k] = rollTable(spec, explode, rerollOnes)))
}

export function say(f: Fight, kind: string, who: number[], text: string): void {
  if (!f.log) return
  f.log.push({ at: f.round + 1, kind, who: who.map((i) => f.plan.fighters[i].c.id), text })
}

export function nameOf(f: Fight, i: number): string {
  return f.plan.fighters[i].c.name
}

/**
 * Down counts as defeated by default (variants.down); under "void-to-act" only once he has no Void Point left
 * to act with. Out and dead always do.
 */
export function isDefeated(f: Fight, i: number): boolean {
  const r = f.s.rank[i]
  if (r < DOWN) return false
  if (r > DOWN) return true
  return f.plan.downIsDefeated || (f.plan.downActsWithVoid && f.s.voidLeft[i] === 0)
}

/** He may spend a Void Point now: one left, and (variant voidPerRound "one") none spent this Round. */
export function canSpendVoid(f: Fight, i: number): boolean {
  return f.s.present[i] === 1 && f.s.voidLeft[i] > 0 && (!f.plan.voidOnePerRound || f.s.voidThisRound[i] === 0)
}

/**
 * Down characters have Free actions only: no Turns that matter, except under "void-to-act" where a
 * Turn costs a Void Point (docs/rules/l5r.md section 4). Out and dead have none at all.
 */
export function canAct(f: Fight, i: number): boolean {
  if (f.s.present[i] === 0) return false
  const r = f.s.rank[i]
  return r < DOWN || (r === DOWN && f.plan.downActsWithVoid && canSpendVoid(f, i))
}

export function penaltyOf(f: Fight, i: number): number {
  return RANK_PENALTY[f.s.rank[i]]
}

/**
 * First blood: the first attack of the skirmish dealing 1 or more wounds. Attacks of one simultaneous
 * tie group (variants.initiativeTies "simultaneous") land together, so a second one in the group that first drew blood shares it.
 */
export function noteFirstBlood(f: Fight, attacker: number): void {
  const batch = f.batchOpen ? f.batchSerial : -1
  if (f.firstBloodBy < 0) {
    f.firstBloodBy = attacker
    f.firstBloodBatch = batch
  } else if (batch >= 0 && batch === f.firstBloodBatch && attacker !== f.firstBloodBy) f.firstBloodShared = true
}

/** Adds wounds now, or into the tie group's pending wounds when a simultaneous group is open. */
export function inflict(f: Fight, target: number, wounds: number): void {
  if (wounds <= 0) return
  if (f.batchOpen) f.s.pending[target] += wounds
  else applyWounds(f, target, wounds)
}

function applyWounds(f: Fight, i: number, wounds: number): void {
  const s = f.s
  const before = s.rank[i]
  const wasDefeated = isDefeated(f, i)
  s.wounds[i] += wounds
  s.rank[i] = rankOf(s.wounds[i], f.plan.fighters[i].thresholds)
  if (!wasDefeated && isDefeated(f, i)) s.defeatedIn[i] = f.round + 1
  if (f.log && s.rank[i] !== before) {
    const r = s.rank[i]
    const effect = r < DOWN ? ` (+${RANK_PENALTY[r]} to the TN of ${nameOf(f, i)}'s rolls)` : r === DOWN ? ' (+40 TN, Free actions only: no attacks)' : ''
    say(f, 'wound', [i], `${nameOf(f, i)} now has ${s.wounds[i]} wounds: ${RANK_NAMES[r]}${effect}.`)
  }
}

/** Ends a simultaneous tie group: everyone's pending wounds land at once (roster order is irrelevant). */
export function flush(f: Fight): void {
  if (!f.batchOpen) return
  f.batchOpen = false
  const s = f.s
  for (let i = 0; i < f.plan.n; i++) {
    const w = s.pending[i]
    if (w > 0) {
      s.pending[i] = 0
      applyWounds(f, i, w)
    }
  }
  checkEnd(f)
}

/** Sets the winner when a side has no undefeated member (both at once: a draw). */
export function checkEnd(f: Fight): void {
  if (f.batchOpen || f.winner !== NONE) return
  let aliveA = false
  let aliveB = false
  for (let i = 0; i < f.plan.n; i++) {
    if (isDefeated(f, i)) continue
    if (f.plan.fighters[i].side === SIDE_A) aliveA = true
    else aliveB = true
  }
  if (aliveA && aliveB) return
  f.winner = aliveA ? SIDE_A : aliveB ? SIDE_B : DRAW
}
