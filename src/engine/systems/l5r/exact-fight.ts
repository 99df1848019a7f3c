import { solveFight, type Branch, type FightModel, type FightSolveResult } from '../../core/fight-chain'
import { fightExactMetrics, FightRefusal } from '../../core/fight-exact'
import { sideWinsLabel } from '../../core/metrics'
import { drawLabel, sideNames } from './metrics'
import type { ExactMetric } from '../rule-system'
import { exactRoll as computeRoll, type ExactRoll, type RollSpec } from '../../dice/roll-and-keep'
import { armorTn, canAttackIn, CENTER, FULL_ATTACK, FULL_DEFENSE } from './armor'
import { bestRaisesAt } from './best-raises'
import { attackExplodesWith, NEVER, SPEC_CENTER, SPEC_FULL_ATTACK, SPEC_SKILL, SPEC_VOID, stanceFor, VOID_ARMOR, VOID_ATTACK, VOID_DAMAGE, VOID_FULL_DEFENSE, VOID_INITIATIVE, VOID_INITIATIVE_ROLL, VOID_SKILL, VOID_WOUNDS, type Fighter, type Plan } from './plan'
import { DOWN, OUT, RANK_PENALTY, rankOf } from './wounds'
import { duelSize } from './exact-size'
import { bestWeapon, byCode, fdAdd, fdTotals, MULTI_MAX_STATES, multiOutOfScope, solveMulti, tooManyWays } from './exact-multi'

export { tooManyWays }

/**
 * The whole skirmish solved exactly for two fighters (docs/rules/l5r.md section 5): a Markov chain whose
 * clock is a fixed number of steps per Round, one per chance event of the Round in the sampler's order
 * (skirmish.ts, turns.ts, attack.ts, void.ts): Initiative (Round 1), the Round 1 Full Defense rolls, the
 * Round start (Void +10 Initiative, the Turn order, Void +10 Armor TN), each Turn's Stance and Full
 * Defense roll, each attack (hit and wounds, Void to soak), then the end of the Round (wounds of a
 * simultaneous tie group land, Reactions). Every roll takes its exact distribution from the same tables
 * (`exactRoll`, Ten Dice Rule specs compiled in plan.ts); Full Defense totals whose chance together is
 * below 1e-13 are counted as the highest total kept (an error below 1e-13 per roll).
 *
 * Scope: two fighters on opposite sides, from Round 1, without delays, Void swaps or Down characters
 * acting on Void. Anything else is refused with the reason. States: wounds (capped at dead), Stance,
 * Full Defense total, Center bonus, Void Points, the Initiative difference (capped at ±21: only its
 * sign after ±10 and ±20 bonuses matters) and who wins Initiative ties. Bound: `L5R_MAX_STATES`.
 */

/** (Round-step, state) pairs followed before the exact answer is refused. */
export const L5R_MAX_STATES = 1_500_000
/**
 * Ways the steps may go, all states together (each state's every roll result), before the exact answer
 * is refused: the solve's time grows with them (about 2 million a second on one core), so this bounds
 * it (the shipped duels take 5 to 12 million).
 */
export const L5R_MAX_WAYS = 20_000_000

/** Exact rolls already computed in this process, by spec (read only: every skirmish solved reuses them). */
const rolls = new Map<string, ExactRoll>()
/** `exactRoll` of roll-and-keep.ts, kept by spec: a sweep over one fighter solves the other's rolls once. */
function exactRoll(spec: RollSpec, explode: boolean, limit?: number, rerollOnes = false): ExactRoll {
  const key = `${spec.rolled},${spec.kept},${spec.bonus},${explode},${limit ?? ''},${rerollOnes}`
  let roll = rolls.get(key)
  if (!roll) {
    if (rolls.size >= 4096) rolls.clear()
    roll = computeRoll(spec, explode, limit, rerollOnes)
    rolls.set(key, roll)
  }
  return roll
}

/** States of a smaller chance are dropped, their total counted in the answer's error bound. */
const DROP_BELOW = 1e-20
/** The Initiative difference is kept within ±D_CAP (the order only depends on its sign after ±20 of bonuses). */
const D_CAP = 21
/** P(fighter 0 wins an Initiative tie between equal Agility and Class Rank): both random draws of 2^20 values, equal ones keep roster order. */
const P_ROSTER_TIE = (1 + 2 ** -20) / 2

// Context layout: per fighter NF fields from i * NF, then the skirmish's own.
const ST = 0 // Stance
const FD = 1 // the last Full Defense total's code while in Full Defense (fdCode; 0 otherwise)
const CEN = 2 // Center bonus active this Round
const CU = 3 // Center bonus used this Round
const TK = 4 // took his Turn this Round
const VL = 5 // Void Points left
const VR = 6 // Void Points spent this Round (capped at 1: only "none yet" matters)
const VA = 7 // Void +10 Armor TN up this Round
const IB = 8 // Void +10 Initiative bought (1)
const NF = 9
const D = 2 * NF // Initiative difference (fighter 0 − fighter 1) + D_CAP
const TIE = D + 1 // who wins a tie of scores: 0, 1, or 2 for simultaneous
const FIRST = D + 2 // who acts first this Round
const TIED = D + 3 // scores tied this Round (simultaneous group)
const R = D + 4 // Round (0-based)
const PH = D + 5 // step within the Round
const SIZE = D + 6

