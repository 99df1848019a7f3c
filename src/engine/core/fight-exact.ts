import type { ExactFightNote, ExactMetric } from '../systems/rule-system'
import { FightBudgetExceeded, solveFight, type FightModel, type FightSolveOptions, type FightSolveResult } from './fight-chain'
import type { Metric } from './metrics'

/**
 * Exact whole fights, the shared mapping: a system solves its fight with `solveFight` (fight-chain.ts)
 * and says under which of its sampled metric ids each exact value belongs; `fightExactMetrics` turns the
 * answer into the `exact-fight` note plus exact values under those ids, so the run table's Exact column,
 * the report, the app's exact panel, sweeps and `balance` read them like any other exact value.
 * `withExact` attaches exact values to sampled metrics of the same id (for a system's `summarize`).
 */

/** A sampled metric an exact value belongs to: its id and the label the exact panel shows. */
export interface FightMetricRef {
  id: string
  label: string
}

/** Where the values of a solved fight go; every part is optional (a system maps what it samples). */
export interface FightMetricIds {
  /** Who wins, as an ordering metric: one outcome per side (by side index), and one for "no winner". */
  winner?: FightMetricRef & { sides: { key: string; label: string }[]; draw?: { key: string; label: string } }
  /** Who wins, as one chance per side (by side index; null where the system has none). */
  sideWins?: (FightMetricRef | null)[]
  /** P(no winner): both fall together, or called a draw at the cap. */
  draw?: FightMetricRef
  /**
   * How long the fight lasted (in Rounds, Turns…), as a distribution: the Round it ended in, and the cap
   * for a fight still going at the cap (as the sampler counts it). A model whose Round takes several
   * steps says how many (`stepsPerRound`, default 1).
   */
  length?: FightMetricRef & { stepsPerRound?: number }
  /** Per fighter: the distribution of damage he has taken at the end (values at or above `last` share it). */
  damage?: (FightMetricRef & { last?: number } | null)[]
  /** Per fighter: his expected damage taken at the end, as a mean. */
  damageMean?: (FightMetricRef | null)[]
  /** The model's `finals`, by index: a chance (an indicator read off the last state) or a mean. */
  finals?: (FightMetricRef & { kind: 'probability' | 'mean' } | null)[]
}

/** The label of the note, as the app's exact panel shows it. */
export const FIGHT_NOTE_LABEL = 'Whole fight'

/** The note alone, for a fight the system does not try to solve (out of scope), with the reason in a GM's words. */
export function fightNotSolved(reason: string): ExactFightNote {
  return { id: 'exact-fight', label: FIGHT_NOTE_LABEL, kind: 'fight', solved: false, reason }
}

/** The note and the exact values of a solved fight under the system's metric ids (`maxSteps`: the solver's step cap); the note alone when it was refused. */
export function fightExactMetrics(result: FightSolveResult, ids: FightMetricIds, maxSteps: number): ExactMetric[] {
  if (!result.ok) return [fightNotSolved(result.reason)]
  const s = result.solution
  const out: ExactMetric[] = [{ id: 'exact-fight', label: FIGHT_NOTE_LABEL, kind: 'fight', solved: true, states: s.states, massError: s.massError }]
  const noWinner = 1 - s.win.reduce((a, b) => a + b, 0)
  if (ids.winner) {
    const outcomes = ids.winner.sides.map((o, i) => ({ key: o.key, label: o.label, p: s.win[i] ?? 0 }))
    if (ids.winner.draw) outcomes.push({ ...ids.winner.draw, p: Math.max(0, noWinner) })
    out.push({ id: ids.winner.id, label: ids.winner.label, kind: 'order', outcomes })
  }
  ids.sideWins?.forEach((m, i) => {
    if (m) out.push({ id: m.id, label: m.label, kind: 'probability', p: s.win[i] ?? 0 })
  })
  if (ids.draw) out.push({ id: ids.draw.id, label: ids.draw.label, kind: 'probability', p: Math.max(0, noWinner) })
  if (ids.length) {
    const per = ids.length.stepsPerRound ?? 1
    const rounds = Math.ceil(maxSteps / per)
    const p = Array.from({ length: rounds }, (_, k) => ({ value: k + 1, p: 0 }))
    s.length.forEach((q, k) => (p[Math.floor(k / per)].p += q))
    if (rounds > 0) p[rounds - 1].p += s.atCap
    out.push(distributionOf({ id: ids.length.id, label: ids.length.label }, p.filter((x) => x.p > 0)))
  }
  ids.damage?.forEach((m, i) => {
    if (m && s.damageDistribution[i]) out.push(distributionOf(m, clip(s.damageDistribution[i], m.last)))
  })
  ids.damageMean?.forEach((m, i) => {
    if (m) out.push({ id: m.id, label: m.label, kind: 'mean', mean: s.expectedDamage[i] ?? 0 })
  })
  ids.finals?.forEach((m, i) => {
    if (!m) return
    const v = s.expectedFinals[i] ?? 0
    out.push(m.kind === 'probability' ? { id: m.id, label: m.label, kind: 'probability', p: v } : { id: m.id, label: m.label, kind: 'mean', mean: v })
  })
  return out
}

