import { checkFightSolveBudget, FightBudgetExceeded, type FightSolution, type FightSolveResult } from '../../core/fight-chain'
import { FightRefusal, fightExactMetrics, fightNotSolved } from '../../core/fight-exact'
import { forEachRoll } from '../../core/rng-paths'
import { createTally } from '../../core/tally'
import type { ExactMetric } from '../rule-system'
import { Aoa, Cond, Maneuver, TargetRule } from './codes'
import { canonicalScope, canonicalise, hpClass } from './canonical'
import { solveInPlace } from './exact-clockless'
import { clearTurnScratch, constantFields, copyIn, copyOut, drawSplitter, fieldOffset, fieldsOf } from './exact-fight'
import { blowInjuries, reachableHp } from './exact-size'
import { resetFight, rollSequence } from './fight'
import { applyInjury } from './injury'
import { sideLabel } from './log'
import type { Plan } from './plan'
import { MAX_ARMS } from './fighter'
import { FightState } from './state'
import { takeTurn } from './turn'

/**
 * Exact whole fights of three fighters or more (docs/rules/gurps.md, "Exact whole fights"), such as two
 * thugs against one swordsman, solved without the clock as the duel is (exact-clockless.ts).
 *
 * A state is a situation (everything the fight remembers between turns but HP, told apart only by what can
 * still change the fight: canonical.ts), whose turn it is (a place in the turn sequence) and every
 * fighter's HP. A turn is the sampler's own turn code (turn.ts takeTurn) run once for every way its rolls
 * can fall (core/rng-paths.ts, with the duel solver's reading of each roll), in two parts: up to the blow's
 * injury, then the injury (injury.ts applyInjury). The first part reads HP only through `hpClass` (below a
 * third, at 0 or less and how far below) and, for a fighter who picks the weakest or most injured foe,
 * through which foe that is, so it is worked out once for all states alike in those; the injury once per
 * victim's HP. A fighter taken out is skipped, as the sampler skips his turns.
 *
 * HP never go back up and a turn lowers at most one fighter's HP (one blow a turn: fights with Waits or
 * All-Out Attack (Double) are left out), so taking the HP of all fighters from the highest down (the
 * first fighter's, then the second's…), all the chance that will ever reach a set of HP has arrived before
 * it is taken. Within one set only turns that change no HP lead from one state to another: their expected
 * visits solve a small linear system exactly, and what leaves is passed on once. No chance is dropped; the
 * scenario's turn cap is not followed, but the chance the fight is still going at the cap is bounded (as
 * in exact-clockless.ts) and counted in the error.
 */

/** Largest number of states (situation, turn, every HP) worked out before refusing. */
export const MULTI_MAX_STATES = 3_000_000
/** Largest number of states one set of HP may hold in its linear system. */
export const MULTI_MAX_BLOCK = 400
/**
 * Largest estimated states (`gurpsMultiSize`) worth trying: fights whose fighters can be at few HP each (a
 * fight where every blow that lands takes its victim out: about 0.4 s). A fight whose fighters linger at
 * many HP (the swordsman against two thugs: about 1.1 million) is out of reach: every turn is replayed from
 * the sampler's code for each of its situations, and they are far too many.
 */
export const MULTI_MAX_ESTIMATE = 20_000
/** Largest chance, proven, that the fight is still going at the cap (else refused). */
export const MULTI_CAP_BOUND = 1e-9

const TOO_MANY = 'the fight has too many different situations to follow exactly (every fighter\'s HP, shock, stun, posture and distance take too many combinations); the sampled answer stands alone'
const FOREVER = 'the fight can go on forever with nobody hurt (some situation repeats with certainty); the sampled answer stands alone'
const RUNS_TO_CAP = 'the fight too often lasts to its turn cap to be solved without following every turn; the sampled answer stands alone'

/** Why this fight of three or more gets no exact answer from its rules alone, in a GM's words; undefined when it can. */
export function gurpsMultiScope(plan: Plan): string | undefined {
  const n = plan.fighters.length
  if (n > 5) return `the exact answer covers fights of up to 5 fighters, and this one has ${n}`
  if (plan.fighters.some((f) => f.hpMax > 150)) return 'the fight has too many different situations to follow exactly (a fighter has more than 150 HP); the sampled answer stands alone'
  const scope = canonicalScope(plan)
  if (scope.waits) return `the exact answer of a fight of ${n} covers fights without Waits (a Wait's blow can land inside another fighter's turn), and this one has them; the sampled answer stands alone`
  if (plan.fighters.some((f) => f.steps.some((s) => s.maneuver === Maneuver.AllOutAttack && s.option === Aoa.Double))) return `the exact answer of a fight of ${n} covers one blow a turn, and All-Out Attack (Double) strikes twice; the sampled answer stands alone`
  return undefined
}

export interface GurpsMultiSize {
  /** For each fighter, how many HP values he can be at after the blows of a fight (down to −5×HP). */
  liveHp: number[]
  /** Estimated states: every fighter's HP values together, times the conditions that go with them. */
  states: number
}

