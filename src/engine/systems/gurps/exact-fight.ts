import { FightBudgetExceeded, type Branch, type FightModel, type FightSolveResult } from '../../core/fight-chain'
import { FightRefusal, fightExactMetrics, fightNotSolved, solveOrRefuse } from '../../core/fight-exact'
import { everyValue, forEachRoll, groupDraw, type DrawBranches } from '../../core/rng-paths'
import { createTally } from '../../core/tally'
import { gurpsCritical, gurpsSucceeds, THREE_D6_TOTAL_OF_INDEX } from '../../dice/three-d6'
import type { ExactMetric } from '../rule-system'
import { Cond } from './codes'
import { CRITICAL_HIT_TABLE } from './damage'
import { resetFight, rollSequence } from './fight'
import { RollUse, sideLabel } from './log'
import type { Plan } from './plan'
import { FightState } from './state'
import { takeTurn } from './turn'
import { canonicalScope, canonicalise, hpClass, phasedTurns } from './canonical'
import { applyInjury } from './injury'
import { Ev, interrupt } from './waits'
import { armsFactor, gurpsExactSize, waiters, waitsForever } from './exact-size'
import { solveClockless } from './exact-clockless'
import { exactGurpsMulti } from './exact-multi'

/**
 * Exact whole fights for GURPS (docs/rules/gurps.md, "Exact whole fights"): a 1-vs-1 fight is a Markov
 * chain whose step is one fighter's turn. Each step runs the sampler's own turn code (`takeTurn`, with
 * the signal and the opening sequence roll where they fall) once for every way its rolls can fall, with
 * the exact weight of each roll (3d6 totals from the 216 ordered dice, read as the call site reads them;
 * damage dice by their total), so the solver and the sampler share one rule path. A state is everything
 * the fight remembers between turns (HP, condition, shock, stun, posture, readiness, defences in force,
 * Waits, Feints, distances, the turn sequence, each fighter's place in his plan); tallies of what has
 * happened so far are not part of it. The clock (whose turn, which turn) is the step count.
 *
 * Situations are told apart only by what can still change the fight (canonical.ts), and where a turn
 * can be split at the blow's injury (a duel without Waits, Feints or All-Out Attack (Double)) it is
 * worked out in two parts: the turn up to the injury once for all situations alike but for HP within
 * the same class, the injury once per victim's HP, shock and posture (the shipped deadly duel: 5
 * situations and 1,335 replays instead of 40 and 29,000).
 *
 * Such a duel is stepped with compact states (`compact`): a state is one number, the situation without HP
 * (numbered once) and both fighters' HP, and the whole frontier is stepped at once from tables.
 *
 * Bounds: before anything is replayed, the duel's size is estimated (exact-size.ts) and a duel far out of
 * reach is refused at once with the estimate in its reason (`gurpsTooBig`). Past the estimate, a duel
 * stepped turn by turn works out at most `GURPS_EXACT_MAX_DISTINCT` different situations (the clock
 * aside) by at most `GURPS_EXACT_MAX_RUNS` replays in all; one with compact states at most
 * `GURPS_EXACT_COMPACT_MAX_RUNS` replays. A full-rules duel fought to incapacitation is past the estimate:
 * HP of both fighters, each down to −5×HP, take thousands of pairs, times posture and shock (the shipped
 * sword-and-axe duel reaches 153,000 situations by its fourth turn, up to 68,000 of them at once).
 */

/** Largest number of (step, state) pairs followed before refusing. */
export const GURPS_EXACT_MAX_STATES = 2_000_000
/** Largest number of different situations (the clock aside) whose next turn is worked out. */
export const GURPS_EXACT_MAX_DISTINCT = 2_000
/** Largest number of replays of a turn, all situations together. */
export const GURPS_EXACT_MAX_RUNS = 30_000
/** States whose chance falls below this are dropped, their total kept in the error bound (core/fight-chain.ts). */
export const GURPS_EXACT_DROP_BELOW = 1e-20

/** How a 3d6 total is read at a call site (log.ts RollUse): totals with the same label are followed once. */
function labelOf(use: number, target: number, total: number, mortalWound: boolean): number {
  const ok = gurpsSucceeds(total, target)
  switch (use) {
    case RollUse.Success:
      return ok ? 1 : 0
    case RollUse.ToHit:
      return !ok ? 0 : gurpsCritical(total, target) === 'success' ? 2 : 1
    case RollUse.Knockdown:
      return ok ? 0 : gurpsCritical(total, target) === 'failure' || total - target >= 5 ? 2 : 1
    case RollUse.DeathCheck:
      // a failure by 1–2 differs from a worse one only under the "mortal-wound" variant
      return ok ? 0 : mortalWound && total - target <= 2 ? 1 : 2
    case RollUse.CriticalTable:
      return CRITICAL_HIT_TABLE[total - 3]
    default:
      return total
  }
}

const TWO_D6_TOTAL = Uint8Array.from({ length: 36 }, (_, i) => (i % 6) + Math.floor(i / 6) + 2)

/**
 * How a draw splits, given how the turn code will read it: a draw of 216 is a 3d6 total (read as the
 * call site says, log.ts RollUse; damage dice read the total), a draw of 36 a 2d6 total (damage dice);
 * anything else (a single die, the opening sequence roll) value by value.
 */
export function drawSplitter(st: FightState, mortalWound: boolean): (n: number) => DrawBranches {
  const cache = new Map<number, DrawBranches>()
  return (n) => {
    const k = n === 216 ? 1e6 + st.rollUse * 1000 + st.rollTarget + 500 : n
    let b = cache.get(k)
    if (!b) {
      if (n === 216) {
        const use = st.rollUse
        const target = st.rollTarget
        b = groupDraw(216, (i) => labelOf(use, target, THREE_D6_TOTAL_OF_INDEX[i], mortalWound))
      } else if (n === 36) b = groupDraw(36, (i) => TWO_D6_TOTAL[i])
      else b = everyValue(n)
      cache.set(k, b)
    }
    return b
  }
}

/**
 * Fields of the fight state that are tallies of the past or scratch, not part of what comes next; and
 * `zeroedEachFight`, the bytes of the fields a fight starts at zero seen as one block (state.ts), which are
 * packed one by one already (seen whole, it would tell situations apart by the tallies in it).
 */
