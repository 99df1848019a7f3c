/**
 * Exact whole fights: a fight whose next step depends only on its current state is a Markov chain, and
 * the probability that it ends each way is the mass absorbed in each ending. A system describes its fight
 * as a `FightModel` (the start state, one step of the clock as a list of weighted next states, and which
 * states end the fight); `solveFight` pushes the probability mass forward one step at a time, merging
 * equal states, until every state has ended or the step cap is reached.
 *
 * The clock (Round, Turn or Segment count) is part of every state, so the chain has no cycles and needs
 * no iteration to converge: a fight where nobody hits for a while simply moves its mass to later steps.
 * What has not ended after `maxSteps` steps is the "no result at the cap" outcome, as in the sampler;
 * no mass is ever dropped. The only error is floating-point rounding, reported as `massError`
 * (|1 − total mass|, far below 1e-12 for the fights in scope).
 */

/** One way a step can go: its probability and the state it leads to. */
export interface Branch<S> {
  p: number
  next: S
}

export interface FightModel<S> {
  /** How many sides (or fighters) can win; endings are side indices 0..sides-1. */
  sides: number
  start: S
  /** A string (or number) that is equal for two states exactly when the fight goes on the same way from both. */
  key(s: S): string | number
  /**
   * How the fight stands in `s`: the index of the side that won, `'draw'` when it ended with no winner
   * (e.g. both fall in the same exchange), or null while it goes on.
   */
  ending(s: S): number | 'draw' | null
  /** One step of the clock from a state that has not ended: every way it can go, probabilities summing to 1. */
  step(s: S): readonly Branch<S>[]
  /**
   * The same step without a list (for speed, optional): `emit(p × chance of the branch, next state)` for
   * each way it can go, in the order `step` gives them. When present the solver uses it instead of `step`.
   */
  stepEach?(s: S, p: number, emit: (p: number, next: S) => void): void
  /**
   * The same step for the whole frontier at once (optional): `emit(mass, next state)` for every way any of
   * `states` (with chances `probs`) can go, the masses summing to the frontier's. For a model whose step
   * passes through inner stages that states reached from different starts share (merged once, not once
   * per start). When present the solver uses it instead of `stepEach` and `step`.
   */
  stepAll?(states: readonly S[], probs: readonly number[], emit: (p: number, next: S) => void): void
  /** Damage each fighter has taken so far in `s` (the unit is the system's: wounds, BODY, HP…). */
  damage(s: S): readonly number[]
  /**
   * How a fight still going at the cap is called, when the rules call it (e.g. the healthier side wins):
   * the winning side's index or `'draw'`. Without it, that mass is only in `atCap`. Either way `atCap`
   * is P(the cap was reached).
   */
  capEnding?(s: S): number | 'draw'
  /**
   * A key equal for two ended states exactly when their ending, `damage` and `finals` are equal (default
   * `key`): ended states are gathered by it within a step, so each is read once per step, not once per way
   * of reaching it.
   */
  endKey?(s: S): string | number
  /**
   * The fight's clock in the rules' words, for the refusal: the name of the unit (e.g. "Round") and how
   * many of the model's steps make one. Without it the refusal counts steps.
   */
  clock?: { unit: string; stepsPerUnit: number }
  /**
   * Values read off the state the fight ends in (or stands in at the cap), e.g. 1 when fighter i is
   * defeated; the solution gives their expected values in `expectedFinals`.
   */
  finals?(s: S): readonly number[]
}

export interface FightSolveOptions {
  /** Steps played before the fight is called at the cap (the scenario's own Round or Turn cap). */
  maxSteps: number
  /** Refuse when more than this many (step, state) pairs would be visited. */
  maxStates: number
  /**
   * States whose chance falls below this after a step are dropped (default 0: none), their total added
   * to `massError`, so that bound still holds for every probability of the answer. Long fights reach many
   * states of vanishing chance (1e-25 and less); a bound like 1e-20 drops them at an error far below 1e-12.
   */
  dropBelow?: number
  /**
   * How states are kept between steps: 'table' (default), numeric keys in flat arrays; 'maps', one Map
   * entry per state (the first bookkeeping, kept to check the table against). Both give the same sums in
   * the same order.
   */
  bookkeeping?: 'table' | 'maps'
}

