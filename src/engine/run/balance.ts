import type { ExactMetric } from '../systems/rule-system'
import { describeQuery, estimateOf, exactValueOf, formatMetricQuery, type Estimate, type MetricQuery } from './estimate'
import { getAtPath, setAtPath } from './json-path'
import { parseScenario } from './parse'
import type { ResultDocument } from './result'

/**
 * "What value makes this fair?": the value of one number in a scenario at which a metric reaches a
 * target (the skill at which my fighter acts first half the time; the STUN at which side A wins 50%).
 *
 * With exact values the search is exact (when every point it reaches has one; else it is sampled); given a
 * clock, a point is solved exactly only where that costs no more than sampling it, so a search is never much
 * slower than sampling alone, and the answer says which it used (`values`). Otherwise every point runs with the same seed (common random
 * numbers, so neighbouring points differ only by the change itself), the two ends at full trials, the
 * bisection between them at a tenth of the trials, and the two values that bracket the target again at
 * full trials: trials go where the crossing is, not across the whole range.
 */
export interface BalanceRequest {
  scenario: unknown
  /** JSON path of the number to vary, as in error messages: `combatants[0].skill`. */
  path: string
  query: MetricQuery
  target: number
  from?: number
  to?: number
  trials: number
  seed: number
  /** Runs the scenario for `trials` trials with the request's seed; `exact: false`: without waiting for its exact values. */
  run: (scenario: unknown, trials: number, options?: { exact?: boolean }) => Promise<ResultDocument>
  /** The system's exact values of a scenario, where it has them; within `budgetSeconds` where the caller can stop a solve (past it, a refusal). */
  exact?: (scenario: unknown, budgetSeconds?: number) => Promise<readonly ExactMetric[] | null>
  /**
   * The caller's clock in ms (the engine has none). With it, a point is solved exactly only where that costs
   * no more than sampling it (`findBalance`); without it, exactly wherever the system has exact values.
   */
  now?: () => number
  /** Called after each point is evaluated. */
  onPoint?: (p: BalancePoint) => void
}

export interface BalancePoint {
  value: number
  estimate: number
  ci: [number, number]
  exact?: number
  trials: number
}

export interface BalanceAnswer {
  param: string
  metric: string
  /** The metric as users read it, and whether it is a chance (shown in percent). */
  label: string
  percent: boolean
  target: number
  /** The crossing, interpolated between the bracketing points. */
  value: number
  /** The points on either side of the target (one when a point hits it exactly). */
  bracket: BalancePoint[]
  /** Where the crossing lies given the points' 95% intervals (equal ends when exact). */
  interval: [number, number]
  integer: boolean
  /** The smallest change of the field the scenario allows (1 for whole numbers, 0.25 for Basic Speed…). */
  step: number
  exact: boolean
  /**
   * How the points were found: every one exactly ('exact'), every one by sampling ('sampled'), or the ends and
   * the bracketing values exactly and the search between them by sampling ('mixed'); and, when exact values
   * were left out, why, in words.
   */
  values: { how: 'exact' | 'sampled' | 'mixed'; why?: string }
  /** Whether the metric rises or falls as the value goes up. */
  direction: 'increasing' | 'decreasing'
  from: number
  to: number
  /** Which ends of the range searched are the field's own limits (an automatic range stops there). */
  bounded: { from: boolean; to: boolean }
  trials: number
  seed: number
}

/** A question balance cannot answer as asked; the message says why (exit 2 in the CLI). */
export class BalanceRefusal extends Error {}

const MAX_BISECTIONS = 60