interface Side {
  d: Fighter
  /** Wounds at which he is dead (capped there). */
  dead: number
  init: ExactRoll
  initVoid: ExactRoll
  /** Full Defense rolls (plain, Center, Void, Center and Void) by the code of their total (`fdCode`). */
  fd: { value: number; p: number }[][]
  /** P(attack ≥ tn) by attack spec bits. */
  tails: ((tn: number) => number)[]
  /** Wounds against the other fighter (Void +1k1 damage or not, Raises): before Void soak, capped at his dead + 10. */
  wounds(voidDamage: boolean, raises: number): { value: number; p: number }[]
  /** The same per weapon he carries, when he picks his best at each attack (`using` "best"); empty otherwise. */
  kits: { tails: ((tn: number) => number)[]; wounds(voidDamage: boolean, raises: number): { value: number; p: number }[] }[]
}

/** The skirmish's exact values under the ids of its sampled metrics (metrics.ts), with the `exact-fight` note. */
export function exactSkirmish(plan: Plan): ExactMetric[] {
  const r = solveSkirmish(plan)
  const names = plan.fighters.map((d) => d.c.name)
  const ids = plan.fighters.map((d) => d.c.id)
  return fightExactMetrics(
    r,
    {
      sideWins: [{ id: 'win:A', label: sideWinsLabel('A', sideNames(plan, 'A')) }, { id: 'win:B', label: sideWinsLabel('B', sideNames(plan, 'B')) }],
      draw: { id: 'draw', label: drawLabel(plan) },
      length: { id: 'rounds', label: 'Rounds fought', stepsPerRound: r.stepsPerRound },
      // every fighter's defeat, then every fighter's death (the models' `finals` in that order)
      finals: [
        ...ids.map((id, i) => ({ id: `defeated:${id}`, label: `Defeated: ${names[i]}`, kind: 'probability' as const })),
        ...ids.map((id, i) => ({ id: `killed:${id}`, label: `Killed: ${names[i]}`, kind: 'probability' as const })),
      ],
    },
    plan.cap * (r.stepsPerRound ?? 1),
  )
}

/** The refusal of a duel estimated (exact-size.ts) past the solver's bound on ways or on situations, before any solving. */
export function duelTooLarge(plan: Plan, maxStates: number, maxWays: number): string | undefined {
  const size = duelSize(plan)
  const shown = (x: number): string => Number(x.toPrecision(2)).toLocaleString('en-US')
  if (size.ways > maxWays) return `the fight has too many ways to go to follow them all exactly (about ${shown(size.ways)} over its ${plan.cap} Rounds, against a limit of ${maxWays.toLocaleString('en-US')})`
  if (size.situations > maxStates) return `the fight has too many different situations to follow exactly (about ${shown(size.situations)} over its ${plan.cap} Rounds, against a limit of ${maxStates.toLocaleString('en-US')})`
  return undefined
}

/**
 * Solves the skirmish, or refuses with the reason in a GM's words: a duel first from the estimate of its
 * size (`estimate`, on by default; off only to test the solve's own bounds).
 */
export function solveSkirmish(plan: Plan, maxStates?: number, maxWays = L5R_MAX_WAYS, estimate = true): FightSolveResult & { stepsPerRound?: number } {
  const why = outOfScope(plan)
  // more than two fighters, or two whose plan only the solver of several follows (delays): that solver
  // (exact-multi.ts), bounded first by its size estimate, then by its own count of situations
  if (plan.n > 2 || (why && !multiOutOfScope(plan))) return solveMulti(plan, maxStates ?? MULTI_MAX_STATES, maxWays, DROP_BELOW)
  if (why) return { ok: false, reason: why }
  maxStates ??= L5R_MAX_STATES
  const tooLarge = estimate ? duelTooLarge(plan, maxStates, maxWays) : undefined
  if (tooLarge) return { ok: false, reason: tooLarge }
  const model = skirmishModel(plan, true, maxWays)
  try {
    return { ...solveFight(model.model, { maxSteps: plan.cap * model.stepsPerRound, maxStates, dropBelow: DROP_BELOW }), stepsPerRound: model.stepsPerRound }
  } catch (e) {
    if (e instanceof FightRefusal) return { ok: false, reason: e.message }
    throw e
  }
}


