import { solveFight, type Branch, type FightModel, type FightSolveResult } from '../../core/fight-chain'
import { fightExactMetrics, fightNotSolved, type FightMetricIds } from '../../core/fight-exact'
import { forEachRoll, type DrawBranches } from '../../core/rng-paths'
import type { Rng } from '../../core/rng'
import { createTally, type Tally } from '../../core/tally'
import type { CompiledPool } from '../../dice/narrative-roll'
import type { ExactMetric } from '../rule-system'
import { reset, rollInitiative, roundSlot } from './fight'
import { fightShape } from './fight-metrics'
import { compileFight, type FightPlan, type FightState } from './fight-plan'

/**
 * Exact whole fights for Star Wars / Genesys (docs/rules/genesys.md, "Exact whole fights"): a 1-vs-1
 * fight is a Markov chain whose step is one initiative slot. Each step runs the sampler's own slot code
 * (`roundSlot`: the turn's maneuvers, the attack, damage past soak, advantage and threat spent, the end
 * of the round) once for every way its rolls can fall:
 * - a dice pool (initiative, every attack) is one draw over the pool's exact distribution of results
 *   (net successes, net advantage, Triumphs, Despairs: all the rules read of a roll), put in place of
 *   the sampler's `rollPool` through `plan.roll`;
 * - the tie-break draws of the 'roll-off' initiative variant are followed as their comparison (lower,
 *   equal, higher), the only way the order reads them;
 * - a Critical Injury roll (the fight's only d100) refuses the fight: its lasting effects multiply the
 *   situations far beyond the bounds below (a shipped duel has thousands after one slot).
 * A state is the whole fight state the sampler keeps between slots (wounds, strain, Aim, cover, stance,
 * range, ammunition, initiative order, each fighter's place in his plan…); the strain spent on
 * maneuvers, a tally only, is not part of it. The clock (Round and slot) is the step count.
 *
 * Bounds: at most `GENESYS_EXACT_MAX_STATES` (step, state) pairs, `GENESYS_EXACT_MAX_SITUATIONS` different
 * states and `GENESYS_EXACT_MAX_RUNS` replays of a slot in all (each different situation is worked out
 * once); beyond any of them the fight is refused with the reason. States whose chance falls below
 * `GENESYS_EXACT_DROP_BELOW` are dropped, their total kept in the error bound (core/fight-chain.ts).
 */

/** Largest number of (step, state) pairs followed before refusing. */
export const GENESYS_EXACT_MAX_STATES = 1_000_000
/** Largest number of different fight states (the clock aside) kept. */
export const GENESYS_EXACT_MAX_SITUATIONS = 100_000
/** Largest number of replays of a slot, all situations together. */
export const GENESYS_EXACT_MAX_RUNS = 400_000
/** States whose chance falls below this are dropped, their total kept in the error bound. */
export const GENESYS_EXACT_DROP_BELOW = 1e-20

/** The state fields kept between slots (all but the initiative scratch keys, the strain-spent tally and the maneuver scratch). */
const FIELDS = ['wounds', 'strain', 'injuries', 'down', 'advance', 'aims', 'cover', 'prone', 'guarded', 'boost', 'target', 'turnsTaken', 'acted', 'order', 'staggered', 'nextSetback', 'nextIncrease', 'bleeding', 'doom', 'knockedDown', 'noAmmo', 'turnManeuvers', 'noFree', 'winded', 'lame', 'band', 'slowed', 'hurtIncrease', 'hurtSetback', 'hurtUpgrade', 'noBoost', 'brink', 'freeAttack', 'lastSlot', 'assisted', 'reloads', 'defended', 'disengaged'] as const satisfies readonly (keyof FightState)[]

/** A pool's exact results: one representative packed result per (net, advantage, Triumphs, Despairs), with its chance. */
interface PoolOutcomes {
  values: Int32Array
  branches: DrawBranches
}