export async function findBalance(req: BalanceRequest): Promise<BalanceAnswer> {
  const current = getAtPath(req.scenario, req.path)
  if (typeof current !== 'number') {
    throw new BalanceRefusal(`${req.path}: balance varies a number in the scenario; this is ${current === undefined ? 'not set in the file (set it to a number first)' : JSON.stringify(current)}`)
  }
  const integer = isIntegerField(req.scenario, req.path, current)
  const { from, to, bounded } = range(req, current, integer)
  if (!(from < to)) throw new BalanceRefusal(bounded.from && bounded.to ? `${req.path}: the field allows no other value than ${current}, so balance has nothing to vary` : `--from (${from}) must be below --to (${to})`)
  for (const [flag, v] of [['--from', from], ['--to', to]] as const) {
    const r = parseScenario(setAtPath(req.scenario, req.path, v))
    if (!r.ok) throw new BalanceRefusal(`${flag} ${v}: ${r.issues.map((i) => `${i.path}: ${i.message}`).join('; ')}`)
  }
  const at = (v: number): unknown => setAtPath(req.scenario, req.path, v)
  const step = integer ? 1 : fieldStep(at, from, to)
  const exactAt = req.exact ? async (v: number, budgetSeconds?: number): Promise<number | undefined> => exactValueOf(await req.exact!(at(v), budgetSeconds), req.query) : undefined
  const ctx: Search = { req, at, integer, step, from, to, bounded }
  if (!exactAt) return sampledSearch(ctx)
  const now = req.now
  if (!now) {
    const first = await exactAt(from)
    if (first === undefined) return sampledSearch(ctx)
    try {
      return await exactSearch(ctx, exactAt, first)
    } catch (e) {
      // a point of the range has no exact answer (a fight too big to follow, or past the time allowed): the
      // whole search is sampled instead, so the bracket is all of one kind
      if (e instanceof NoExactValue) return sampledSearch(ctx)
      throw e
    }
  }
  // With a clock: exact values that come at once (a single check, an opening exchange, the Waits, a small
  // fight) make the whole search exact, with no sampling at all; otherwise each point is solved exactly only
  // where that costs no more than sampling it.
  const t0 = now()
  const first = await exactAt(from, AT_ONCE_MS / 1000)
  // the first answer may wait for the exact answers' own thread to start: then the other end tells
  const atOnce = first !== undefined && (now() - t0 <= AT_ONCE_MS || (await timed(now, () => exactAt(to, AT_ONCE_MS / 1000))) <= AT_ONCE_MS)
  if (first !== undefined && atOnce) {
    try {
      return await exactSearch(ctx, (v) => exactAt(v, QUICK_EXACT_SECONDS), first)
    } catch (e) {
      // a point further on takes longer: the search goes on as below, the values found so far kept
      if (!(e instanceof NoExactValue)) throw e
    }
  }
  return mixedSearch(ctx, exactAt, now, now() - t0)
}

/** How long (ms) an exact answer took; Infinity when there was none. */
async function timed(now: () => number, ask: () => Promise<number | undefined>): Promise<number> {
  const t = now()
  return (await ask()) === undefined ? Infinity : now() - t
}

/** Seconds each point of an all-exact search may take (its first answer came at once); past it, the search goes on mixed. */
export const QUICK_EXACT_SECONDS = 0.5

/**
 * How much slower than sampling alone a search may be for the exact answers it tries (a share of the
 * sampled search's cost): an exact answer that costs no more than sampling its point costs nothing; one
 * refused or stopped by its budget is time lost, and once this allowance is spent no more are tried.
 */
export const EXACT_ALLOWANCE = 0.2

/** Full-trial points a sampled search runs at least (its two ends; the bracketing values are often two more). */
const FULL_POINTS = 2

/** A point of an exact search whose metric has no exact value. */
class NoExactValue extends Error {}

interface Search {
  req: BalanceRequest
  /** Filled from the first result or exact metrics seen. */
  shown?: { label: string; percent: boolean }
  at: (v: number) => unknown
  integer: boolean
  step: number
  from: number
  to: number
  /** Which ends of the automatic range stop at the field's own limit. */
  bounded: { from: boolean; to: boolean }
}

const STEPS = [0.001, 0.01, 0.05, 0.1, 0.2, 0.25, 0.5]

/**
 * The grid a real-valued field lives on: the smallest of a few usual steps that the scenario accepts
 * from `from` (Basic Speed takes quarters, so 0.25). Searches stop when the bracket is one step wide.
 */
function fieldStep(at: (v: number) => unknown, from: number, to: number): number {
  for (const s of STEPS) if (from + s <= to && parseScenario(at(from + s)).ok && parseScenario(at(from + 2 * s)).ok) return s
  return (to - from) / 256
}