/**
 * States (shock, stun, posture, distances, defences used, whose turn) that go with one set of HP: 30 to 350 in
 * small fights of three measured, each with 20 to 55 ways its turn goes.
 */
export const MULTI_SITUATIONS_PER_HP = 100

/**
 * How big the fight is, from the damage dice alone (worked out in well under a millisecond): each
 * fighter's HP values reachable by the blows of his foes, multiplied together and by the conditions that go
 * with each set.
 */
export function gurpsMultiSize(plan: Plan): GurpsMultiSize {
  const f = plan.fighters
  const liveHp = f.map((v, i) => {
    const injuries = [...new Set(f.flatMap((a, j) => (a.side === v.side ? [] : blowInjuries(plan, j, i))))].sort((x, y) => x - y)
    return reachableHp(v.hpMax, injuries, 6 * v.hpMax)
  })
  return { liveHp, states: liveHp.reduce((a, b) => a * b, 1) * MULTI_SITUATIONS_PER_HP }
}

/** The refusal for a fight far out of reach, from its estimated size (in a GM's words), or undefined. */
export function gurpsMultiTooBig(plan: Plan): string | undefined {
  const size = gurpsMultiSize(plan)
  if (size.states <= MULTI_MAX_ESTIMATE) return undefined
  const about = Number(size.states.toPrecision(2)).toLocaleString('en-US')
  const f = plan.fighters
  const rest = f.slice(1).map((x, i) => `${x.name} at ${size.liveHp[i + 1]}`)
  const others = `${rest.slice(0, -1).join(', ')}${rest.length > 1 ? ' and ' : ''}${rest[rest.length - 1]}`
  return `the fight has too many different situations to follow exactly: about ${about} (${f[0].name} can fight on at ${size.liveHp[0]} different HP, ${others}, in every combination, each with shock, stun, posture and distances); the sampled answer stands alone`
}

/** Small integer sets of int32 values, each numbered once (a hash, checked value by value on a hit). */
class Numbering {
  readonly items: Int32Array[] = []
  private readonly byHash = new Map<number, number[]>()
  constructor(private readonly size: number) {}
  /** The number of the values in `buf`, made (a copy) when new. */
  of(buf: Int32Array): number {
    const size = this.size
    let h1 = 0x811c9dc5
    let h2 = 0x01000193
    for (let i = 0; i < size; i++) {
      h1 = Math.imul(h1 ^ buf[i], 0x01000193)
      h2 = Math.imul(h2 + buf[i], 0x5bd1e995) ^ (h2 >>> 15)
    }
    const h = (h1 ^ Math.imul(h2, 0x27d4eb2d)) & 0x3fffffff
    let bucket = this.byHash.get(h)
    if (!bucket) this.byHash.set(h, (bucket = []))
    outer: for (const k of bucket) {
      const x = this.items[k]
      for (let i = 0; i < size; i++) if (x[i] !== buf[i]) continue outer
      return k
    }
    const k = this.items.length
    this.items.push(buf.slice(0, size))
    bucket.push(k)
    return k
  }
}

/** One way the first part of a turn (up to the blow's injury) can go. */
interface Part {
  p: number
  /** The situation after it, with the HP and the shock carried by everyone but the one acting as they were before (set to 0). */
  snap: Int32Array
  /** The injury held (0: none), its victim and attacker, doubled shock, major wound. */
  injury: number
  victim: number
  attacker: number
  doubled: boolean
  major: boolean
  /** Without injury: the next situation, by the shock others carry. */
  plain: Map<number, number>
  /** With one: every way it falls, by the victim's HP and the shock others carry. */
  hurts: Map<number, Hurts>
}

/** Every way a turn goes: chance, next situation, victim (−1: nobody hurt) and his HP after. */
interface Turns {
  p: Float64Array
  sid: Int32Array
  v: Int32Array
  hp: Int32Array
}

interface Hurts {
  p: Float64Array
  hp: Int32Array
  sid: Int32Array
}

/** Where the answer of a fight of three or more goes beyond `FightSolution`. */
export interface MultiSolution extends FightSolution {
  /** The proven bound on the chance the fight is still going at the cap (part of `massError`). */
  capBound: number
  /** Expected turns taken, counting only the turns of fighters still in the fight. */
  meanTurns: number
}

const LIVE = -1
const DRAW = -2
/** z of the cap bound, as in exact-clockless.ts. */
const Z_TRIES = [1.25, 1.08, 1.02]

export interface MultiLimits {
  /** Tests only: work out each turn's first part for every set of HP on its own (false) instead of once per HP class. */
  classes?: boolean
  maxStates?: number
}

