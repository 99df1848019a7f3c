import type { Branch, FightModel, FightSolveResult } from '../../core/fight-chain'
import { fightExactMetrics, fightNotSolved, solveOrRefuse } from '../../core/fight-exact'
import type { Rng } from '../../core/rng'
import { everyValue, forEachRoll, groupDraw, type DrawBranches } from '../../core/rng-paths'
import { createTally } from '../../core/tally'
import { killingBodyExact, normalDamageExact, stunMultiplierExact, type DamageRoll, type HeroDice } from '../../dice/hero-damage'
import { heroSucceeds, THREE_D6_TOTAL_OF_INDEX } from '../../dice/three-d6'
import type { ExactMetric } from '../rule-system'
import { dueNow, playSegment, reset, sideDown } from './fight'
import { rollFixedRanks } from './order'
import type { Plan } from './plan'
import { COMBAT_START, segmentOf } from './speed-chart'
import { FightState } from './state'

/**
 * Exact whole fights for HERO (docs/rules/hero.md, "Exact whole fights"): a 1-vs-1 fight is a Markov chain
 * whose step is one Segment. Each step runs the sampler's own Segment code (`playSegment`, with the
 * opening rank roll where it falls) once for every way its rolls can fall: an Attack Roll as hit or miss
 * against its target, a hit's damage as one outcome of its exact (STUN, BODY) distribution, other 3d6
 * rolls by their total, single dice by face. A state is everything the fight keeps between Segments
 * (STUN, BODY, END, Stunned, Knocked Out, held and delayed actions, Dodges, Blocks, the Speed Chart
 * bookkeeping); the running totals the report counts (STUN taken, END spent…) are not part of it. The
 * Segment clock is the step count.
 *
 * Bounds: at most `HERO_EXACT_MAX_RUNS` replays of a Segment in all; beyond that the fight is refused with
 * the reason. Every Segment is replayed outcome by outcome, so only fights with few situations fit: a
 * hit that usually ends the fight. Most fights (STUN, END and Stunned taking many values) are refused.
 */

/** Largest number of replays of a Segment, all situations together. */
export const HERO_EXACT_MAX_RUNS = 60_000
/** Largest number of (Segment, situation) pairs followed. */
export const HERO_EXACT_MAX_STATES = 200_000
/** Situations whose chance falls below this are dropped, their total kept in the error bound. */
export const HERO_EXACT_DROP_BELOW = 1e-20

const TOO_MANY = 'the fight has too many different situations to follow exactly (STUN, BODY, END and Stunned take too many combinations); the sampled answer stands alone'

/** Fields of the fight state that are running totals for the report or scratch, not part of what comes next. */
const NOT_STATE = new Set(['endUsed', 'stunPaid', 'stunTaken', 'stunDealt', 'bodyTaken', 'eWho', 'eKey', 'eKind', 'eDone', 'gEntry', 'gKey', 'gSame'])

/** Draws of this size and above stand for a hit's whole damage (far above what `below` takes for dice). */
const HIT_DRAW = 1 << 24

interface HState {
  snap: Int32Array
  id: number
  /** Segment this state stands at the end of (absolute, from 12). */
  abs: number
  /** Winning side, 'draw' when both sides are out together, null while the fight goes on. */
  end: number | 'draw' | null
  finals: number[]
  lost: number[]
}

/** Why this fight gets no exact answer, in a GM's words, or undefined when it can get one. */
export function heroExactScope(p: Plan): string | undefined {
  if (p.n !== 2) return `the exact answer covers 1-vs-1 fights, and this fight has ${p.n} combatants`
  if (p.rules.capMostHealth) return 'the exact answer calls a fight still going at the Turn cap a draw; under "the side with more STUN and BODY left wins" it is not worked out'
  return undefined
}

