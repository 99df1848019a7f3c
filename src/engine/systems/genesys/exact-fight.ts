import { solveFight, type Branch, type FightModel, type FightSolveResult } from '../../core/fight-chain'
import { fightExactMetrics, fightNotSolved, type FightMetricIds } from '../../core/fight-exact'
import { forEachRoll, groupDraw, type DrawBranches } from '../../core/rng-paths'
import type { Rng } from '../../core/rng'
import { sideWinsLabel } from '../../core/metrics'
import { createTally, type Tally } from '../../core/tally'
import { packedAdv, packedNet } from '../../dice/narrative-dice'
import type { CompiledPool } from '../../dice/narrative-roll'
import type { ExactMetric } from '../rule-system'
import { reset, resumeSlot, rollInitiative, roundSlot } from './fight'
import { FREE_ATTACK_DEFERRED } from './fight-attack'
import { defeatedLabel, fightShape, sideNames } from './fight-metrics'
import { ammoAt, compileFight, held, type FightPlan, type FightState } from './fight-plan'
import { genesysExactSize } from './exact-size'
import { aloneOnSide, attackLabel, attackLabelMany, CHARACTERISTIC_D10, critLabel, idleEffects, initiativeLabel, LIMB_D4, mayBoost, outOfAmmo, poolOutcomes, rowBits, type PoolOutcomes } from './exact-labels'

export { poolOutcomes } from './exact-labels'

/**
 * Exact whole fights for Star Wars / Genesys (docs/rules/genesys.md, "Exact whole fights"): a fight of
 * two to four fighters on two sides (a minion group is one) is a Markov chain whose step is one
 * initiative slot. Each step runs the sampler's own slot code
 * (`roundSlot`: the turn's maneuvers, the attack, damage past soak, advantage and threat spent, the end
 * of the round) once for every way its rolls can fall:
 * - a dice pool (initiative, every attack) is one draw over the pool's exact distribution of results,
 *   put in place of the sampler's `rollPool` through `plan.roll`, grouped as the call site reads them
 *   (initiative: net successes and advantage; a miss: its advantage and whether a Despair came up; a
 *   hit: all of it);
 * - the tie-break draws of the 'roll-off' initiative variant are followed as their comparison with the
 *   draws before them (`tieBranches`), the only way the order reads them;
 * - the Critical Injury roll (the fight's only d100) is followed by the effect of the table row it lands
 *   on (EotE Table 6-10), for the d100 + 10 per earlier injury + 10 per extra trigger + Vicious that the
 *   sampler computes and tells the plan before drawing (`plan.critBonus`, `plan.critOn`): 151+ Dead, the
 *   rows with the same effect in this fight taken together, each with its exact chance (k/100);
 * - an Overpowered free attack is a part of the slot of its own: the sampler's attack throws it out
 *   (`plan.deferFreeAttack`), equal stopped turns are merged, and each goes on with `resumeSlot`.
 * A state is the whole fight state the sampler keeps between slots (wounds, strain, injuries and their
 * lasting effects, Aim, cover, stance, range, ammunition, initiative order, each fighter's place in his
 * plan…), made canonical where a difference can no longer change anything (`canonicalise`); the strain
 * spent on maneuvers, a tally only, is not part of it. The clock (Round and slot) is the step count; The
 * End is Nigh is kept counted from the current Round, so a situation goes the same way in every Round.
 *
 * Bounds: at most `GENESYS_EXACT_MAX_STATES` (step, state) pairs, `GENESYS_EXACT_MAX_SITUATIONS` different
 * states, `GENESYS_EXACT_MAX_SLOT_RUNS` replays of one slot and `GENESYS_EXACT_MAX_RUNS` replays of a slot
 * in all (each different situation is worked out once); beyond any of them the fight is refused with the reason. States whose chance falls below
 * `GENESYS_EXACT_DROP_BELOW` are dropped, their total kept in the error bound (core/fight-chain.ts).
 * A fight whose first turn is sure to pass the bound on one slot is refused before any of this
 * (exact-size.ts), with the same reason, in a few milliseconds.
 */