const NOT_STATE = new Set(['dealt', 'outAt', 'waitFired', 'waitWasted', 'knocked', 'rollers', 'respTarget', 'lateTrigger', 'lateMask', 'keys', 'members', 'flags', 'sideShare', 'zeroedEachFight'])

interface GState {
  /** Everything the fight remembers between turns, packed. */
  snap: Int32Array
  /** The situation's number: equal exactly when the packed situations are equal. */
  id: number
  /** Place in the turn sequence of the next turn (0-based), and its turn number (1-based). */
  slot: number
  round: number
  /** Winning side, 'draw' for everyone down, null while the fight goes on. */
  end: number | 'draw' | null
  hp: number[]
  cond: number[]
  /** HP each has lost; taken out (each), then dead (each). */
  lost: number[]
  finals: number[]
}

/**
 * The fields of a situation, grouped by array type so that copying them in and out reads one kind of
 * array per loop (much faster than one loop over arrays of three kinds); `names` in packing order.
 */
export interface Fields {
  i32: Int32Array[]
  u8: Uint8Array[]
  i8: Int8Array[]
  names: [string, number][]
}

export function fieldsOf(st: FightState, constant: ReadonlySet<string>): Fields {
  const out: Fields = { i32: [], u8: [], i8: [], names: [] }
  const entries = Object.entries(st).filter(([name]) => !NOT_STATE.has(name) && !constant.has(name))
  for (const [name, v] of entries) {
    if (!(v instanceof Int32Array)) continue
    out.i32.push(v)
    out.names.push([name, v.length])
  }
  for (const [name, v] of entries) {
    if (!(v instanceof Uint8Array)) continue
    out.u8.push(v)
    out.names.push([name, v.length])
  }
  for (const [name, v] of entries) {
    if (!(v instanceof Int8Array)) continue
    out.i8.push(v)
    out.names.push([name, v.length])
  }
  return out
}

/** Copies the fields into `buf`. */
export function copyOut(fs: Fields, buf: Int32Array): void {
  let o = 0
  for (const f of fs.i32) for (let i = 0; i < f.length; i++) buf[o++] = f[i]
  for (const f of fs.u8) for (let i = 0; i < f.length; i++) buf[o++] = f[i]
  for (const f of fs.i8) for (let i = 0; i < f.length; i++) buf[o++] = f[i]
}

/** Copies `snap` into the fields. */
export function copyIn(fs: Fields, snap: Int32Array): void {
  let o = 0
  for (const f of fs.i32) for (let i = 0; i < f.length; i++) f[i] = snap[o++]
  for (const f of fs.u8) for (let i = 0; i < f.length; i++) f[i] = snap[o++]
  for (const f of fs.i8) for (let i = 0; i < f.length; i++) f[i] = snap[o++]
}

/**
 * Fields that keep the value the start of the fight gives them in this fight, so are not part of a
 * situation: which attack he holds and which others are drawn change only with several attacks; Ready
 * turns still to go and shots left only with a missile weapon that has Shots.
 */
export function constantFields(plan: Plan): Set<string> {
  const out = new Set<string>()
  if (!plan.fighters.some((f) => f.arms.length > 1)) out.add('arm').add('drawn')
  if (!plan.fighters.some((f) => f.arms.some((w) => w.shots > 0))) out.add('readyLeft').add('shotsLeft')
  return out
}

/** Why this fight gets no exact answer, in a GM's words, or undefined when it can get one. */
export function gurpsExactScope(plan: Plan): string | undefined {
  if (plan.fighters.length !== 2) return `the exact answer covers duels, and this fight has ${plan.fighters.length} fighters`
  return undefined
}

const TOO_MANY = 'the duel has too many different situations to follow exactly (HP, shock, stun, posture and the like take too many combinations); the sampled answer stands alone'

export interface GurpsExactLimits {
  distinct?: number
  runs?: number
  /** Tests only: replay each turn whole (false) instead of in two parts where it can be split. */
  split?: boolean
  /** Tests only: keep every field of a situation (false) instead of setting those that cannot matter to one value. */
  canonical?: boolean
  /** Tests only: step the duel turn by turn (false) instead of with compact states where it can. */
  compact?: boolean
  /** Tests only: solve without the clock (true) or with it (false), whatever the size estimate says. */
  clockless?: boolean
}

/**
 * The compact model of a duel (a state is one number: the situation without HP, then both fighters' HP),
 * with what the clockless solve (exact-clockless.ts) reads: the starting situation and HP, how each
 * situation ends, and one turn from a situation, its place in the turn sequence and both HP.
 */
export interface CompactModel extends FightModel<number> {
  situations(): number
  lookups(): number
  sid0: number
  hp0: number[]
  sidEnding(sid: number): number | 'draw' | null
  sidFinals(sid: number): readonly number[]
  /**
   * Every way the turn of the fighter in `slot` goes from situation `sid` with HP `a` and `b`, past the
   * opening and without a signal: `d` is the defender, whose HP alone can change; `t` the chances, next
   * situations and the defender's HP after.
   */
  turn(sid: number, slot: number, a: number, b: number): { d: number; t: { p: Float64Array; sid: Int32Array; hp: Int32Array } }
}