/** Solves a GURPS fight of three fighters or more without its clock, or says why not. */
export function solveGurpsMulti(plan: Plan, limits: MultiLimits = {}): { ok: true; solution: MultiSolution } | { ok: false; reason: string } {
  const why = gurpsMultiScope(plan) ?? gurpsMultiTooBig(plan)
  if (why) return { ok: false, reason: why }
  try {
    const model = multiModel(plan, limits)
    let best: MultiSolution | undefined
    for (const z of Z_TRIES) {
      const r = solveWith(plan, model, z, limits.maxStates ?? MULTI_MAX_STATES)
      if (!best || r.capBound < best.capBound) best = r
      if (best.capBound <= 1e-12) break
    }
    const s = best as MultiSolution
    if (!(s.capBound <= MULTI_CAP_BOUND)) return { ok: false, reason: RUNS_TO_CAP }
    return { ok: true, solution: s }
  } catch (e) {
    if (e instanceof FightRefusal || e instanceof FightBudgetExceeded) return { ok: false, reason: e.message }
    if (e instanceof Error && /^more than /.test(e.message)) return { ok: false, reason: TOO_MANY }
    throw e
  }
}

type MultiModel = ReturnType<typeof multiModel>

/** The turns of the fight, worked out from the sampler's code as they are needed. */
function multiModel(plan: Plan, limits: MultiLimits) {
  const n = plan.fighters.length
  const st = new FightState(n)
  st.tally = createTally(plan.layout.shape)
  // the block a fight clears at its start (state.ts zeroedEachFight) views fields kept one by one, tallies among them: not a field of its own
  const fields = fieldsOf(st, constantFields(plan).add('zeroedEachFight'))
  const size = fields.names.reduce((s, [, len]) => s + len, 0)
  const offsetOf = (name: string): number => fieldOffset(fields, name)
  const CARRY = offsetOf('shockCarry')
  const ORDER = offsetOf('order')
  const COND = offsetOf('cond')
  const scope = canonicalScope(plan)
  const split = drawSplitter(st, plan.rules.mortalWound)
  const buf = new Int32Array(size)
  const hpMax = plan.fighters.map((f) => f.hpMax)
  const sideOf = plan.fighters.map((f) => f.side)

  const unpack = (snap: Int32Array): void => {
    copyIn(fields, snap)
    clearTurnScratch(st)
    st.round = 2
  }

  /**
   * A fighter taken out never acts again, is never attacked and never defends (turn.ts skips him; maneuver.ts
   * pickTarget passes him over), so nothing reads his fields any more but whether he is out (and dead): they
   * are set to one value (0), as are the yards between him and anyone, and a Feint on him (read only against
   * him). Which foe another fighter last had is kept: a retreat that keeps his attack reads it.
   */
  const perFighter = fields.names.filter(([name, len]) => len === n && name !== 'cond' && name !== 'hp' && name !== 'order').map(([name]) => (st as unknown as Record<string, Int32Array | Uint8Array | Int8Array>)[name])
  const forgetFallen = (): void => {
    for (let j = 0; j < n; j++) {
      if (st.cond[j] === Cond.Ok) continue
      for (const a of perFighter) a[j] = 0
      for (let k = 0; k < MAX_ARMS; k++) st.shotsLeft[j * MAX_ARMS + k] = 0
      for (let k = 0; k < n; k++) {
        st.dist[j * n + k] = 0
        st.dist[k * n + j] = 0
        if (st.feintOn[k] === j) {
          st.feintOn[k] = -1
          st.feintMargin[k] = 0
          st.feintTurn[k] = 0
        }
      }
    }
  }

  /** Situations (HP set aside) and how each ends: LIVE, DRAW or the winning side. */
  const situations = new Numbering(size)
  const ends: number[] = []
  /** By situation: who is out of the fight (bit i: fighter i), and each out, then each dead (1 or 0). */
  const fallen: number[] = []
  const finalsOf: number[][] = []
  /** The place in the turn sequence after `slot` of the next fighter still in the fight (the sampler skips the others). */
  const nextSlotIn = (snap: Int32Array, slot: number): number => {
    for (let k = 1; k <= n; k++) {
      const s = (slot + k) % n
      if (snap[COND + snap[ORDER + s]] === Cond.Ok) return s
    }
    return -1
  }
  /** The fight in `st` after the turn of the fighter in `slot`, HP set aside, numbered once. */
  const intern = (slot: number): number => {
    let first = -1
    let over = true
    let anyone = false
    for (let i = 0; i < n; i++) {
      if (st.cond[i] !== Cond.Ok) continue
      anyone = true
      if (first < 0) first = sideOf[i]
      else if (sideOf[i] !== first) over = false
    }
    let next = -1
    if (!over) {
      for (let k = 1; k <= n && next < 0; k++) {
        const f = st.order[(slot + k) % n]
        if (st.cond[f] === Cond.Ok) next = f
      }
    }
    st.hp.fill(0)
    canonicalise(plan, st, scope, next)
    forgetFallen()
    copyOut(fields, buf)
    const sid = situations.of(buf)
    if (sid === ends.length) {
      ends.push(over ? (anyone ? first : DRAW) : LIVE)
      let out = 0
      for (let i = 0; i < n; i++) if (st.cond[i] !== Cond.Ok) out |= 1 << i
      fallen.push(out)
      const c = Array.from(st.cond)
      finalsOf.push([...c.map((x) => (x !== Cond.Ok ? 1 : 0)), ...c.map((x) => (x === Cond.Dead ? 1 : 0))])
    }
    return sid
  }

  /** Situations as the first part of a turn reads them: the shock carried by all but the one acting set to 0. */
  const keyed = new Numbering(size)
  /** By situation and slot: its keyed number, and the shock the others carry (4 bits each). */
  const keyOf: number[] = []
  const carriesOf: number[] = []
  const prepare = (sid: number, slot: number): void => {
    const snap = situations.items[sid]
    const f = snap[ORDER + slot]
    buf.set(snap)
    let carries = 0
    for (let i = n - 1; i >= 0; i--) {
      const c = i === f ? 0 : snap[CARRY + i]
      if (c < 0 || c > 15) throw new FightRefusal(TOO_MANY)
      carries = carries * 16 + c
      buf[CARRY + i] = 0
    }
    keyOf[sid * n + slot] = keyed.of(buf)
    carriesOf[sid * n + slot] = carries
  }
  const setCarries = (carries: number): void => {
    for (let i = 0; i < n; i++) {
      const c = carries % 16
      carries = (carries - c) / 16
      if (c !== 0) st.shockCarry[i] = c
    }
  }

  const firstParts = new Map<number, Part[]>()
  /** Which of his foes the fighter acting picks when his target rule reads HP (maneuver.ts pickTarget), as comparisons of their HP. */
  const byHp = plan.fighters.map((f) => f.targetRule === TargetRule.Weakest || f.targetRule === TargetRule.MostInjured)
  /** 3 to the number of pairs of foes a fighter can have: how many ways their comparisons can fall. */
  const SIG = 3 ** (((n - 1) * (n - 2)) / 2)
  const compare = (f: number, i: number, j: number, hp: ArrayLike<number>): number => {
    const diff = plan.fighters[f].targetRule === TargetRule.Weakest ? hp[i] - hp[j] : hp[i] * hpMax[j] - hp[j] * hpMax[i]
    return diff < 0 ? 0 : diff === 0 ? 1 : 2
  }
  /** The first part of the turn of the fighter in `slot` from situation `sid` with these HP: every way it can fall. */
  const firstPart = (sid: number, slot: number, hp: ArrayLike<number>): Part[] => {
    const snap = situations.items[sid]
    const f = snap[ORDER + slot]
    let key = keyOf[sid * n + slot] * n + slot
    if (limits.classes === false) for (let i = 0; i < n; i++) key = key * 4096 + hp[i] + 2048
    else {
      for (let i = 0; i < n; i++) key = key * 16 + (snap[COND + i] === Cond.Ok ? Math.min(15, hpClass(hpMax[i], hp[i])) : 0)
      // the comparisons as digits of a number below SIG (always that many digits: keys of different lengths never meet)
      let sig = 0
      if (byHp[f]) {
        for (let i = 0; i < n; i++) {
          if (sideOf[i] === sideOf[f] || snap[COND + i] !== Cond.Ok) continue
          for (let j = i + 1; j < n; j++) if (sideOf[j] !== sideOf[f] && snap[COND + j] === Cond.Ok) sig = sig * 3 + compare(f, i, j, hp)
        }
      }
      key = key * SIG + sig
    }
    let parts = firstParts.get(key)
    if (parts) return parts
    const base = keyed.items[keyOf[sid * n + slot]]
    const merged = new Map<number, Part[]>()
    const list: Part[] = []
    st.deferInjury = true
    try {
      forEachRoll(
        (rng) => {
          unpack(base)
          for (let i = 0; i < n; i++) st.hp[i] = hp[i]
          st.rng = rng
          st.heldCount = 0
          takeTurn(plan, st, f)
          if (st.heldCount > 1) throw new FightRefusal(TOO_MANY)
          for (let i = 0; i < n; i++) st.hp[i] = 0
          copyOut(fields, buf)
          const injury = st.heldCount ? st.heldInjury : 0
          const victim = injury ? st.heldVictim : -1
          const attacker = st.heldAttacker
          const doubled = st.heldDoubledShock
          const major = st.heldMajor
          let h = Math.imul(injury * 16 + victim + 1, 0x9e3779b1) ^ ((doubled ? 1 : 0) * 2 + (major ? 1 : 0))
          for (let i = 0; i < size; i++) h = Math.imul(h ^ buf[i], 0x01000193)
          h &= 0x3fffffff
          let bucket = merged.get(h)
          if (!bucket) merged.set(h, (bucket = []))
          outer: for (const x of bucket) {
            if (x.injury !== injury || x.victim !== victim || (injury && (x.attacker !== attacker || x.doubled !== doubled || x.major !== major))) continue
            for (let i = 0; i < size; i++) if (x.snap[i] !== buf[i]) continue outer
            return x
          }
          const m: Part = { p: 0, snap: buf.slice(), injury, victim, attacker, doubled, major, plain: new Map(), hurts: new Map() }
          bucket.push(m)
          list.push(m)
          return m
        },
        (m, p) => {
          m.p += p
        },
        split,
      )
    } finally {
      st.deferInjury = false
    }
    parts = list
    firstParts.set(key, parts)
    return parts
  }

  /** The next situation after a part without injury, given the shock the others carry. */
  const plainNext = (part: Part, slot: number, carries: number): number => {
    let s2 = part.plain.get(carries)
    if (s2 === undefined) {
      unpack(part.snap)
      setCarries(carries)
      s2 = intern(slot)
      part.plain.set(carries, s2)
    }
    return s2
  }

  /** Every way the part's injury falls on its victim at `hv` HP, given the shock the others carry. */
  const hurtsOf = (part: Part, slot: number, hv: number, carries: number): Hurts => {
    const key = (hv + 65536) * 1048576 + carries
    let hs = part.hurts.get(key)
    if (hs) return hs
    const v = part.victim
    const merged = new Map<number, { p: number; hp: number; sid: number }>()
    forEachRoll(
      (rng) => {
        unpack(part.snap)
        setCarries(carries)
        st.hp[v] = hv
        st.rng = rng
        applyInjury(plan, st, part.attacker, v, part.injury, part.doubled, part.major)
        const hp = st.hp[v]
        const sid = intern(slot)
        const k = sid * 65536 + (hv - hp)
        let m = merged.get(k)
        if (!m) merged.set(k, (m = { p: 0, hp, sid }))
        return m
      },
      (m, p) => {
        m.p += p
      },
      split,
    )
    const all = [...merged.values()]
    hs = { p: Float64Array.from(all, (x) => x.p), hp: Int32Array.from(all, (x) => x.hp), sid: Int32Array.from(all, (x) => x.sid) }
    part.hurts.set(key, hs)
    return hs
  }

  /**
   * Every way the turn of the fighter in `slot` goes from situation `sid` with HP `hp`: `emit(p, next
   * situation, victim or −1, victim's HP after)`.
   */
  /** Every way a turn goes, merged by next situation, victim and his HP after: by first part, then the shock others carry and the victim's HP. */
  const mergedOf = new Map<Part[], Map<number, Turns>>()
  const turn = (sid: number, slot: number, hp: ArrayLike<number>, emit: (p: number, sid: number, victim: number, hv: number) => void): void => {
    if (keyOf[sid * n + slot] === undefined) prepare(sid, slot)
    const carries = carriesOf[sid * n + slot]
    const parts = firstPart(sid, slot, hp)
    let byKey = mergedOf.get(parts)
    if (!byKey) mergedOf.set(parts, (byKey = new Map()))
    // a turn has one blow at most, so one victim at most: the HP that matter are his
    let victim = -1
    for (const part of parts) if (part.injury !== 0) victim = part.victim
    const key = victim < 0 ? carries : (hp[victim] + 65536) * 1048576 + carries
    let t = byKey.get(key)
    if (!t) {
      const acc = new Map<number, number>()
      const add = (p: number, s2: number, v: number, hv: number): void => {
        const k = v < 0 ? -1 - s2 : (s2 * 8 + v) * 65536 + (hp[v] - hv)
        acc.set(k, (acc.get(k) ?? 0) + p)
      }
      for (const part of parts) {
        if (part.injury === 0) {
          add(part.p, plainNext(part, slot, carries), -1, 0)
          continue
        }
        const v = part.victim
        if (v !== victim) throw new FightRefusal(TOO_MANY)
        const hs = hurtsOf(part, slot, hp[v], carries)
        for (let i = 0; i < hs.p.length; i++) add(part.p * hs.p[i], hs.sid[i], v, hs.hp[i])
      }
      const all = [...acc.entries()]
      t = { p: Float64Array.from(all, (e) => e[1]), sid: new Int32Array(all.length), v: new Int32Array(all.length), hp: new Int32Array(all.length) }
      all.forEach(([k], i) => {
        const tt = t as Turns
        if (k < 0) {
          tt.sid[i] = -1 - k
          tt.v[i] = -1
          return
        }
        const lost = k % 65536
        const sv = (k - lost) / 65536
        tt.v[i] = sv % 8
        tt.sid[i] = (sv - tt.v[i]) / 8
        tt.hp[i] = hp[tt.v[i]] - lost
      })
      byKey.set(key, t)
    }
    for (let i = 0; i < t.p.length; i++) emit(t.p[i], t.sid[i], t.v[i], t.hp[i])
  }


  /** The fight's start: everyone at full HP, the turn sequence rolled where fighters tie (each order with its chance). */
  const starts: { p: number; sid: number }[] = []
  resetFight(plan, st)
  const start0 = new Int32Array(size)
  copyOut(fields, start0)
  const hp0 = Array.from(st.hp)
  const startMerged = new Map<number, { p: number; sid: number }>()
  forEachRoll(
    (rng) => {
      unpack(start0)
      st.rng = rng
      if (plan.ties.length > 0) rollSequence(plan, st)
      const sid = intern(n - 1)
      let m = startMerged.get(sid)
      if (!m) startMerged.set(sid, (m = { p: 0, sid }))
      return m
    },
    (m, p) => {
      m.p += p
    },
    split,
  )
  starts.push(...startMerged.values())

  return {
    n,
    hp0,
    hpMax,
    starts,
    turn,
    ends: (sid: number): number => ends[sid],
    /** The first fighter in the turn sequence still in the fight after `slot`. */
    nextSlot: (sid: number, slot: number): number => nextSlotIn(situations.items[sid], slot),
    /** Each fighter out of the fight (1 or 0), then each dead. */
    finals: (sid: number): readonly number[] => finalsOf[sid],
    fallen: (sid: number): number => fallen[sid],
    situations: (): number => situations.items.length,
  }
}

