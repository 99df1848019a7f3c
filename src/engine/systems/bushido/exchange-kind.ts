import { upToWounds } from './damage'
import { distributionMetric, meanMetric, orderMetric, probabilityMetric, type Metric } from '../../core/metrics'
import type { Rng } from '../../core/rng'
import type { Tally, TallyShape } from '../../core/tally'
import type { TraceEvent } from '../../core/trace'
import { playExchange, type Fighter } from './exchange'
import { marginals, mixPairs, type PairExact } from './exchange-exact'
import type { ExchangePlan } from './exchange-plan'
import { usesKi } from './ki'
import { labelOf } from './metrics'
import { describeParts } from './modifiers'
import { optionKey, optionLabel } from './specials'

/**
 * The "exchange" situation: one trial is one Melee Exchange between the Activating model and its
 * opponent. Counters: 0 act strike lands, 1 opp strike lands, 2 opp wins its comparison, 3 act wins
 * (more wounds dealt than taken), 4 opp wins, 5 opp removed, 6 act removed, 7 act's special triggers,
 * 8 opp's special triggers, 9/10 act's Σ Ki spent and Σ Ki spent², 11/12 the opponent's. Bins: wounds to
 * opp, wounds to act, act option, opp option (split × special).
 */
export function exchangeShape(p: ExchangePlan): TallyShape {
  return { counters: 13, bins: 2 * p.woundBins + p.act.options.count + p.opp.options.count }
}

function play(p: ExchangePlan, rng: Rng, tally: Tally | null, log?: TraceEvent[]): void {
  const r = p.result
  playExchange(p.setup, rng, r, log)
  const first = p.actIsFirst
  const toOpp = first ? r.woundsToSecond : r.woundsToFirst
  const toAct = first ? r.woundsToFirst : r.woundsToSecond
  if (!tally) return
  const c = tally.counts
  if (first ? r.hitFirst : r.hitSecond) c[0]++
  if (first ? r.hitSecond : r.hitFirst) c[1]++
  if (first ? r.secondWinsComparison : r.hitFirst) c[2]++
  if (toOpp > toAct) c[3]++
  else if (toAct > toOpp) c[4]++
  if (toOpp >= p.opp.woundsLeft) c[5]++
  if (toAct >= p.act.woundsLeft) c[6]++
  if (first ? r.specialFirst : r.specialSecond) c[7]++
  if (first ? r.specialSecond : r.specialFirst) c[8]++
  const [ka, ko] = p.kiSpent
  c[9] += ka
  c[10] += ka * ka
  c[11] += ko
  c[12] += ko * ko
  const b = tally.bins
  const w = p.woundBins
  // wounds beyond those the target has left do not count: the distribution stops at its Wounds
  b[toOpp < p.opp.woundsLeft ? toOpp : p.opp.woundsLeft]++
  b[w + (toAct < p.act.woundsLeft ? toAct : p.act.woundsLeft)]++
  b[2 * w + (first ? r.optionFirst : r.optionSecond)]++
  b[2 * w + p.act.options.count + (first ? r.optionSecond : r.optionFirst)]++
}

export function simulateExchange(p: ExchangePlan, rng: Rng, tally: Tally): void {
  play(p, rng, tally)
}

/**
 * `at` of each trace event: its step in the reference card's "PASSE D'ARMES - SÉQUENCE COMPLÈTE" — 1 engaging,
 * 3 Initiative, 4 dice pools, 5 secret split (and specials paid), 7 the roll and final scores,
 * 9 comparisons, specials and Damage Rolls, 10 Activation Counters removed.
 */
export const EXCHANGE_STEP = { engage: 1, initiative: 3, pools: 4, split: 5, roll: 7, compare: 9, over: 10 } as const

function stamp(log: TraceEvent[], from: number): void {
  for (let k = from; k < log.length; k++) {
    const e = log[k]
    e.at = e.kind === 'split' ? EXCHANGE_STEP.split : e.kind === 'roll' ? EXCHANGE_STEP.roll : k === log.length - 1 ? EXCHANGE_STEP.over : EXCHANGE_STEP.compare
  }
}