/** The fight as a chain of turns, built from the compiled plan. */
export function gurpsFightModel(plan: Plan, limits: GurpsExactLimits = {}): FightModel<GState> & { distinct(): number; runs(): number; compact(): CompactModel | undefined } {
  const maxDistinct = limits.distinct ?? GURPS_EXACT_MAX_DISTINCT
  const maxRuns = limits.runs ?? GURPS_EXACT_MAX_RUNS
  const st = new FightState(plan.fighters.length)
  st.tally = createTally(plan.layout.shape)
  const fields = fieldsOf(st, constantFields(plan))
  const size = fields.names.reduce((s, [, len]) => s + len, 0)
  const n = st.n
  const scope = canonicalScope(plan)
  const buf = new Int32Array(size)

  /** Situations met so far, by a hash of their packed fields (checked field by field on a hit). */
  const known = new Map<number, GState[]>()
  let ids = 0
  /**
   * Packs the fight state into `buf` and returns its hash; `next` is the fighter whose turn comes next
   * (−1 for the start). Fields that cannot change anything that follows are first set to one value, so
   * situations that differ only there are one situation (canonical.ts says why each cannot matter).
   */
  const pack = (next: number): number => {
    if (limits.canonical !== false) canonicalise(plan, st, scope, next)
    copyOut(fields, buf)
    let h1 = 0x811c9dc5
    let h2 = 0x01000193
    for (let i = 0; i < size; i++) {
      h1 = Math.imul(h1 ^ buf[i], 0x01000193)
      h2 = Math.imul(h2 + buf[i], 0x5bd1e995) ^ (h2 >>> 15)
    }
    // a small integer key (fast in a Map); equal keys are told apart field by field
    return (h1 ^ Math.imul(h2, 0x27d4eb2d)) & 0x3fffffff
  }
  const same = (snap: Int32Array): boolean => {
    for (let i = 0; i < size; i++) if (snap[i] !== buf[i]) return false
    return true
  }
  /** The situation packed in `buf` (hash `h`), made once. */
  const situation = (h: number, slot: number, round: number): GState => {
    let bucket = known.get(h)
    if (!bucket) known.set(h, (bucket = []))
    for (const x of bucket) if (same(x.snap)) return x
    const hp = Array.from(st.hp)
    const cond = Array.from(st.cond)
    const lost = hp.map((x, i) => plan.fighters[i].hpMax - x)
    const finals = [...cond.map((c) => (c !== Cond.Ok ? 1 : 0)), ...cond.map((c) => (c === Cond.Dead ? 1 : 0))]
    const made: GState = { snap: buf.slice(), id: ids++, slot, round, end: endOf(), hp, cond, lost, finals }
    bucket.push(made)
    return made
  }
  const unpack = (snap: Int32Array): void => {
    copyIn(fields, snap)
    clearTurnScratch(st)
  }
  /** fight.ts winnerOf, once the fight is over. */
  const endOf = (): number | 'draw' | null => {
    if (!st.over) return null
    for (let i = 0; i < n; i++) if (st.cond[i] === Cond.Ok) return plan.fighters[i].side
    return 'draw'
  }

  resetFight(plan, st)
  const start = situation(pack(-1), 0, 1)
  /** Next turns by situation, slot and the part of the clock that matters (the opening roll, the signal). */
  const memo = new Map<number, { p: number; s: GState }[]>()
  const hasTies = plan.ties.length > 0
  const phased = limits.split !== false && phasedTurns(plan, scope)
  const split = drawSplitter(st, plan.rules.mortalWound)
  let runs = 0

  /**
   * A turn in two parts (when `phased`): everything up to the blow's injury, then the injury itself
   * (injury.ts applyInjury: HP, shock, knockdown, death checks). The first part reads HP only through
   * `hpClass` and never the victim's shock to come, so it is worked out once for all situations that
   * agree on everything else; the second once per victim's HP, shock, posture and injury. Both run the
   * sampler's own code for every way their rolls fall.
   */
  const offsetOf = (name: string): number => fieldOffset(fields, name)
  const HP = offsetOf('hp')
  const CARRY = offsetOf('shockCarry')
  /** The turn sequence is part of a situation (the opening roll may have reordered it). */
  const ORDER = offsetOf('order')
  interface Part {
    p: number
    snap: Int32Array
    /** Injury held for the second part (0: none), its victim and attacker, doubled shock, major wound. */
    injury: number
    victim: number
    attacker: number
    doubled: boolean
    major: boolean
    /** The second part's outcomes for this injury, by the victim's state (`victimKey`), shared by every part holding the same injury. */
    hurts: Map<number, Hurt[]>
    /**
     * Where the injury leads (made when first needed), shared by every part alike but for HP (the compact model's next situations
     * set HP aside): by the foe's carried shock, the turn's place in the sequence, the defender and `Hurt.key`
     * of the victim's fields after.
     */
    after: Map<number | string, number> | null
  }
  interface Hurt {
    p: number
    hp: number
    carry: number
    cond: number
    stunned: number
    prone: number
    ready: number
    /** The victim's fields after, as one small number (`hurtKey`). */
    key: number
  }
  /**
   * The victim's fields after an injury (carried shock, condition, stun, posture, readiness) as one small
   * integer below 8,192, or −1 for values past the usual ranges (then keyed by text).
   */
  const hurtKey = (carry: number, cond: number, stunned: number, prone: number, ready: number): number =>
    carry >= 0 && carry < 16 && cond >= 0 && cond < 8 && stunned >= 0 && stunned < 4 && prone >= 0 && prone < 4 && ready >= 0 && ready < 4
      ? (((carry * 8 + cond) * 4 + stunned) * 4 + prone) * 4 + ready
      : -1
  /** Parts alike but for HP, by a hash of the rest (checked field by field on a hit): their shared `after`. */
  const likeParts = new Map<number, { snap: Int32Array; injury: number; victim: number; attacker: number; doubled: boolean; major: boolean; after: Map<number | string, number> }[]>()
  const afterOf = (part: Part): Map<number | string, number> => {
    const { snap, injury, victim, attacker, doubled, major } = part
    let h = Math.imul(injury * 4 + victim * 2 + attacker, 0x9e3779b1) ^ ((doubled ? 1 : 0) * 2 + (major ? 1 : 0))
    for (let i = 0; i < HP; i++) h = Math.imul(h ^ snap[i], 0x01000193)
    for (let i = HP + n; i < size; i++) h = Math.imul(h ^ snap[i], 0x01000193)
    h &= 0x3fffffff
    let bucket = likeParts.get(h)
    if (!bucket) likeParts.set(h, (bucket = []))
    outer: for (const x of bucket) {
      if (x.injury !== injury || x.victim !== victim || x.attacker !== attacker || x.doubled !== doubled || x.major !== major) continue
      for (let i = 0; i < HP; i++) if (x.snap[i] !== snap[i]) continue outer
      for (let i = HP + n; i < size; i++) if (x.snap[i] !== snap[i]) continue outer
      return x.after
    }
    const after = new Map<number | string, number>()
    bucket.push({ snap, injury, victim, attacker, doubled, major, after })
    return after
  }
  const firstParts = new Map<string, Part[]>()
  const injuries = new Map<string, Map<number, Hurt[]>>()
  /** The victim's fields the injury reads and writes, as one small number (HP offset by 32,768). */
  const victimKey = (v: number): number => ((((st.hp[v] + 32768) * 16 + st.shockCarry[v]) * 8 + st.cond[v]) * 8 + st.stunned[v] * 4 + st.prone[v] * 2 + st.ready[v]) * 2 + (v & 1)
  const key1 = new Int32Array(size)

  /** The first part of the turn of the fighter in `slot` from situation `s`: every way it can fall. */
  const firstPart = (s: GState, opening: boolean, signal: boolean): Part[] => {
    const f = s.snap[ORDER + s.slot]
    const d = n - 1 - f
    key1.set(s.snap)
    for (let i = 0; i < n; i++) key1[HP + i] = hpClass(plan.fighters[i].hpMax, s.snap[HP + i])
    key1[CARRY + d] = 0
    const k = `${s.slot},${opening ? 1 : 0},${signal ? 1 : 0},${s.round > plan.signalTurn ? 1 : 0}:${key1.join(',')}`
    let parts = firstParts.get(k)
    if (parts) return parts
    /** Parts met so far by a hash of the situation after them and the injury held (checked field by field on a hit), in the order met. */
    const merged = new Map<number, Part[]>()
    const list: Part[] = []
    st.deferInjury = true
    try {
      runs += forEachRoll(
        (rng) => {
          unpack(s.snap)
          st.rng = rng
          st.round = s.round
          st.heldCount = 0
          if (signal) interrupt(plan, st, Ev.Signal, -1, -1)
          if (!st.over) takeTurn(plan, st, f)
          if (st.heldCount > 1) throw new FightRefusal(TOO_MANY)
          copyOut(fields, buf)
          const injury = st.heldCount ? st.heldInjury : 0
          const victim = st.heldVictim
          const attacker = st.heldAttacker
          const doubled = st.heldDoubledShock
          const major = st.heldMajor
          let h = Math.imul(injury * 4 + victim * 2 + attacker, 0x9e3779b1) ^ ((doubled ? 1 : 0) * 2 + (major ? 1 : 0))
          for (let i = 0; i < size; i++) h = Math.imul(h ^ buf[i], 0x01000193)
          // a small integer key (fast in a Map); equal keys are told apart field by field
          h &= 0x3fffffff
          let bucket = merged.get(h)
          if (!bucket) merged.set(h, (bucket = []))
          let m: Part | undefined
          for (const x of bucket) if (x.injury === injury && x.victim === victim && x.attacker === attacker && x.doubled === doubled && x.major === major && same(x.snap)) m = x
          if (!m) {
            const ik = `${injury},${victim},${attacker},${doubled ? 1 : 0},${major ? 1 : 0}`
            let hurts = injuries.get(ik)
            if (!hurts) injuries.set(ik, (hurts = new Map()))
            m = { p: 0, snap: buf.slice(), injury, victim, attacker, doubled, major, hurts, after: null }
            bucket.push(m)
            list.push(m)
          }
          return m
        },
        (m, p) => {
          m.p += p
        },
        split,
        Math.max(1, maxRuns - runs),
      )
    } finally {
      st.deferInjury = false
    }
    parts = list
    firstParts.set(k, parts)
    return parts
  }

  /** The injury held by `part`, applied to the state now in `st`: every way it can fall. */
  const secondPart = (part: Part): Hurt[] => {
    const v = part.victim
    const k = victimKey(v)
    let hurts = part.hurts.get(k)
    if (hurts) return hurts
    const hp = st.hp[v]
    const carry = st.shockCarry[v]
    const cond = st.cond[v]
    const stunned = st.stunned[v]
    const prone = st.prone[v]
    const ready = st.ready[v]
    const merged = new Map<number | string, Hurt>()
    runs += forEachRoll(
      (rng) => {
        st.hp[v] = hp
        st.shockCarry[v] = carry
        st.cond[v] = cond
        st.stunned[v] = stunned
        st.prone[v] = prone
        st.ready[v] = ready
        st.over = false
        st.rng = rng
        applyInjury(plan, st, part.attacker, v, part.injury, part.doubled, part.major)
        const key = hurtKey(st.shockCarry[v], st.cond[v], st.stunned[v], st.prone[v], st.ready[v])
        // a small integer when the fields are in their usual ranges, else text
        const hk = key >= 0 && st.hp[v] > -32768 && st.hp[v] < 32768 ? (st.hp[v] + 32768) * 8192 + key : `${st.hp[v]},${st.shockCarry[v]},${st.cond[v]},${st.stunned[v]},${st.prone[v]},${st.ready[v]}`
        let m = merged.get(hk)
        if (!m) merged.set(hk, (m = { p: 0, hp: st.hp[v], carry: st.shockCarry[v], cond: st.cond[v], stunned: st.stunned[v], prone: st.prone[v], ready: st.ready[v], key }))
        return m
      },
      (m, p) => {
        m.p += p
      },
      split,
      Math.max(1, maxRuns - runs),
    )
    hurts = [...merged.values()]
    part.hurts.set(k, hurts)
    return hurts
  }

  /** Every way the turn from `s` can go, into `merged` (by next situation), put together from its two parts. */
  const composeTurn = (s: GState, opening: boolean, signal: boolean, nextSlot: number, nextRound: number, merged: Map<number, { p: number; s: GState }>): void => {
    const f = s.snap[ORDER + s.slot]
    const d = n - 1 - f
    const add = (p: number): void => {
      // a duel is over once either fighter is out (injury.ts takeOut)
      st.over = st.cond[0] !== Cond.Ok || st.cond[1] !== Cond.Ok
      const next = situation(pack(st.over ? -1 : st.order[nextSlot]), nextSlot, nextRound)
      const m = merged.get(next.id)
      if (m) m.p += p
      else merged.set(next.id, { p, s: next })
    }
    for (const part of firstPart(s, opening, signal)) {
      // the first part writes no HP and not the shock the foe carries into his turn: those are this situation's
      unpack(part.snap)
      for (let i = 0; i < n; i++) st.hp[i] = s.snap[HP + i]
      st.shockCarry[d] = s.snap[CARRY + d]
      if (part.injury === 0) {
        add(part.p)
        continue
      }
      const v = part.victim
      for (const h of secondPart(part)) {
        unpack(part.snap)
        for (let i = 0; i < n; i++) st.hp[i] = s.snap[HP + i]
        st.shockCarry[d] = s.snap[CARRY + d]
        st.hp[v] = h.hp
        st.shockCarry[v] = h.carry
        st.cond[v] = h.cond
        st.stunned[v] = h.stunned
        st.prone[v] = h.prone
        st.ready[v] = h.ready
        add(part.p * h.p)
      }
    }
  }

  /** fight.ts winnerOf at the cap: a draw, or under "most-health" the side with the larger share of HP left. */
  const capCall = (cond: ArrayLike<number>, hp: ArrayLike<number>): number | 'draw' => {
    if (!plan.rules.capMostHealth) return 'draw'
    const share = new Array<number>(plan.sides.length).fill(0)
    for (let i = 0; i < n; i++) if (cond[i] === Cond.Ok) share[plan.fighters[i].side] += Math.max(0, hp[i]) / plan.fighters[i].hpMax
    let best = -1
    let tied = false
    share.forEach((x, k) => {
      if (best < 0 || x > share[best]) {
        best = k
        tied = false
      } else if (x === share[best]) tied = true
    })
    return tied ? 'draw' : best
  }

  /**
   * The same chain with compact numeric states, for a duel whose turns split at the blow's injury and
   * that needs no opening roll: a state is one number, the situation without HP (numbered once, `sid`)
   * and each fighter's HP; the whole frontier is stepped at once (`stepAll`). The turn's first part is
   * looked up once per situation, clock and HP class of both (`hpClass`: HP values in the same band go on
   * alike up to the injury), the injury once per part and victim's HP, so a step costs a few table reads
   * per way it can go instead of a replay. Undefined for the fights it does not cover (they keep `step`).
   * One solve per model: the clock is counted by the calls of `stepAll`.
   */
  const compactModel = (): CompactModel | undefined => {
    if (!phased || hasTies || n !== 2) return undefined
    const snaps: Int32Array[] = []
    const ends: (number | 'draw' | null)[] = []
    const condsOf: Uint8Array[] = []
    const finalsOf: number[][] = []
    const bySnap = new Map<number, number[]>()
    /** The situation in `st` with HP left out, numbered once; `next` as for `pack`. */
    const intern = (next: number): number => {
      st.hp.fill(0)
      const h = pack(next)
      let bucket = bySnap.get(h)
      if (!bucket) bySnap.set(h, (bucket = []))
      for (const x of bucket) if (same(snaps[x])) return x
      const sid = snaps.length
      snaps.push(buf.slice())
      ends.push(endOf())
      condsOf.push(Uint8Array.from(st.cond))
      finalsOf.push([...Array.from(st.cond, (c) => (c !== Cond.Ok ? 1 : 0)), ...Array.from(st.cond, (c) => (c === Cond.Dead ? 1 : 0))])
      bucket.push(sid)
      return sid
    }
    // HP of each fighter, offset into 12 bits each (a blow never takes HP 2,000 past zero in a duel that can be solved)
    const K = 4096
    const OFF = 2048
    const KK = K * K
    const encode = (sid: number, a: number, b: number): number => {
      if (a <= -OFF || b <= -OFF || a >= OFF || b >= OFF) throw new FightRefusal(TOO_MANY)
      return sid * KK + (a + OFF) * K + (b + OFF)
    }
    const sidOf = (k: number): number => Math.floor(k / KK)
    const hpA = (k: number): number => (Math.floor(k / K) % K) - OFF
    const hpB = (k: number): number => (k % K) - OFF

    unpack(start.snap)
    const a0 = st.hp[0]
    const b0 = st.hp[1]
    const sid0 = intern(-1)

    /** One way the first part of a turn can go: its chance and, without injury, the next situation; with one, its victim and the injury's outcomes by the victim's HP. */
    interface CPart {
      p: number
      sid: number
      victim: number
      part: Part | null
    }
    const entries = new Map<number, CPart[]>()
    const fake: GState = { ...start, snap: new Int32Array(size) }
    let lookups = 0
    const entryOf = (sid: number, a: number, b: number, slot: number, round: number, opening: boolean, signal: boolean): CPart[] => {
      const ca = hpClass(plan.fighters[0].hpMax, a)
      const cb = hpClass(plan.fighters[1].hpMax, b)
      const ek = (((sid * 16 + Math.min(ca, 15)) * 16 + Math.min(cb, 15)) * 2 + slot) * 8 + (opening ? 4 : 0) + (signal ? 2 : 0) + (round > plan.signalTurn ? 1 : 0)
      let e = entries.get(ek)
      if (e) return e
      if (ca > 15 || cb > 15) throw new FightRefusal(TOO_MANY)
      fake.snap.set(snaps[sid])
      fake.snap[HP] = a
      fake.snap[HP + 1] = b
      fake.slot = slot
      fake.round = round
      const nextSlot = (slot + 1) % n
      const d = n - 1 - fake.snap[ORDER + slot]
      const carryD = snaps[sid][CARRY + d]
      e = []
      for (const part of firstPart(fake, opening, signal)) {
        if (part.injury === 0) {
          unpack(part.snap)
          st.shockCarry[d] = carryD
          st.over = st.cond[0] !== Cond.Ok || st.cond[1] !== Cond.Ok
          e.push({ p: part.p, sid: intern(st.over ? -1 : st.order[nextSlot]), victim: -1, part: null })
        } else e.push({ p: part.p, sid: -1, victim: part.victim, part })
      }
      entries.set(ek, e)
      return e
    }
    /** The situation after each part's injury, by the foe's carried shock and the victim's fields after it. */
    const COND = offsetOf('cond')
    const STUNNED = offsetOf('stunned')
    const PRONE = offsetOf('prone')
    const READY = offsetOf('ready')
    /**
     * Every way the injury of `c` (from situation `sid`) falls on a victim at `hv` HP, each passed to `add`
     * with its chance, the next situation and the victim's HP after. The injury's outcomes are looked up
     * by the victim's fields as `secondPart` keys them (read off the part's situation, no replay when
     * known), the next situation by the part, the foe's carried shock and the victim's fields after.
     */
    const hurtsAt = (c: CPart, sid: number, slot: number, hv: number, add: (p: number, s2: number, hp: number) => void): void => {
      const part = c.part as Part
      const d = n - 1 - snaps[sid][ORDER + slot]
      const carryD = snaps[sid][CARRY + d]
      const v = c.victim
      const nextSlot = (slot + 1) % n
      const ps = part.snap
      // secondPart's victimKey of the state hurtsAt would unpack (the victim is the defender: his carried shock is this situation's)
      const vk = ((((hv + 32768) * 16 + carryD) * 8 + ps[COND + v]) * 8 + ps[STUNNED + v] * 4 + ps[PRONE + v] * 2 + ps[READY + v]) * 2 + (v & 1)
      let hs = part.hurts.get(vk)
      if (!hs) {
        unpack(ps)
        st.shockCarry[d] = carryD
        st.hp[v] = hv
        hs = secondPart(part)
      }
      const after = part.after ?? (part.after = afterOf(part))
      const small = carryD >= 0 && carryD < 16 && slot < 2
      for (let i = 0; i < hs.length; i++) {
        const h = hs[i]
        // the next situation is the part's with the foe's carried shock and the victim's new fields: the same for every HP that gives them
        const hk = small && h.key >= 0 ? ((carryD * 2 + slot) * 2 + d) * 8192 + h.key : `${carryD},${slot},${d},${h.carry},${h.cond},${h.stunned},${h.prone},${h.ready}`
        let next = after.get(hk)
        if (next === undefined) {
          unpack(ps)
          st.shockCarry[d] = carryD
          st.shockCarry[v] = h.carry
          st.cond[v] = h.cond
          st.stunned[v] = h.stunned
          st.prone[v] = h.prone
          st.ready[v] = h.ready
          st.over = st.cond[0] !== Cond.Ok || st.cond[1] !== Cond.Ok
          next = intern(st.over ? -1 : st.order[nextSlot])
          after.set(hk, next)
        }
        add(c.p * h.p, next, h.hp)
      }
    }

    /** Where each way a turn can go leads, for one entry and the defender's HP: merged by next situation and his new HP. */
    interface Targets {
      p: Float64Array
      sid: Int32Array
      hp: Int32Array
    }
    const mergedOf = new Map<CPart[], Map<number, Targets>>()
    /** Scratch of `targetsOf`: chances by next situation and HP lost (`W` values a row), and the cells met, in the order met. */
    const W = 1024
    let accP = new Float64Array(64 * W)
    let accAt = new Int32Array(64 * W).fill(-1)
    const met: number[] = []
    /**
     * Every way the turn of entry `e` (from situation `sid`) goes with the defender `d` at `hd` HP: the
     * acting fighter's HP does not change on his own turn, and in a duel the blow's victim is the one he
     * attacks (attack.ts holdInjury), so the next situation and the defender's HP say where each leads.
     */
    const targetsOf = (e: CPart[], sid: number, slot: number, d: number, hd: number): Targets => {
      let byHp = mergedOf.get(e)
      if (!byHp) mergedOf.set(e, (byHp = new Map()))
      let t = byHp.get(hd)
      if (t) return t
      met.length = 0
      const add = (p: number, s2: number, hp: number): void => {
        const lost = hd - hp
        if (lost < 0 || lost >= W) throw new FightRefusal(TOO_MANY)
        const cell = s2 * W + lost
        if (cell >= accAt.length) {
          const grownP = new Float64Array(Math.max(cell + 1, 2 * accAt.length))
          const grownAt = new Int32Array(grownP.length).fill(-1)
          grownP.set(accP)
          grownAt.set(accAt)
          accP = grownP
          accAt = grownAt
        }
        if (accAt[cell] < 0) {
          accAt[cell] = met.length
          met.push(cell)
          accP[cell] = p
        } else accP[cell] += p
      }
      for (const c of e) {
        if (c.victim < 0) {
          add(c.p, c.sid, hd)
          continue
        }
        if (c.victim !== d) throw new FightRefusal(TOO_MANY)
        hurtsAt(c, sid, slot, hd, add)
      }
      t = { p: new Float64Array(met.length), sid: new Int32Array(met.length), hp: new Int32Array(met.length) }
      for (let i = 0; i < met.length; i++) {
        const cell = met[i]
        t.p[i] = accP[cell]
        t.sid[i] = Math.floor(cell / W)
        t.hp[i] = hd - (cell % W)
        accAt[cell] = -1
      }
      byHp.set(hd, t)
      return t
    }

    let at = 0
    const stepAll = (states: readonly number[], probs: readonly number[], emit: (p: number, next: number) => void): void => {
      at++
      const slot = (at - 1) % n
      const round = Math.floor((at - 1) / n) + 1
      const opening = at === 1
      const signal = slot === 0 && plan.signalTurn === round
      for (let k = 0; k < states.length; k++) {
        const s = states[k]
        const p = probs[k]
        const sid = sidOf(s)
        const a = hpA(s)
        const b = hpB(s)
        const d = n - 1 - snaps[sid][ORDER + slot]
        const t = targetsOf(entryOf(sid, a, b, slot, round, opening, signal), sid, slot, d, d === 0 ? a : b)
        lookups++
        const ps = t.p
        const sids = t.sid
        const hps = t.hp
        if (d === 0) for (let i = 0; i < ps.length; i++) emit(p * ps[i], encode(sids[i], hps[i], b))
        else for (let i = 0; i < ps.length; i++) emit(p * ps[i], encode(sids[i], a, hps[i]))
      }
    }
    const hpMax0 = plan.fighters[0].hpMax
    const hpMax1 = plan.fighters[1].hpMax
    return {
      sides: plan.sides.length,
      clock: { unit: 'turn', stepsPerUnit: n },
      start: encode(sid0, a0, b0),
      key: (s) => s,
      ending: (s) => ends[sidOf(s)],
      step: () => {
        throw new Error('the compact model steps its whole frontier at once')
      },
      stepAll,
      damage: (s) => [hpMax0 - hpA(s), hpMax1 - hpB(s)],
      finals: (s) => finalsOf[sidOf(s)],
      capEnding: (s) => capCall(condsOf[sidOf(s)], [hpA(s), hpB(s)]),
      situations: () => snaps.length,
      lookups: () => lookups,
      sid0,
      hp0: [a0, b0],
      sidEnding: (sid) => ends[sid],
      sidFinals: (sid) => finalsOf[sid],
      turn: (sid, slot, a, b) => {
        lookups++
        const d = n - 1 - snaps[sid][ORDER + slot]
        // past the opening turn and with no signal, a turn reads no clock (clockless solve, exact-clockless.ts)
        return { d, t: targetsOf(entryOf(sid, a, b, slot, 2, false, false), sid, slot, d, d === 0 ? a : b) }
      },
    }
  }

  const step = (s: GState): Branch<GState>[] => {
    const opening = s.round === 1 && s.slot === 0
    const signal = s.slot === 0 && plan.signalTurn === s.round
    const nextSlot = (s.slot + 1) % n
    const nextRound = nextSlot === 0 ? s.round + 1 : s.round
    const mk = ((s.id * n + s.slot) * 2 + (opening ? 1 : 0)) * 4 + (signal ? 2 : 0) + (s.round > plan.signalTurn ? 1 : 0)
    let out = memo.get(mk)
    if (!out) {
      if (memo.size >= maxDistinct) throw new FightRefusal(TOO_MANY)
      const merged = new Map<number, { p: number; s: GState }>()
      if (phased && !(opening && hasTies)) {
        composeTurn(s, opening, signal, nextSlot, nextRound, merged)
        out = [...merged.values()]
        memo.set(mk, out)
        return out.map((b) => ({ p: b.p, next: b.s.round === nextRound && b.s.slot === nextSlot ? b.s : { ...b.s, slot: nextSlot, round: nextRound } }))
      }
      runs += forEachRoll(
        (rng) => {
          unpack(s.snap)
          st.rng = rng
          st.round = s.round
          if (opening && hasTies) rollSequence(plan, st)
          if (signal) interrupt(plan, st, Ev.Signal, -1, -1)
          if (!st.over) takeTurn(plan, st, st.order[s.slot])
          const next = situation(pack(st.over ? -1 : st.order[nextSlot]), nextSlot, nextRound)
          let m = merged.get(next.id)
          if (!m) merged.set(next.id, (m = { p: 0, s: next }))
          return m
        },
        (m, p) => {
          m.p += p
        },
        split,
        Math.max(1, maxRuns - runs),
      )
      out = [...merged.values()]
      memo.set(mk, out)
    }
    // the same situation elsewhere in the fight: the same branches, at this point of the clock
    return out.map((b) => ({ p: b.p, next: b.s.round === nextRound && b.s.slot === nextSlot ? b.s : { ...b.s, slot: nextSlot, round: nextRound } }))
  }

  return {
    sides: plan.sides.length,
    // A step is one fighter's turn; a second of game time gives each fighter his turn (Basic Set p.B362).
    clock: { unit: 'turn', stepsPerUnit: plan.fighters.length },
    start,
    key: (s) => s.id,
    ending: (s) => s.end,
    step,
    damage: (s) => s.lost,
    /** Taken out (each fighter), then dead (each fighter). */
    finals: (s) => s.finals,
    /** fight.ts winnerOf at the cap: a draw, or under "most-health" the side with the larger share of HP left. */
    capEnding: (s) => capCall(s.cond, s.hp),
    distinct: () => memo.size,
    compact: compactModel,
    runs: () => runs,
  }
}