/** A min-heap of numbers. */
class Heap {
  private readonly xs: number[] = []
  get size(): number {
    return this.xs.length
  }
  push(x: number): void {
    const xs = this.xs
    let i = xs.length
    xs.push(x)
    while (i > 0) {
      const up = (i - 1) >> 1
      if (xs[up] <= x) break
      xs[i] = xs[up]
      i = up
    }
    xs[i] = x
  }
  pop(): number {
    const xs = this.xs
    const top = xs[0]
    const last = xs.pop() as number
    if (xs.length > 0) {
      let i = 0
      for (;;) {
        let c = 2 * i + 1
        if (c >= xs.length) break
        if (c + 1 < xs.length && xs[c + 1] < xs[c]) c++
        if (xs[c] >= last) break
        xs[i] = xs[c]
        i = c
      }
      xs[i] = last
    }
    return top
  }
}

/** Chance (and z-weighted chance) arriving at one set of HP, by state (situation × fighters + slot). */
interface Row {
  at: Map<number, number>
  keys: number[]
  x: number[]
  y: number[]
}

/**
 * HP lost of each fighter, offset into 10 bits each: the set of HP as one number, larger for less HP (taken
 * in that order). A fighter out of the fight is at the last value (`FALLEN`): his HP are read no more, and
 * falling only ever raises the number.
 */