export interface FightSolution {
  /** P(side i wins), by side index. */
  win: number[]
  /** P(the fight ends with no winner before the cap). */
  draw: number
  /** P(the fight is still going after `maxSteps` steps); with `capEnding`, that mass is also in `win`/`draw`. */
  atCap: number
  /** P(the fight ends on step k), k = 1..maxSteps (index k-1); the mass at the cap is not in it. */
  length: number[]
  /** Expected damage each fighter has taken when the fight ends (or at the cap). */
  expectedDamage: number[]
  /** For each fighter, P(he has taken exactly `value` damage when the fight ends or at the cap), by value. */
  damageDistribution: { value: number; p: number }[][]
  /** Expected values of the model's `finals` at the end (empty without `finals`). */
  expectedFinals: number[]
  /** (step, state) pairs visited. */
  states: number
  /** |1 − total mass| after the last step, plus the mass of dropped states: a bound on the error of every probability. */
  massError: number
  /** Total chance of the states dropped (below `dropBelow`). */
  dropped: number
}

export type FightSolveResult = { ok: true; solution: FightSolution } | { ok: false; reason: string }

/** How far a solve has got, for a progress display (`quickdraw exact` on a terminal). */
export interface FightSolveProgress {
  /** Steps done, and the cap. */
  step: number
  maxSteps: number
  /** Chance of the fights already decided (ended, or dropped as negligible); 1 when nothing is left to follow. */
  decided: number
  /** (step, state) pairs visited so far. */
  states: number
}

type ProgressListener = (p: FightSolveProgress) => void
let progressListener: ProgressListener | null = null

/**
 * Runs `fn` with `listener` told after each step of every fight solved inside it (synchronously, on this
 * thread). The systems' `exact` functions need no parameter for it: a display wraps the call.
 */
export function withFightSolveProgress<T>(listener: ProgressListener, fn: () => T): T {
  const before = progressListener
  progressListener = listener
  try {
    return fn()
  } finally {
    progressListener = before
  }
}

/** Tells the display around a solve how far it has got: for solvers that step a fight in their own loop instead of `solveFight`. */
export function reportFightSolveProgress(p: FightSolveProgress): void {
  progressListener?.(p)
}

/**
 * What a solve may spend, set around it by whoever asked (the app, a sweep, `quickdraw exact`): the
 * systems' `exact` functions need no parameter for it. Every solve inside `withFightSolveBudget` checks
 * it after each step and every `BUDGET_CHECK_EVERY` situations inside a step, and past it stops with a
 * refusal in a GM's words. The engine keeps no clock: a deadline comes with the caller's `now`.
 */
export interface FightSolveBudget {
  /** Stop once `now()` passes this (ms, on the same clock as `now`). */
  deadlineMs?: number
  /** The caller's clock in ms (needed with `deadlineMs`). */
  now?: () => number
  /** The seconds the deadline allows, for the refusal's words ("stopped after 3 s…"). */
  seconds?: number
  /** Stop once one step holds more situations than this (a bound on memory: each costs some tens of bytes and its state). */
  maxLiveStates?: number
  /** Asked as often as the clock: true stops the solve (a cancelled request). */
  shouldStop?: () => boolean
}

/** Situations followed between two looks at the budget inside one step. */
export const BUDGET_CHECK_EVERY = 4096

/** Thrown inside a solve that passed its budget; `solveFight` turns it into a refusal. */
export class FightBudgetExceeded extends Error {}

let budget: FightSolveBudget | null = null

/**
 * Runs `fn` with every fight solved inside it bounded by `b` (nested budgets: the inner one applies).
 * A solve past it answers `{ ok: false, reason }` ("stopped after 3 s without an exact answer; the
 * simulated answer stands"), as a fight too big to follow does.
 */
export function withFightSolveBudget<T>(b: FightSolveBudget, fn: () => T): T {
  const before = budget
  budget = b
  try {
    return fn()
  } finally {
    budget = before
  }
}

/**
 * Throws `FightBudgetExceeded` when the budget in force is spent (time up or stop asked); nothing without
 * one. `solveFight` calls it; a system's own long preparation (building a model) may call it too.
 */
export function checkFightSolveBudget(): void {
  const b = budget
  if (!b) return
  if (b.shouldStop?.()) throw new FightBudgetExceeded('the exact answer was no longer wanted (stopped before the end)')
  if (b.deadlineMs !== undefined && b.now && b.now() > b.deadlineMs) throw new FightBudgetExceeded(budgetTimeReason(b.seconds))
}

/** "stopped after 3 s without an exact answer; the simulated answer stands". */
export function budgetTimeReason(seconds: number | undefined): string {
  const s = seconds === undefined ? 'the time allowed' : `${Number(seconds.toPrecision(3)).toLocaleString('en-US')} s`
  return `stopped after ${s} without an exact answer (the fight goes too many ways to follow in that time); the simulated answer stands`
}

/** The refusal for a step that holds more situations at once than the budget allows. */
export function budgetMemoryReason(live: number, at: number, maxSteps: number, clock?: { unit: string; stepsPerUnit: number }): string {
  const per = clock && clock.stepsPerUnit >= 1 ? clock.stepsPerUnit : 1
  const unit = clock ? clock.unit : 'step'
  return `stopped without an exact answer: more than ${live.toLocaleString('en-US')} different situations at once by ${unit} ${Math.ceil(at / per)} of ${Math.ceil(maxSteps / per)}, more than the memory allowed for it; the simulated answer stands`
}