/** Largest number of (step, state) pairs followed before refusing. */
export const GENESYS_EXACT_MAX_STATES = 1_000_000
/** Largest number of different fight states (the clock aside) kept. */
export const GENESYS_EXACT_MAX_SITUATIONS = 100_000
/**
 * Largest number of replays of a slot, all situations together (400,000 is a few seconds of one core:
 * each distinct situation is replayed once per way its slot can go).
 */
export const GENESYS_EXACT_MAX_RUNS = 400_000
/** Largest number of replays of one slot from one situation (every result of the attack, every Critical Injury row it can bring, and Overpowered's free attacks). */
export const GENESYS_EXACT_MAX_SLOT_RUNS = 5_000
/** States whose chance falls below this are dropped, their total kept in the error bound. */
export const GENESYS_EXACT_DROP_BELOW = 1e-20
/** Most fighters (a minion group counts as one) in a fight the exact answer follows. */
export const GENESYS_EXACT_MAX_FIGHTERS = 4

/** The state fields kept between slots (all but the initiative scratch keys, the strain-spent tally and the maneuver scratch). */
const FIELDS = ['wounds', 'strain', 'injuries', 'down', 'advance', 'aims', 'cover', 'prone', 'guarded', 'boost', 'target', 'turnsTaken', 'acted', 'order', 'staggered', 'nextSetback', 'nextIncrease', 'bleeding', 'doom', 'knockedDown', 'noAmmo', 'turnManeuvers', 'noFree', 'winded', 'lame', 'band', 'slowed', 'hurtIncrease', 'hurtSetback', 'hurtUpgrade', 'noBoost', 'brink', 'freeAttack', 'lastSlot', 'assisted', 'reloads', 'defended', 'disengaged', 'weapon', 'crippled', 'maimed', 'brawnLost', 'agilityLost', 'willLost'] as const satisfies readonly (keyof FightState)[]

/** A fighter's own fields, one value per fighter (no range bands or places: others' positions are read beside his). */
const OWN_FIELDS = ['strain', 'injuries', 'aims', 'cover', 'prone', 'guarded', 'boost', 'target', 'turnsTaken', 'acted', 'staggered', 'nextSetback', 'nextIncrease', 'bleeding', 'doom', 'knockedDown', 'turnManeuvers', 'noFree', 'winded', 'lame', 'slowed', 'hurtIncrease', 'hurtSetback', 'hurtUpgrade', 'noBoost', 'brink', 'freeAttack', 'reloads', 'defended', 'disengaged', 'weapon', 'crippled', 'maimed', 'brawnLost', 'agilityLost', 'willLost'] as const satisfies readonly (typeof FIELDS)[number][]

/**
 * The initiative tie-break draw (a number below 1024) of the i-th fighter, when each fighter draws one
 * in roster order: only how it compares with the draws before it is read (they order fighters whose
 * checks gave the same net successes and advantage), so it is followed as equal to each earlier value
 * (1/1024 each) or falling in each gap between them. Every way m distinct values and the ties among n
 * draws can fall in order comes from C(1024, m) sets of values out of 1024ⁿ draws, so a new value falls
 * in each of the m + 1 gaps left by m distinct earlier ones with chance (1024 − m) / ((m + 1) · 1024);
 * its representative is the middle of its gap. `earlier`: the draws before it, as the fight state keeps
 * them.
 */