const W = 1024
const FALLEN = W - 1

/** A set of HP whose arriving chance is below this is set aside (its chance kept in the error bound). */
export const MULTI_DROP_BELOW = 1e-16
/** Largest total chance set aside that way (else the fight is refused). */
export const MULTI_MAX_DROPPED = 1e-10

function solveWith(plan: Plan, m: MultiModel, z: number, maxStates: number): MultiSolution {
  const { n, hpMax } = m
  const sides = plan.sides.length
  const stride: number[] = []
  for (let i = n - 1, s = 1; i >= 0; i--, s *= W) stride[i] = s
  const rows = new Map<number, Row>()
  const heap = new Heap()
  const put = (idx: number, key: number, x: number, y: number): void => {
    let r = rows.get(idx)
    if (!r) {
      rows.set(idx, (r = { at: new Map(), keys: [], x: [], y: [] }))
      heap.push(idx)
    }
    const k = r.at.get(key)
    if (k === undefined) {
      r.at.set(key, r.keys.length)
      r.keys.push(key)
      r.x.push(x)
      r.y.push(y)
    } else {
      r.x[k] += x
      r.y[k] += y
    }
  }
  let idx0 = 0
  for (let i = 0; i < n; i++) idx0 += (hpMax[i] - m.hp0[i]) * stride[i]
  for (const s of m.starts) put(idx0, s.sid * n, s.p, s.p)

  const win = new Array<number>(sides).fill(0)
  let draw = 0
  const finals: number[] = new Array<number>(2 * n).fill(0)
  let solved = 0
  let steps = 0
  let sumY = 0
  let blocks = 0
  let dropped = 0

  const hp = new Int32Array(n)
  const lostNow = new Int32Array(n)
  // scratch of one set of HP: its states, every way each one's turn goes (and where: a state of this set, or −1)
  const keys: number[] = []
  const local = new Map<number, number>()
  const from: number[] = []
  const tP: number[] = []
  const tSid: number[] = []
  const tV: number[] = []
  const tHp: number[] = []
  const tTo: number[] = []
  let x = new Float64Array(64)
  let y = new Float64Array(64)
  let A = new Float64Array(0)
  let B = new Float64Array(0)
  const sccs = new SccScratch()

  while (heap.size > 0) {
    const idx = heap.pop()
    const row = rows.get(idx) as Row
    rows.delete(idx)
    if ((++blocks & 63) === 0) checkFightSolveBudget()
    let arriving = 0
    for (const q of row.x) arriving += q
    if (arriving < MULTI_DROP_BELOW) {
      dropped += arriving
      if (dropped > MULTI_MAX_DROPPED) throw new FightRefusal(TOO_MANY)
      continue
    }
    let rest = idx
    for (let i = n - 1; i >= 0; i--) {
      const l = rest % W
      rest = (rest - l) / W
      lostNow[i] = l
      hp[i] = hpMax[i] - l
    }
    keys.length = 0
    local.clear()
    from.length = 0
    tP.length = 0
    tSid.length = 0
    tV.length = 0
    tHp.length = 0
    tTo.length = 0
    for (const k of row.keys) {
      local.set(k, keys.length)
      keys.push(k)
    }
    for (let i = 0; i < keys.length; i++) {
      const sid = Math.floor(keys[i] / n)
      const slot = keys[i] % n
      from.push(tP.length)
      m.turn(sid, slot, hp, (p, s2, v, hv) => {
        tP.push(p)
        tSid.push(s2)
        tV.push(v)
        tHp.push(hv)
        // this set of HP still: nobody hurt, nobody newly out, the fight goes on
        if (v >= 0 || m.ends(s2) !== LIVE || m.fallen(s2) !== m.fallen(sid)) {
          tTo.push(-1)
          return
        }
        const k2 = s2 * n + m.nextSlot(s2, slot)
        let r = local.get(k2)
        if (r === undefined) {
          if (keys.length >= MULTI_MAX_BLOCK * 8) throw new FightRefusal(TOO_MANY)
          r = keys.length
          local.set(k2, r)
          keys.push(k2)
        }
        tTo.push(r)
      })
    }
    from.push(tP.length)
    const b = keys.length
    solved += b
    if (solved > maxStates) throw new FightRefusal(TOO_MANY)
    if (x.length < b) {
      x = new Float64Array(2 * b)
      y = new Float64Array(2 * b)
    }
    x.fill(0, 0, b)
    y.fill(0, 0, b)
    for (let i = 0; i < row.keys.length; i++) {
      x[i] = row.x[i]
      y[i] = row.y[i]
    }
    // the states of this set in order: each group that leads back to itself solved at once, in the order chance flows
    const order = sccs.run(b, from, tTo)
    for (let g = order.groups - 1; g >= 0; g--) {
      const lo = order.start[g]
      const hi = order.start[g + 1]
      const s = hi - lo
      if (s > MULTI_MAX_BLOCK) throw new FightRefusal(TOO_MANY)
      if (A.length < s * s) {
        A = new Float64Array(s * s)
        B = new Float64Array(s * s)
      } else {
        A.fill(0, 0, s * s)
        B.fill(0, 0, s * s)
      }
      const rx = new Float64Array(s)
      const ry = new Float64Array(s)
      for (let a = 0; a < s; a++) {
        const i = order.members[lo + a]
        rx[a] = x[i]
        ry[a] = y[i]
        A[a * s + a] += 1
        B[a * s + a] += 1
        for (let j = from[i]; j < from[i + 1]; j++) {
          const r = tTo[j]
          if (r < 0 || order.group[r] !== g) continue
          const c = order.place[r]
          A[c * s + a] -= tP[j]
          B[c * s + a] -= z * tP[j]
        }
      }
      if (!solveInPlace(A, rx, s)) throw new FightRefusal(FOREVER)
      if (!solveInPlace(B, ry, s)) return failed(z)
      for (let a = 0; a < s; a++) {
        const i = order.members[lo + a]
        x[i] = rx[a]
        y[i] = ry[a]
        // what flows on to later groups of this set
        for (let j = from[i]; j < from[i + 1]; j++) {
          const r = tTo[j]
          if (r < 0 || order.group[r] === g) continue
          x[r] += rx[a] * tP[j]
          y[r] += z * ry[a] * tP[j]
        }
      }
    }
    for (let i = 0; i < b; i++) {
      const xi = x[i]
      const yi = y[i]
      if (xi < -1e-12) throw new FightRefusal(FOREVER)
      if (yi < 0) return failed(z)
      steps += xi
      sumY += yi
      const slot = keys[i] % n
      for (let j = from[i]; j < from[i + 1]; j++) {
        if (tTo[j] >= 0) continue
        const s2 = tSid[j]
        const e = m.ends(s2)
        const q = xi * tP[j]
        if (e === LIVE) {
          // to a lower set of HP: the victim's new HP, and anyone newly out at the last value
          const v = tV[j]
          const out = m.fallen(s2)
          let idx2 = 0
          for (let k = 0; k < n; k++) idx2 += ((out >> k) & 1 ? FALLEN : k === v ? hpMax[k] - tHp[j] : lostNow[k]) * stride[k]
          put(idx2, s2 * n + m.nextSlot(s2, slot), q, z * yi * tP[j])
          continue
        }
        // the fight ends: who won, who is out or dead
        if (e === DRAW) draw += q
        else win[e] += q
        const fs = m.finals(s2)
        for (let u = 0; u < fs.length; u++) finals[u] += q * fs[u]
      }
    }
  }
  const capBound = sumY / z ** (2 * plan.cap - 1)
  const total = win.reduce((a, q) => a + q, 0) + draw
  return {
    win,
    draw,
    atCap: 0,
    length: [],
    expectedDamage: [],
    damageDistribution: [],
    expectedFinals: finals,
    states: solved,
    massError: Math.abs(1 - total - dropped) + dropped + capBound,
    dropped,
    capBound,
    meanTurns: steps,
  }
}