/** Solves a fight exactly, or says why it will not (more states than `maxStates`, or past the budget in force). */
export function solveFight<S>(model: FightModel<S>, options: FightSolveOptions): FightSolveResult {
  if (!budget) return solveWithin(model, options)
  try {
    checkFightSolveBudget()
    return solveWithin(model, options)
  } catch (e) {
    if (e instanceof FightBudgetExceeded) return { ok: false, reason: e.message }
    throw e
  }
}

function solveWithin<S>(model: FightModel<S>, options: FightSolveOptions): FightSolveResult {
  const win = new Array<number>(model.sides).fill(0)
  const expectedDamage: number[] = []
  const damageAt: Map<number, number>[] = []
  const expectedFinals: number[] = []
  const length: number[] = []
  let draw = 0
  let states = 0
  let dropped = 0
  const drop = options.dropBelow ?? 0

  const endKey = model.endKey ?? model.key
  /** The ended states of the step under way, gathered by `endKey`. */
  let ended = new Map<string | number, { s: S; p: number }>()
  const absorb = (s: S, p: number): boolean => {
    if (model.ending(s) === null) return false
    const k = endKey(s)
    const seen = ended.get(k)
    if (seen) seen.p += p
    else ended.set(k, { s, p })
    return true
  }
  /** The ended states gathered on step `at` (0: the start) counted in the answer. */
  const settle = (at: number): void => {
    for (const { s, p } of ended.values()) {
      const end = model.ending(s)
      if (end === 'draw') draw += p
      else if (end !== null) win[end] += p
      if (at > 0) length[at - 1] += p
      addFinal(s, p)
    }
    ended = new Map()
  }
  const addFinal = (s: S, p: number): void => {
    const d = model.damage(s)
    for (let i = 0; i < d.length; i++) {
      expectedDamage[i] = (expectedDamage[i] ?? 0) + p * d[i]
      const m = (damageAt[i] ??= new Map())
      m.set(d[i], (m.get(d[i]) ?? 0) + p)
    }
    const f = model.finals?.(s) ?? []
    for (let i = 0; i < f.length; i++) expectedFinals[i] = (expectedFinals[i] ?? 0) + p * f[i]
  }

  const useMaps = options.bookkeeping === 'maps'
  let frontier = new StateTable<S>(useMaps)
  if (!absorb(model.start, 1)) frontier.add(model.key(model.start), model.start, 1)
  settle(0)
  for (let at = 1; at <= options.maxSteps && frontier.size > 0; at++) {
    length.push(0)
    states += frontier.size
    if (states > options.maxStates) {
      return { ok: false, reason: tooManyStates(options.maxStates, at, options.maxSteps, model.clock) }
    }
    const next = new StateTable<S>(useMaps)
    const b = budget
    const maxLive = b?.maxLiveStates ?? Infinity
    // without a budget the count never reaches 0 (Infinity stays Infinity): one emit for both cases
    let untilCheck = b ? BUDGET_CHECK_EVERY : Infinity
    const emit = (q: number, n: S): void => {
      if (--untilCheck <= 0) {
        untilCheck = BUDGET_CHECK_EVERY
        checkFightSolveBudget()
        if (next.size > maxLive) throw new FightBudgetExceeded(budgetMemoryReason(maxLive, at, options.maxSteps, model.clock))
      }
      if (q === 0 || absorb(n, q)) return
      next.add(model.key(n), n, q)
    }
    const { states: from, probs } = frontier
    if (model.stepAll) model.stepAll(from, probs, emit)
    else for (let k = 0; k < from.length; k++) {
      const s = from[k]
      const p = probs[k]
      if (model.stepEach) {
        model.stepEach(s, p, emit)
        continue
      }
      for (const b of model.step(s)) emit(p * b.p, b.next)
    }
    settle(at)
    if (drop > 0) dropped += next.dropBelow(drop)
    frontier = next
    if (b) {
      checkFightSolveBudget()
      if (frontier.size > maxLive) throw new FightBudgetExceeded(budgetMemoryReason(maxLive, at, options.maxSteps, model.clock))
    }
    if (progressListener) {
      let live = 0
      for (const x of frontier.probs) live += x
      progressListener({ step: at, maxSteps: options.maxSteps, decided: Math.min(1, Math.max(0, 1 - live)), states })
    }
  }
  while (length.length < options.maxSteps) length.push(0)
  let atCap = 0
  for (let k = 0; k < frontier.states.length; k++) {
    const s = frontier.states[k]
    const p = frontier.probs[k]
    atCap += p
    addFinal(s, p)
    const called = model.capEnding?.(s)
    if (called === 'draw') draw += p
    else if (called !== undefined) win[called] += p
  }
  const total = win.reduce((a, b) => a + b, 0) + draw + (model.capEnding ? 0 : atCap) + dropped
  const damageDistribution = damageAt.map((m) => [...m.entries()].sort((a, b) => a[0] - b[0]).map(([value, p]) => ({ value, p })))
  return { ok: true, solution: { win, draw, atCap, length, expectedDamage, damageDistribution, expectedFinals, states, massError: Math.abs(1 - total) + dropped, dropped } }
}

