import { withFightSolveBudget, type FightSolveBudget } from '../core/fight-chain'
import type { ExactMetric } from '../systems/rule-system'
import { compiledOf, forgetCompiled } from './compile'
import { ExactCache, exactCacheKey } from './exact-cache'
import { parseScenarioOrThrow, type ParseResult } from './parse'

/** This process's exact values by scenario (exact-cache.ts): an identical scenario is solved once. */
export const exactCache = new ExactCache()

/**
 * Seconds a solve may take where an answer is wanted beside a run (the app, a run's exact values, sweeps,
 * balance, tactics). A backstop: the systems refuse a fight too big to follow from an estimate of its size
 * at once, and a solve runs on a thread of its own, so nothing waits for it but the run's last report.
 * It is wall-clock time, so it leaves room for every shipped fight that is solved (the slowest take about
 * 10 s on a loaded 2-core machine, more in a browser) to keep its exact answer everywhere.
 * The exact panel (live edits) keeps the same limit as a Run rather than a shorter one: a newer edit stops
 * the solve in flight anyway, a refusal comes at once (`exactAtOnce`), and the panel and a Run of the same
 * edit share one solve only when their limits are the same (`budgetKey`).
 */
export const SHORT_EXACT_BUDGET_SECONDS = 15
/** Seconds past its budget after which a run's exact request that has not answered is ended (its thread stopped) and the run settles without it. */
export const EXACT_GRACE_SECONDS = 2
/** Seconds `quickdraw exact` allows by default (its `--budget` changes it). */
export const LONG_EXACT_BUDGET_SECONDS = 60
/**
 * Situations one step of a solve may hold at once: a bound on its memory (each costs its state and some
 * tens of bytes of bookkeeping, and two steps are held at a time: a few hundred MB at this bound).
 */
export const EXACT_MAX_LIVE_STATES = 3_000_000

/**
 * MB of JavaScript heap the exact thread may hold (the desktop app and the command line): a backstop past
 * every other bound (`EXACT_MAX_LIVE_STATES`, the systems' own size estimates). A solve that reaches it has
 * its thread stopped, and its answer is a refusal that says so (`exactMemoryReason`).
 */
export const EXACT_THREAD_MEMORY_MB = 1024

/** The refusal of a solve stopped because its thread reached the memory allowed for it, in a GM's words. */
export function exactMemoryReason(mb: number): string {
  return `stopped without an exact answer: following the fight took more than the ${mb.toLocaleString('en-US')} MB of memory allowed for it; the simulated answer stands`
}

/** What one exact computation may spend (fight-chain.ts `FightSolveBudget`, with the clock it reads). */
export interface ExactBudget {
  seconds: number
  /** The caller's clock in ms (the engine has none of its own). */
  now: () => number
  /** Default `EXACT_MAX_LIVE_STATES`. */
  maxLiveStates?: number
  /** True stops the solve (the request was cancelled). */
  shouldStop?: () => boolean
}

export interface ExactOptions {
  /** Solve again even when this scenario's values are kept (`quickdraw bench` times the solve itself). */
  fresh?: boolean
  /** Stop past this time (or memory, or when asked) with a refusal in a GM's words; without it, no bound. */
  budget?: ExactBudget
}

/** Exact values, and whether the budget stopped the solve (then the values hold its refusal). */
export interface ExactOutcome {
  values: ExactMetric[] | null
  /** 'time': the seconds ran out or the memory bound was passed; 'stopped': the caller asked to stop. */
  stopped?: 'time' | 'stopped'
}

/**
 * The exact values of a scenario, computed without sampling (the editor shows them while a scenario is
 * being edited, the CLI prints them with `quickdraw exact`); null when its system has no exact
 * computation. Throws a ScenarioError, naming every bad path, for an invalid scenario. Answers (and
 * refusals) are kept by scenario hash and system version, so asking again costs nothing.
 */
export function exactOf(raw: unknown, options: ExactOptions = {}): ExactMetric[] | null {
  return exactWithin(raw, options).values
}

