import { checkFightSolveBudget, FightBudgetExceeded, reportFightSolveProgress, tooManyStates, type Branch, type FightModel, type FightSolution, type FightSolveResult } from '../../core/fight-chain'
import { fightExactMetrics, FightRefusal, fightNotSolved, solveOrRefuse } from '../../core/fight-exact'
import { sideWinsLabel } from '../../core/metrics'
import type { Rng } from '../../core/rng'
import { everyValue, forEachRoll, groupDraw, type DrawBranches } from '../../core/rng-paths'
import { createTally } from '../../core/tally'
import { killingBodyExact, normalDamageExact, stunMultiplierExact, type DamageRoll } from '../../dice/hero-damage'
import { heroSucceeds, THREE_D6_TOTAL_OF_INDEX, THREE_D6_WAYS } from '../../dice/three-d6'
import type { ExactMetric } from '../rule-system'
import { bodyAfterDefences, stunAfterDefences } from './attack'
import { BODY_FIGHT_BINS } from './layout'
import { sideNames } from './summarize'
import { entryLeft, landHaymakers, reset, segmentBegin, segmentClose, segmentEntry, sideDown } from './fight'
import { rollFixedRanks, tieKeyOf } from './order'
import { contestRound, NOBODY } from './contest'
import { C } from './layout'
import { HoldMode, OnPhase, TARGET_RANDOM, type Plan } from './plan'
import { COMBAT_START, describeSegment, hasPhase, segmentOf } from './speed-chart'
import { FightState, Pending } from './state'
import { Endurance } from './variants'

/**
 * Exact whole fights for HERO (docs/rules/hero.md, "Exact whole fights"): a 1-vs-1 fight is a Markov chain
 * whose step is one Segment. A Segment is played by the sampler's own code in its pieces (fight.ts:
 * `segmentBegin`, one `segmentEntry` per action in DEX order, `landHaymakers`, `segmentClose`), each piece
 * once for every way its rolls can fall: an Attack Roll or a Block roll as made or missed, a hit's damage as
 * one outcome of its exact distribution gathered by what the defender takes after defences (STUN and
 * BODY), other 3d6 rolls by their total, single dice by face. Between pieces the situations reached from
 * every situation of the Segment's start are merged, so two attacks in a Segment cost the sum of their
 * outcomes, not the product (`stepAll`).
 *
 * A situation is what the rest of the fight can read: STUN, BODY, END, Stunned, Knocked Out, held and
 * delayed actions, Dodges, Blocks, Haymakers, the sticky target and, within a Segment, its order. What no
 * later rule reads is written in one canonical form (see `pack`): the report's running totals, clock
 * marks of Segments already past, END while the fighter can no longer run short before the cap. The
 * Monte Carlo agreement tests check the whole in aggregate.
 *
 * Bounds: at most `HERO_EXACT_MAX_LIVE` situations at the end of one Segment, `HERO_EXACT_MAX_STATES`
 * (Segment, situation) pairs and `HERO_EXACT_MAX_RUNS` replays of a piece of a Segment in all; beyond any
 * of them the fight is refused with the reason (within a few seconds: the widest frontier is refused as
 * soon as it is reached). The shipped street brawl reaches about 5,700 situations at once.
 */

/** Largest number of replays of a piece of a Segment, all situations together (about a second of work). */
export const HERO_EXACT_MAX_RUNS = 1_000_000
/** Largest number of situations the fight can be in at the end of one Segment. */
export const HERO_EXACT_MAX_LIVE = 25_000
/** Largest number of (Segment, situation) pairs followed. */
export const HERO_EXACT_MAX_STATES = 400_000
/** Situations whose chance falls below this are dropped, their total kept in the error bound. */
export const HERO_EXACT_DROP_BELOW = 1e-20

const REROLLS = 'the fight has a tie that is rolled again and can never be settled (every pair of rolls comes out even), so there is no answer to follow exactly; the sampled answer stands alone'
const MANY_ROLLS = 'the fight has an action with more rolls than can be followed exactly (more than 64, one after another); the sampled answer stands alone'
const TOO_MANY = 'the fight has too many different situations to follow exactly (STUN, BODY, END and Stunned take too many combinations); the sampled answer stands alone'

/** The two dice of a 1d6 roll-off between two tied entries, by comparison (see `split`). */
const FIRST_TIE_DIE: DrawBranches = { values: Int32Array.of(2), p: Float64Array.of(1) }
const SECOND_TIE_DIE: DrawBranches = { values: Int32Array.of(0, 3), p: Float64Array.of(1 / 2, 1 / 2) }

/** Draws of this size and above stand for a hit's whole damage (far above what `below` takes for dice). */
const HIT_DRAW = 1 << 24
/** The Segment's resolution instant while a piece is replayed (any value: only equality with it is read). */
const SLOT = 1000

interface HState {
  snap: Int32Array
  id: number
  /** Segment this state stands at the end of (absolute, from 12). */
  abs: number
  /** Winning side, 'draw' when both sides are out together, null while the fight goes on. */
  end: number | 'draw' | null
  finals: number[]
  /** BODY taken by each fighter in the fight so far (the sampled "BODY taken per fight"). */
  lost: number[]
}

/** Why this fight gets no exact answer, in a GM's words, or undefined when it can get one. */
export function heroExactScope(p: Plan): string | undefined {
  if (p.n !== 2) return `the exact answer covers 1-vs-1 fights, and this fight has ${p.n} combatants`
  if (p.side[0] === p.side[1]) return 'the exact answer covers 1-vs-1 fights, and both combatants are on the same side'
  if (p.armourChance[0] > 0 || p.armourChance[1] > 0) return 'the exact answer does not follow armour that counts only on some hits (hit locations or an activation roll); the sampled answer stands alone'
  if (p.rules.capMostHealth) return 'the exact answer calls a fight still going at the Turn cap a draw; under "the side with more STUN and BODY left wins" it is not worked out'
  return undefined
}

/**
 * A hit's rolled (STUN, BODY) against the only enemy he can hit, gathered by what that enemy takes after
 * defences (attack.ts reads nothing else of it): one representative roll per outcome, with its chance.
 */
interface HitTable {
  /** A representative rolled STUN and BODY per outcome, */
  stun: number[]
  body: number[]
  /** what the defender takes from it after defences, */
  stunT: Int32Array
  bodyT: Int32Array
  /** and its chance. */
  p: Float64Array
}

/** Attack `a` (an index of the plan's per-attack arrays) on its fighter's one enemy. */
function hitTable(plan: Plan, a: number, haymaker: boolean): HitTable {
  const dice = haymaker ? plan.hayDice[a] : plan.dice[a]
  const d = 1 - plan.atkOwner[a]
  const byTaken = new Map<number, { stun: number; body: number; p: number }>()
  const add = (stun: number, body: number, q: number): void => {
    const bodyT = bodyAfterDefences(plan, a, d, body)
    const k = stunAfterDefences(plan, a, d, stun, bodyT) * 4096 + bodyT
    const seen = byTaken.get(k)
    if (seen) seen.p += q
    else byTaken.set(k, { stun, body, p: q })
  }
  if (plan.killing[a] === 1) {
    const b = killingBodyExact(dice)
    const mult = stunMultiplierExact(plan.rules.stunMultiplier)
    b.counts.forEach((w, bv) => {
      if (w > 0) mult.forEach((m, mv) => (m > 0 ? add(bv * mv, bv, (w / b.total) * (m / 6)) : undefined))
    })
  } else {
    const n = normalDamageExact(dice, plan.rules.halfDieBody)
    for (const [k, w] of n.counts) add(Math.floor(k / 1000), k % 1000, w / n.total)
  }
  const all = [...byTaken.values()]
  return {
    stun: all.map((x) => x.stun),
    body: all.map((x) => x.body),
    stunT: Int32Array.from(all, (x) => stunAfterDefences(plan, a, d, x.stun, bodyAfterDefences(plan, a, d, x.body))),
    bodyT: Int32Array.from(all, (x) => bodyAfterDefences(plan, a, d, x.body)),
    p: Float64Array.from(all, (x) => x.p),
  }
}

/**
 * A cheap estimate of how many situations the fight can be in at once, before any of it is played: for each
 * fighter, the (STUN, BODY) pairs he can stand at while still on his feet after the hits his enemy can have
 * landed by each Segment (one more possible hit on each of the enemy's Phases: his attacks' damage after
 * defences, a miss changing nothing), and the product of the two fighters' counts. Recoveries, END,
 * Stunned and held actions only add to it, so a fight whose estimate is far above the bound is refused at
 * once. Returns the largest estimate and the Segment (absolute) where it first passes `limit`, or −1.
 */
export function heroFightSize(plan: Plan, limit: number, workLimit = Infinity): { live: number; at: number; work: number; workAt: number } {
  const tables = [0, 1].map((d) => {
    const x = 1 - d
    const out: HitTable[] = []
    // the attack he uses, or under "his best against this foe" any of his attacks
    const fixed = plan.usingAtk[x]
    for (let k = plan.atkFirst[x]; k < plan.atkFirst[x] + plan.atkCount[x]; k++) {
      if (fixed >= 0 && k !== fixed) continue
      out.push(hitTable(plan, k, plan.onPhase[x] === OnPhase.Haymaker))
    }
    return out
  })
  // (STUN taken, BODY taken) while still standing: STUN taken below his STUN, BODY taken below twice his BODY
  const width = [0, 1].map((d) => 2 * plan.bodyMax[d] + 1)
  const reach = [0, 1].map((d) => {
    const r = new Uint8Array(Math.max(1, plan.stunMax[d]) * width[d])
    r[0] = 1
    return r
  })
  const count = [1, 1]
  let live = 1
  let work = 0
  for (let abs = COMBAT_START; abs <= plan.endAbs; abs++) {
    const seg = segmentOf(abs)
    for (let d = 0; d < 2; d++) {
      if (!hasPhase(plan.spd[1 - d], seg)) continue
      // the grid solve: every pair of the two fighters' moved by each outcome of a hit on him
      for (const t of tables[d]) work += count[0] * count[1] * t.p.length
      if (work > workLimit) return { live: count[0] * count[1], at: -1, work, workAt: abs }
      const r = reach[d]
      const next = r.slice()
      const w = width[d]
      const rows = r.length / w
      for (let at = 0; at < r.length; at++) {
        if (!r[at]) continue
        const s0 = Math.floor(at / w)
        const b0 = at % w
        for (const t of tables[d]) {
          for (let j = 0; j < t.p.length; j++) {
            const s1 = s0 + t.stunT[j]
            const b1 = b0 + t.bodyT[j]
            if (s1 < rows && b1 < w && !next[s1 * w + b1]) {
              next[s1 * w + b1] = 1
              count[d]++
            }
          }
        }
      }
      reach[d] = next
    }
    // the Post-Segment 12 Recovery gives STUN back (not BODY): the pairs he stood at, REC STUN better, are reached too
    if (seg === 12) {
      for (let d = 0; d < 2; d++) {
        const r = reach[d]
        const w = width[d]
        const back = plan.rec[d] * w
        if (back <= 0) continue
        for (let at = back; at < r.length; at++) {
          if (r[at] === 1 && !r[at - back]) {
            r[at - back] = 2
            count[d]++
          }
        }
        for (let at = 0; at < r.length; at++) if (r[at] === 2) r[at] = 1
      }
    }
    live = count[0] * count[1]
    if (live > limit) return { live, at: abs, work, workAt: -1 }
  }
  return { live, at: -1, work, workAt: -1 }
}