/**
 * The groups of states of one set of HP that lead back to one another (strongly connected, Tarjan), each
 * found after every group it leads to: taken from the last found to the first, chance flows forward only.
 */
class SccScratch {
  group = new Int32Array(64)
  place = new Int32Array(64)
  members = new Int32Array(64)
  start = new Int32Array(65)
  groups = 0
  private index = new Int32Array(64)
  private low = new Int32Array(64)
  private onStack = new Uint8Array(64)
  private stack = new Int32Array(64)
  private callNode = new Int32Array(64)
  private callEdge = new Int32Array(64)

  run(b: number, from: readonly number[], to: readonly number[]): this {
    if (this.group.length < b) {
      const len = 2 * b
      this.group = new Int32Array(len)
      this.place = new Int32Array(len)
      this.members = new Int32Array(len)
      this.start = new Int32Array(len + 1)
      this.index = new Int32Array(len)
      this.low = new Int32Array(len)
      this.onStack = new Uint8Array(len)
      this.stack = new Int32Array(len)
      this.callNode = new Int32Array(len)
      this.callEdge = new Int32Array(len)
    }
    const { index, low, onStack, stack, callNode, callEdge, group, place, members, start } = this
    index.fill(-1, 0, b)
    onStack.fill(0, 0, b)
    let counter = 0
    let sp = 0
    let filled = 0
    this.groups = 0
    for (let root = 0; root < b; root++) {
      if (index[root] >= 0) continue
      let depth = 0
      callNode[0] = root
      callEdge[0] = from[root]
      index[root] = low[root] = counter++
      stack[sp++] = root
      onStack[root] = 1
      while (depth >= 0) {
        const v = callNode[depth]
        const e = callEdge[depth]
        if (e < from[v + 1]) {
          callEdge[depth] = e + 1
          const w = to[e]
          if (w < 0) continue
          if (index[w] < 0) {
            index[w] = low[w] = counter++
            stack[sp++] = w
            onStack[w] = 1
            depth++
            callNode[depth] = w
            callEdge[depth] = from[w]
          } else if (onStack[w] && index[w] < low[v]) low[v] = index[w]
          continue
        }
        if (low[v] === index[v]) {
          const g = this.groups++
          start[g] = filled
          let k = 0
          for (;;) {
            const w = stack[--sp]
            onStack[w] = 0
            group[w] = g
            place[w] = k++
            members[filled++] = w
            if (w === v) break
          }
          start[g + 1] = filled
        }
        depth--
        if (depth >= 0) {
          const u = callNode[depth]
          if (low[v] < low[u]) low[u] = low[v]
        }
      }
    }
    return this
  }
}