/**
 * The refusal for a fight with more states than the bound, in a GM's words: "the fight has too many
 * different situations to follow exactly (more than 2,000,000 by Round 7 of 20)", in the model's clock
 * unit when it names one, else in steps.
 */
export function tooManyStates(maxStates: number, at: number, maxSteps: number, clock?: { unit: string; stepsPerUnit: number }): string {
  const per = clock && clock.stepsPerUnit >= 1 ? clock.stepsPerUnit : 1
  const unit = clock ? clock.unit : 'step'
  const where = `${unit} ${Math.ceil(at / per)} of ${Math.ceil(maxSteps / per)}`
  return `the fight has too many different situations to follow exactly (more than ${maxStates.toLocaleString('en-US')} by ${where})`
}

/**
 * The states of one step with their chances, in the order they were first reached. Numeric keys go in an
 * open-addressing table over flat arrays (no object per key: long fights reach hundreds of thousands of
 * states); string keys, and every key with `useMaps`, in a Map.
 */
class StateTable<S> {
  readonly states: S[] = []
  readonly probs: number[] = []
  private keys = new Float64Array(16)
  private slots = new Int32Array(32)
  private mask = 31
  private readonly byString = new Map<string | number, number>()
  /** Where `find` last found no key: its slot and the key. */
  private claimed = 0
  private pendingKey = 0

  constructor(private readonly useMaps: boolean) {}

  get size(): number {
    return this.states.length
  }

  /** Adds chance `p` to the state under key `k` (first seen: `s`). */
  add(k: string | number, s: S, p: number): void {
    if (typeof k === 'number' && !this.useMaps) {
      const at = this.find(k)
      if (at >= 0) this.probs[at] += p
      else this.push(s, p)
      return
    }
    const at = this.byString.get(k)
    if (at !== undefined) this.probs[at] += p
    else {
      this.byString.set(k, this.states.length)
      this.states.push(s)
      this.probs.push(p)
    }
  }

  /** The index of numeric key `k`, or −1 after claiming its slot for the state pushed next. */
  private find(k: number): number {
    const slots = this.slots
    const mask = this.mask
    let h = Math.imul((k | 0) ^ Math.imul((k / 4294967296) | 0, 0x27d4eb2d), 0x9e3779b1) & mask
    for (;;) {
      const x = slots[h]
      if (x === 0) {
        // not there: the slot and key for the state pushed next
        this.claimed = h
        this.pendingKey = k
        return -1
      }
      if (this.keys[x - 1] === k) return x - 1
      h = (h + 1) & mask
    }
  }

  private push(s: S, p: number): void {
    const i = this.states.length
    this.states.push(s)
    this.probs.push(p)
    if (i >= this.keys.length) {
      const keys = new Float64Array(this.keys.length * 2)
      keys.set(this.keys)
      this.keys = keys
    }
    this.keys[i] = this.pendingKey
    this.slots[this.claimed] = i + 1
    if (2 * (i + 1) > this.mask) this.grow()
  }

  /** Doubles the slots and places every key again. */
  private grow(): void {
    const size = (this.mask + 1) * 2
    const slots = new Int32Array(size)
    const mask = size - 1
    for (let i = 0; i < this.states.length; i++) {
      const k = this.keys[i]
      let h = Math.imul((k | 0) ^ Math.imul((k / 4294967296) | 0, 0x27d4eb2d), 0x9e3779b1) & mask
      while (slots[h] !== 0) h = (h + 1) & mask
      slots[h] = i + 1
    }
    this.slots = slots
    this.mask = mask
  }

  /** Drops the states whose chance is below `bound` (keeping the order of the rest); their total. No more `add` after. */
  dropBelow(bound: number): number {
    let dropped = 0
    let n = 0
    for (let i = 0; i < this.states.length; i++) {
      const p = this.probs[i]
      if (p < bound) {
        dropped += p
        continue
      }
      this.states[n] = this.states[i]
      this.probs[n] = p
      n++
    }
    this.states.length = n
    this.probs.length = n
    return dropped
  }
}