/** Two independent mixes of (position, value) for the situation's hash. */
const mix1 = (i: number, v: number): number => {
  const x = Math.imul(v ^ Math.imul(i + 1, 0x9e3779b9), 0x85ebca6b)
  return Math.imul(x ^ (x >>> 13), 0xc2b2ae35) ^ (x >>> 16)
}
const mix2 = (i: number, v: number): number => {
  const x = Math.imul(v + Math.imul(i + 7, 0x27d4eb2f), 0x165667b1)
  return Math.imul(x ^ (x >>> 15), 0x2c1b3c6d) ^ (x >>> 12)
}

/** Phases SPD `spd` has in the Segments after `abs`, up to `endAbs`. */
function phasesAfter(spd: number, abs: number, endAbs: number): number {
  let k = 0
  for (let t = abs + 1; t <= endAbs; t++) if (hasPhase(spd, segmentOf(t))) k++
  return k
}

/**
 * Packed situations with their chances, merged by contents: flat arrays and open addressing on the hash
 * (no object per situation; a Segment's stages hold tens of thousands). `merge: false` keeps every added
 * situation apart (the outcomes of one replayed action, kept until it is known to be played right).
 */
class Snaps {
  count = 0
  data: Int32Array
  hashes = new Float64Array(64)
  probs = new Float64Array(64)
  private slots = new Int32Array(128)
  private mask = 127
  constructor(
    private readonly size: number,
    private readonly merge = true,
  ) {
    this.data = new Int32Array(size * 64)
  }
  clear(): void {
    if (this.merge && this.count > 0) this.slots.fill(0)
    this.count = 0
  }
  /** Adds chance `q` to the situation in `buf` (hash `h`); its index. */
  add(h: number, buf: Int32Array, q: number): number {
    if (this.merge) {
      let at = this.slotOf(h)
      for (;;) {
        const x = this.slots[at]
        if (x === 0) break
        if (this.hashes[x - 1] === h && this.same(x - 1, buf)) {
          this.probs[x - 1] += q
          return x - 1
        }
        at = (at + 1) & this.mask
      }
      this.slots[at] = this.count + 1
    }
    const i = this.count++
    if (this.count > this.hashes.length) {
      const grow = <T extends Float64Array | Int32Array>(a: T, to: number): T => {
        const b = new (a.constructor as new (n: number) => T)(to)
        b.set(a)
        return b
      }
      this.hashes = grow(this.hashes, this.hashes.length * 2)
      this.probs = grow(this.probs, this.probs.length * 2)
      this.data = grow(this.data, this.data.length * 2)
    }
    this.hashes[i] = h
    this.probs[i] = q
    this.data.set(buf, i * this.size)
    if (this.merge && 2 * this.count > this.mask) this.rehash()
    return i
  }
  snapAt(i: number): Int32Array {
    return this.data.subarray(i * this.size, (i + 1) * this.size)
  }
  private slotOf(h: number): number {
    return Math.imul((h | 0) ^ ((h / 0x100000000) | 0), 0x9e3779b1) & this.mask
  }
  private same(i: number, buf: Int32Array): boolean {
    const o = i * this.size
    for (let j = 0; j < this.size; j++) if (this.data[o + j] !== buf[j]) return false
    return true
  }
  private rehash(): void {
    this.mask = this.mask * 2 + 1
    this.slots = new Int32Array(this.mask + 1)
    for (let i = 0; i < this.count; i++) {
      let at = this.slotOf(this.hashes[i])
      while (this.slots[at] !== 0) at = (at + 1) & this.mask
      this.slots[at] = i + 1
    }
  }
}

/**
 * The situations under way inside one Segment, each as the index of its situation with STUN and BODY left
 * out (interned in a `Snaps`) and the two fighters' STUN and BODY, merged by those five numbers: a hit's
 * outcomes differ only in them, so they are kept and merged without the whole situation.
 */
class Stage {
  count = 0
  flag = new Int32Array(64)
  num = new Int32Array(256)
  probs = new Float64Array(64)
  private slots = new Int32Array(128)
  private mask = 127
  clear(): void {
    if (this.count > 0) this.slots.fill(0)
    this.count = 0
  }
  add(f: number, s0: number, b0: number, s1: number, b1: number, q: number): void {
    let h = Math.imul(f + 1, 0x9e3779b1) ^ Math.imul(s0 + 4096, 0x85ebca6b)
    h = Math.imul(h ^ (h >>> 15) ^ Math.imul(b0 + 4096, 0xc2b2ae35), 0x27d4eb2f)
    h = Math.imul(h ^ (h >>> 13) ^ Math.imul(s1 + 4096, 0x165667b1), 0x9e3779b1)
    h = Math.imul(h ^ (h >>> 16) ^ Math.imul(b1 + 4096, 0x85ebca6b), 0xc2b2ae35)
    let at = (h ^ (h >>> 15)) & this.mask
    for (;;) {
      const x = this.slots[at]
      if (x === 0) break
      const i = x - 1
      const o = 4 * i
      if (this.flag[i] === f && this.num[o] === s0 && this.num[o + 1] === b0 && this.num[o + 2] === s1 && this.num[o + 3] === b1) {
        this.probs[i] += q
        return
      }
      at = (at + 1) & this.mask
    }
    const i = this.count++
    if (this.count > this.flag.length) {
      const f2 = new Int32Array(this.flag.length * 2)
      f2.set(this.flag)
      this.flag = f2
      const n2 = new Int32Array(this.num.length * 2)
      n2.set(this.num)
      this.num = n2
      const p2 = new Float64Array(this.probs.length * 2)
      p2.set(this.probs)
      this.probs = p2
    }
    this.slots[at] = i + 1
    this.flag[i] = f
    const o = 4 * i
    this.num[o] = s0
    this.num[o + 1] = b0
    this.num[o + 2] = s1
    this.num[o + 3] = b1
    this.probs[i] = q
    if (2 * this.count > this.mask) this.rehash()
  }
  private rehash(): void {
    const old = this.count
    this.mask = this.mask * 2 + 1
    this.slots = new Int32Array(this.mask + 1)
    const f = this.flag
    const nm = this.num
    const pr = this.probs
    this.count = 0
    this.flag = new Int32Array(f.length)
    this.num = new Int32Array(nm.length)
    this.probs = new Float64Array(pr.length)
    for (let i = 0; i < old; i++) this.add(f[i], nm[4 * i], nm[4 * i + 1], nm[4 * i + 2], nm[4 * i + 3], pr[i])
  }
}

/** `forEachRoll`, with a replay that keeps rolling (ties rolled again and again: no end to follow) refused in words. */
function replay<T>(run: (rng: Rng) => T, leaf: (out: T, p: number) => void, split: (n: number) => DrawBranches, maxRuns: number): number {
  try {
    return forEachRoll(run, leaf, split, maxRuns)
  } catch (e) {
    if (e instanceof Error && / rolls in one step$/.test(e.message)) throw new FightRefusal(MANY_ROLLS)
    throw e
  }
}

/**
 * One interrupt contest of holder `h` (equal margins rolled again), as two draws of 216 (3d6 totals by
 * index): the holder's roll, one representative, then the mover's, one roll that puts the holder first
 * and one that does not (the mover first, or nobody interrupting: both lead to the same thing), each with
 * its chance among the rounds that are not ties: h / (1 − s) and (m + n) / (1 − s). actions.ts reads the
 * two rolls only through `contestRound` (and the report's counts of the round's part).
 */
export function contestDraws(plan: Plan, h: number): DrawBranches[] {
  const x = plan.holdEvent[h]
  const th = plan.holdRoll[h]
  const tx = plan.dexRoll[x]
  const round = (rh: number, rx: number): number => contestRound(rh, rx, th, tx, plan.orderDex[h], plan.orderDex[x], plan.rules.bothFail)
  let first = 0
  let after = 0
  for (let rh = 3; rh <= 18; rh++) {
    for (let rx = 3; rx <= 18; rx++) {
      const w = THREE_D6_WAYS[rh - 3] * THREE_D6_WAYS[rx - 3]
      const r = round(rh, rx)
      if (r === NOBODY || r < 0) after += w
      else if (r > 0) first += w
    }
  }
  if (first + after === 0) throw new FightRefusal(REROLLS)
  const index = (t: number): number => THREE_D6_TOTAL_OF_INDEX.indexOf(t)
  for (let rh = 3; rh <= 18; rh++) {
    let up = -1
    let down = -1
    for (let rx = 3; rx <= 18; rx++) {
      const r = round(rh, rx)
      if (r > 0 && r !== NOBODY && up < 0) up = rx
      if ((r < 0 || r === NOBODY) && down < 0) down = rx
    }
    if ((up < 0 && first > 0) || (down < 0 && after > 0)) continue
    const second: [number, number][] = []
    if (first > 0) second.push([up, first])
    if (after > 0) second.push([down, after])
    return [
      { values: Int32Array.of(index(rh)), p: Float64Array.of(1) },
      { values: Int32Array.from(second, (y) => index(y[0])), p: Float64Array.from(second, (y) => y[1] / (first + after)) },
    ]
  }
  throw new FightRefusal(REROLLS)
}