/** An integer field refuses a value halfway between two integers with a message saying so. */
function isIntegerField(scenario: unknown, path: string, current: number): boolean {
  if (!Number.isInteger(current)) return false
  const r = parseScenario(setAtPath(scenario, path, current + 0.5))
  return !r.ok && r.issues.some((i) => i.path === path && /integer/.test(i.message))
}

/**
 * The range searched: the user's ends, or by default 6 either side of a whole number (half the value,
 * at least 1, of any other), each default end pulled in to the last value the scenario accepts (a
 * skill of 1 on a 0–5 field is searched from 0 to 5, not from -5), and which ends were so pulled in.
 */
function range(req: BalanceRequest, current: number, integer: boolean): { from: number; to: number; bounded: { from: boolean; to: boolean } } {
  const span = integer ? 6 : Math.max(1, Math.abs(current) / 2)
  const ok = (v: number): boolean => parseScenario(setAtPath(req.scenario, req.path, v)).ok
  const end = (dir: 1 | -1): { at: number; bounded: boolean } => {
    const far = current + dir * span
    if (!ok(current) || ok(far)) return { at: far, bounded: false }
    return { at: integer ? lastWhole(ok, current, dir, span) : lastReal(ok, current, dir, span), bounded: true }
  }
  const lo = req.from === undefined ? end(-1) : { at: req.from, bounded: false }
  const hi = req.to === undefined ? end(1) : { at: req.to, bounded: false }
  return { from: lo.at, to: hi.at, bounded: { from: lo.bounded, to: hi.bounded } }
}

/** The farthest whole number from `current` (at most `span` away) that the scenario accepts, in direction `dir`; the limits of a field are where its values stop being accepted. */
function lastWhole(ok: (v: number) => boolean, current: number, dir: 1 | -1, span: number): number {
  let last = current
  for (let k = 1; k <= span && ok(current + dir * k); k++) last = current + dir * k
  return last
}

/**
 * The accepted value nearest the limit in direction `dir`, at most `span` from `current`, on the grid
 * the field lives on (the smallest usual step it accepts next to `current`: Basic Speed in quarters),
 * found by bisection over that grid.
 */
function lastReal(ok: (v: number) => boolean, current: number, dir: 1 | -1, span: number): number {
  const grid = STEPS.find((s) => ok(current + s) || ok(current - s)) ?? span / 256
  const at = (k: number): number => Math.round((current + dir * k * grid) * 1e9) / 1e9
  let [good, bad] = [0, Math.floor(span / grid + 1e-9)]
  if (ok(at(bad))) return at(bad)
  while (bad - good > 1) {
    const mid = Math.floor((good + bad) / 2)
    if (ok(at(mid))) good = mid
    else bad = mid
  }
  return at(good)
}

function orient(direction: 'increasing' | 'decreasing', v: number): number {
  return direction === 'increasing' ? v : -v
}

function done(ctx: Search, lo: number, hi: number): boolean {
  return hi - lo <= ctx.step * (1 + 1e-9)
}

/** The grid point halfway between lo and hi (grid: from + k × step). */
function midpoint(ctx: Search, lo: number, hi: number): number {
  const k = Math.floor((lo + hi) / 2 / ctx.step - ctx.from / ctx.step + 1e-9)
  return Math.round((ctx.from + k * ctx.step) * 1e9) / 1e9
}

function interpolate(x0: number, y0: number, x1: number, y1: number, y: number): number {
  return y1 === y0 ? (x0 + x1) / 2 : x0 + ((y - y0) * (x1 - x0)) / (y1 - y0)
}

function notReached(ctx: Search, a: number, b: number): BalanceRefusal {
  const m = formatMetricQuery(ctx.req.query)
  const { bounded } = ctx
  const limits = bounded.from && bounded.to ? ' (all the field allows)' : bounded.from ? ` (the field allows nothing below ${ctx.from})` : bounded.to ? ` (the field allows nothing above ${ctx.to})` : ''
  const advice = bounded.from && bounded.to ? 'pick another target' : bounded.from ? 'raise --to or pick another target' : bounded.to ? 'lower --from or pick another target' : 'widen --from/--to or pick another target'
  return new BalanceRefusal(`${m} does not reach ${ctx.req.target} for ${ctx.req.path} from ${ctx.from} to ${ctx.to}${limits}: it goes from ${round(a)} to ${round(b)}; ${advice}`)
}