/**
 * Largest estimated situations a turn times the turns of the cap (exact-size.ts) for a duel stepped with
 * compact states (turns split at the injury): about what the solver follows in a second or two.
 */
export const GURPS_EXACT_MAX_WORK = 50_000
/** Largest number of replays (of a turn's first part or of an injury) for a duel stepped with compact states. */
export const GURPS_EXACT_COMPACT_MAX_RUNS = 300_000
/** Largest estimated situations a turn for a duel replayed turn by turn (Waits, Feints, All-Out Attack (Double), tied fighters). */
export const GURPS_EXACT_MAX_PER_TURN_WHOLE = GURPS_EXACT_MAX_DISTINCT

/** Whether the duel is stepped with compact numeric states: turns split at the injury, no opening roll. */
export function gurpsCompactFight(plan: Plan): boolean {
  return plan.fighters.length === 2 && plan.ties.length === 0 && phasedTurns(plan, canonicalScope(plan))
}

/**
 * Largest estimated situations (exact-size.ts, without the cap's turns) for a duel solved without its
 * clock (exact-clockless.ts): each situation is worked out once, so the turns of the cap do not count.
 */
export const GURPS_EXACT_MAX_CLOCKLESS = 60_000

/**
 * Whether the duel can be solved without its clock (exact-clockless.ts): stepped with compact states, and
 * no signal (the only thing a turn reads of the clock once the opening is past, with no opening roll).
 */