/** The fight as a chain of Segments, built from the compiled plan (with a fight state of its own). */
export function heroFightModel(plan: Plan, options: { byClass?: boolean; groups?: boolean; maxLive?: number; maxRuns?: number } = {}): FightModel<HState> & { runs(): number; inner(): number; solveGrid(maxSteps: number, dropBelow: number): FightSolution } {
  /** false: every hit's damage outcome played on its own (the plain way, to check the classes against). */
  const classes = options.byClass ?? true
  const n = plan.n
  const st = new FightState(n, plan.st.turnSlots, plan.st.absSlots, false)
  st.tally = createTally({ counters: plan.layout.counters, bins: plan.layout.bins })
  /**
   * The interrupt contest, its equal margins rolled again (contestTie "reroll"): the rounds are alike and a
   * tie changes nothing but the report's counts, so the contest comes out as the first round that is not a
   * tie decides: the holder first with h / (1 − s), the mover first or nobody interrupting with (m + n) / (1 − s)
   * (h, s, m, n: one round's parts). Its two rolls are answered that way (see `split`). In a 1-vs-1 fight one
   * holder at most waits for an attack, so the mover's roll made once for the whole event (several holders:
   * "one roll") is only his first roll of the contest drawn a moment earlier; the model draws it in the
   * contest (same chances), where the two rolls are told apart.
   */
  const rerolled = !plan.rules.contestSimultaneous && plan.onPhase.some((w, i) => w === OnPhase.Hold && plan.holdMode[i] === HoldMode.Interrupt)
  const p: Plan = { ...plan, st, rules: rerolled ? { ...plan.rules, moverRollsOnce: false } : plan.rules }
  /** The report's counts of each fighter's contests and of their rounds: a contest is under way while they differ by one. */
  const contestCounts = [0, 1].map((i) => [C.contests, C.roundHolderFirst, C.roundHolderFirst + 1, C.roundHolderFirst + 2, C.roundHolderFirst + 3].map((c) => plan.layout.counter(i, c)))
  /** The fighter whose interrupt contest is being rolled, or −1. */
  const contestOf = (): number => {
    if (!rerolled) return -1
    const t = st.tally!.counts
    for (let i = 0; i < 2; i++) {
      const c = contestCounts[i]
      if (t[c[0]] > t[c[1]] + t[c[2]] + t[c[3]] + t[c[4]]) return i
    }
    return -1
  }
  /** The holder's roll of the contest under way has been answered (the mover's comes next). */
  let contestSecond = false
  const contestCache: (DrawBranches[] | undefined)[] = [undefined, undefined]
  /** The holder's roll (one representative) and the mover's (one that puts the holder first, one that does not), with the contest's chances. */
  const contestRolls = (h: number): DrawBranches[] => {
    const seen = contestCache[h]
    if (seen) return seen
    const b = contestDraws(plan, h)
    contestCache[h] = b
    return b
  }
  const hits = plan.attacks.flatMap((_, k) => [hitTable(plan, k, false), hitTable(plan, k, true)])
  /**
   * A hit's damage within one action of the Segment's order is drawn by class: outcomes that the hit's own
   * checks (attack.ts applyDamage) cannot tell apart — hurt at all, newly Stunned (STUN in this instant
   * above CON), Knocked Out (STUN to 0 or below), dead (BODY to −full) — are played once, with one
   * representative, and the outcome of every other member is that result with the defender's STUN and BODY
   * moved by the difference (`expand`). Nothing else in the action reads them after the hit (in a 1-vs-1
   * fight the target is the only enemy whatever the STUN); the next action and the Segment's Recoveries
   * are pieces of their own, and a second roll in the same action after the hit makes the action be
   * played again with every outcome on its own.
   */
  let byClass = false
  let drawn: { t: HitTable; d: number; rep: number; members: Int32Array } | null = null
  let secondRoll = false
  const classCache = new Map<number, { branches: DrawBranches; members: Int32Array[] }>()
  const classesOf = (code: number): { branches: DrawBranches; members: Int32Array[] } => {
    const t = hits[code]
    const d = 1 - plan.atkOwner[code >> 1]
    const base = st.hitSlot[d] === st.slot ? st.slotStun[d] : 0
    const key = ((((code * 8 + st.ko[d] * 4 + st.stunned[d] * 2 + st.dead[d]) * 8192 + st.stun[d] + 4096) * 4096 + st.body[d] + 2048) * 8192) + base
    let c = classCache.get(key)
    if (c) return c
    const label = (j: number): number => {
      const hurt = t.stunT[j] + t.bodyT[j] > 0 ? 1 : 0
      const stunned = !st.ko[d] && !st.stunned[d] && base + t.stunT[j] > plan.con[d] ? 2 : 0
      const out = st.stun[d] - t.stunT[j] <= 0 ? 4 : 0
      const dead = st.body[d] - t.bodyT[j] <= -plan.bodyMax[d] ? 8 : 0
      return hurt | stunned | out | dead
    }
    const groups = new Map<number, number[]>()
    for (let j = 0; j < t.p.length; j++) {
      const l = label(j)
      const g = groups.get(l)
      if (g) g.push(j)
      else groups.set(l, [j])
    }
    const all = [...groups.values()]
    c = {
      branches: { values: Int32Array.from(all, (g) => g[0]), p: Float64Array.from(all, (g) => g.reduce((x, j) => x + t.p[j], 0)) },
      members: all.map((g) => Int32Array.from(g)),
    }
    classCache.set(key, c)
    return c
  }
  /**
   * The grid solve (`solveGrid`): each hit of an action drawn by class, one per fighter; `gridBroken` when a
   * fighter is hit twice in the action or again in the instant he was hit (the classes then cannot stand for
   * the hit: the action is played cell by cell).
   */
  let gridMode = false
  let gridBroken = false
  const gridDrawn: ({ t: HitTable; d: number; rep: number; members: Int32Array } | null)[] = [null, null]
  /** Hits on each fighter in the replay under way, and the most in any replay of the action (see `grouped`). */
  const hitsNow = new Int32Array(n)
  const hitsMost = new Int32Array(n)
  st.exactHit = (rng: Rng, a: number, haymaker: boolean, out: DamageRoll): void => {
    const code = st.weapon[a] * 2 + (haymaker ? 1 : 0)
    if (++hitsNow[1 - a] > hitsMost[1 - a]) hitsMost[1 - a] = hitsNow[1 - a]
    const t = hits[code]
    const k = rng.below(HIT_DRAW + code)
    if (gridMode) {
      // by class, once per fighter in an action: a second hit on him reads the STUN and BODY the first left
      const d = 1 - a
      if (gridDrawn[d] || st.hitSlot[d] === st.slot) gridBroken = true
      else {
        const c = classesOf(code)
        gridDrawn[d] = { t, d, rep: k, members: c.members[c.branches.values.indexOf(k)] }
      }
    } else if (byClass && !secondRoll) {
      const c = classesOf(code)
      drawn = { t, d: 1 - a, rep: k, members: c.members[c.branches.values.indexOf(k)] }
    }
    out.stun = t.stun[k]
    out.body = t.body[k]
  }
  const hitBranches = hits.map((t): DrawBranches => ({ values: Int32Array.from(t.p, (_, i) => i), p: t.p }))
  const cache = new Map<number, DrawBranches>()
  const tieCache = new Map<number, DrawBranches[]>()
  /** The two 3d6 rolls of a tie between `w0` and `w1` (order.ts tieKeyOf), by which is higher once unequal. */
  const tieRolls = (w0: number, w1: number): DrawBranches[] => {
    let b = tieCache.get(w0 * 64 + w1)
    if (b) return b
    const ways = (t: number): number => THREE_D6_WAYS[t - 3]
    let hi = 0
    let lo = 0
    for (let r0 = 3; r0 <= 18; r0++) {
      for (let r1 = 3; r1 <= 18; r1++) {
        const k0 = tieKeyOf(plan, w0, r0)
        const k1 = tieKeyOf(plan, w1, r1)
        if (k1 > k0) hi += ways(r0) * ways(r1)
        else if (k1 < k0) lo += ways(r0) * ways(r1)
      }
    }
    // a first roll, and for the second one roll above it and one below it (the sampler reads only the order)
    const index = (t: number): number => THREE_D6_TOTAL_OF_INDEX.indexOf(t)
    let pick: [number, number, number] | null = null
    for (let r0 = 3; r0 <= 18 && !pick; r0++) {
      const k0 = tieKeyOf(plan, w0, r0)
      let up = -1
      let down = -1
      for (let r1 = 3; r1 <= 18; r1++) {
        const k1 = tieKeyOf(plan, w1, r1)
        if (k1 > k0 && up < 0) up = r1
        if (k1 < k0 && down < 0) down = r1
      }
      if ((up >= 0 || hi === 0) && (down >= 0 || lo === 0)) pick = [r0, up, down]
    }
    if (!pick || hi + lo === 0) throw new FightRefusal(REROLLS)
    const second = pick[1] >= 0 && pick[2] >= 0 ? [[pick[1], hi], [pick[2], lo]] : pick[1] >= 0 ? [[pick[1], hi]] : [[pick[2], lo]]
    b = [
      { values: Int32Array.of(index(pick[0])), p: Float64Array.of(1) },
      { values: Int32Array.from(second, (x) => index(x[0])), p: Float64Array.from(second, (x) => x[1] / (hi + lo)) },
    ]
    tieCache.set(w0 * 64 + w1, b)
    return b
  }
  const split = (m: number): DrawBranches => {
    if (gridMode && m >= HIT_DRAW) return gridBroken ? hitBranches[m - HIT_DRAW] : classesOf(m - HIT_DRAW).branches
    // a roll after a hit drawn by class: that action is played again outcome by outcome
    if (drawn) secondRoll = true
    if (m >= HIT_DRAW) return byClass && !secondRoll ? classesOf(m - HIT_DRAW).branches : hitBranches[m - HIT_DRAW]
    if (m === 216 && rerolled) {
      const h = contestOf()
      if (h >= 0) {
        const second = contestSecond
        contestSecond = !second
        return contestRolls(h)[second ? 1 : 0]
      }
    }
    if (m === 216 && st.attackTarget !== null) {
      const target = st.attackTarget
      const k = -1e6 - target
      let b = cache.get(k)
      if (!b) cache.set(k, (b = groupDraw(216, (i) => (heroSucceeds(THREE_D6_TOTAL_OF_INDEX[i], target) ? 1 : 0))))
      return b
    }
    // a 1d6 roll-off between two tied entries (order.ts) is read only by comparing the two dice, and a tie is
    // rolled again with nothing else changed, so the order comes out as the first roll that differs: each
    // first with 1/2 (15 of the 30 unequal pairs). The first die stands as a 3, the second as lower (1) or higher (4)
    if (m === 6 && st.tieDraw === 1) return FIRST_TIE_DIE
    if (m === 6 && st.tieDraw === 2) return SECOND_TIE_DIE
    // DEX Rolls (or Fast Draw) for the order of two tied entries, equal margins rolled again: the same way,
    // the first roll that differs decides, each first with his chance among the unequal pairs
    if (m === 216 && st.tieDraw !== 0 && !plan.rules.contestSimultaneous) return tieRolls(st.tieWho0, st.tieWho1)[st.tieDraw - 1]
    let b = cache.get(m)
    if (!b) cache.set(m, (b = m === 216 ? groupDraw(216, (i) => THREE_D6_TOTAL_OF_INDEX[i]) : everyValue(m)))
    return b
  }

  /** END at or above this after Segment `abs` pays for every attack he can still make (one per Phase left, and a held one; mid-Segment, `abs` − 1). */
  const dearest = [0, 1].map((i) => Math.max(...plan.endCost.subarray(plan.atkFirst[i], plan.atkFirst[i] + plan.atkCount[i])))
  const enough = [0, 1].map((i) => Int32Array.from({ length: plan.endAbs + 2 }, (_, abs) => dearest[i] * (phasesAfter(plan.spd[i], abs, plan.endAbs) + 1)))
  const endEnough = (i: number, abs: number): number => enough[i][abs]
  const endNeverRead = plan.rules.endurance === Endurance.Off

  // per combatant: 31 values; then the Segment's order (3n entries of 4, 3n of 2) and 4 globals
  const PER = 31
  /** Where `pack` writes st.pending (st.delayAbs two after it, st.hayLandAbs six after it). */
  const PENDING = 16
  const E = 3 * n
  const size = n * PER + E * 6 + 4
  const buf = new Int32Array(size)
  /**
   * Writes the situation into `buf` in canonical form and returns its hash. `mid`: between two pieces of
   * Segment `st.abs` (its order under way); otherwise at its end, before the next Segment. Each field
   * written as a constant is one no later rule reads, for the reason given.
   */
  const pack = (mid: boolean): number => {
    const abs = st.abs
    // fight.ts segmentEntry: an entry acts in a new instant (st.slot + 1) unless the tie rule made it simultaneous
    // with the one before; so does a Haymaker landing at the Segment's end and every action of the next Segment
    const sameInstant = mid && st.gPos < st.gLen && st.gSame[st.gPos] === 1
    let o = 0
    for (let i = 0; i < n; i++) {
      buf[o++] = st.stun[i]
      buf[o++] = st.body[i]
      // END is read only against the attack's cost (endurance.ts); once it covers every attack left, its value changes nothing
      buf[o++] = endNeverRead || st.end[i] >= endEnough(i, mid ? abs - 1 : abs) ? -1 : st.end[i]
      buf[o++] = st.ko[i]
      buf[o++] = st.dead[i]
      buf[o++] = st.stunned[i]
      // resolution instants are read only as "the same instant as now", and only the next entry can share it
      buf[o++] = sameInstant && st.statusSlot[i] === st.slot ? 1 : 0
      buf[o++] = sameInstant && st.hitSlot[i] === st.slot ? 1 : 0
      buf[o++] = sameInstant && st.hitSlot[i] === st.slot ? st.slotStun[i] : 0
      // marks of this Segment (compared with st.abs only) are dead once it is over
      buf[o++] = mid && st.stunBlockedAbs[i] === abs ? 1 : 0
      buf[o++] = mid && st.phaseDoneAbs[i] === abs ? 1 : 0
      buf[o++] = mid && st.actedAbs[i] === abs ? 1 : 0
      const blocking = mid && st.blockAbs[i] === abs
      buf[o++] = blocking ? 1 : 0
      buf[o++] = blocking ? st.blockCount[i] : 0
      buf[o++] = blocking ? st.blockChain[i] : 0
      buf[o++] = mid ? st.recoverAbs[i] : 0
      buf[o++] = st.pending[i]
      // the Phase a pending action came from is read only as "some action" (non-zero) outside the test audit
      buf[o++] = st.pending[i] !== 0 ? 1 : 0
      buf[o++] = st.pending[i] === Pending.Delay ? st.delayAbs[i] : 0
      // a Phase already spent is compared with this Segment (mid) or later ones
      const skip = st.skipPhaseAbs[i] > abs || (mid && st.skipPhaseAbs[i] === abs)
      buf[o++] = skip ? st.skipPhaseAbs[i] : 0
      buf[o++] = skip ? st.skipReason[i] : 0
      buf[o++] = st.dodgeUntil[i]
      buf[o++] = st.hayLandAbs[i]
      // blockFirst priority is read only in a later Segment's start
      const first = st.blockFirstAbs[i] > abs
      buf[o++] = first ? st.blockFirstAbs[i] : 0
      buf[o++] = first ? st.blockFirstOver[i] : 0
      // the report's running totals are not read by any rule; BODY taken is BODY lost less what bleeding took
      buf[o++] = plan.bodyMax[i] - st.body[i] - st.bodyTaken[i]
      // the sticky target: with one enemy, "first" and every other rule find him whether it is set or not;
      // only "random" reads an unset one as "not yet known" (common.ts peekTarget)
      buf[o++] = plan.targetRule[i] === TARGET_RANDOM ? st.target[i] : -1
      buf[o++] = st.fixedRank[i]
      // the attack in use (chosen again at each attack under "best"), and an attack's DCV until his next Phase
      buf[o++] = st.weapon[i]
      buf[o++] = st.atkDcvUntil[i] > abs || (mid && st.atkDcvUntil[i] === abs) ? st.atkDcvUntil[i] : 0
      buf[o++] = st.atkDcvUntil[i] > abs || (mid && st.atkDcvUntil[i] === abs) ? st.atkDcv[i] : 0
      // not part of it: st.current (0 between actions), st.holderKey (within one attack), st.koAbs, st.koMinuteAbs
      // and st.wakes (nobody is out at a Segment's start: being out ends a 1-vs-1 fight at the Segment's end),
      // the report's counters and Turn tallies
    }
    for (let k = 0; k < E; k++) {
      const on = mid && k < st.eCount
      buf[o++] = on ? st.eWho[k] : 0
      buf[o++] = on ? st.eKey[k] : 0
      buf[o++] = on ? st.eKind[k] : 0
      buf[o++] = on ? st.eDone[k] : 0
      const g = mid && k < st.gLen
      buf[o++] = g ? st.gEntry[k] : 0
      buf[o++] = g ? st.gSame[k] : 0
    }
    buf[o++] = mid ? st.eCount : 0
    buf[o++] = mid ? st.gPos : 0
    buf[o++] = mid ? st.gLen : 0
    // who acted first is counted once for the report only
    buf[o] = st.firstActor < 0 ? 0 : 1
    lane1 = 0
    lane2 = 0
    for (let i = 0; i < size; i++) {
      lane1 = (lane1 + mix1(i, buf[i])) | 0
      lane2 = (lane2 + mix2(i, buf[i])) | 0
    }
    return hashOf()
  }
  /** The hash of `buf`: a sum over positions, so that changing one value moves it at once (`patch`). */
  let lane1 = 0
  let lane2 = 0
  const hashOf = (): number => (lane1 >>> 0) * 0x200000 + (lane2 & 0x1fffff)
  /** Sets `buf[i]` to `v` and moves the hash with it. */
  const patch = (i: number, v: number): void => {
    lane1 = (lane1 + mix1(i, v) - mix1(i, buf[i])) | 0
    lane2 = (lane2 + mix2(i, v) - mix2(i, buf[i])) | 0
    buf[i] = v
  }
  /** The fight state of a packed situation at Segment `abs`. */
  const unpack = (snap: Int32Array, abs: number): void => {
    st.abs = abs
    st.slot = SLOT
    // a replay refused mid-roll leaves these set
    st.tieDraw = 0
    st.attackTarget = null
    contestSecond = false
    if (rerolled) for (const c of contestCounts) for (const k of c) st.tally!.counts[k] = 0
    let o = 0
    for (let i = 0; i < n; i++) {
      st.stun[i] = snap[o++]
      st.body[i] = snap[o++]
      const e = snap[o++]
      st.end[i] = e < 0 ? plan.endMax[i] : e
      st.ko[i] = snap[o++]
      st.dead[i] = snap[o++]
      st.stunned[i] = snap[o++]
      st.statusSlot[i] = snap[o++] ? SLOT : -1
      st.hitSlot[i] = snap[o++] ? SLOT : -1
      st.slotStun[i] = snap[o++]
      st.stunBlockedAbs[i] = snap[o++] ? abs : 0
      st.phaseDoneAbs[i] = snap[o++] ? abs : 0
      st.actedAbs[i] = snap[o++] ? abs : 0
      st.blockAbs[i] = snap[o++] ? abs : 0
      st.blockCount[i] = snap[o++]
      st.blockChain[i] = snap[o++]
      st.recoverAbs[i] = snap[o++]
      st.pending[i] = snap[o++]
      st.pendingOrigin[i] = snap[o++]
      st.delayAbs[i] = snap[o++]
      st.skipPhaseAbs[i] = snap[o++]
      st.skipReason[i] = snap[o++]
      st.dodgeUntil[i] = snap[o++]
      st.hayLandAbs[i] = snap[o++]
      st.blockFirstAbs[i] = snap[o++]
      st.blockFirstOver[i] = snap[o++]
      st.bodyTaken[i] = plan.bodyMax[i] - st.body[i] - snap[o++]
      st.target[i] = snap[o++]
      st.fixedRank[i] = snap[o++]
      st.weapon[i] = snap[o++]
      st.atkDcvUntil[i] = snap[o++]
      st.atkDcv[i] = snap[o++]
      st.current[i] = 0
      // knocked out within this Segment, if at all (see pack)
      st.koAbs[i] = st.ko[i] ? abs : -1
      st.koMinuteAbs[i] = st.ko[i] ? abs : 0
    }
    for (let k = 0; k < E; k++) {
      st.eWho[k] = snap[o++]
      st.eKey[k] = snap[o++]
      st.eKind[k] = snap[o++]
      st.eDone[k] = snap[o++]
      st.gEntry[k] = snap[o++]
      st.gSame[k] = snap[o++]
    }
    st.eCount = snap[o++]
    st.gPos = snap[o++]
    st.gLen = snap[o++]
    st.firstActor = snap[o] ? 0 : -1
  }

  let ids = 0
  /** Situations at the end of the Segment being stepped, by packed contents, and their states. */
  const known = new Snaps(size)
  let made: HState[] = []
  /** record.ts outcome, once a side is out. */
  const endOf = (): number | 'draw' | null => {
    const aDown = sideDown(p, st, 0)
    const bDown = sideDown(p, st, 1)
    if (!aDown && !bDown) return null
    return aDown && bDown ? 'draw' : bDown ? 0 : 1
  }
  /** The situation at the end of Segment `st.abs`, packed from the fight state. */
  const situation = (): HState => {
    const i = known.add(pack(false), buf, 0)
    if (i < made.length) return made[i]
    const x: HState = {
      snap: buf.slice(),
      id: ids++,
      abs: st.abs,
      end: endOf(),
      finals: [0, 1].map((j) => (st.ko[j] | st.dead[j] ? 1 : 0)),
      lost: [0, 1].map((j) => st.bodyTaken[j]),
    }
    made.push(x)
    return x
  }

  reset(p, st)
  st.abs = COMBAT_START - 1
  const start = situation()
  let runs = 0
  let inner = 0
  const budget = (): number => {
    const most = options.maxRuns ?? HERO_EXACT_MAX_RUNS
    if (runs >= most) throw new Error(`more than ${most} replays`)
    return most - runs
  }

  /** fight.ts dueNow for a packed situation: a delayed action or a Haymaker comes due in Segment `abs`. */
  const dueIn = (snap: Int32Array, abs: number): boolean => {
    for (let i = 0; i < n; i++) {
      const o = i * PER
      if ((snap[o + PENDING] === Pending.Delay && snap[o + PENDING + 2] === abs) || snap[o + PENDING + 6] === abs) return true
    }
    return false
  }

  /** A Haymaker lands at the end of this Segment. */
  const landingDue = (): boolean => {
    for (let i = 0; i < n; i++) if (st.hayLandAbs[i] === st.abs) return true
    return false
  }

  /**
   * Within one action of a Segment (segmentEntry, landHaymakers) the rules read a fighter's STUN and BODY only
   * where a hit lands on him (attack.ts applyDamage: Knocked Out at STUN 0 or less, dead at −BODY), except
   * under "STUN for END" and bleeding at the first Phase, which read them elsewhere (no grouping then). So
   * situations equal but for STUN and BODY play the action alike when, for each fighter the action can hit,
   * their STUN and BODY are equal, or both so high that the most hits the action lands on him, each as large
   * as his enemy's largest, cannot bring him to either point; each one's outcomes are then the first one's
   * with STUN and BODY moved by the difference. Which fighters the action can hit, and how often, is read off
   * the first one's replay (the others make the same rolls as long as every hit reads them alike).
   */
  const grouped = options.groups !== false && plan.rules.endurance !== Endurance.StunForEnd && !plan.rules.bleedAtFirstPhase
  const mostStunT = new Int32Array(n)
  const mostBodyT = new Int32Array(n)
  hits.forEach((t, code) => {
    const d = 1 - plan.atkOwner[code >> 1]
    for (let j = 0; j < t.p.length; j++) {
      mostStunT[d] = Math.max(mostStunT[d], t.stunT[j])
      mostBodyT[d] = Math.max(mostBodyT[d], t.bodyT[j])
    }
  })
  /** Each fighter's STUN taken and BODY taken, every value one hit on him can give (any attack of his enemy). */
  const stunTs = [0, 1].map((d) => [...new Set(hits.flatMap((t, code) => (1 - plan.atkOwner[code >> 1] === d ? [...t.stunT] : [])))])
  const bodyTs = [0, 1].map((d) => [...new Set(hits.flatMap((t, code) => (1 - plan.atkOwner[code >> 1] === d ? [...t.bodyT] : [])))])
  /** How many of `values` (none below 0) are `x` or more, looked up in `table` (its index: x). */
  const countsAtLeast = (values: number[]): Int32Array => Int32Array.from({ length: Math.max(0, ...values) + 2 }, (_, x) => values.filter((v) => v >= x).length)
  const stunAtLeast = stunTs.map(countsAtLeast)
  const bodyAtLeast = bodyTs.map(countsAtLeast)
  const atLeast = (table: Int32Array, x: number): number => (x <= 0 ? table[0] : x < table.length ? table[x] : 0)
  /**
   * Stage situations `r` and `m` (STUN and BODY at 4 × index in `num`) play the action alike (`r` replayed
   * with `hitsMost` hits at most on each fighter): for a fighter hit once at most, the same hits knock him
   * out (STUN taken at least his STUN) and kill him (BODY taken at least his BODY + full BODY); hit more
   * often, the same STUN and BODY, or both so high that that many of the largest hits cannot reach either point.
   */
  const alike = (num: Int32Array, r: number, m: number): boolean => {
    if (!grouped) return false
    for (let i = 0; i < n; i++) {
      const h = hitsMost[i]
      if (h === 0) continue
      const sr = num[4 * r + 2 * i]
      const sm = num[4 * m + 2 * i]
      const br = num[4 * r + 2 * i + 1] + plan.bodyMax[i]
      const bm = num[4 * m + 2 * i + 1] + plan.bodyMax[i]
      if (h === 1) {
        if (sr !== sm && atLeast(stunAtLeast[i], sr) !== atLeast(stunAtLeast[i], sm)) return false
        if (br !== bm && atLeast(bodyAtLeast[i], br) !== atLeast(bodyAtLeast[i], bm)) return false
        continue
      }
      const sCut = h * mostStunT[i] + 1
      if (sr !== sm && (sr < sCut || sm < sCut)) return false
      const bCut = h * mostBodyT[i] + 1
      if (br !== bm && (br < bCut || bm < bCut)) return false
    }
    return true
  }
  /** The hash of any packed situation (as `pack` makes it). */
  const hashArr = (a: Int32Array): number => {
    let l1 = 0
    let l2 = 0
    for (let i = 0; i < size; i++) {
      l1 = (l1 + mix1(i, a[i])) | 0
      l2 = (l2 + mix2(i, a[i])) | 0
    }
    return (l1 >>> 0) * 0x200000 + (l2 & 0x1fffff)
  }
  /** Packed situations of the Segment under way without STUN and BODY, by index. */
  const flags = new Snaps(size)
  const cbuf = new Int32Array(size)
  /** The index of packed situation `o` without its STUN and BODY. */
  const intern = (o: Int32Array): number => {
    cbuf.set(o)
    for (let i = 0; i < n; i++) {
      cbuf[i * PER] = 0
      cbuf[i * PER + 1] = 0
    }
    return flags.add(hashArr(cbuf), cbuf, 0)
  }
  /** Adds packed situation `o` to `into` with chance `q`. */
  const put = (into: Stage, o: Int32Array, q: number): void => {
    into.add(intern(o), o[0], o[1], o[PER], o[PER + 1], q)
  }
  /** Stage situation `k` packed whole, in `out`. */
  const load = (from: Stage, k: number, out: Int32Array): Int32Array => {
    out.set(flags.snapAt(from.flag[k]))
    out[0] = from.num[4 * k]
    out[1] = from.num[4 * k + 1]
    out[PER] = from.num[4 * k + 2]
    out[PER + 1] = from.num[4 * k + 3]
    return out
  }
  const stageA = new Stage()
  const stageB = new Stage()
  const repBuf = new Int32Array(size)
  const memberBuf = new Int32Array(size)
  let groupHead = new Int32Array(64)
  let groupTail = new Int32Array(64)
  let memberNext = new Int32Array(64)
  let poolFlag = new Int32Array(64)
  let poolNum = new Int32Array(256)

  const stepAll = (states: readonly HState[], probs: readonly number[], emit: (q: number, next: HState) => void): void => {
    if (states.length === 0) return
    const abs = states[0].abs + 1
    const seg = segmentOf(abs)
    // the whole frontier is at hand: a fight this wide is refused at once, not after seconds of work
    if (states.length > (options.maxLive ?? HERO_EXACT_MAX_LIVE)) throw new FightRefusal(tooManyStates(HERO_EXACT_MAX_LIVE, abs - COMBAT_START + 1, plan.endAbs - COMBAT_START + 1, { unit: 'Segment', stepsPerUnit: 1 }).replace(' by ', ' at once by '))
    known.clear()
    made = []
    flags.clear()
    let stage = stageA
    stage.clear()
    // each situation's Segment start: the fixed roll-off in the opening Segment (rolled), then its order (no roll)
    for (let k = 0; k < states.length; k++) {
      const s = states[k]
      const q = probs[k]
      // fight.ts runFight: a Segment where nobody has a Phase and nothing comes due (dueNow, read off the
      // packed situation) changes nothing: the situation goes on as it is (its marks are absolute Segments)
      if (plan.segmentMask[seg] === 0 && seg !== 12 && !dueIn(s.snap, abs)) {
        s.abs = abs
        emit(q, s)
        continue
      }
      if (abs === COMBAT_START && plan.rules.tieRule === 'fixed') {
        // the fixed roll-off made once, before the opening Segment
        runs += replay(
          (rng) => {
            unpack(s.snap, abs)
            rollFixedRanks(p, st, rng)
            segmentBegin(p, st)
          },
          (_, r) => {
            pack(true)
            put(stage, buf, q * r)
          },
          split,
          budget(),
        )
        continue
      }
      unpack(s.snap, abs)
      segmentBegin(p, st)
      pack(true)
      put(stage, buf, q)
    }
    // one action of the Segment's order at a time for every situation under way together, then its end
    const pool = new Snaps(size, false)
    let next = stageB
    while (stage.count > 0) {
      next.clear()
      inner += stage.count
      if (memberNext.length < stage.count) memberNext = new Int32Array(2 * stage.count)
      if (groupHead.length < flags.count) {
        groupHead = new Int32Array(2 * flags.count)
        groupTail = new Int32Array(2 * flags.count)
      }
      // situations equal but for STUN and BODY go together: the action is played for the first of them, and
      // every other that plays it alike (see `alike`) follows it with his STUN and BODY moved by the difference
      const groupCount = flags.count
      groupHead.fill(-1, 0, groupCount)
      for (let k = 0; k < stage.count; k++) {
        const g = stage.flag[k]
        if (groupHead[g] < 0) groupHead[g] = k
        else memberNext[groupTail[g]] = k
        groupTail[g] = k
        memberNext[k] = -1
      }
      const num = stage.num
      for (let g = 0; g < groupCount; g++) {
        let head = groupHead[g]
        while (head >= 0) {
          const k = head
          const snap = load(stage, k, repBuf)
          unpack(snap, abs)
          const landing = !entryLeft(st) && landingDue()
          if (!entryLeft(st) && !landing) {
            // the Segment's Recoveries (no roll), and its end
            for (let m = k; m >= 0; m = memberNext[m]) {
              if (m !== k) unpack(load(stage, m, memberBuf), abs)
              segmentClose(p, st, seg)
              emit(stage.probs[m], situation())
            }
            break
          }
          hitsMost.fill(0)
          for (const first of [classes, false]) {
            byClass = first
            secondRoll = false
            pool.clear()
            runs += replay(
              (rng) => {
                drawn = null
                hitsNow.fill(0)
                unpack(snap, abs)
                if (landing) landHaymakers(p, st, rng)
                else segmentEntry(p, st, rng)
              },
              (_, r) => {
                if (secondRoll) return
                if (!drawn) {
                  pool.add(pack(true), buf, r)
                  return
                }
                expand(drawn, r, pool)
              },
              split,
              budget(),
            )
            byClass = false
            drawn = null
            if (!first || !secondRoll) break
          }
          // the outcomes, each as its situation without STUN and BODY and the first one's STUN and BODY
          if (poolFlag.length < pool.count) {
            poolFlag = new Int32Array(2 * pool.count)
            poolNum = new Int32Array(8 * pool.count)
          }
          for (let j = 0; j < pool.count; j++) {
            const o = pool.snapAt(j)
            poolFlag[j] = intern(o)
            poolNum[4 * j] = o[0]
            poolNum[4 * j + 1] = o[1]
            poolNum[4 * j + 2] = o[PER]
            poolNum[4 * j + 3] = o[PER + 1]
          }
          // the first one, then each one alike with its STUN and BODY moved; the others wait for a replay of their own
          head = -1
          let tail = -1
          for (let m = k; m >= 0; ) {
            const after = memberNext[m]
            if (m === k || alike(num, k, m)) {
              const q = stage.probs[m]
              const d0 = num[4 * m] - num[4 * k]
              const d1 = num[4 * m + 1] - num[4 * k + 1]
              const d2 = num[4 * m + 2] - num[4 * k + 2]
              const d3 = num[4 * m + 3] - num[4 * k + 3]
              for (let j = 0; j < pool.count; j++) {
                const o = 4 * j
                next.add(poolFlag[j], poolNum[o] + d0, poolNum[o + 1] + d1, poolNum[o + 2] + d2, poolNum[o + 3] + d3, q * pool.probs[j])
              }
            } else {
              if (tail < 0) head = m
              else memberNext[tail] = m
              tail = m
              memberNext[m] = -1
            }
            m = after
          }
        }
      }
      const done = stage
      stage = next
      next = done
    }
  }

  /**
   * Every member of the hit's class drawn in this replay, from the representative's result now in the
   * fight state: the defender's STUN, BODY (and the BODY taken with it) and STUN of this instant moved by
   * the difference between the member's damage and the representative's.
   */
  const expand = (h: { t: HitTable; d: number; rep: number; members: Int32Array }, r: number, out: Snaps): void => {
    const { t, d, rep, members } = h
    let classP = 0
    for (let j = 0; j < members.length; j++) classP += t.p[members[j]]
    // the representative's result, packed once; each member moves the defender's STUN, BODY and STUN of this
    // instant (BODY taken moves with BODY, so what bleeding took, the packed value, stays)
    pack(true)
    const at = d * PER
    const stun0 = buf[at]
    const body0 = buf[at + 1]
    const slot0 = buf[at + 8]
    const slotLive = st.gPos < st.gLen && st.gSame[st.gPos] === 1 && st.hitSlot[d] === st.slot
    for (let j = 0; j < members.length; j++) {
      const m = members[j]
      const ds = t.stunT[m] - t.stunT[rep]
      patch(at, stun0 - ds)
      patch(at + 1, body0 - (t.bodyT[m] - t.bodyT[rep]))
      if (slotLive) patch(at + 8, slot0 + ds)
      out.add(hashOf(), buf, (r * t.p[m]) / classP)
    }
  }


  /**
   * The grid solve: situations alike but for the two fighters' STUN and BODY are one situation carrying a
   * table of chances over (STUN, BODY of the first) × (STUN, BODY of the second), and each piece of a Segment
   * is played once per such situation, not once per cell. Within an action the rules read a fighter's STUN and
   * BODY only where a hit lands on him (Knocked Out at STUN 0 or less, dead at −BODY: attack.ts applyDamage), so
   * the action is played with stand-in STUN and BODY — out of reach of any hit, or at the edge where any hit
   * that hurts knocks out or kills — and a hit's outcomes drawn by class (`classesOf`); every cell then follows
   * the class's members with its own STUN and BODY moved by each one's damage, kept where the result agrees with
   * the played one (Knocked Out, dead or neither). Each cell's outcome is thus counted once, in the play that
   * made the same checks come out the same way. A fighter hit twice in one action, or in the instant he was
   * already hit in, is played cell by cell. The Segment's Recoveries read each fighter's STUN and BODY alone
   * (the cap at full STUN, bleeding): played once per value of each fighter's, checked to agree, else cell by cell.
   */
  const BIG_STUN = 4000
  const BIG_BODY = 2000
  const maxHitStun = [0, 1].map((i) => mostStunT[i])
  const maxHitBody = [0, 1].map((i) => mostBodyT[i])
  /** Each fighter's box of (STUN, BODY) for each of (neither, Knocked Out, dead, both): [stun low, stun count, body low, body count]. */
  const boxOf = (i: number, ko: number, dead: number): Int32Array => {
    const sLo = ko ? 1 - 4 * maxHitStun[i] - 1 : 1
    const sHi = ko ? 0 : plan.stunMax[i]
    const bLo = dead ? 1 - plan.bodyMax[i] - 4 * maxHitBody[i] - 1 : 1 - plan.bodyMax[i]
    const bHi = dead ? -plan.bodyMax[i] : plan.bodyMax[i]
    return Int32Array.of(sLo, Math.max(0, sHi - sLo + 1), bLo, Math.max(0, bHi - bLo + 1))
  }
  const boxes = [0, 1].map((i) => [0, 1, 2, 3].map((k) => boxOf(i, k & 1, k >> 1)))
  /** Rows no longer in use, cleared, by width. */
  const rowPool = new Map<number, Float64Array[]>()
  class Grid {
    rows: (Float64Array | undefined)[]
    used: number[] = []
    readonly a: Int32Array
    readonly b: Int32Array
    readonly width: number
    constructor(
      readonly snap: Int32Array,
      readonly kA: number,
      readonly kB: number,
    ) {
      this.a = boxes[0][kA]
      this.b = boxes[1][kB]
      this.rows = new Array<Float64Array | undefined>(this.a[1] * this.a[3])
      this.width = this.b[1] * this.b[3]
    }
    row(r: number): Float64Array {
      let x = this.rows[r]
      if (!x) {
        x = this.rows[r] = rowPool.get(this.width)?.pop() ?? new Float64Array(this.width)
        this.used.push(r)
      }
      return x
    }
    /** Gives its rows back, cleared, for grids made later. */
    release(): void {
      let pool = rowPool.get(this.width)
      if (!pool) rowPool.set(this.width, (pool = []))
      for (const r of this.used) {
        const x = this.rows[r]!
        x.fill(0)
        pool.push(x)
        this.rows[r] = undefined
      }
      this.used = []
    }
  }
  const bitsOf = (snap: Int32Array, i: number): number => snap[i * PER + 3] + 2 * snap[i * PER + 4]
  /** Situations without STUN and BODY, each with its grid. */
  class Grids {
    snaps = new Snaps(size)
    list: Grid[] = []
    grid(snap: Int32Array): Grid {
      const i = this.snaps.add(hashArr(snap), snap, 0)
      if (i < this.list.length) return this.list[i]
      const g = new Grid(snap.slice(), bitsOf(snap, 0), bitsOf(snap, 1))
      this.list.push(g)
      return g
    }
  }
  const zbuf = new Int32Array(size)
  /** The grid of packed situation `o` (in `buf` or elsewhere), STUN and BODY left out. */
  const gridOf = (into: Grids, o: Int32Array): Grid => {
    zbuf.set(o)
    for (let i = 0; i < n; i++) {
      zbuf[i * PER] = 0
      zbuf[i * PER + 1] = 0
    }
    return into.grid(zbuf)
  }
  /** Index of (stun, body) in box `x`, or −1 outside it. */
  const cellOf = (x: Int32Array, stun: number, body: number): number => {
    const s = stun - x[0]
    const b = body - x[2]
    if (s < 0 || s >= x[1] || b < 0 || b >= x[3]) return -1
    return s * x[3] + b
  }
  /** Adds chance q at the packed situation `o` (STUN and BODY in it). */
  const addPacked = (into: Grids, o: Int32Array, q: number): void => {
    const g = gridOf(into, o)
    const r = cellOf(g.a, o[0], o[1])
    const c = cellOf(g.b, o[PER], o[PER + 1])
    if (r < 0 || c < 0) throw new FightRefusal(TOO_MANY)
    g.row(r)[c] += q
  }
  const fullBuf = new Int32Array(size)
  /** Grid `g`'s situation with cell (r, c) packed whole, in `fullBuf`. */
  const cellSnap = (g: Grid, r: number, c: number): Int32Array => {
    fullBuf.set(g.snap)
    fullBuf[0] = g.a[0] + Math.floor(r / g.a[3])
    fullBuf[1] = g.a[2] + (r % g.a[3])
    fullBuf[PER] = g.b[0] + Math.floor(c / g.b[3])
    fullBuf[PER + 1] = g.b[2] + (c % g.b[3])
    return fullBuf
  }
  const withXs = (g: Grid, s0: number, b0: number, s1: number, b1: number): Int32Array => {
    fullBuf.set(g.snap)
    fullBuf[0] = s0
    fullBuf[1] = b0
    fullBuf[PER] = s1
    fullBuf[PER + 1] = b1
    return fullBuf
  }
  /** A cell of `g` with chance, or −1. */
  const anyCell = (g: Grid): [number, number] => {
    for (const r of g.used) {
      const row = g.rows[r]!
      for (let c = 0; c < row.length; c++) if (row[c] !== 0) return [r, c]
    }
    return [-1, -1]
  }

  /** Every cell of `g` played on its own through `piece` (all outcomes), into `into`. */
  const cellByCell = (g: Grid, abs: number, piece: (rng: Rng) => void, into: Grids): void => {
    for (const r of g.used) {
      const row = g.rows[r]!
      for (let c = 0; c < row.length; c++) {
        const q = row[c]
        if (q === 0) continue
        const snap = cellSnap(g, r, c).slice()
        runs += replay(
          (rng) => {
            unpack(snap, abs)
            piece(rng)
          },
          (_, r) => {
            pack(true)
            addPacked(into, buf, q * r)
          },
          split,
          budget(),
        )
      }
    }
  }

  interface Leaf {
    g: Grid
    p: number
    /** Per fighter: (stun move, body move, weight) of each member, flat. */
    moves: [Float64Array, Float64Array]
  }
  /** The action (or Haymakers landing) of grid `g` played by class, or null when it must go cell by cell. */
  const byClasses = (g: Grid, abs: number, piece: (rng: Rng) => void, into: Grids): Leaf[] | null => {
    const leaves: Leaf[] = []
    const fixedKo = [g.kA & 1, g.kB & 1]
    const fixedDead = [g.kA >> 1, g.kB >> 1]
    const variants: number[][] = []
    for (let v = 0; v < 16; v++) {
      const ko0 = v & 1
      const dead0 = (v >> 1) & 1
      const ko1 = (v >> 2) & 1
      const dead1 = (v >> 3) & 1
      if ((fixedKo[0] && ko0) || (fixedDead[0] && dead0) || (fixedKo[1] && ko1) || (fixedDead[1] && dead1)) continue
      variants.push([ko0, dead0, ko1, dead1])
    }
    const start = [0, 0, 0, 0]
    let broken = false
    gridMode = true
    try {
      for (const v of variants) {
        start[0] = fixedKo[0] ? -BIG_STUN : v[0] ? 1 : BIG_STUN
        start[1] = fixedDead[0] ? -BIG_BODY : v[1] ? 1 - plan.bodyMax[0] : BIG_BODY
        start[2] = fixedKo[1] ? -BIG_STUN : v[2] ? 1 : BIG_STUN
        start[3] = fixedDead[1] ? -BIG_BODY : v[3] ? 1 - plan.bodyMax[1] : BIG_BODY
        const snap = withXs(g, start[0], start[1], start[2], start[3]).slice()
        runs += replay(
          (rng) => {
            gridDrawn[0] = gridDrawn[1] = null
            gridBroken = false
            unpack(snap, abs)
            piece(rng)
          },
          (_, r) => {
            for (let d = 0; d < 2; d++) if (gridDrawn[d] && st.gPos < st.gLen && st.gSame[st.gPos] === 1 && st.hitSlot[d] === st.slot) gridBroken = true
            // each way the rolls fall is played from the start: a way that cannot be played by class stops them all
            if (gridBroken) broken = true
            if (broken) return
            pack(true)
            // the play stands for the cells whose checks come out as in it: kept only where the result agrees
            for (let d = 0; d < 2; d++) {
              if (!fixedKo[d] && st.ko[d] !== v[2 * d]) return
              if (!fixedDead[d] && st.dead[d] !== v[2 * d + 1]) return
            }
            const moves: Float64Array[] = []
            for (let d = 0; d < 2; d++) {
              const dS = buf[d * PER] - start[2 * d]
              const dB = buf[d * PER + 1] - start[2 * d + 1]
              const h = gridDrawn[d]
              if (!h) {
                moves.push(Float64Array.of(dS, dB, 1))
                continue
              }
              let classP = 0
              for (let j = 0; j < h.members.length; j++) classP += h.t.p[h.members[j]]
              const m = new Float64Array(3 * h.members.length)
              for (let j = 0; j < h.members.length; j++) {
                const x = h.members[j]
                m[3 * j] = dS - (h.t.stunT[x] - h.t.stunT[h.rep])
                m[3 * j + 1] = dB - (h.t.bodyT[x] - h.t.bodyT[h.rep])
                m[3 * j + 2] = h.t.p[x] / classP
              }
              moves.push(m)
            }
            leaves.push({ g: gridOf(into, buf), p: r, moves: [moves[0], moves[1]] })
          },
          split,
          budget(),
        )
        if (broken) return null
      }
    } finally {
      gridMode = false
      gridBroken = false
      gridDrawn[0] = gridDrawn[1] = null
    }
    return leaves
  }

  /** The region a cell's result must lie in for grid `h`: STUN at or below 0 exactly when Knocked Out, BODY at or below −BODY exactly when dead. */
  const inRegion = (h: Grid, d: number, stun: number, body: number): boolean => {
    const k = d === 0 ? h.kA : h.kB
    return (stun <= 0) === ((k & 1) === 1) && (body <= -plan.bodyMax[d]) === ((k >> 1) === 1)
  }
  /** The second fighter's column each column goes to under a move (−1: out of the result's region), by boxes and move. */
  const colMaps = new Map<number, Int32Array | null>()
  /** The columns a move takes somewhere (not −1), by map. */
  const validCols = new WeakMap<Int32Array, Int32Array>()
  const colMap = (g: Grid, h: Grid, dS: number, dB: number): Int32Array | null => {
    const key = ((g.kB * 4 + h.kB) * 8192 + dS + 4096) * 8192 + dB + 4096
    let map = colMaps.get(key)
    if (map !== undefined) return map
    map = new Int32Array(g.width)
    let any = false
    for (let c = 0; c < g.width; c++) {
      const s1 = g.b[0] + Math.floor(c / g.b[3]) + dS
      const b1 = g.b[2] + (c % g.b[3]) + dB
      if (!inRegion(h, 1, s1, b1)) {
        map[c] = -1
        continue
      }
      const to = cellOf(h.b, s1, b1)
      if (to < 0) throw new FightRefusal(TOO_MANY)
      map[c] = to
      any = true
    }
    if (!any) map = null
    else {
      const m = map
      validCols.set(m, Int32Array.from({ length: g.width }, (_, c) => c).filter((c) => m[c] >= 0))
    }
    colMaps.set(key, map)
    return map
  }
  let tmp = new Float64Array(64)
  /** Grid `g`'s chances moved as leaf `l` says, into the leaf's grid: along the second fighter's axis, then the first's. */
  const applyLeaf = (g: Grid, l: Leaf): void => {
    const h = l.g
    const mA = l.moves[0]
    const mB = l.moves[1]
    const maps: (Int32Array | null)[] = []
    for (let j = 0; j < mB.length; j += 3) maps.push(colMap(g, h, mB[j], mB[j + 1]))
    if (maps.every((m) => m === null)) return
    // rows of the first fighter each one moves to (−1: out of the result's region)
    const toRow = new Int32Array(g.a[1] * g.a[3] * (mA.length / 3)).fill(-1)
    let anyRow = false
    for (const r of g.used) {
      const s = g.a[0] + Math.floor(r / g.a[3])
      const b = g.a[2] + (r % g.a[3])
      for (let j = 0, k = 0; j < mA.length; j += 3, k++) {
        const s1 = s + mA[j]
        const b1 = b + mA[j + 1]
        if (!inRegion(h, 0, s1, b1)) continue
        const to = cellOf(h.a, s1, b1)
        if (to < 0) throw new FightRefusal(TOO_MANY)
        toRow[r * (mA.length / 3) + k] = to
        anyRow = true
      }
    }
    if (!anyRow) return
    const W = h.width
    if (tmp.length < W) {
      tmp = new Float64Array(W)
      mark = new Uint8Array(W)
      touched = new Int32Array(W)
    }
    const kA = mA.length / 3
    const nz = nonZero(g)
    for (const r of g.used) {
      let live = false
      for (let k = 0; k < kA; k++) if (toRow[r * kA + k] >= 0) live = true
      if (!live) continue
      const row = g.rows[r]!
      const cs = nz.get(r)!
      let nt = 0
      for (let j = 0; j < maps.length; j++) {
        const map = maps[j]
        if (!map) continue
        const w = mB[3 * j + 2] * l.p
        const valid = validCols.get(map)!
        // the shorter of the columns with chance and those the move takes into the result's region
        if (valid.length < cs.length) {
          for (let i = 0; i < valid.length; i++) {
            const c = valid[i]
            const x = row[c]
            if (x === 0) continue
            const to = map[c]
            tmp[to] += w * x
            if (!mark[to]) {
              mark[to] = 1
              touched[nt++] = to
            }
          }
          continue
        }
        for (let i = 0; i < cs.length; i++) {
          const c = cs[i]
          const to = map[c]
          if (to >= 0) {
            tmp[to] += w * row[c]
            if (!mark[to]) {
              mark[to] = 1
              touched[nt++] = to
            }
          }
        }
      }
      if (nt === 0) continue
      for (let k = 0; k < kA; k++) {
        const to = toRow[r * kA + k]
        if (to < 0) continue
        const w = mA[3 * k + 2]
        const out = h.row(to)
        for (let i = 0; i < nt; i++) {
          const c = touched[i]
          out[c] += w * tmp[c]
        }
      }
      for (let i = 0; i < nt; i++) {
        const c = touched[i]
        tmp[c] = 0
        mark[c] = 0
      }
    }
  }
  let mark = new Uint8Array(64)
  let touched = new Int32Array(64)
  /** The columns with chance of each row of a grid being played (it is not written to meanwhile). */
  const nzCache = new WeakMap<Grid, Map<number, Int32Array>>()
  const nonZero = (g: Grid): Map<number, Int32Array> => {
    let m = nzCache.get(g)
    if (m) return m
    m = new Map()
    const on = new Int32Array(g.width)
    for (const r of g.used) {
      const row = g.rows[r]!
      let k = 0
      for (let c = 0; c < row.length; c++) if (row[c] !== 0) on[k++] = c
      m.set(r, on.slice(0, k))
    }
    nzCache.set(g, m)
    return m
  }
  /** Every cell of `g` into `into` as it is (the same box). */
  const copyGrid = (g: Grid, into: Grids, snap: Int32Array, q: number): void => {
    const h = gridOf(into, snap)
    if (h.kA !== g.kA || h.kB !== g.kB) throw new FightRefusal(TOO_MANY)
    for (const r of g.used) {
      const row = g.rows[r]!
      const out = h.row(r)
      for (let c = 0; c < row.length; c++) out[c] += q * row[c]
    }
  }
  /** Columns of `g` with any chance. */
  const usedCols = (g: Grid): number[] => {
    const on = new Uint8Array(g.width)
    for (const r of g.used) {
      const row = g.rows[r]!
      for (let c = 0; c < row.length; c++) if (row[c] !== 0) on[c] = 1
    }
    const out: number[] = []
    for (let c = 0; c < on.length; c++) if (on[c]) out.push(c)
    return out
  }

  /** The whole fight on grids (see above); the same answer as `solveFight` on this model. */
  const solveGrid = (maxSteps: number, dropBelow: number): FightSolution => {
    const win = [0, 0]
    let draw = 0
    const length = new Array<number>(maxSteps).fill(0)
    const damageAt = [new Map<number, number>(), new Map<number, number>()]
    const expectedDamage = [0, 0]
    const expectedFinals = [0, 0]
    let states = 0
    let dropped = 0
    const addFinal = (lost0: number, lost1: number, f0: number, f1: number, q: number): void => {
      expectedDamage[0] += q * lost0
      expectedDamage[1] += q * lost1
      damageAt[0].set(lost0, (damageAt[0].get(lost0) ?? 0) + q)
      damageAt[1].set(lost1, (damageAt[1].get(lost1) ?? 0) + q)
      expectedFinals[0] += q * f0
      expectedFinals[1] += q * f1
    }
    reset(p, st)
    st.abs = COMBAT_START - 1
    let frontier = new Grids()
    pack(false)
    addPacked(frontier, buf, 1)
    const closeSnaps = new Snaps(size)
    for (let at = 1; at <= maxSteps; at++) {
      checkFightSolveBudget()
      const abs = COMBAT_START - 1 + at
      const seg = segmentOf(abs)
      const live = frontier.list.filter((g) => g.used.length > 0)
      if (live.length === 0) break
      for (const g of live) {
        for (const r of g.used) {
          const row = g.rows[r]!
          for (let c = 0; c < row.length; c++) if (row[c] !== 0) states++
        }
      }
      const after = new Grids()
      let stage = new Grids()
      for (const g of live) {
        if (plan.segmentMask[seg] === 0 && seg !== 12 && !dueIn(g.snap, abs)) {
          copyGrid(g, after, g.snap, 1)
          continue
        }
        const [r0, c0] = anyCell(g)
        const snap = cellSnap(g, r0, c0).slice()
        const fixed = abs === COMBAT_START && plan.rules.tieRule === 'fixed'
        runs += replay(
          (rng) => {
            unpack(snap, abs)
            if (fixed) rollFixedRanks(p, st, rng)
            segmentBegin(p, st)
          },
          (_, r) => {
            pack(true)
            if (buf[0] !== snap[0] || buf[1] !== snap[1] || buf[PER] !== snap[PER] || buf[PER + 1] !== snap[PER + 1]) throw new FightRefusal(TOO_MANY)
            zbuf.set(buf)
            zbuf[0] = zbuf[1] = zbuf[PER] = zbuf[PER + 1] = 0
            copyGrid(g, stage, zbuf.slice(), r)
          },
          split,
          budget(),
        )
      }
      while (stage.list.length > 0) {
        const next = new Grids()
        for (const g of stage.list) {
          if (g.used.length === 0) continue
          inner++
          const [r0, c0] = anyCell(g)
          if (r0 < 0) continue
          unpack(cellSnap(g, r0, c0), abs)
          const landing = !entryLeft(st) && landingDue()
          if (!entryLeft(st) && !landing) {
            close(g, r0, c0, abs, seg, at, after)
            continue
          }
          const piece = landing ? (rng: Rng): void => landHaymakers(p, st, rng) : (rng: Rng): void => void segmentEntry(p, st, rng)
          checkFightSolveBudget()
          const leaves = byClasses(g, abs, piece, next)
          if (leaves) for (const l of leaves) applyLeaf(g, l)
          else cellByCell(g, abs, piece, next)
        }
        for (const g of stage.list) g.release()
        stage = next
      }
      // drop what has fallen below the bound
      for (const g of after.list) {
        for (const r of g.used) {
          const row = g.rows[r]!
          for (let c = 0; c < row.length; c++) {
            if (row[c] !== 0 && row[c] < dropBelow) {
              dropped += row[c]
              row[c] = 0
            }
          }
        }
      }
      for (const g of frontier.list) g.release()
      frontier = after
      reportFightSolveProgress({ step: at, maxSteps, decided: Math.min(1, win[0] + win[1] + draw + dropped), states })
    }
    // the Segment's Recoveries of grid `g`, for each fighter's STUN and BODY alone, checked; cells that do not agree one by one
    function close(g: Grid, r0: number, c0: number, abs: number, seg: number, at: number, into: Grids): void {
      closeSnaps.clear()
      /** What the Recoveries made of a situation: its grid (null once the fight is over), ending, knocked out, BODY bled. */
      const made: { to: Grid | null; end: number | 'draw' | null; fin: number[]; bleed: number[] }[] = []
      const one = (s: Int32Array): number => {
        unpack(s, abs)
        segmentClose(p, st, seg)
        pack(false)
        zbuf.set(buf)
        zbuf[0] = zbuf[1] = zbuf[PER] = zbuf[PER + 1] = 0
        const f = closeSnaps.add(hashArr(zbuf), zbuf, 0)
        if (f === made.length) {
          const end = endOf()
          made.push({ to: end === null ? gridOf(into, zbuf) : null, end, fin: [0, 1].map((j) => (st.ko[j] | st.dead[j] ? 1 : 0)), bleed: [buf[25], buf[PER + 25]] })
        }
        return f
      }
      const base = one(cellSnap(g, r0, c0))
      const ref = cellSnap(g, r0, c0).slice()
      /**
       * Fighter d's STUN and BODY after the Recoveries, and the situation they make (the other fighter's as at the
       * first cell): his STUN (the cap at full STUN, waking) and his BODY (bleeding) each read on their own, the
       * other at the first cell's; where both change the situation, the pair played as it is.
       */
      const axis = (d: number): ((stun: number, body: number) => [number, number, number]) => {
        const o = d * PER
        const byStun = new Map<number, [number, number]>()
        const byBody = new Map<number, [number, number]>()
        const run = (stun: number, body: number): number => {
          fullBuf.set(ref)
          fullBuf[o] = stun
          fullBuf[o + 1] = body
          return one(fullBuf)
        }
        return (stun, body) => {
          let a = byStun.get(stun)
          if (!a) byStun.set(stun, (a = [run(stun, ref[o + 1]), buf[o]]))
          let b = byBody.get(body)
          if (!b) byBody.set(body, (b = [run(ref[o], body), buf[o + 1]]))
          if (a[0] === base) return [b[0], a[1], b[1]]
          if (b[0] === base) return [a[0], a[1], b[1]]
          const f = run(stun, body)
          return [f, buf[o], buf[o + 1]]
        }
      }
      const onA = axis(0)
      const onB = axis(1)
      const rowF = new Map<number, number>()
      const rowX = new Map<number, [number, number]>()
      for (const r of g.used) {
        const [f, s1, b1] = onA(g.a[0] + Math.floor(r / g.a[3]), g.a[2] + (r % g.a[3]))
        rowF.set(r, f)
        rowX.set(r, [s1, b1])
      }
      const cols = usedCols(g)
      const colF = new Int32Array(g.width).fill(-1)
      const colX = new Int32Array(2 * g.width)
      for (const c of cols) {
        const [f, s1, b1] = onB(g.b[0] + Math.floor(c / g.b[3]), g.b[2] + (c % g.b[3]))
        colF[c] = f
        colX[2 * c] = s1
        colX[2 * c + 1] = b1
      }
      // the chance that ends the fight here, by what the Recoveries made and row (first fighter) or column (second)
      const endRow = new Map<number, Float64Array>()
      const endCol = new Map<number, Float64Array>()
      const endMass = new Map<number, number>()
      const ended = (m: number, r: number, c: number, q: number): void => {
        let er = endRow.get(m)
        if (!er) endRow.set(m, (er = new Float64Array(g.a[1] * g.a[3])))
        let ec = endCol.get(m)
        if (!ec) endCol.set(m, (ec = new Float64Array(g.width)))
        er[r] += q
        ec[c] += q
        endMass.set(m, (endMass.get(m) ?? 0) + q)
      }
      // each column's cell in the second fighter's box of each kind (Knocked Out, dead)
      const colCell = [0, 1, 2, 3].map((k) => {
        const x = new Int32Array(g.width).fill(-1)
        for (const c of cols) x[c] = cellOf(boxes[1][k], colX[2 * c], colX[2 * c + 1])
        return x
      })
      for (const r of g.used) {
        const row = g.rows[r]!
        const fa = rowF.get(r)!
        const [s0, b0] = rowX.get(r)!
        let lastM = -1
        let out: Float64Array | null = null
        let cc: Int32Array | null = null
        for (let c = 0; c < row.length; c++) {
          const q = row[c]
          if (q === 0) continue
          const fb = colF[c]
          // the Recoveries change one fighter's part of the situation at most: the other's as at the first cell
          if (fa !== base && fb !== base) {
            const f = one(cellSnap(g, r, c))
            const to = made[f].to
            if (to) {
              const rr = cellOf(to.a, buf[0], buf[1])
              const c1 = cellOf(to.b, buf[PER], buf[PER + 1])
              if (rr < 0 || c1 < 0) throw new FightRefusal(TOO_MANY)
              to.row(rr)[c1] += q
            } else {
              // played on its own: counted at once
              const m = made[f]
              if (m.end === 'draw') draw += q
              else if (m.end !== null) win[m.end] += q
              length[at - 1] += q
              addFinal(plan.bodyMax[0] - buf[1] - m.bleed[0], plan.bodyMax[1] - buf[PER + 1] - m.bleed[1], m.fin[0], m.fin[1], q)
            }
            continue
          }
          const m = fa === base ? fb : fa
          const to = made[m].to
          if (!to) {
            ended(m, r, c, q)
            continue
          }
          if (m !== lastM) {
            lastM = m
            const rr = cellOf(to.a, s0, b0)
            if (rr < 0) throw new FightRefusal(TOO_MANY)
            out = to.row(rr)
            cc = colCell[to.kB]
          }
          const c1 = cc![c]
          if (c1 < 0) throw new FightRefusal(TOO_MANY)
          out![c1] += q
        }
      }
      for (const [m, q] of endMass) {
        const x = made[m]
        if (x.end === 'draw') draw += q
        else if (x.end !== null) win[x.end] += q
        length[at - 1] += q
        expectedFinals[0] += q * x.fin[0]
        expectedFinals[1] += q * x.fin[1]
        const er = endRow.get(m)!
        for (const r of g.used) {
          if (er[r] === 0) continue
          const lost = plan.bodyMax[0] - rowX.get(r)![1] - x.bleed[0]
          expectedDamage[0] += er[r] * lost
          damageAt[0].set(lost, (damageAt[0].get(lost) ?? 0) + er[r])
        }
        const ec = endCol.get(m)!
        for (const c of cols) {
          if (ec[c] === 0) continue
          const lost = plan.bodyMax[1] - colX[2 * c + 1] - x.bleed[1]
          expectedDamage[1] += ec[c] * lost
          damageAt[1].set(lost, (damageAt[1].get(lost) ?? 0) + ec[c])
        }
      }
    }
    let atCap = 0
    for (const g of frontier.list) {
      for (const r of g.used) {
        const row = g.rows[r]!
        const b0 = g.a[2] + (r % g.a[3])
        for (let c = 0; c < row.length; c++) {
          const q = row[c]
          if (q === 0) continue
          atCap += q
          const b1 = g.b[2] + (c % g.b[3])
          addFinal(plan.bodyMax[0] - b0 - g.snap[25], plan.bodyMax[1] - b1 - g.snap[PER + 25], 0, 0, q)
        }
      }
    }
    const total = win[0] + win[1] + draw + atCap + dropped
    const damageDistribution = damageAt.map((m) => [...m.entries()].filter(([, q]) => q > 0).sort((a, b) => a[0] - b[0]).map(([value, q]) => ({ value, p: q })))
    return { win, draw, atCap, length, expectedDamage, damageDistribution, expectedFinals, states, massError: Math.abs(1 - total) + dropped, dropped }
  }

  return {
    sides: 2,
    clock: { unit: 'Segment', stepsPerUnit: 1 },
    start,
    key: (s) => s.id,
    ending: (s) => s.end,
    endKey: (s) => (s.end === 'draw' ? 2 : (s.end ?? 3)) + 4 * (s.finals[0] + 2 * s.finals[1]) + 16 * (s.lost[0] + 65536 * s.lost[1]),
    step: (s) => {
      const out: Branch<HState>[] = []
      stepAll([s], [1], (q, next) => out.push({ p: q, next }))
      return out
    },
    stepAll,
    damage: (s) => s.lost,
    finals: (s) => s.finals,
    runs: () => runs,
    inner: () => inner,
    solveGrid,
  }
}