function distributionOf(m: FightMetricRef, p: { value: number; p: number }[]): ExactMetric {
  return { id: m.id, label: m.label, kind: 'distribution', mean: p.reduce((a, x) => a + x.value * x.p, 0), p }
}

/** Values at or above `last` gathered on `last`, as a histogram's last bin holds them. */
function clip(p: { value: number; p: number }[], last?: number): { value: number; p: number }[] {
  if (last === undefined) return p
  const out = p.filter((x) => x.value < last)
  const tail = p.filter((x) => x.value >= last).reduce((a, x) => a + x.p, 0)
  if (tail > 0) out.push({ value: last, p: tail })
  return out
}

/** Thrown by a system's fight model to refuse the fight with a reason in a GM's words. */
export class FightRefusal extends Error {}

/**
 * Solves a system's fight, or the refusal with its reason: `outOfScope` when the system does not try
 * (more fighters, an unsupported cap rule…), the model's own `FightRefusal` (or the budget in force, spent
 * while the model was built: fight-chain.ts `withFightSolveBudget`), or `tooMany` when one step
 * outgrows the replay bounds (a 'more than …' error from core/rng-paths.ts). The model is built only
 * when the fight is in scope.
 */
export function solveOrRefuse<S>(outOfScope: string | undefined, model: () => FightModel<S>, options: FightSolveOptions, tooMany: string): FightSolveResult {
  if (outOfScope) return { ok: false, reason: outOfScope }
  try {
    return solveFight(model(), options)
  } catch (e) {
    if (e instanceof FightRefusal || e instanceof FightBudgetExceeded) return { ok: false, reason: e.message }
    if (e instanceof Error && /^more than /.test(e.message)) return { ok: false, reason: tooMany }
    throw e
  }
}

/** Whole-fight values already worked out, by plan. */
const solvedFights = new WeakMap<object, ExactMetric[]>()

/** A plan's whole-fight values, worked out once per plan (a solve can take a second). */
export function wholeFightOnce(plan: object, solve: () => ExactMetric[]): ExactMetric[] {
  let whole = solvedFights.get(plan)
  if (!whole) solvedFights.set(plan, (whole = solve()))
  return whole
}

/** The exact-fight note among a system's exact values, if any. */
export function fightNote(exact: readonly ExactMetric[] | null | undefined): ExactFightNote | undefined {
  return exact?.find((m): m is ExactFightNote => m.kind === 'fight')
}

/**
 * Sampled metrics with the exact values of the same id attached where they have none yet (a chance, a
 * mean, a distribution, or each outcome of an ordering by key). Exact values of another kind than the
 * sampled metric are left out.
 */
export function withExact(metrics: Metric[], exact: readonly ExactMetric[] | null | undefined): Metric[] {
  if (!exact || exact.length === 0) return metrics
  const byId = new Map(exact.map((m) => [m.id, m]))
  for (const m of metrics) {
    const e = byId.get(m.id)
    if (!e) continue
    if (m.kind === 'probability' && e.kind === 'probability') m.exact ??= e.p
    else if (m.kind === 'mean' && e.kind === 'mean') m.exact ??= e.mean
    else if (m.kind === 'distribution' && e.kind === 'distribution') m.exact ??= { mean: e.mean, p: e.p }
    else if (m.kind === 'order' && e.kind === 'order') {
      for (const o of m.outcomes) {
        const x = e.outcomes.find((y) => y.key === o.key)
        if (x && o.exact === undefined) o.exact = x.p
      }
    }
  }
  return metrics
}

/** An answer whose error bound (`massError`) is at most this is exact (floating-point rounding only). */
export const EXACT_ROUNDING = 1e-12

/**
 * How exact a solved fight is, in a GM's words: "exact", or "exact to within 3e-10" when the solver set
 * aside fights of vanishing chance (the bound rounded up, never down: every chance of the answer is within
 * it). Undefined for a fight not solved.
 */
export function exactnessWords(note: Pick<ExactFightNote, 'solved' | 'massError'> | undefined): string | undefined {
  if (!note?.solved) return undefined
  const m = note.massError ?? 0
  if (!(m > EXACT_ROUNDING)) return 'exact'
  return `exact to within ${boundUp(m)}`
}

/** `m` rounded up to one significant digit, as "3e-10" (or "0.002" above 1e-3). */
export function boundUp(m: number): string {
  const e = Math.floor(Math.log10(m))
  let d = Math.ceil(m / 10 ** e - 1e-9)
  let k = e
  if (d >= 10) {
    d = 1
    k++
  }
  return k >= -3 ? String(Number((d * 10 ** k).toPrecision(1))) : `${d}e${k}`
}