/** The exact distribution of a compiled pool's packed result: each group's table counted, then the groups added. */
export function poolOutcomes(cp: CompiledPool): PoolOutcomes {
  let dist = new Map<number, number>([[0, 1]])
  for (const g of cp.groups) {
    const counts = new Map<number, number>()
    for (let i = 0; i < g.size; i++) counts.set(g.table[i], (counts.get(g.table[i]) ?? 0) + 1)
    const next = new Map<number, number>()
    for (const [v, p] of dist) for (const [w, c] of counts) next.set(v + w, (next.get(v + w) ?? 0) + (p * c) / g.size)
    dist = next
  }
  const all = [...dist.entries()].sort((a, b) => a[0] - b[0])
  return {
    values: Int32Array.from(all, (x) => x[0]),
    branches: { values: Int32Array.from(all, (_, i) => i), p: Float64Array.from(all, (x) => x[1]) },
  }
}

/** Why a fight where a Critical Injury can happen is not solved (the only d100 of a fight is the Critical Injury roll). */
export const CRIT_REASON = 'a Critical Injury can happen (a Triumph, or advantage reaching the weapon\'s Critical rating, on a hit): its lasting effects make more situations than the exact answer follows'
/** 'roll-off' tie-breaks of two fighters: the first draw as a middle value, the second as lower, equal or higher. */
const FIRST_TIE: DrawBranches = { values: Int32Array.of(512), p: Float64Array.of(1) }
const SECOND_TIE: DrawBranches = { values: Int32Array.of(0, 512, 1023), p: Float64Array.of(1023 / 2048, 1 / 1024, 1023 / 2048) }

interface State {
  /** The fight state's fields (FIELDS by array type), or null before initiative. */
  snap: Int32Array | null
  /** The state's hash (equal only for equal states, see `intern`); −1 before initiative. */
  key: number
  /** The initiative slot played next. */
  slot: number
  /** −1 while the fight goes on, else as `roundSlot` returns it: 0 A wins, 1 B wins, 2 both down. */
  end: number
  /** Wounds of each fighter; 1 for each fighter defeated. */
  damage: number[]
  finals: number[]
}

class RefusedError extends Error {}

/** Why this fight gets no exact answer (undefined when it does), in a GM's words. */
export function outOfScope(plan: FightPlan): string | undefined {
  const n = plan.fighters.length
  if (n !== 2) return n > 2 ? 'more than two fighters' : 'fewer than two fighters'
  if (plan.fighters[0].side === plan.fighters[1].side) return 'both fighters are on one side'
  return undefined
}