/**
 * The grid solve (`solveGrid`) covers every 1-vs-1 fight the Segment chain does but those where STUN or BODY is read
 * outside a hit and the Recoveries: END paid from STUN ("STUN for END") and bleeding at the first Phase.
 */
export function gridCovers(plan: Plan): boolean {
  return plan.rules.endurance !== Endurance.StunForEnd && !plan.rules.bleedAtFirstPhase
}

/**
 * Work of the grid solve that the fight may take at most (pairs of the two fighters' STUN and BODY, times the
 * outcomes of each hit played on them, Segment by Segment, from `heroFightSize`): about 5 seconds on one core.
 */
export const HERO_GRID_MAX_WORK = 100_000_000

/** Solves a HERO 1-vs-1 fight exactly, or says why not. One step of the chain is one Segment. */
export function solveHeroFight(plan: Plan): FightSolveResult {
  const options = { maxSteps: plan.endAbs - COMBAT_START + 1, maxStates: HERO_EXACT_MAX_STATES, dropBelow: HERO_EXACT_DROP_BELOW }
  const scope = heroExactScope(plan)
  if (scope || !gridCovers(plan)) return solveOrRefuse(scope ?? tooBig(plan), () => heroFightModel(plan), options, TOO_MANY)
  const why = tooBig(plan)
  if (why) return { ok: false, reason: why }
  try {
    return { ok: true, solution: heroFightModel(plan).solveGrid(options.maxSteps, HERO_EXACT_DROP_BELOW) }
  } catch (e) {
    if (e instanceof FightRefusal || e instanceof FightBudgetExceeded) return { ok: false, reason: e.message }
    if (e instanceof Error && /^more than /.test(e.message)) return { ok: false, reason: TOO_MANY }
    throw e
  }
}