function round(v: number): number {
  return Math.round(v * 1e4) / 1e4
}

async function exactSearch(ctx: Search, exactAt: (v: number) => Promise<number | undefined>, atFrom: number): Promise<BalanceAnswer> {
  const { req } = ctx
  ctx.shown = describeQuery((await req.exact?.(ctx.at(ctx.from))) ?? [], req.query)
  const value = async (v: number): Promise<number> => {
    const e = await exactAt(v)
    if (e === undefined) throw new NoExactValue(`${formatMetricQuery(req.query)} has no exact value at ${req.path} = ${v}`)
    req.onPoint?.({ value: v, estimate: e, ci: [e, e], exact: e, trials: 0 })
    return e
  }
  req.onPoint?.({ value: ctx.from, estimate: atFrom, ci: [atFrom, atFrom], exact: atFrom, trials: 0 })
  const atTo = await value(ctx.to)
  if (atTo === atFrom) throw new BalanceRefusal(`${formatMetricQuery(req.query)} does not depend on ${req.path}: it is exactly ${round(atFrom)} at ${ctx.from} and at ${ctx.to}`)
  const direction = atTo > atFrom ? 'increasing' : 'decreasing'
  if (orient(direction, req.target) < orient(direction, atFrom) || orient(direction, req.target) > orient(direction, atTo)) throw notReached(ctx, atFrom, atTo)
  let [lo, hi, flo, fhi] = [ctx.from, ctx.to, atFrom, atTo]
  for (let i = 0; i < MAX_BISECTIONS && !done(ctx, lo, hi); i++) {
    const mid = midpoint(ctx, lo, hi)
    const f = await value(mid)
    if (orient(direction, f) < orient(direction, req.target)) [lo, flo] = [mid, f]
    else [hi, fhi] = [mid, f]
  }
  const crossing = interpolate(lo, flo, hi, fhi, req.target)
  const point = (v: number, f: number): BalancePoint => ({ value: v, estimate: f, ci: [f, f], exact: f, trials: 0 })
  return answer(ctx, direction, crossing, [point(lo, flo), point(hi, fhi)], [crossing, crossing], true, { how: 'exact' })
}

/** A point of a search at full trials, and one of its bisection at a tenth of them (each sampled, or solved exactly where that is cheaper). */
interface Evaluators {
  full: (v: number) => Promise<BalancePoint>
  pilot: (v: number) => Promise<BalancePoint>
  /** Why exact values were left out, when they were. */
  why?: () => string | undefined
}

/**
 * The search with each point's exact answer where it costs no more than sampling the point: a pilot run (a
 * tenth of the trials) times the sampling; each point is then asked exactly, within what is left of
 * `EXACT_ALLOWANCE` (an answer that comes within the time sampling its point takes costs nothing, one
 * refused or stopped by its budget is time lost), and sampled when it has no exact answer in time. A bisection
 * point is asked exactly only while exact answers come quicker than its pilot run (or at once: `AT_ONCE_MS`). Exact values that come at
 * once (a single check, the Waits) make every point exact; a whole fight solved in less time than sampling a
 * point makes the ends and the bracketing values exact, the bisection sampled. Runs never wait for exact values.
 */