export function gurpsClocklessFight(plan: Plan): boolean {
  return gurpsCompactFight(plan) && plan.signalTurn <= 0
}

/** How a duel is solved: turn by turn with its clock ('clock'), without it ('clockless'), or not at all (the reason). */
export function gurpsExactWay(plan: Plan): 'clock' | 'clockless' | { refused: string } {
  const size = gurpsExactSize(plan)
  const compact = gurpsCompactFight(plan)
  if (compact ? size.perTurn * plan.cap <= GURPS_EXACT_MAX_WORK : size.perTurn <= GURPS_EXACT_MAX_PER_TURN_WHOLE) return 'clock'
  const clockless = gurpsClocklessFight(plan)
  // without the clock, the weapons held, drawn and loaded multiply the situations of each HP pair
  const arms = clockless ? armsFactor(plan) : 1
  if (clockless && size.perTurn * arms <= GURPS_EXACT_MAX_CLOCKLESS) return 'clockless'
  const about = Number((size.perTurn * arms).toPrecision(2)).toLocaleString('en-US')
  const [a, b] = plan.fighters
  const over = compact && !clockless ? ` over up to ${plan.cap.toLocaleString('en-US')} turns` : ''
  const what = arms > 1 ? 'each with shock, stun, posture and the weapons drawn and loaded' : 'each with shock, stun and posture'
  const scope = canonicalScope(plan)
  const whole = compact || !scope.waits ? '' : waitsReason(plan)
  return { refused: `the duel has too many different situations to follow exactly: about ${about} a turn${over} (${a.name} can fight on at ${size.liveHp[0]} different HP and ${b.name} at ${size.liveHp[1]}, ${what})${whole}; the sampled answer stands alone` }
}