export function tieBranches(earlier: readonly number[]): DrawBranches {
  const u = [...new Set(earlier)].sort((a, b) => a - b)
  const m = u.length
  const gap = (1024 - m) / ((m + 1) * 1024)
  const values: number[] = []
  const p: number[] = []
  for (let k = 0; k <= m; k++) {
    const lo = k === 0 ? -1 : u[k - 1]
    const hi = k === m ? 1024 : u[k]
    if (hi - lo < 2) throw new RefusedError('too many fighters to follow their initiative ties exactly')
    values.push(Math.floor((lo + hi) / 2))
    p.push(gap)
    if (k < m) {
      values.push(u[k])
      p.push(1 / 1024)
    }
  }
  return { values: Int32Array.from(values), p: Float64Array.from(p) }
}


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

/** A 52-bit hash of a state's fields. */
function hashOf(cur: Int32Array): number {
  let h1 = 0x811c9dc5
  let h2 = 0x9747b28c
  for (let i = 0; i < cur.length; i++) {
    const v = cur[i]
    h1 = Math.imul(h1 ^ v, 0x01000193)
    h2 = Math.imul(h2 ^ v, 0x5bd1e995) ^ (h2 >>> 15)
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 0x85ebca6b) ^ (h1 >>> 13)
  return (h1 >>> 0) * 1048576 + ((h2 >>> 0) & 0xfffff)
}

/** What a replay returns when its turn stopped at an Overpowered free attack (`FREE_ATTACK_DEFERRED`). */
const DEFERRED = -2

/** Plays a piece of a slot; a turn stopped at an Overpowered free attack returns `DEFERRED`. */
function orDeferred(play: () => number): number {
  try {
    return play()
  } catch (e) {
    if (e === FREE_ATTACK_DEFERRED) return DEFERRED
    throw e
  }
}

/** Why a fight with a turn of too many ways to go is refused, in a GM's words. */
export const TURN_REASON = `one turn has more than ${GENESYS_EXACT_MAX_SLOT_RUNS.toLocaleString('en-US')} ways to go (the attack's dice, the Critical Injury rows they can bring and Overpowered's free attacks, each with its own results)`

/** Why this fight gets no exact answer (undefined when it does), in a GM's words. */
export function outOfScope(plan: FightPlan): string | undefined {
  const n = plan.fighters.length
  if (n < 2) return 'fewer than two fighters'
  if (n === 2 && plan.fighters[0].side === plan.fighters[1].side) return 'both fighters are on one side'
  if (n > 2) {
    if (n > GENESYS_EXACT_MAX_FIGHTERS) return `more than ${GENESYS_EXACT_MAX_FIGHTERS} fighters (a minion group counts as one)`
    if (!plan.fighters.some((f) => f.side === 0) || !plan.fighters.some((f) => f.side === 1)) return 'every fighter is on one side'
  }
  return undefined
}

/**
 * Makes two fight states equal when the fight goes on the same way from both (each rule below says why
 * it cannot change any result; the tests check them together against the Monte Carlo, and against the
 * same solve without them, `reduce` false, to 1e-12). Returns the function that does it to the plan's
 * state between two slots: `wrapped` when the slot just played ended the Round, `ended` when the fight is
 * over. Some rules hold only for a fighter alone on his side or with one enemy, as each says. Without `reduce`, only what the solver needs: the plan
 * index past its last turn and The End is Nigh counted from the current Round.
 */