async function mixedSearch(ctx: Search, exactAt: (v: number, budgetSeconds?: number) => Promise<number | undefined>, now: () => number, spentMs: number): Promise<BalanceAnswer> {
  const { req } = ctx
  const pilotTrials = Math.max(1000, Math.round(req.trials / 10))
  const sampled = sampler(ctx, { exact: false })
  const t0 = now()
  // the pilot run also names the metric as users read it (and says whether it is a chance)
  await sampled(ctx.from, pilotTrials, false)
  const pilotMs = Math.max(1e-3, now() - t0)
  const fullMs = (pilotMs * req.trials) / pilotTrials
  // what sampling alone costs at least: the ends at full trials, the bisection at a tenth
  const bisections = Math.max(1, Math.ceil(Math.log2(Math.max(2, (ctx.to - ctx.from) / ctx.step))))
  // (less what the first look at an exact answer and the pilot run already took)
  let allowance = EXACT_ALLOWANCE * (FULL_POINTS * fullMs + bisections * pilotMs) - pilotMs - spentMs
  /** How long the last exact answer took (ms); Infinity before any came. */
  let lastExactMs = Infinity
  let why: string | undefined
  const exactPoint = async (v: number, worthMs: number): Promise<BalancePoint | undefined> => {
    if (allowance <= 0) {
      why ??= 'working out an exact answer takes longer than sampling'
      return undefined
    }
    const budgetMs = Math.min(allowance, SEARCH_EXACT_BUDGET_SECONDS * 1000)
    const t = now()
    const e = await exactAt(v, budgetMs / 1000)
    const spent = now() - t
    allowance -= e === undefined ? spent : Math.max(0, spent - worthMs)
    if (e === undefined) {
      why = allowance > 0 ? `at ${v} the exact answer did not come in time` : 'working out an exact answer takes longer than sampling'
      return undefined
    }
    lastExactMs = spent
    const p: BalancePoint = { value: v, estimate: e, ci: [e, e], exact: e, trials: 0 }
    req.onPoint?.(p)
    return p
  }
  const full = async (v: number): Promise<BalancePoint> => (await exactPoint(v, fullMs)) ?? sampled(v, req.trials)
  const pilot = async (v: number): Promise<BalancePoint> => (lastExactMs <= Math.max(pilotMs, AT_ONCE_MS) ? await exactPoint(v, pilotMs) : undefined) ?? sampled(v, pilotTrials)
  return searchWith(ctx, { full, pilot, why: () => why })
}

/** An exact answer that comes within this (ms) counts as coming at once: the search is all exact, and a bisection point takes one, whatever a pilot run costs. */
export const AT_ONCE_MS = 250

/** Seconds a point's exact answer may take in a search, at most (the time sampling it lowers that). */
const SEARCH_EXACT_BUDGET_SECONDS = 15

/** Evaluates a point by sampling it (`run`), refusing a run that did not finish. */
function sampler(ctx: Search, options?: { exact?: boolean }): (v: number, trials: number, isPoint?: boolean) => Promise<BalancePoint> {
  const { req } = ctx
  return async (v, trials, isPoint = true) => {
    const doc = await (options ? req.run(ctx.at(v), trials, options) : req.run(ctx.at(v), trials))
    if (doc.status !== 'done') throw new BalanceRefusal(`the run at ${req.path} = ${v} ended ${doc.status}${doc.error ? `: ${doc.error}` : ''}`)
    const e: Estimate = estimateOf(doc.metrics, req.query)
    ctx.shown ??= describeQuery(doc.metrics, req.query)
    const p: BalancePoint = { value: v, estimate: e.estimate, ci: e.ci, trials }
    if (e.exact !== undefined) p.exact = e.exact
    if (isPoint) req.onPoint?.(p)
    return p
  }
}

async function sampledSearch(ctx: Search): Promise<BalanceAnswer> {
  const pilot = Math.max(1000, Math.round(ctx.req.trials / 10))
  const evaluate = sampler(ctx)
  return searchWith(ctx, { full: (v) => evaluate(v, ctx.req.trials), pilot: (v) => evaluate(v, pilot) })
}

/**
 * Every point runs with the same seed (common random numbers): the two ends at full trials, the bisection
 * between them at a tenth of the trials, the two values that bracket the target again at full trials
 * (each of those solved exactly instead where `full` does so).
 */