/** A z too large for this fight (the weighted sums do not converge): an answer whose bound says so. */
function failed(z: number): MultiSolution {
  return { win: [], draw: 0, atCap: 0, length: [], expectedDamage: [], damageDistribution: [], expectedFinals: [], states: 0, massError: Infinity, dropped: 0, capBound: Infinity, meanTurns: z }
}

/**
 * The whole fight's exact values under the ids of the sampled metrics they belong to: each side's win,
 * the draw (the cap's bound in the error), taken out and dies of each fighter, and the injury dealt by a
 * fighter alone against the other side; or the note saying why it was not solved. Solved without its
 * clock, the fight has no exact length.
 */
export function exactGurpsMulti(plan: Plan): ExactMetric[] {
  const r = solveGurpsMulti(plan)
  if (!r.ok) return [fightNotSolved(r.reason)]
  const f = plan.fighters
  const ref = (metric: string, i: number, label: string) => ({ id: `${metric}:${f[i].id}`, label: `${label}: ${f[i].name}` })
  const result: FightSolveResult = { ok: true, solution: r.solution }
  return fightExactMetrics(
    result,
    {
      sideWins: plan.sides.map((side, k) => ({ id: `wins:${side}`, label: `${sideLabel(plan, k)} wins` })),
      draw: { id: 'draw', label: 'Draw' },
      finals: [...f.map((_, i) => ({ ...ref('defeated', i, 'Taken out'), kind: 'probability' as const })), ...f.map((_, i) => ({ ...ref('dies', i, 'Dies'), kind: 'probability' as const }))],
    },
    plan.cap * f.length,
  )
}