/** What keeps a duel with Waits from being split at the blow like one without, in a GM's words (after a semicolon). */
function waitsReason(plan: Plan): string {
  const forever = waitsForever(plan)
  if (forever >= 0) return `; ${plan.fighters[forever].name} waits all fight long (his plan ends with a Wait), so a blow can land inside the foe's turn at any turn and every turn is played whole for every situation`
  const both = waiters(plan)
  if (both.length > 1) return `; ${both.map((i) => plan.fighters[i].name).join(' and ')} both wait, and their Waits going off together (Cascading Waits) are played whole for every way the rolls can fall, far too many`
  return "; with Waits a blow can land inside the foe's turn, so every turn is played whole for every situation"
}

/**
 * Why this duel is too big to follow exactly, from the estimate of its size alone (exact-size.ts), in a
 * GM's words; undefined when it is worth trying. Worked out in well under a millisecond.
 */
export function gurpsTooBig(plan: Plan): string | undefined {
  const way = gurpsExactWay(plan)
  return typeof way === 'object' ? way.refused : undefined
}

/** Largest chance, proven, that a duel solved without its clock is still going at the cap (else it is refused). */
export const GURPS_EXACT_CAP_BOUND = 1e-9

const RUNS_TO_CAP = 'the duel too often lasts to its turn cap to be solved without following every turn, and following every turn is too big; the sampled answer stands alone'