/** The Ki Boosts declared, the opponent first (docs/rules/bushido.md section 1 declaration order), or '' when neither boosts. */
function kiLine(p: ExchangePlan): string {
  if (p.kiSpent[0] + p.kiSpent[1] === 0) return ''
  const one = (m: ExchangePlan['actModel'], boosts: number, spent: number): string =>
    boosts ? `${m.name} spends ${spent} Ki for +${boosts} ${boosts === 1 ? 'die' : 'dice'} (Ki ${m.kiTokens} → ${m.kiTokens - spent})` : `${m.name} does not boost`
  const surprised = p.situation.surprise ? ` (${p.oppModel.name} is Surprised: no Ki Boosts)` : ''
  return `Boosts Ki / Ki Boosts, the opponent declaring first: ${one(p.oppModel, p.boosts[1], p.kiSpent[1])}; then ${one(p.actModel, p.boosts[0], p.kiSpent[0])}${surprised}.`
}

export function traceExchange(p: ExchangePlan, rng: Rng): TraceEvent[] {
  const log: TraceEvent[] = []
  const am = p.actModel
  const om = p.oppModel
  const x = p.situation
  const how = x.charge ? ' charges' : ' engages'
  const S = EXCHANGE_STEP
  log.push({ at: S.engage, kind: 'note', who: [am.id, om.id], text: `${am.name}${how} ${om.name} (Passe d'armes / Melee Exchange)${x.surprise ? `; ${om.name} is Surprised (Surprise) until this action is resolved` : ''}.` })
  log.push({ at: S.initiative, kind: 'note', who: [p.setup.first.id], text: `Initiative: ${p.setup.first.name} strikes first (${p.setup.initiativeReason}).` })
  log.push({ at: S.pools, kind: 'note', who: [am.id], text: `${am.name}'s pool: ${describeParts(p.poolParts.act)} → ${p.act.pool} ${p.act.pool === 1 ? 'die' : 'dice'}.` })
  log.push({ at: S.pools, kind: 'note', who: [om.id], text: `${om.name}'s pool: ${describeParts(p.poolParts.opp)} → ${p.opp.pool} ${p.opp.pool === 1 ? 'die' : 'dice'}.` })
  const ki = kiLine(p)
  if (ki) log.push({ at: S.pools, kind: 'note', who: [om.id, am.id], text: ki })
  const models = [am, om]
  for (let k = 0; k < 2; k++) {
    const m = models[k]
    if (p.specialsBarred[k]) log.push({ at: S.pools, kind: 'note', who: [m.id], text: `${m.name} is Au Sol / Prone: it may not use Special Abilities (Bushido rules reference, Prone), so it declares no Special Attack or Defence.` })
  }
  const from = log.length
  play(p, rng, null, log)
  stamp(log, from)
  return log
}

/** Exact mixture over both strategies' integer weights: the same numbers the sampler targets. */
export function exchangeExactMix(p: ExchangePlan): PairExact {
  const parts: { w: number; r: PairExact }[] = []
  const weight = (x: Fighter, a: number): number => (x.strategy.cumulative[a] - (a > 0 ? x.strategy.cumulative[a - 1] : 0)) / x.strategy.total
  for (let a = 0; a < p.act.options.count; a++) {
    for (let b = 0; b < p.opp.options.count; b++) {
      const w = weight(p.act, a) * weight(p.opp, b)
      if (w > 0) parts.push({ w, r: p.matrix.cells[a][b].exact })
    }
  }
  return mixPairs(parts)
}

export interface ExactView {
  actHits: number
  oppHits: number
  oppWins: number
  actAhead: number
  oppAhead: number
  oppRemoved: number
  actRemoved: number
  actSpecial: number
  oppSpecial: number
  toOpp: number[]
  toAct: number[]
}