/** Why this skirmish gets no exact answer (undefined when it does). */
export function outOfScope(plan: Plan): string | undefined {
  if (plan.n !== 2) return plan.n > 2 ? 'more than two fighters' : 'fewer than two fighters'
  if (plan.fighters[0].side === plan.fighters[1].side) return 'both fighters are on one side'
  if (plan.lateJoin) return 'a fighter joins in a later Round'
  if (plan.downActsWithVoid) return 'Down characters act by spending Void Points (rule variant)'
  for (const d of plan.fighters) {
    if (d.delayOf.some((x) => x !== NEVER)) return `${d.c.name} delays his Turn in some Round`
    if (d.swapWithOf.some((x) => x >= 0)) return `${d.c.name} swaps Initiative with an ally`
  }
  return undefined
}

function tailOf(roll: ExactRoll): (tn: number) => number {
  const tail = new Float64Array(roll.p.length + 1)
  for (let i = roll.p.length - 1; i >= 0; i--) tail[i] = tail[i + 1] + roll.p[i]
  return (tn) => {
    const i = tn - roll.min
    return i <= 0 ? Math.min(1, tail[0]) : i >= roll.p.length ? 0 : Math.min(1, tail[i])
  }
}

function woundsOf(spec: RollSpec, explodes: boolean, reduction: number, cap: number): { value: number; p: number }[] {
  const roll = exactRoll(spec, explodes)
  const at = new Float64Array(cap + 1)
  for (let k = 0; k < roll.p.length; k++) at[Math.min(cap, Math.max(0, roll.min + k - reduction))] += roll.p[k]
  const out: { value: number; p: number }[] = []
  at.forEach((p, value) => {
    if (p > 0) out.push({ value, p })
  })
  return out
}

function sideOf(plan: Plan, i: number): Side {
  const d = plan.fighters[i]
  const foe = plan.fighters[1 - i]
  const foeDead = foe.thresholds[OUT] + 1
  const rollsOf = (attack: RollSpec[], damage: RollSpec[], damageVoid: RollSpec[]): Pick<Side, 'tails' | 'wounds'> => {
    const tails: ((tn: number) => number)[] = []
    attack.forEach((spec, bits) => {
      let t: ((tn: number) => number) | undefined
      tails[bits] = (tn) => (t ??= tailOf(exactRoll(spec, attackExplodesWith(d, bits), undefined, d.attackRerolls)))(tn)
    })
    const cache = new Map<number, { value: number; p: number }[]>()
    const wounds = (voidDamage: boolean, raises: number): { value: number; p: number }[] => {
      const key = 2 * raises + (voidDamage ? 1 : 0)
      let w = cache.get(key)
      if (!w) {
        w = woundsOf((voidDamage ? damageVoid : damage)[raises], plan.damageExplodes, foe.reduction, foeDead + 10)
        cache.set(key, w)
      }
      return w
    }
    return { tails, wounds }
  }
  const { tails, wounds } = rollsOf(d.attack, d.damage, d.damageVoid)
  return {
    kits: d.using < 0 ? d.kits.map((k) => rollsOf(k.attack, k.damage, k.damageVoid)) : [],
    d,
    dead: d.thresholds[OUT] + 1,
    init: exactRoll(d.init, true),
    initVoid: exactRoll(d.initVoid, true),
    fd: [d.fullDefense, d.fullDefenseCentered, d.fullDefenseVoid, d.fullDefenseCenteredVoid].map((spec) => byCode(fdTotals(spec, d.fullDefenseExplodes, exactRoll), d)),
    tails,
    wounds,
  }
}

/**
 * A state: its context (everything but wounds, interned: the many states that share one are one object)
 * and the wounds of both fighters, the wounds pending in a simultaneous tie group, and the outcome.
 */
interface S {
  c: Ctx
  w0: number
  w1: number
  p0: number
  p1: number
  /** 0 nobody yet, 1 + side index, or 3 for a draw. */
  win: number
}

/** Everything but the wounds: per fighter NF fields from i * NF, then the skirmish's own (see the layout above). */
interface Ctx {
  id: number
  f: readonly number[]
  /** The same context one step further in the Round (memo). */
  next?: Ctx
  /** What an attack from this context does, by the attacker's wound rank (memo). */
  attack?: (AttackPlan | null)[]
  /** Other transitions that depend only on the context and a small code (memo): to contexts with their chances. */
  moves?: Map<number, { p: number; c: Ctx }[]>
  /** The context after the end of the Round, by who is Down (memo). */
  ends?: Ctx[]
}

/** An attack from one context at one attacker wound rank: its contexts after a miss, a hit, a soaked hit; P(hit); wounds dealt. */
interface AttackPlan {
  i: number
  missed: Ctx
  hitCtx: Ctx
  soaked: Ctx | undefined
  hit: number
  wounds: { value: number; p: number }[]
}