function canonicalise(plan: FightPlan, reduce: boolean): (wrapped: boolean, ended: boolean) => void {
  const s = plan.state
  // A fighter takes at most one turn a Round, so a "turns left" count above the Round cap never runs
  // out in this fight: every count from cap + 1 up reads as cap + 2 ("for good"; one turn later it is
  // again above the cap, and again cap + 2).
  const forGood = plan.maxRounds + 2
  // 10 per injury is added to the Critical Injury roll: once 1 + 10 × injuries (+ the attacker's Vicious)
  // reaches 151, every later Critical Injury is Dead, and more injuries change nothing.
  const injuryCap = plan.fighters.map((f) => Math.max(0, 15 - Math.min(...plan.fighters.filter((o) => o.side !== f.side).flatMap((o) => o.weapons.map((w) => w.w.qualities.vicious)))))
  const lastAttack = plan.fighters.map((f) => f.turns.map((t) => t.action).lastIndexOf('attack'))
  const boosts = plan.fighters.map((f) => mayBoost(plan, f.index))
  const alone = plan.fighters.map((f) => aloneOnSide(plan, f.index))
  const oneFoe = plan.fighters.map((f) => plan.fighters.filter((o) => o.side !== f.side).length === 1)
  const FIELDS_ENDED = ['wounds', 'down'] as const
  return (wrapped, ended) => {
    if (ended && reduce) {
      // the fight is over: the answer reads only each fighter's wounds and who is down
      for (const k of FIELDS) if (!(FIELDS_ENDED as readonly string[]).includes(k)) s[k].fill(0)
      return
    }
    for (const fp of plan.fighters) {
      const f = fp.index
      if (reduce && s.down[f] === 1) {
        // out of a fight that goes on (more than two fighters): nothing reads his own state again but
        // his wounds and that he is down (every look at another fighter asks first whether he stands)
        for (const k of OWN_FIELDS) s[k][f] = 0
        for (let w = 0; w < fp.weapons.length; w++) s.noAmmo[ammoAt(f, w)] = 0
        continue
      }
      // a target who is down is chosen again, as if none were held
      if (reduce && s.target[f] >= 0 && s.down[s.target[f]] === 1) s.target[f] = -1
      // the same fight goes on after any turn past the plan's last: that turn repeats
      s.turnsTaken[f] = Math.min(s.turnsTaken[f], fp.turns.length - 1)
      // The End is Nigh, counted from the Round the state is in (the slots are replayed as Round 1):
      // 1 dies after this Round's last slot, 2 after the next one's
      if (wrapped && s.doom[f] > 0) s.doom[f]--
      if (!reduce) continue
      if (s.staggered[f] >= forGood - 1) s.staggered[f] = forGood
      if (s.noFree[f] >= forGood - 1) s.noFree[f] = forGood
      // only Math.min(7, ·) of it is ever read (the pool has at most 7 extra Difficulty dice from it)
      if (s.hurtIncrease[f] > 7) s.hurtIncrease[f] = 7
      // a minion group's Critical Injury defeats a minion whatever the roll: his count is never read
      s.injuries[f] = fp.minions > 1 ? 0 : Math.min(s.injuries[f], injuryCap[f])
      // alone on his side: he fills his side's last initiative slot, where Slowed Down lets him act anyway
      if (alone[f]) s.slowed[f] = 0
      // reset at the start of each of his turns before anything reads them
      s.turnManeuvers[f] = 0
      s.disengaged[f] = 0
      // one enemy: whatever he held before, he targets the only enemy standing (with more, the target he holds is read)
      if (oneFoe[f]) s.target[f] = -1
      // Scattered Senses takes away Boost dice he can never have (`mayBoost`)
      if (!boosts[f]) s.noBoost[f] = 0
      // He never attacks again (staggered for good, an empty weapon and no reload, or no attack left in
      // his plan): what only his attacks read (Aim, Boost, the next check's Setback or Difficulty, the
      // lasting Difficulty, Setback, upgrades and no-Boost of his injuries, At the Brink) can never matter.
      // only Math.min(4, ·) of limbs lost is ever read (a Setback die each)
      if (s.maimed[f] > 4) s.maimed[f] = 4
      const noReload = outOfAmmo(plan, f)
      if (s.staggered[f] >= forGood || noReload || s.turnsTaken[f] > lastAttack[f]) {
        s.aims[f] = 0
        s.boost[f] = 0
        s.nextSetback[f] = 0
        s.nextIncrease[f] = 0
        s.hurtIncrease[f] = 0
        s.hurtSetback[f] = 0
        s.hurtUpgrade[f] = 0
        s.noBoost[f] = 0
        s.brink[f] = 0
        s.crippled[f] = 0
        s.maimed[f] = 0
        s.agilityLost[f] = 0
      }
    }
  }
}