/**
 * Solves a GURPS duel exactly, or says why not. One step of the chain is one fighter's turn. A duel far
 * past reach is refused from its estimated size before anything is replayed; a duel whose turns split
 * at the injury is stepped with compact states (`compact`), any other turn by turn.
 */
export function solveGurpsFight(plan: Plan, limits: GurpsExactLimits = {}): FightSolveResult {
  const options = { maxSteps: plan.cap * plan.fighters.length, maxStates: GURPS_EXACT_MAX_STATES, dropBelow: GURPS_EXACT_DROP_BELOW }
  const why = gurpsExactScope(plan) ?? gurpsTooBig(plan)
  if (!why && (limits.clockless ?? gurpsExactWay(plan) === 'clockless')) return solveGurpsClockless(plan, limits)
  const compact = limits.compact !== false && gurpsCompactFight(plan)
  return solveOrRefuse<GState | number>(why, () => {
    const model = gurpsFightModel(plan, compact ? { runs: GURPS_EXACT_COMPACT_MAX_RUNS, ...limits } : limits)
    return (compact ? model.compact() : undefined) ?? (model as FightModel<GState | number>)
  }, options, TOO_MANY)
}

/**
 * A duel solved without its clock (exact-clockless.ts), or the refusal: the chance it is still going at
 * the cap is bounded and counted in the error, and a duel whose bound passes `GURPS_EXACT_CAP_BOUND` is
 * refused. The answer has no length distribution (`length` is empty); `meanTurns` is its mean.
 */