/** The key a refusal for lack of time is kept under: it holds only for that budget (a longer one may solve). */
export function budgetKey(key: string, seconds: number): string {
  return `${key}~${seconds}s`
}

/**
 * `exactOf`, saying whether the budget stopped it. An answer (or a refusal for size) is kept for every
 * budget; a refusal for lack of time only for the same budget; a solve stopped on request not at all.
 */
export function exactWithin(raw: unknown, options: ExactOptions = {}): ExactOutcome {
  const parsed = parseScenarioOrThrow(raw)
  const { system, scenario, hash } = parsed
  if (!system.exact) return { values: null }
  const key = exactCacheKey(system, hash)
  const b = options.budget
  if (!options.fresh) {
    const kept = exactCache.get(key)
    if (kept !== undefined) return { values: kept }
    const short = b ? exactCache.get(budgetKey(key, b.seconds)) : undefined
    if (short !== undefined) return { values: short, stopped: 'time' }
  }
  const exact = system.exact.bind(system)
  // fresh (what `quickdraw bench` times): a plan of its own, so nothing kept on the thread's plan answers
  const plan = (): unknown => (options.fresh ? system.compile(scenario) : compiledOf(parsed).plan)
  if (!b) {
    const values = exact(plan())
    exactCache.set(key, values)
    return { values }
  }
  const limits: FightSolveBudget & { stopHit?: boolean } = {
    deadlineMs: b.now() + b.seconds * 1000,
    now: b.now,
    seconds: b.seconds,
    maxLiveStates: b.maxLiveStates ?? EXACT_MAX_LIVE_STATES,
    shouldStop: b.shouldStop
      ? () => {
          const stop = b.shouldStop?.() === true
          if (stop) limits.stopHit = true
          return stop
        }
      : undefined,
  }
  const values = withFightSolveBudget(limits, () => exact(plan()))
  // a system may keep its whole fight on the plan: one cut short must not answer the next asker
  if (limits.stopHit || ranOutOfTime(values)) forgetCompiled(parsed)
  if (limits.stopHit) return { values, stopped: 'stopped' }
  if (ranOutOfTime(values)) {
    exactCache.set(budgetKey(key, b.seconds), values)
    return { values, stopped: 'time' }
  }
  exactCache.set(key, values)
  return { values }
}

/**
 * The exact values of a valid scenario when they come at once, worked out here on the plan this thread
 * compiled for its run (compile.ts): values that need no whole-fight solve (a single check, an opening
 * exchange, a fight the system does not follow), and a whole fight its system refuses before solving any of
 * it (too many fighters, or too big by an estimate of its size). The system's `exact` runs under a budget
 * that stops any solve at its first look at the budget: when it looked even once, the values are thrown away
 * and undefined says a solve is needed (on a thread of its own: `SimulationService`). So whatever comes back
 * was worked out exactly as without a budget, and a refused fight costs no thread, no second compile.
 */
export function exactAtOnce(parsed: Extract<ParseResult, { ok: true }>, options: { fresh?: boolean } = {}): ExactOutcome | undefined {
  const { system } = parsed
  if (!system.exact) return { values: null }
  const exact = system.exact.bind(system)
  const plan = options.fresh ? system.compile(parsed.scenario) : compiledOf(parsed).plan
  let looked = false
  const values = withFightSolveBudget(
    {
      shouldStop: () => {
        looked = true
        return true
      },
    },
    () => exact(plan),
  )
  if (!looked) return { values }
  // the refusal "no longer wanted" may be kept on the plan: it must not answer the real solve
  if (!options.fresh) forgetCompiled(parsed)
  return undefined
}

/** Whether exact values hold a whole fight stopped when its time ran out (fight-chain.ts `budgetTimeReason`). */
export function ranOutOfTime(values: readonly ExactMetric[] | null): boolean {
  const note = values?.find((m) => m.kind === 'fight')
  return note?.kind === 'fight' && !note.solved && /^stopped after /.test(note.reason ?? '')
}