/** A hit's (STUN, BODY) before defences, as the sampler rolls them (attack.ts), with their chances. */
function hitTable(dice: HeroDice, killing: boolean, p: Plan): { stun: number[]; body: number[]; p: Float64Array } {
  const stun: number[] = []
  const body: number[] = []
  const q: number[] = []
  if (killing) {
    const b = killingBodyExact(dice)
    const mult = stunMultiplierExact(p.rules.stunMultiplier)
    const byKey = new Map<number, number>()
    b.counts.forEach((w, bv) => {
      if (w === 0) return
      mult.forEach((m, mv) => {
        if (m === 0) return
        const k = bv * mv * 1000 + bv
        byKey.set(k, (byKey.get(k) ?? 0) + (w / b.total) * (m / 6))
      })
    })
    for (const [k, x] of byKey) {
      stun.push(Math.floor(k / 1000))
      body.push(k % 1000)
      q.push(x)
    }
  } else {
    const d = normalDamageExact(dice, p.rules.halfDieBody)
    for (const [k, w] of d.counts) {
      stun.push(Math.floor(k / 1000))
      body.push(k % 1000)
      q.push(w / d.total)
    }
  }
  return { stun, body, p: Float64Array.from(q) }
}

/** The fight as a chain of Segments, built from the compiled plan (with a fight state of its own). */
export function heroFightModel(plan: Plan): FightModel<HState> & { runs(): number } {
  const st = new FightState(plan.n, plan.st.turnSlots, plan.st.absSlots, false)
  st.tally = createTally({ counters: plan.layout.counters, bins: plan.layout.bins })
  const p: Plan = { ...plan, st }
  const hits = [0, 1].flatMap((a) => [hitTable(plan.dice[a], plan.killing[a] === 1, plan), hitTable(plan.hayDice[a], plan.killing[a] === 1, plan)])
  st.exactHit = (rng: Rng, a: number, haymaker: boolean, out: DamageRoll): void => {
    const t = hits[a * 2 + (haymaker ? 1 : 0)]
    const k = rng.below(HIT_DRAW + a * 2 + (haymaker ? 1 : 0))
    out.stun = t.stun[k]
    out.body = t.body[k]
  }
  const hitBranches = hits.map((t): DrawBranches => ({ values: Int32Array.from(t.p, (_, i) => i), p: t.p }))
  const cache = new Map<number, DrawBranches>()
  const split = (n: number): DrawBranches => {
    if (n >= HIT_DRAW) return hitBranches[n - HIT_DRAW]
    if (n === 216 && st.attackTarget !== null) {
      const target = st.attackTarget
      const k = -1e6 - target
      let b = cache.get(k)
      if (!b) cache.set(k, (b = groupDraw(216, (i) => (heroSucceeds(THREE_D6_TOTAL_OF_INDEX[i], target) ? 1 : 0))))
      return b
    }
    let b = cache.get(n)
    if (!b) cache.set(n, (b = n === 216 ? groupDraw(216, (i) => THREE_D6_TOTAL_OF_INDEX[i]) : everyValue(n)))
    return b
  }

  const fields: (Int32Array | Uint8Array)[] = []
  for (const [name, v] of Object.entries(st)) {
    if (NOT_STATE.has(name)) continue
    if (v instanceof Int32Array || v instanceof Uint8Array) fields.push(v)
  }
  const size = fields.reduce((s, f) => s + f.length, 0) + 2
  const buf = new Int32Array(size)
  const pack = (): number => {
    let o = 0
    for (const f of fields) for (let i = 0; i < f.length; i++) buf[o++] = f[i]
    buf[o] = st.slot
    buf[o + 1] = st.firstActor
    let h1 = 0x811c9dc5
    let h2 = 0x01000193
    for (let i = 0; i < size; i++) {
      h1 = Math.imul(h1 ^ buf[i], 0x01000193)
      h2 = Math.imul(h2 + buf[i], 0x5bd1e995) ^ (h2 >>> 15)
    }
    return (h1 >>> 0) * 0x200000 + (h2 & 0x1fffff)
  }
  const unpack = (snap: Int32Array): void => {
    let o = 0
    for (const f of fields) for (let i = 0; i < f.length; i++) f[i] = snap[o++]
    st.slot = snap[o]
    st.firstActor = snap[o + 1]
  }
  const known = new Map<number, HState[]>()
  let ids = 0
  /** record.ts outcome, once a side is out. */
  const endOf = (): number | 'draw' | null => {
    const aDown = sideDown(p, st, 0)
    const bDown = sideDown(p, st, 1)
    if (!aDown && !bDown) return null
    return aDown && bDown ? 'draw' : bDown ? 0 : 1
  }
  const situation = (h: number, abs: number): HState => {
    let bucket = known.get(h)
    if (!bucket) known.set(h, (bucket = []))
    outer: for (const x of bucket) {
      for (let i = 0; i < size; i++) if (x.snap[i] !== buf[i]) continue outer
      if (x.abs === abs) return x
    }
    const made: HState = {
      snap: buf.slice(),
      id: ids++,
      abs,
      end: endOf(),
      finals: [0, 1].map((i) => (st.ko[i] | st.dead[i] ? 1 : 0)),
      lost: [0, 1].map((i) => plan.bodyMax[i] - st.body[i]),
    }
    bucket.push(made)
    return made
  }

  reset(p, st)
  st.abs = COMBAT_START - 1
  const start = situation(pack(), COMBAT_START - 1)
  let runs = 0

  const step = (s: HState): Branch<HState>[] => {
    const abs = s.abs + 1
    const merged = new Map<number, { p: number; next: HState }>()
    runs += forEachRoll(
      (rng) => {
        unpack(s.snap)
        st.abs = abs
        if (abs === COMBAT_START && plan.rules.tieRule === 'fixed') rollFixedRanks(p, st, rng)
        const seg = segmentOf(abs)
        // fight.ts runFight: a Segment where nobody has a Phase and nothing comes due changes nothing
        if (!(plan.segmentMask[seg] === 0 && seg !== 12 && !dueNow(p, st))) playSegment(p, st, rng)
        const next = situation(pack(), abs)
        let m = merged.get(next.id)
        if (!m) merged.set(next.id, (m = { p: 0, next }))
        return m
      },
      (m, q) => {
        m.p += q
      },
      split,
      Math.max(1, HERO_EXACT_MAX_RUNS - runs),
    )
    return [...merged.values()]
  }

  return {
    sides: 2,
    clock: { unit: 'Segment', stepsPerUnit: 1 },
    start,
    key: (s) => s.id,
    ending: (s) => s.end,
    step,
    damage: (s) => s.lost,
    finals: (s) => s.finals,
    runs: () => runs,
  }
}