/** The refusal of a fight whose estimated size (`heroFightSize`) is above the bound, before any of it is played; undefined when it is not. */
export function tooBig(plan: Plan): string | undefined {
  if (gridCovers(plan)) {
    const size = heroFightSize(plan, Infinity, HERO_GRID_MAX_WORK)
    if (size.workAt < 0) return undefined
    return `the fight has too many ways to go to follow them all exactly: following every hit on every pair of the two fighters' STUN and BODY would take more than ${millions(HERO_GRID_MAX_WORK)} million steps of work by ${describeSegment(size.workAt)}, more than the solver follows (an estimate made before any of it is played); the sampled answer stands alone`
  }
  const size = heroFightSize(plan, HERO_EXACT_MAX_LIVE)
  if (size.at < 0) return undefined
  return `the fight has too many ways to go to follow them all exactly: more than ${HERO_EXACT_MAX_LIVE.toLocaleString('en-US')} situations at once by ${describeSegment(size.at)}, by an estimate from the two fighters' STUN and BODY alone; the sampled answer stands alone`
}

const millions = (x: number): string => Math.round(x / 1e6).toLocaleString('en-US')

/**
 * The whole fight's exact values under the ids of the sampled metrics: who wins (each side, both out at
 * once, a draw at the Turn cap), the fight's length in Segments, and for each combatant whether he is
 * knocked out and the BODY he has taken at the end.
 */
export function exactHeroFight(plan: Plan): ExactMetric[] {
  const why = heroExactScope(plan) ?? tooBig(plan)
  if (why) return [fightNotSolved(why)]
  const r = solveHeroFight(plan)
  const maxSteps = plan.endAbs - COMBAT_START + 1
  const c = plan.combatants
  const out = fightExactMetrics(
    r,
    {
      length: { id: 'fight-length', label: 'Fight length (Segments)' },
      finals: c.map((x) => ({ id: `knocked-out:${x.id}`, label: `Knocked out: ${x.name}`, kind: 'probability' as const })),
      damage: c.map((x) => ({ id: `body-taken:${x.id}`, label: `BODY taken per fight: ${x.name}`, last: BODY_FIGHT_BINS - 1 })),
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
        { key: 'A', label: sideWinsLabel('A', sideNames(plan, 'A')), p: s.win[0] },
        { key: 'B', label: sideWinsLabel('B', sideNames(plan, 'B')), p: s.win[1] },
        { key: 'mutual', label: 'Both sides out at once', p: s.draw },
        { key: 'cap', label: `Draw at the Turn cap (${plan.scenario.turnCap} Turns)`, p: s.atCap },
      ],
    })
  }
  return out
}