export function exactView(p: ExchangePlan): ExactView {
  const r = exchangeExactMix(p)
  const [toSecond, toFirst] = marginals(r)
  const first = p.actIsFirst
  const toOpp = first ? toSecond : toFirst
  const toAct = first ? toFirst : toSecond
  let actAhead = 0
  let oppAhead = 0
  const rows = r.joint.length / r.width
  for (let k = 0; k < rows; k++) {
    for (let j = 0; j < r.width; j++) {
      const [o, a] = first ? [k, j] : [j, k]
      if (o > a) actAhead += r.joint[k * r.width + j]
      else if (a > o) oppAhead += r.joint[k * r.width + j]
    }
  }
  const tail = (d: number[], from: number): number => d.slice(from).reduce((s, x) => s + x, 0)
  return {
    actHits: first ? r.pHitFirst : r.pHitSecond,
    oppHits: first ? r.pHitSecond : r.pHitFirst,
    oppWins: first ? r.pSecondWins : r.pHitFirst,
    actAhead,
    oppAhead,
    oppRemoved: tail(toOpp, p.opp.woundsLeft),
    actRemoved: tail(toAct, p.act.woundsLeft),
    actSpecial: first ? r.pSpecialFirst : r.pSpecialSecond,
    oppSpecial: first ? r.pSpecialSecond : r.pSpecialFirst,
    // wounds beyond those a model has left do not count: each distribution stops at its Wounds
    toOpp: upToWounds(toOpp, p.opp.woundsLeft),
    toAct: upToWounds(toAct, p.act.woundsLeft),
  }
}

const head = (metric: string, m: { id: string; name: string }, label = `${labelOf(metric)}: ${m.name}`) => ({ id: `${metric}:${m.id}`, metric, label, subjects: [m.id] })

function splitOutcomes(x: Fighter, count: (a: number) => number): { key: string; label: string; count: number; exact: number }[] {
  const out = []
  for (let a = 0; a < x.options.count; a++) {
    const exact = (x.strategy.cumulative[a] - (a > 0 ? x.strategy.cumulative[a - 1] : 0)) / x.strategy.total
    out.push({ key: optionKey(x.options, a, x.pool), label: `${optionLabel(x.options, a, x.pool)} (Attack/Defence)`, count: count(a), exact })
  }
  return out.filter((o) => o.count > 0 || o.exact > 0)
}

export function summarizeExchange(p: ExchangePlan, tally: Tally): Metric[] {
  const n = tally.trials
  const c = tally.counts
  const e = exactView(p)
  const a = p.act
  const o = p.opp
  const w = p.woundBins
  const dist = (d: number[]) => ({ mean: d.reduce((s, x, k) => s + x * k, 0), p: d.map((x, value) => ({ value, p: x })).filter((x) => x.p > 0) })
  return [
    probabilityMetric(head('exchange-win', a), c[3], n, e.actAhead),
    probabilityMetric(head('exchange-win', o), c[4], n, e.oppAhead),
    probabilityMetric(head('hits', a), c[0], n, e.actHits),
    probabilityMetric(head('hits', o), c[1], n, e.oppHits),
    probabilityMetric(head('wins-comparison', o), c[2], n, e.oppWins),
    probabilityMetric(head('removed', o), c[5], n, e.oppRemoved),
    probabilityMetric(head('removed', a), c[6], n, e.actRemoved),
    distributionMetric(head('wounds-dealt', a), tally.bins, 0, 0, w, dist(e.toOpp)),
    distributionMetric(head('wounds-dealt', o), tally.bins, 0, w, w, dist(e.toAct)),
    orderMetric(head('split', a), splitOutcomes(a, (k) => tally.bins[2 * w + k]), n),
    orderMetric(head('split', o), splitOutcomes(o, (k) => tally.bins[2 * w + a.options.count + k]), n),
    ...specialMetrics(p, c, n, e),
    ...kiMetrics(p, c, n),
  ]
}

/** Ki spent on Boosts by each model whose card has Ki: a fixed amount in a single exchange, so exact. */
function kiMetrics(p: ExchangePlan, c: Float64Array, n: number): Metric[] {
  const out: Metric[] = []
  if (usesKi(p.actModel)) out.push(meanMetric(head('ki-spent', p.actModel), n, c[9], c[10], p.kiSpent[0]))
  if (usesKi(p.oppModel)) out.push(meanMetric(head('ki-spent', p.oppModel), n, c[11], c[12], p.kiSpent[1]))
  return out
}

/** P(the model's Special Attack / Defence triggers), for models that have specials on their card. */
function specialMetrics(p: ExchangePlan, c: Float64Array, n: number, e: ExactView): Metric[] {
  const out: Metric[] = []
  if (p.act.options.specials.length) out.push(probabilityMetric(head('special-triggers', p.act), c[7], n, e.actSpecial))
  if (p.opp.options.specials.length) out.push(probabilityMetric(head('special-triggers', p.opp), c[8], n, e.oppSpecial))
  return out
}