/** The skirmish as a chain, and how many of its steps make a Round. */
export function skirmishModel(plan: Plan, reduce = true, maxWays = Infinity): { model: FightModel<S>; stepsPerRound: number; ways: () => number } {
  const sides = [sideOf(plan, 0), sideOf(plan, 1)]
  const fighters = plan.fighters
  const attacks = Math.max(fighters[0].c.attacksPerTurn, fighters[1].c.attacksPerTurn)
  const sim = plan.simultaneousTies
  /** Ways the steps have gone so far (`L5R_MAX_WAYS`). */
  let ways = 0
  const count = (k: number, s: S): void => {
    ways += k
    if (ways > maxWays) throw new FightRefusal(tooManyWays(maxWays, s.c.f[R] + 1, plan.cap))
  }
  // steps of a Round: 0 the Round start (in Round 1 after Initiative and the Full Defense rolls), then per
  // Turn slot its Stance (and Full Defense roll) and each of its attacks; the Round's end follows the last attack
  const stepsPerRound = 3 + 2 * attacks

  const contexts = new Map<string, Ctx>()
  const intern = (f: number[]): Ctx => {
    const k = f.join(',')
    let c = contexts.get(k)
    if (!c) {
      c = { id: contexts.size, f }
      contexts.set(k, c)
    }
    return c
  }
  /** A state with its context changed by `edit` (which gets a copy of the fields). */
  const withCtx = (s: S, edit: (f: number[]) => void): S => {
    const f = s.c.f.slice()
    edit(f)
    return { ...s, c: intern(f) }
  }

  /**
   * The transitions of a state that change only its context, memoised by the context and `code` (what
   * else they read off the state, e.g. a wound rank): `make` gets a state and returns its branches.
   */
  const moveCtx = (s: S, code: number, make: (s: S) => Branch<S>[]): Branch<S>[] => {
    const out: Branch<S>[] = []
    moveEach(s, code, make, 1, (p, next) => out.push({ p, next }))
    return out
  }
  /** `moveCtx` without the list: `emit(p × chance, next)` for each branch, in its order. */
  const moveEach = (s: S, code: number, make: (s: S) => Branch<S>[], p: number, emit: (p: number, next: S) => void): void => {
    const memo = (s.c.moves ??= new Map<number, { p: number; c: Ctx }[]>())
    let m = memo.get(code)
    if (!m) {
      m = make(s).map((b) => ({ p: b.p, c: b.next.c }))
      memo.set(code, m)
    }
    count(m.length, s)
    for (const x of m) emit(p * x.p, { c: x.c, w0: s.w0, w1: s.w1, p0: s.p0, p1: s.p1, win: s.win })
  }

  // Bonuses to one score over the other that can come: ±10 for Center Stance, ±10 for Void +10 Initiative
  const center = fighters.map((d) => d.stanceOf.includes(CENTER) || d.hurtStance === CENTER)
  const voidInit = fighters.map((d) => d.voidOf.includes(VOID_INITIATIVE) && d.voidPoints > 0)
  const offsets: number[] = []
  for (const c0 of center[0] ? [0, 10] : [0])
    for (const c1 of center[1] ? [0, 10] : [0])
      for (const v0 of voidInit[0] ? [0, 10] : [0]) for (const v1 of voidInit[1] ? [0, 10] : [0]) if (!offsets.includes(c0 + v0 - c1 - v1)) offsets.push(c0 + v0 - c1 - v1)
  const cuts = offsets.map((o) => -o).sort((x, y) => x - y)
  /** The representative of the Initiative differences that give the same orders under every bonus that can come. */
  const canonical = (dv: number): number => {
    for (let k = 0; k < cuts.length; k++) {
      if (dv === cuts[k]) return dv
      if (dv < cuts[k]) return k === 0 ? cuts[0] - 1 : (cuts[k - 1] + cuts[k]) / 2
    }
    return cuts[cuts.length - 1] + 1
  }

  const wounds = (s: S, i: number): number => (i === 0 ? s.w0 : s.w1)
  // wound rank by wounds (up to dead), and whether that many wounds defeat him (Down counts unless "fights-on")
  const ranks = fighters.map((d, i) => Int8Array.from({ length: sides[i].dead + 1 }, (_, w) => rankOf(w, d.thresholds)))
  const beaten = ranks.map((rs) => Uint8Array.from(rs, (r) => (r > DOWN || (r === DOWN && plan.downIsDefeated) ? 1 : 0)))
  const rank = (s: S, i: number): number => ranks[i][wounds(s, i)]
  const isDefeated = (s: S, i: number): boolean => beaten[i][wounds(s, i)] === 1
  const canAct = (s: S, i: number): boolean => rank(s, i) < DOWN
  const canSpend = (f: readonly number[], i: number): boolean => f[i * NF + VL] > 0 && (!plan.voidOnePerRound || f[i * NF + VR] === 0)
  const spend = (f: number[], i: number): void => {
    f[i * NF + VL]--
    f[i * NF + VR] = 1
  }
  /** fight.ts checkEnd: a side with nobody undefeated has lost (both at once: a draw). */
  const ended = (s: S): number => {
    if (s.win !== 0) return s.win
    const down0 = beaten[0][s.w0] === 1
    const down1 = beaten[1][s.w1] === 1
    if (!down0 && !down1) return 0
    if (down0 && down1) return 3
    return 1 + fighters[down0 ? 1 : 0].side
  }
  /** fight.ts flush: the tie group's pending wounds land together, then the end check. */
  const flush = (s: S): S => {
    if (s.p0 === 0 && s.p1 === 0) return s.win === 0 ? { ...s, win: ended(s) } : s
    const n: S = { ...s, w0: Math.min(sides[0].dead, s.w0 + s.p0), w1: Math.min(sides[1].dead, s.w1 + s.p1), p0: 0, p1: 0 }
    n.win = ended(n)
    return n
  }
  const one = (s: S): Branch<S>[] => [{ p: 1, next: s }]
  /** Every branch followed by `f` (states where the skirmish has ended stay as they are). */
  const then = (bs: Branch<S>[], f: (s: S) => Branch<S>[]): Branch<S>[] => {
    const out: Branch<S>[] = []
    for (const b of bs) {
      if (b.next.win !== 0) out.push(b)
      else for (const x of f(b.next)) out.push({ p: b.p * x.p, next: x.next })
    }
    return out
  }
  /** Round 1 Stage 1: a Full Defense roll for a fighter who starts in Full Defense. */
  const fdRound1 = (s: S, i: number): Branch<S>[] => (s.c.f[i * NF + ST] === FULL_DEFENSE ? moveCtx(s, 10 + i, (x) => rollFullDefense(x, i, false)) : one(s))

  /**
   * Whether fighter j can attack in Round r or later (a Stance he plans from there, or his Stance once
   * Hurt, lets him attack). When he cannot, the Armor TN his foe's Full Defense total gives is never
   * read: only whether Defense Mastery keeps that total (it decides a roll, and the Void Point and
   * Center bonus the roll spends) can matter, so totals alike in that are one situation (`reduce`).
   */
  const attacksFrom = fighters.map((d) => {
    const out = new Uint8Array(plan.cap + 1)
    const hurt = d.hurtStance >= 0 && canAttackIn(d.hurtStance)
    for (let r = plan.cap - 1; r >= 0; r--) out[r] = out[r + 1] || hurt || canAttackIn(d.stanceOf[r]) ? 1 : 0
    return out
  })
  /** The Full Defense code of fighter i as the fight reads it in Round r (see `attacksFrom`). */
  const fdRead = (code: number, i: number, r: number): number => (reduce && code > 0 && attacksFrom[1 - i][Math.min(r, plan.cap)] === 0 ? 1 + ((code - 1) & 1) : code)
  /** A Full Defense roll's codes as fighter i's foe reads them in Round r, equal codes merged. */
  const fdTable = (i: number, k: number, r: number): { value: number; p: number }[] => {
    const all = sides[i].fd[k]
    if (!reduce || attacksFrom[1 - i][Math.min(r, plan.cap)] === 1) return all
    const m = new Map<number, number>()
    for (const { value, p } of all) m.set(fdRead(value, i, r), (m.get(fdRead(value, i, r)) ?? 0) + p)
    return [...m].map(([value, p]) => ({ value, p }))
  }

  /** Full Defense roll (attack.ts rollFullDefense), into every total it can give. */
  const rollFullDefense = (s: S, i: number, staying: boolean): Branch<S>[] => {
    const d = fighters[i]
    const f = s.c.f.slice()
    const r = f[R]
    if (staying && (f[i * NF + FD] - 1) % 2 === 1) return one(s)
    let center = false
    if (f[i * NF + CEN] === 1 && f[i * NF + CU] === 0) {
      f[i * NF + CU] = 1
      center = true
    }
    let boosted = false
    if (d.voidOf[r] === VOID_FULL_DEFENSE && canSpend(f, i)) {
      spend(f, i)
      boosted = true
    }
    return fdTable(i, (center ? 1 : 0) + (boosted ? 2 : 0), r).map(({ value, p }) => {
      const g = f.slice()
      g[i * NF + FD] = value
      return { p, next: { ...s, c: intern(g) } }
    })
  }

  /** Round 1 Stage 1: Stances and Initiative (+1k1 with a Void Point planned for it). */
  const initiative = (s: S): Branch<S>[] => {
    const f = s.c.f.slice()
    const rolls: ExactRoll[] = []
    for (let i = 0; i < 2; i++) {
      f[i * NF + ST] = fighters[i].stanceOf[0]
      const boosted = fighters[i].voidOf[0] === VOID_INITIATIVE_ROLL && canSpend(f, i)
      if (boosted) spend(f, i)
      rolls.push(boosted ? sides[i].initVoid : sides[i].init)
    }
    const diff = new Float64Array(2 * D_CAP + 1)
    const [a, b] = rolls
    for (let x = 0; x < a.p.length; x++) {
      if (a.p[x] === 0) continue
      for (let y = 0; y < b.p.length; y++) {
        const dv = a.min + x - (b.min + y)
        diff[Math.max(-D_CAP, Math.min(D_CAP, dv)) + D_CAP] += a.p[x] * b.p[y]
      }
    }
    const k0 = fighters[0].traitKey
    const k1 = fighters[1].traitKey
    const ties: { tie: number; p: number }[] = sim ? [{ tie: 2, p: 1 }] : k0 !== k1 ? [{ tie: k0 > k1 ? 0 : 1, p: 1 }] : [{ tie: 0, p: P_ROSTER_TIE }, { tie: 1, p: 1 - P_ROSTER_TIE }]
    const out: Branch<S>[] = []
    diff.forEach((p, at) => {
      if (p === 0) return
      // only the order the difference gives after the bonuses that can come matters: one value per order;
      // who wins a tie of scores only where the scores can tie
      const dv = canonical(at - D_CAP)
      for (const t of cuts.includes(dv) ? ties : [{ tie: ties[0].tie, p: 1 }]) {
        const g = f.slice()
        g[D] = dv + D_CAP
        g[TIE] = t.tie
        out.push({ p: p * t.p, next: { ...s, c: intern(g) } })
      }
    })
    return out
  }

  /** Round start (skirmish.ts startRound): Void +10 Initiative, the order, Void +10 Armor TN. */
  const startRound = (s: S): S =>
    withCtx(s, (f) => {
      const r = f[R]
      for (let i = 0; i < 2; i++) {
        if (r > 0) f[i * NF + VR] = 0
        if (fighters[i].voidOf[r] !== VOID_INITIATIVE || f[i * NF + IB] !== 0 || rank(s, i) >= DOWN || !canSpend(f, i)) continue
        spend(f, i)
        f[i * NF + IB] = 1
      }
      const diff = f[D] - D_CAP + 10 * (f[IB] - f[NF + IB]) + 10 * (f[CEN] - f[NF + CEN])
      f[TIED] = 0
      if (diff > 0) f[FIRST] = 0
      else if (diff < 0) f[FIRST] = 1
      else if (f[TIE] === 2) {
        f[FIRST] = 0
        f[TIED] = 1
      } else f[FIRST] = f[TIE]
      for (let i = 0; i < 2; i++) {
        f[i * NF + TK] = 0
        f[i * NF + CU] = 0
        if (fighters[i].voidOf[r] !== VOID_ARMOR || rank(s, i) >= DOWN || !canSpend(f, i)) continue
        spend(f, i)
        f[i * NF + VA] = 1
      }
    })

  /** The start of a Turn (turns.ts takeTurn): the tie group, whether he can act, his Stance (from Round 2) and its Full Defense roll. */
  const turnStart = (from: S, slot: number): Branch<S>[] => {
    const out: Branch<S>[] = []
    turnStartEach(from, slot, 1, (p, next) => out.push({ p, next }))
    return out
  }
  /** `turnStart` without the list: `emit(p × chance, next)` for each branch, in its order. */
  const turnStartEach = (from: S, slot: number, p: number, emit: (p: number, next: S) => void): void => {
    const c = slot === 0 ? from.c.f[FIRST] : 1 - from.c.f[FIRST]
    const s = sim && slot === 1 && from.c.f[TIED] === 0 ? flush(from) : from
    if (s.win !== 0 || !canAct(s, c)) emit(p * 1, s)
    else moveEach(s, rank(s, c), (s) => stanceAndDefense(s, c), p, emit)
  }

  /** takeTurn's Stance (from Round 2) and its Full Defense roll. */
  const stanceAndDefense = (s: S, c: number): Branch<S>[] => {
    const r = s.c.f[R]
    const d = fighters[c]
    const next = r === 0 ? s.c.f[c * NF + ST] : stanceFor(d, r, rank(s, c))
    const staying = s.c.f[c * NF + ST] === FULL_DEFENSE
    const t = withCtx(s, (f) => {
      f[c * NF + TK] = 1
      f[c * NF + ST] = next
      if (next !== FULL_DEFENSE) f[c * NF + FD] = 0
    })
    return r > 0 && next === FULL_DEFENSE ? rollFullDefense(t, c, staying) : one(t)
  }

  /** attack.ts attack, up to the rolls: Armor TN, Center bonus and Void spent, Raises, P(hit) (memo by context and attacker rank). */
  const planAttack = (c: Ctx, i: number, rankI: number): AttackPlan => {
    const j = 1 - i
    const a = fighters[i]
    const t = fighters[j]
    const f = c.f.slice()
    const r = f[R]
    const armor = armorTn(t.baseArmorTn, f[j * NF + ST], t.defenseAdd, fdAdd(f[j * NF + FD]), t.masteryTn) + 10 * f[j * NF + VA]
    const plain = armor + RANK_PENALTY[rankI]
    let bits = f[i * NF + ST] === FULL_ATTACK ? SPEC_FULL_ATTACK : 0
    if (f[i * NF + CEN] === 1 && f[i * NF + CU] === 0) {
      f[i * NF + CU] = 1
      bits |= SPEC_CENTER
    }
    const use = a.voidOf[r]
    if ((use === VOID_ATTACK || use === VOID_SKILL) && canSpend(f, i)) {
      spend(f, i)
      bits |= use === VOID_ATTACK ? SPEC_VOID : SPEC_SKILL
    }
    // "his best against this foe": the weapon chosen as the sampler chooses it, from this situation (attack.ts chooseWeapon)
    const k = a.using < 0 ? bestWeapon(a, r, bits, plain, t.reductionIndex, canSpend(f, i)) : -1
    const kit = k < 0 ? a : a.kits[k]
    const rolls = k < 0 ? sides[i] : sides[i].kits[k]
    const plansDamage = use === VOID_DAMAGE && (k < 0 || kit.takesVoid) && canSpend(f, i)
    let raises = a.raisesOf[r]
    if (kit.raiseTable && a.bestRaisesOf[r] === 1) raises = bestRaisesAt(kit.raiseTableVoid && plansDamage ? kit.raiseTableVoid : kit.raiseTable, bits, t.reductionIndex, plain)
    const hit = rolls.tails[bits](plain + 5 * raises)
    const missed = intern(f.slice())
    if (plansDamage) spend(f, i)
    const hitCtx = intern(f.slice())
    let soaked: Ctx | undefined
    if (t.voidOf[r] === VOID_WOUNDS && canSpend(f, j)) {
      spend(f, j)
      soaked = intern(f)
    }
    return { i, missed, hitCtx, soaked, hit, wounds: hit > 0 ? rolls.wounds(plansDamage, raises) : [] }
  }

  /** One attack (attack.ts attack) of the fighter in `slot`, the k-th of his Turn. */
  const attackStep = (s: S, slot: number, k: number): Branch<S>[] => {
    const out: Branch<S>[] = []
    attackEach(s, slot, k, 1, (p, next) => out.push({ p, next }))
    return out
  }

  /** `attackStep` without the list: `emit(p × chance, next)` for each way the attack goes, in its order. */
  const attackEach = (s: S, slot: number, k: number, p: number, emit: (p: number, next: S) => void): void => {
    const c0 = s.c.f
    const i = slot === 0 ? c0[FIRST] : 1 - c0[FIRST]
    const j = 1 - i
    if (s.win !== 0 || c0[i * NF + TK] === 0 || k >= fighters[i].c.attacksPerTurn || !canAttackIn(c0[i * NF + ST]) || isDefeated(s, j)) {
      emit(p * 1, s)
      return
    }
    const rankI = rank(s, i)
    const memo = (s.c.attack ??= [])
    const ap = (memo[rankI] ??= planAttack(s.c, i, rankI))
    count(1 + ap.wounds.length, s)
    emit(p * (1 - ap.hit), { c: ap.missed, w0: s.w0, w1: s.w1, p0: s.p0, p1: s.p1, win: 0 })
    const dead = sides[j].dead
    for (const { value, p: pw } of ap.wounds) {
      let w = value
      let c = ap.hitCtx
      if (w >= 10 && ap.soaked) {
        c = ap.soaked
        w -= 10
      }
      w = Math.min(w, dead)
      const n: S = { c, w0: s.w0, w1: s.w1, p0: s.p0, p1: s.p1, win: 0 }
      if (w > 0) {
        if (sim) {
          if (j === 0) n.p0 = Math.min(dead, n.p0 + w)
          else n.p1 = Math.min(dead, n.p1 + w)
        } else {
          if (j === 0) n.w0 = Math.min(dead, n.w0 + w)
          else n.w1 = Math.min(dead, n.w1 + w)
          n.win = ended(n)
        }
      }
      emit(p * (ap.hit * pw), n)
    }
  }

  /** The end of the Round: the tie group's wounds land; Reactions (skirmish.ts reactions); next Round. */
  const endRound = (from: S): S => {
    const s = sim ? flush(from) : from
    if (s.win !== 0) return s
    return withCtx(s, (f) => {
      for (let i = 0; i < 2; i++) {
        f[i * NF + CEN] = f[i * NF + TK] === 1 && f[i * NF + ST] === CENTER && rank(s, i) < DOWN ? 1 : 0
        f[i * NF + VA] = 0
        // what the next Round start sets again: cleared so that equal states merge
        f[i * NF + CU] = 0
        f[i * NF + TK] = 0
        f[i * NF + VR] = 0
        f[i * NF + FD] = fdRead(f[i * NF + FD], i, f[R] + 1)
      }
      f[FIRST] = 0
      f[TIED] = 0
      f[PH] = 0
      f[R]++
    })
  }

  const startFields = new Array<number>(SIZE).fill(0)
  for (let i = 0; i < 2; i++) startFields[i * NF + VL] = fighters[i].voidPoints
  const start: S = { c: intern(startFields), w0: 0, w1: 0, p0: 0, p1: 0, win: 0 }
  /** Keys: a number while the contexts fit in one with the wounds (9 bits each, up to 511), a string beyond. */
  const SIM_LIMIT = 2 ** 15
  const LIMIT = 2 ** 33
  const key = (s: S): number | string => {
    const base = ((s.c.id * 4 + s.win) * 512 + s.w0) * 512 + s.w1
    if (!sim) return s.c.id < LIMIT ? base : `${s.c.id},${s.win},${s.w0},${s.w1}`
    return s.c.id < SIM_LIMIT ? (base * 512 + s.p0) * 512 + s.p1 : `${s.c.id},${s.win},${s.w0},${s.w1},${s.p0},${s.p1}`
  }

  /** The state on the next step of the Round (the same on its last step: the end of the Round moves on). */
  const advance = (from: S): S => {
    const ph = from.c.f[PH]
    return ph + 1 < stepsPerRound ? { ...from, c: (from.c.next ??= intern(from.c.f.map((x, k) => (k === PH ? ph + 1 : x)))) } : from
  }
  /** The end of the Round for a skirmish still going (the context's move memoised by who is Down, as `moveCtx`). */
  const roundOver = (x: S): S => {
    if (sim) return endRound(x)
    const code = (rank(x, 0) >= DOWN ? 1 : 0) + (rank(x, 1) >= DOWN ? 2 : 0)
    const memo = (x.c.ends ??= [])
    const c = (memo[code] ??= endRound(x).c)
    return { c, w0: x.w0, w1: x.w1, p0: x.p0, p1: x.p1, win: x.win }
  }

  const model: FightModel<S> = {
    sides: 2,
    start,
    key,
    // an ended skirmish reads only who won and the wounds (pending wounds have landed by then)
    endKey: (s) => (s.win * 512 + s.w0) * 512 + s.w1,
    clock: { unit: 'Round', stepsPerUnit: stepsPerRound },
    ending: (s) => (s.win === 0 ? null : s.win === 3 ? 'draw' : s.win - 1),
    step: (from) => {
      const ph = from.c.f[PH]
      const s = advance(from)
      if (ph === 0) {
        const opened = s.c.f[R] > 0 ? one(s) : then(then(initiative(s), (x) => fdRound1(x, 0)), (x) => fdRound1(x, 1))
        return then(opened, (x) => moveCtx(x, (rank(x, 0) >= DOWN ? 1 : 0) + (rank(x, 1) >= DOWN ? 2 : 0), (y) => one(startRound(y))))
      }
      if (ph === 1) return turnStart(s, 0)
      if (ph < 2 + attacks) return attackStep(s, 0, ph - 2)
      if (ph === 2 + attacks) return turnStart(s, 1)
      const hits = attackStep(s, 1, ph - 3 - attacks)
      if (ph < stepsPerRound - 1) return hits
      return hits.map((b) => ({ p: b.p, next: b.next.win !== 0 ? b.next : roundOver(b.next) }))
    },
    // the Turns' starts and attacks (most of the work) without lists; the Round's start as `step` gives it
    stepEach: (from, p, emit) => {
      const ph = from.c.f[PH]
      if (ph === 1) turnStartEach(advance(from), 0, p, emit)
      else if (ph === 2 + attacks) turnStartEach(advance(from), 1, p, emit)
      else if (ph >= 2 && ph < 2 + attacks) attackEach(advance(from), 0, ph - 2, p, emit)
      else if (ph > 2 + attacks && ph < stepsPerRound - 1) attackEach(advance(from), 1, ph - 3 - attacks, p, emit)
      else if (ph > 2 + attacks) attackEach(advance(from), 1, ph - 3 - attacks, p, (q, x) => emit(q, x.win !== 0 ? x : roundOver(x)))
      else for (const b of model.step(from)) emit(p * b.p, b.next)
    },
    damage: (s) => [s.w0, s.w1],
    finals: (s) => [isDefeated(s, 0) ? 1 : 0, isDefeated(s, 1) ? 1 : 0, rank(s, 0) > OUT ? 1 : 0, rank(s, 1) > OUT ? 1 : 0],
    capEnding: (s) => (plan.mostHealthOnCap ? healthier(s) : 'draw'),
  }

  /** skirmish.ts healthier: the side with the larger share of health left wins at the cap. */
  const healthier = (s: S): number | 'draw' => {
    const left = [0, 0]
    const total = [0, 0]
    for (let i = 0; i < 2; i++) {
      const cap = fighters[i].thresholds[OUT]
      left[fighters[i].side] += isDefeated(s, i) ? 0 : Math.max(0, cap - wounds(s, i))
      total[fighters[i].side] += cap
    }
    const a = left[0] / total[0]
    const b = left[1] / total[1]
    return a > b ? 0 : b > a ? 1 : 'draw'
  }

  return { model, stepsPerRound, ways: () => ways }
}