/** Solves a HERO 1-vs-1 fight exactly, or says why not. One step of the chain is one Segment. */
export function solveHeroFight(plan: Plan): FightSolveResult {
  const options = { maxSteps: plan.endAbs - COMBAT_START + 1, maxStates: HERO_EXACT_MAX_STATES, dropBelow: HERO_EXACT_DROP_BELOW }
  return solveOrRefuse(heroExactScope(plan), () => heroFightModel(plan), options, TOO_MANY)
}

/**
 * The whole fight's exact values under the ids of the sampled metrics: who wins (each side, both out at
 * once, a draw at the Turn cap), the fight's length in Segments, and each combatant knocked out.
 */
export function exactHeroFight(plan: Plan): ExactMetric[] {
  const why = heroExactScope(plan)
  if (why) return [fightNotSolved(why)]
  const r = solveHeroFight(plan)
  const maxSteps = plan.endAbs - COMBAT_START + 1
  const c = plan.combatants
  const names = (side: string): string => c.filter((x) => x.side === side).map((x) => x.name).join(' & ')
  const out = fightExactMetrics(
    r,
    {
      length: { id: 'fight-length', label: 'Fight length (Segments)' },
      finals: c.map((x) => ({ id: `knocked-out:${x.id}`, label: `Knocked out: ${x.name}`, kind: 'probability' as const })),
    },
    maxSteps,
  )
  if (r.ok) {
    const s = r.solution
    out.push({
      id: 'wins',
      label: 'Who wins',
      kind: 'order',
      outcomes: [
        { key: 'A', label: `Side A wins (${names('A')})`, p: s.win[0] },
        { key: 'B', label: `Side B wins (${names('B')})`, p: s.win[1] },
        { key: 'mutual', label: 'Both sides out at once', p: s.draw },
        { key: 'cap', label: `Draw at the Turn cap (${plan.scenario.turnCap} Turns)`, p: s.atCap },
      ],
    })
  }
  return out
}