async function searchWith(ctx: Search, evaluators: Evaluators): Promise<BalanceAnswer> {
  const { req } = ctx
  // whether any point was sampled, and any solved exactly
  let sampledAny = false
  let solvedAny = false
  const seen = (p: BalancePoint): BalancePoint => {
    if (p.trials === 0) solvedAny = true
    else sampledAny = true
    return p
  }
  const ev = { full: async (v: number) => seen(await evaluators.full(v)), pilot: async (v: number) => seen(await evaluators.pilot(v)), why: evaluators.why }
  const a = await ev.full(ctx.from)
  const b = await ev.full(ctx.to)
  if (a.trials === 0 && b.trials === 0 && a.estimate === b.estimate) {
    throw new BalanceRefusal(`${formatMetricQuery(req.query)} does not depend on ${req.path}: it is exactly ${round(a.estimate)} at ${ctx.from} and at ${ctx.to}`)
  }
  const noise = Math.hypot(a.ci[1] - a.ci[0], b.ci[1] - b.ci[0]) / 2
  if (a.estimate === b.estimate || Math.abs(b.estimate - a.estimate) < noise) {
    throw new BalanceRefusal(
      `${formatMetricQuery(req.query)} does not depend on ${req.path} at this trial count: ${round(a.estimate)} at ${ctx.from} and ${round(b.estimate)} at ${ctx.to} (intervals ${fmtCi(a.ci)} and ${fmtCi(b.ci)})`,
    )
  }
  const direction = b.estimate > a.estimate ? 'increasing' : 'decreasing'
  const below = (p: BalancePoint): boolean => orient(direction, p.estimate) < orient(direction, req.target)
  if (!below(a) && a.estimate !== req.target) throw notReached(ctx, a.estimate, b.estimate)
  if (below(b)) throw notReached(ctx, a.estimate, b.estimate)
  let lo = ctx.from
  let hi = ctx.to
  for (let i = 0; i < MAX_BISECTIONS && !done(ctx, lo, hi); i++) {
    const mid = midpoint(ctx, lo, hi)
    if (below(await ev.pilot(mid))) lo = mid
    else hi = mid
  }
  // The bracket again at full trials (the ends already are); step outward while noise has it miss the target.
  let pl = lo === ctx.from ? a : await ev.full(lo)
  let ph = hi === ctx.to ? b : await ev.full(hi)
  const step = ctx.step
  for (let k = 0; k < 3 && !below(pl) && pl.value > ctx.from; k++) pl = await ev.full(Math.max(ctx.from, pl.value - step))
  for (let k = 0; k < 3 && below(ph) && ph.value < ctx.to; k++) ph = await ev.full(Math.min(ctx.to, ph.value + step))
  const crossing = clamp(interpolate(pl.value, pl.estimate, ph.value, ph.estimate, req.target), pl.value, ph.value)
  const solved = (p: BalancePoint): boolean => p.trials === 0
  const why = ev.why?.()
  if (solved(pl) && solved(ph)) return answer(ctx, direction, crossing, [pl, ph], [crossing, crossing], true, sampledAny ? { how: 'mixed', ...(why ? { why } : {}) } : { how: 'exact' })
  // The interval: where the target meets the lines through the intervals' ends.
  const x1 = interpolate(pl.value, pl.ci[0], ph.value, ph.ci[0], req.target)
  const x2 = interpolate(pl.value, pl.ci[1], ph.value, ph.ci[1], req.target)
  const interval: [number, number] = [clamp(Math.min(x1, x2), ctx.from, ctx.to), clamp(Math.max(x1, x2), ctx.from, ctx.to)]
  const how = solvedAny ? 'mixed' : 'sampled'
  return answer(ctx, direction, crossing, [pl, ph], interval, false, { how, ...(why ? { why } : {}) })
}

function clamp(v: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, v))
}

function fmtCi(ci: [number, number]): string {
  return `${round(ci[0])}–${round(ci[1])}`
}

function answer(ctx: Search, direction: 'increasing' | 'decreasing', value: number, bracket: BalancePoint[], interval: [number, number], exact: boolean, values: BalanceAnswer['values']): BalanceAnswer {
  const { req } = ctx
  const hit = bracket.find((p) => p.estimate === req.target)
  return {
    param: req.path,
    metric: formatMetricQuery(req.query),
    label: ctx.shown?.label ?? formatMetricQuery(req.query),
    percent: ctx.shown?.percent ?? false,
    target: req.target,
    value: hit ? hit.value : value,
    bracket: hit ? [hit] : bracket,
    interval: hit && exact ? [hit.value, hit.value] : interval,
    integer: ctx.integer,
    step: ctx.step,
    exact,
    values,
    direction,
    from: ctx.from,
    to: ctx.to,
    bounded: ctx.bounded,
    trials: values.how === 'exact' ? 0 : req.trials,
    seed: req.seed,
  }
}