/**
 * The fight as a chain over slots (a fresh plan of the same scenario: the solver replays its state);
 * `reduce` false keeps every difference between states (`canonicalise`), for the tests.
 */
export function genesysFightModel(scenarioPlan: FightPlan, reduce = true): { model: FightModel<State>; runs: () => number } {
  const plan = compileFight(scenarioPlan.scenario)
  const s = plan.state
  const n = plan.fighters.length
  const tally: Tally = createTally(fightShape(plan))
  const size = FIELDS.reduce((a, k) => a + s[k].length, 0)

  const outcomes = new Map<CompiledPool, PoolOutcomes>()
  const initiativePools = new Set(plan.fighters.map((f) => f.initiativePool))
  let pending: PoolOutcomes | null = null
  /** The initiative result rolled last (the tie-break drawn next is that fighter's). */
  let lastInitiative = 0
  let ties = 0
  /** The pool rolled last (an Overpowered free attack rolls it again), and every attack pool by number. */
  let lastPool: CompiledPool | null = null
  const poolIds = new Map<CompiledPool, number>()
  const poolList: CompiledPool[] = []
  // with more than two fighters an Overpowered free attack is followed inside its turn, as the sampler plays it
  plan.deferFreeAttack = n === 2
  plan.roll = (rng: Rng, cp: CompiledPool): number => {
    let o = outcomes.get(cp)
    if (!o) outcomes.set(cp, (o = poolOutcomes(cp, initiativePools.has(cp) ? initiativeLabel : n === 2 ? attackLabel : attackLabelMany)))
    pending = o
    lastPool = cp
    const v = o.values[rng.below(o.values.length)]
    if (initiativePools.has(cp)) lastInitiative = v
    return v
  }
  /** The Critical Injury's d100 by the effect its row has on the fight, for the bonus and target the sampler set (plan.critBonus, plan.critOn). */
  const critCache = new Map<number, DrawBranches>()
  const forGood = plan.maxRounds + 2
  const lastAttack = plan.fighters.map((f) => f.turns.map((x) => x.action).lastIndexOf('attack'))
  const critBranches = (): DrawBranches => {
    const t = plan.critOn
    const bonus = plan.critBonus
    // without the reductions (a test's plain solve) every effect is followed as it is
    const idle = reduce ? idleEffects(plan, t, forGood, lastAttack) : held(plan, t).w.skill === 'brawl' ? rowBits('sudden-jolt') : 0
    const key = (bonus * n + t) * 2 ** 30 + idle
    let b = critCache.get(key)
    if (!b) critCache.set(key, (b = groupDraw(100, (i) => critLabel(plan, t, i + 1 + bonus, idle))))
    return b
  }
  const splitter = (k: number): DrawBranches => {
    if (pending) {
      const o = pending
      pending = null
      return o.branches
    }
    if (k === 100) return critBranches()
    // a Horrific or Gruesome Injury's d10, by the characteristic it lowers as the fight reads it; a Crippled limb's d4, by whether it is his fighting arm
    if (k === 10) return CHARACTERISTIC_D10
    if (k === 4) return LIMB_D4
    if (k === 1024 && n === 2) return ties++ === 0 ? FIRST_TIE : SECOND_TIE
    if (k === 1024) {
      // rollInitiative: each fighter's draw, in roster order, right after his check, kept in his key
      // ((net successes × 64 + advantage) × 2048 + twice the draw); only fighters whose checks gave the
      // same net successes and advantage are ever told apart by it, so it is compared with theirs alone
      const i = ties++
      const group = packedNet(lastInitiative) * 64 + packedAdv(lastInitiative)
      const earlier: number[] = []
      for (let j = 0; j < i; j++) if (Math.floor(s.keys[j] / 2048) === group) earlier.push((s.keys[j] - group * 2048) / 2)
      return tieBranches(earlier)
    }
    throw new RefusedError('a roll the exact answer cannot follow')
  }

  const fields = FIELDS.map((k) => s[k])
  const cur = new Int32Array(size)
  /**
   * Every state met, by a 52-bit hash of its fields: a state is known by its hash, and a second state
   * with the hash of another is refused (never merged), so equal keys always mean equal states.
   */
  const interned = new Map<number, Int32Array>()
  const canonical = canonicalise(plan, reduce)
  /**
   * The fight state into `cur` (made canonical first: `canonicalise`); returns its hash. `wrapped`: the
   * slot just played ended the Round; `ended`: the fight is over.
   */
  const read = (wrapped: boolean, ended: boolean): number => {
    canonical(wrapped, ended)
    let o = 0
    for (let j = 0; j < fields.length; j++) {
      const a = fields[j]
      for (let i = 0; i < a.length; i++) cur[o++] = a[i]
    }
    return hashOf(cur)
  }
  /** The fight state as it stands (mid-turn: nothing made canonical) into `cur`; returns its hash. */
  const raw = (): number => {
    let o = 0
    for (let j = 0; j < fields.length; j++) {
      const a = fields[j]
      for (let i = 0; i < a.length; i++) cur[o++] = a[i]
    }
    return hashOf(cur)
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
    for (let j = 0; j < fields.length; j++) {
      const a = fields[j]
      for (let i = 0; i < a.length; i++) a[i] = snap[o++]
    }
  }

  reset(plan)
  const blank = intern(read(false, false))
  // initiative: every order with its chance (the fight's start distribution)
  const orders = new Map<number, { snap: Int32Array; p: number }>()
  let runs = forEachRoll(
    (rng) => {
      ties = 0
      restore(blank)
      rollInitiative(plan, rng)
    },
    (_, p) => {
      const key = read(false, false)
      const seen = orders.get(key)
      if (seen) seen.p += p
      else orders.set(key, { snap: intern(key), p })
    },
    splitter,
  )

  const offsetOf = (field: (typeof FIELDS)[number]): number => FIELDS.slice(0, FIELDS.indexOf(field)).reduce((a, k) => a + s[k].length, 0)
  const downAt = offsetOf('down')
  const woundsAt = offsetOf('wounds')
  /** Every way a slot goes from a state: by slot, then the state's key (built once, reused at every step). */
  const caches: Map<number, Branch<State>[]>[] = []
  /**
   * Every way one slot goes from `snap`. The Round is read only by The End is Nigh, which the state keeps
   * counted from the current Round (`canonicalise`): the slot is replayed as Round 1, so a situation goes
   * the same way in every Round and is worked out once.
   */
  const slotFrom = (snap: Int32Array, key: number, slot: number): Branch<State>[] => {
    const c = (caches[slot] ??= new Map())
    let out = c.get(key)
    if (out) return out
    const merged = new Map<number, Branch<State>>()
    const next = (slot + 1) % n
    /**
     * Turns stopped at an Overpowered free attack (the state as it stands mid-turn, not made canonical,
     * and the pool to roll again), merged when equal: each is followed on once, with its chance.
     */
    let stopped = new Map<string, { snap: Int32Array; pool: number; p: number }>()
    let scale = 1
    const leaf = (end: number, p: number): void => {
      if (end === DEFERRED) {
        const h = raw()
        const pool = poolIds.get(lastPool as CompiledPool) ?? poolList.push(lastPool as CompiledPool) - 1
        poolIds.set(lastPool as CompiledPool, pool)
        const k = `${h}:${pool}`
        const seen = stopped.get(k)
        if (seen) {
          for (let i = 0; i < size; i++) if (seen.snap[i] !== cur[i]) throw new RefusedError('two fight states look alike to the exact answer (a rare limit of its bookkeeping)')
          seen.p += scale * p
        } else stopped.set(k, { snap: cur.slice(), pool, p: scale * p })
        return
      }
      const k = read(next === 0, end >= 0)
      const seen = merged.get(k)
      if (seen) {
        if (seen.next.end !== end) throw new RefusedError('two fight states look alike to the exact answer (a rare limit of its bookkeeping)')
        seen.p += scale * p
      } else {
        const snapNext = intern(k)
        const damage = Array.from(snapNext.subarray(woundsAt, woundsAt + n))
        const finals = Array.from(snapNext.subarray(downAt, downAt + n))
        merged.set(k, { p: scale * p, next: { snap: snapNext, key: k, slot: next, end, damage, finals } })
      }
    }
    let slotRuns = forEachRoll(
      (rng) => {
        pending = null
        restore(snap)
        return orDeferred(() => roundSlot(plan, rng, tally, 1, slot))
      },
      leaf,
      splitter,
      GENESYS_EXACT_MAX_SLOT_RUNS,
    )
    // each stopped turn goes on from its free attack (which can stop at another one: followed the same way)
    while (stopped.size > 0) {
      const todo = [...stopped.values()]
      stopped = new Map()
      for (const x of todo) {
        scale = x.p
        restore(x.snap)
        const f = s.freeAttack[0] === 1 ? 0 : 1
        slotRuns += forEachRoll(
          (rng) => {
            pending = null
            restore(x.snap)
            return orDeferred(() => resumeSlot(plan, rng, tally, f, 1 - f, poolList[x.pool], 1, slot))
          },
          leaf,
          splitter,
          GENESYS_EXACT_MAX_SLOT_RUNS,
        )
        if (slotRuns > GENESYS_EXACT_MAX_SLOT_RUNS) throw new Error(`more than ${GENESYS_EXACT_MAX_SLOT_RUNS} ways for one step to go`)
      }
    }
    scale = 1
    runs += slotRuns
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

/**
 * The fight solved (or refused with the reason), one step per initiative slot; `reduce` as in
 * `genesysFightModel`; `sizeFirst` false skips the estimate that refuses at once (the tests check that
 * the solve refuses each fight it refuses).
 */
export function solveGenesysFight(plan: FightPlan, reduce = true, sizeFirst = true): FightSolveResult {
  const why = outOfScope(plan)
  if (why) return { ok: false, reason: why }
  // refused at once when a first turn is sure to pass the bound on one turn (exact-size.ts: a floor of
  // the ways the solve below would follow it), before the chain is built or the budget looked at
  if (reduce && sizeFirst && genesysExactSize(plan).most > GENESYS_EXACT_MAX_SLOT_RUNS) return { ok: false, reason: TURN_REASON }
  try {
    const { model } = genesysFightModel(plan, reduce)
    return solveFight(model, { maxSteps: plan.maxRounds * plan.fighters.length, maxStates: GENESYS_EXACT_MAX_STATES, dropBelow: GENESYS_EXACT_DROP_BELOW })
  } catch (e) {
    if (e instanceof RefusedError) return { ok: false, reason: e.message }
    if (e instanceof Error && /ways for one step to go|rolls in one step/.test(e.message)) return { ok: false, reason: TURN_REASON }
    throw e
  }
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
        { key: 'A', label: sideWinsLabel('A', sideNames(plan, 0)) },
        { key: 'B', label: sideWinsLabel('B', sideNames(plan, 1)) },
      ],
      draw: { key: 'draw', label: 'Draw' },
    },
    length: { id: 'rounds', label: 'Rounds to the end', stepsPerRound: plan.fighters.length },
    finals: plan.fighters.map((f) => ({ id: `defeated:${f.c.id}`, label: defeatedLabel(f.c.name), kind: 'probability' as const })),
  }
  return fightExactMetrics(solveGenesysFight(plan), ids, plan.maxRounds * plan.fighters.length)
}