export function solveGurpsClockless(plan: Plan, limits: GurpsExactLimits = {}): FightSolveResult & { meanTurns?: number } {
  try {
    const model = gurpsFightModel(plan, { runs: GURPS_EXACT_COMPACT_MAX_RUNS, ...limits }).compact()
    if (!model || !gurpsClocklessFight(plan)) return { ok: false, reason: TOO_MANY }
    const solution = solveClockless(model, plan.fighters.map((f) => f.hpMax), plan.cap * plan.fighters.length, GURPS_EXACT_MAX_STATES, TOO_MANY)
    if (!(solution.capBound <= GURPS_EXACT_CAP_BOUND)) return { ok: false, reason: RUNS_TO_CAP }
    return { ok: true, solution, meanTurns: solution.meanTurns }
  } catch (e) {
    if (e instanceof FightRefusal || e instanceof FightBudgetExceeded) return { ok: false, reason: e.message }
    if (e instanceof Error && /^more than /.test(e.message)) return { ok: false, reason: TOO_MANY }
    throw e
  }
}

/**
 * The whole duel's exact values under the ids of the sampled metrics they belong to: each side's win,
 * the draw (the cap included), the fight's length in turns, injury each fighter dealt (the other's HP
 * lost), taken out and dies; or the note saying why it was not solved.
 */
export function exactGurpsFight(plan: Plan): ExactMetric[] {
  // three fighters or more: exact-multi.ts
  if (plan.fighters.length > 2) return exactGurpsMulti(plan)
  const why = gurpsExactScope(plan) ?? gurpsTooBig(plan)
  if (why) return [fightNotSolved(why)]
  const clockless = gurpsExactWay(plan) === 'clockless'
  const r = solveGurpsFight(plan)
  const f = plan.fighters
  const L = plan.layout
  const ref = (metric: string, i: number, label: string) => ({ id: `${metric}:${f[i].id}`, label: `${label}: ${f[i].name}` })
  return fightExactMetrics(
    r,
    {
      sideWins: plan.sides.map((side, k) => ({ id: `wins:${side}`, label: `${sideLabel(plan, k)} wins` })),
      draw: { id: 'draw', label: 'Draw' },
      // solved without its clock, a duel has no exact length distribution (exact-clockless.ts)
      length: clockless ? undefined : { id: 'fight-length', label: 'Fight length (turns)', stepsPerRound: f.length },
      // injury dealt by fighter i is the HP the other lost (the only source of injury in a duel)
      damage: [{ ...ref('damage-per-fight', 1, 'Injury dealt per fight'), last: L.fightLen[1] - 1 }, { ...ref('damage-per-fight', 0, 'Injury dealt per fight'), last: L.fightLen[0] - 1 }],
      finals: [
        { ...ref('defeated', 0, 'Taken out'), kind: 'probability' },
        { ...ref('defeated', 1, 'Taken out'), kind: 'probability' },
        { ...ref('dies', 0, 'Dies'), kind: 'probability' },
        { ...ref('dies', 1, 'Dies'), kind: 'probability' },
      ],
    },
    plan.cap * f.length,
  )
}

/** What a turn keeps only while it is played (the moment, who struck first, the cascade): cleared before a situation's turn is replayed. */
export function clearTurnScratch(st: FightState): void {
  st.over = false
  st.current = -1
  st.depth = 0
  st.moment = 0
  st.slotMoment = -1
  st.firstStriker = -1
  st.firstMoment = -1
  st.firstFromWait = false
  st.firstTied = false
  st.firstHitter = -1
  st.firstHitMoment = -1
  st.firstHitTied = false
  st.mutualHit = false
  st.attackFromWait = false
  st.cascaded = false
}

/** Where a field starts in a packed situation (`fieldsOf`'s order). */
export function fieldOffset(fields: Fields, name: string): number {
  let o = 0
  for (const [k, len] of fields.names) {
    if (k === name) return o
    o += len
  }
  throw new Error(`no field ${name}`)
}