/** The fight as a chain over slots (a fresh plan of the same scenario: the solver replays its state). */
export function genesysFightModel(scenarioPlan: FightPlan): { model: FightModel<State>; runs: () => number } {
  const plan = compileFight(scenarioPlan.scenario)
  const s = plan.state
  const n = plan.fighters.length
  const tally: Tally = createTally(fightShape(plan))
  const size = FIELDS.reduce((a, k) => a + s[k].length, 0)

  const outcomes = new Map<CompiledPool, PoolOutcomes>()
  let pending: PoolOutcomes | null = null
  let ties = 0
  plan.roll = (rng: Rng, cp: CompiledPool): number => {
    let o = outcomes.get(cp)
    if (!o) outcomes.set(cp, (o = poolOutcomes(cp)))
    pending = o
    return o.values[rng.below(o.values.length)]
  }
  const splitter = (k: number): DrawBranches => {
    if (pending) {
      const o = pending
      pending = null
      return o.branches
    }
    if (k === 100) throw new RefusedError(CRIT_REASON)
    if (k === 1024 && n === 2) return ties++ === 0 ? FIRST_TIE : SECOND_TIE
    throw new RefusedError('a roll the exact answer cannot follow')
  }

  // by element type, so that each loop below reads one kind of array (the snapshot keeps this order)
  const ORDER = [...FIELDS.filter((k) => s[k] instanceof Int32Array), ...FIELDS.filter((k) => s[k] instanceof Uint8Array), ...FIELDS.filter((k) => s[k] instanceof Int8Array)]
  if (ORDER.length !== FIELDS.length) throw new Error('a state field of another array type')
  const i32 = ORDER.filter((k) => s[k] instanceof Int32Array).map((k) => s[k] as Int32Array)
  const u8 = ORDER.filter((k) => s[k] instanceof Uint8Array).map((k) => s[k] as Uint8Array)
  const i8 = ORDER.filter((k) => s[k] instanceof Int8Array).map((k) => s[k] as Int8Array)
  const cur = new Int32Array(size)
  /**
   * Every state met, by a 52-bit hash of its fields: a state is known by its hash, and a second state
   * with the hash of another is refused (never merged), so equal keys always mean equal states.
   */
  const interned = new Map<number, Int32Array>()
  /** The fight state into `cur`; returns its hash. */
  const read = (): number => {
    // the same fight goes on after any turn past the plan's last: that turn repeats
    for (const f of plan.fighters) s.turnsTaken[f.index] = Math.min(s.turnsTaken[f.index], f.turns.length - 1)
    let o = 0
    let h1 = 0x811c9dc5
    let h2 = 0x9747b28c
    for (let j = 0; j < i32.length; j++) {
      const a = i32[j]
      for (let i = 0; i < a.length; i++) {
        const v = a[i]
        cur[o++] = v
        h1 = Math.imul(h1 ^ v, 0x01000193)
        h2 = Math.imul(h2 ^ v, 0x5bd1e995) ^ (h2 >>> 15)
      }
    }
    for (let j = 0; j < u8.length; j++) {
      const a = u8[j]
      for (let i = 0; i < a.length; i++) {
        const v = a[i]
        cur[o++] = v
        h1 = Math.imul(h1 ^ v, 0x01000193)
        h2 = Math.imul(h2 ^ v, 0x5bd1e995) ^ (h2 >>> 15)
      }
    }
    for (let j = 0; j < i8.length; j++) {
      const a = i8[j]
      for (let i = 0; i < a.length; i++) {
        const v = a[i]
        cur[o++] = v
        h1 = Math.imul(h1 ^ v, 0x01000193)
        h2 = Math.imul(h2 ^ v, 0x5bd1e995) ^ (h2 >>> 15)
      }
    }
    h1 = Math.imul(h1 ^ (h1 >>> 16), 0x85ebca6b) ^ (h1 >>> 13)
    return (h1 >>> 0) * 1048576 + ((h2 >>> 0) & 0xfffff)
  }
  /** The state just read, as one shared copy per state. */
  const intern = (h: number): Int32Array => {
    const known = interned.get(h)
    if (known) {
      for (let i = 0; i < size; i++) if (known[i] !== cur[i]) throw new RefusedError('two fight states look alike to the exact answer (a rare limit of its bookkeeping)')
      return known
    }
    if (interned.size >= GENESYS_EXACT_MAX_SITUATIONS) throw new RefusedError(`the fight has more than ${GENESYS_EXACT_MAX_SITUATIONS.toLocaleString('en-US')} different situations to follow`)
    const snap = cur.slice()
    interned.set(h, snap)
    return snap
  }
  const restore = (snap: Int32Array): void => {
    let o = 0
    for (let j = 0; j < i32.length; j++) {
      const a = i32[j]
      for (let i = 0; i < a.length; i++) a[i] = snap[o++]
    }
    for (let j = 0; j < u8.length; j++) {
      const a = u8[j]
      for (let i = 0; i < a.length; i++) a[i] = snap[o++]
    }
    for (let j = 0; j < i8.length; j++) {
      const a = i8[j]
      for (let i = 0; i < a.length; i++) a[i] = snap[o++]
    }
  }

  reset(plan)
  const blank = intern(read())
  // initiative: every order with its chance (the fight's start distribution)
  const orders = new Map<number, { snap: Int32Array; p: number }>()
  let runs = forEachRoll(
    (rng) => {
      ties = 0
      restore(blank)
      rollInitiative(plan, rng)
    },
    (_, p) => {
      const key = read()
      const seen = orders.get(key)
      if (seen) seen.p += p
      else orders.set(key, { snap: intern(key), p })
    },
    splitter,
  )

  const offsetOf = (field: (typeof FIELDS)[number]): number => ORDER.slice(0, ORDER.indexOf(field)).reduce((a, k) => a + s[k].length, 0)
  const doomAt = offsetOf('doom')
  const downAt = offsetOf('down')
  const woundsAt = offsetOf('wounds')
  /** Every way a slot goes from a state: by slot, then the state's key (built once, reused at every step). */
  const caches: Map<number, Branch<State>[]>[] = []
  /**
   * Every way one slot goes from `snap`. The Round is read only by The End is Nigh (a Critical Injury,
   * refused before its effect), so a situation goes the same way in every Round and is worked out once.
   */
  const slotFrom = (snap: Int32Array, key: number, slot: number): Branch<State>[] => {
    const c = (caches[slot] ??= new Map())
    let out = c.get(key)
    if (out) return out
    for (let i = 0; i < n; i++) if (snap[doomAt + i] !== 0) throw new RefusedError(CRIT_REASON)
    const merged = new Map<number, Branch<State>>()
    const next = (slot + 1) % n
    const leaf = (end: number, p: number): void => {
      const k = read()
      const seen = merged.get(k)
      if (seen) {
        if (seen.next.end !== end) throw new RefusedError('two fight states look alike to the exact answer (a rare limit of its bookkeeping)')
        seen.p += p
      } else {
        const snapNext = intern(k)
        const damage = Array.from(snapNext.subarray(woundsAt, woundsAt + n))
        const finals = Array.from(snapNext.subarray(downAt, downAt + n))
        merged.set(k, { p, next: { snap: snapNext, key: k, slot: next, end, damage, finals } })
      }
    }
    runs += forEachRoll(
      (rng) => {
        pending = null
        restore(snap)
        return roundSlot(plan, rng, tally, 1, slot)
      },
      leaf,
      splitter,
      GENESYS_EXACT_MAX_RUNS,
    )
    if (runs > GENESYS_EXACT_MAX_RUNS) throw new RefusedError(`the fight has more than ${GENESYS_EXACT_MAX_RUNS.toLocaleString('en-US')} ways for its turns to go`)
    out = [...merged.values()]
    c.set(key, out)
    return out
  }

  const none = new Array<number>(n).fill(0)
  const start: State = { snap: null, key: -1, slot: 0, end: -1, damage: none, finals: none }
  let first: Branch<State>[] | null = null
  const model: FightModel<State> = {
    sides: 2,
    // A step is one initiative slot; a Round gives each fighter his slot.
    clock: { unit: 'Round', stepsPerUnit: scenarioPlan.fighters.length },
    start,
    key: (x) => x.key,
    ending: (x) => (x.end < 0 ? null : x.end === 2 ? 'draw' : x.end),
    step: (x) => {
      if (x.snap) return slotFrom(x.snap, x.key, x.slot)
      // the first slot from each initiative order
      first ??= [...orders.entries()].flatMap(([key, o]) => slotFrom(o.snap, key, 0).map((b) => ({ p: o.p * b.p, next: b.next })))
      return first
    },
    damage: (x) => x.damage,
    finals: (x) => x.finals,
  }
  return { model, runs: () => runs }
}

/** The fight solved (or refused with the reason), one step per initiative slot. */
export function solveGenesysFight(plan: FightPlan): FightSolveResult {
  const why = outOfScope(plan)
  if (why) return { ok: false, reason: why }
  try {
    const { model } = genesysFightModel(plan)
    return solveFight(model, { maxSteps: plan.maxRounds * plan.fighters.length, maxStates: GENESYS_EXACT_MAX_STATES, dropBelow: GENESYS_EXACT_DROP_BELOW })
  } catch (e) {
    if (e instanceof RefusedError) return { ok: false, reason: e.message }
    if (e instanceof Error && /ways for one step to go|rolls in one step/.test(e.message)) return { ok: false, reason: 'a turn has too many ways to go' }
    throw e
  }
}

function sideNames(plan: FightPlan, side: number): string {
  return plan.fighters.filter((f) => f.side === side).map((f) => f.c.name).join(', ')
}

/** The whole fight's exact values under the ids of its sampled metrics (fight-metrics.ts), with the `exact-fight` note. */
export function exactWholeFight(plan: FightPlan): ExactMetric[] {
  const why = outOfScope(plan)
  if (why) return [fightNotSolved(why)]
  const ids: FightMetricIds = {
    winner: {
      id: 'winner',
      label: 'Winner',
      sides: [
        { key: 'A', label: `Side A wins (${sideNames(plan, 0)})` },
        { key: 'B', label: `Side B wins (${sideNames(plan, 1)})` },
      ],
      draw: { key: 'draw', label: 'Draw' },
    },
    length: { id: 'rounds', label: 'Rounds to the end', stepsPerRound: plan.fighters.length },
    finals: plan.fighters.map((f) => ({ id: `defeated:${f.c.id}`, label: `P(defeated): ${f.c.name}`, kind: 'probability' as const })),
  }
  return fightExactMetrics(solveGenesysFight(plan), ids, plan.maxRounds * plan.fighters.length)
}
