import { solveFight, type FightModel, type FightSolveResult } from '../../core/fight-chain'
import { FightRefusal } from '../../core/fight-exact'
import { exactRoll, type ExactRoll, type RollSpec } from '../../dice/roll-and-keep'
import { armorTn, canAttackIn, CENTER, FULL_ATTACK, FULL_DEFENSE } from './armor'
import { bestRaisesAt } from './best-raises'
import { AFTER_TARGET, attackExplodesWith, HURT, NEVER, ONCE, SPEC_FULL_ATTACK, stanceFor, TAIL_WIDTH, VOID_DAMAGE, VOID_INITIATIVE, VOID_NONE, VOID_SWAP, type Fighter, type Plan } from './plan'
import { DOWN, OUT, RANK_PENALTY, rankOf } from './wounds'

/** The refusal of a fight whose steps would go more than `maxWays` ways in all, by Round `round` of `cap`. */
export function tooManyWays(maxWays: number, round: number, cap: number): string {
  return `the fight has too many ways to go to follow them all exactly (more than ${maxWays.toLocaleString('en-US')} by Round ${round} of ${cap})`
}

/**
 * The whole skirmish of two or more fighters solved exactly (docs/rules/l5r.md section 5, exact answers):
 * a Markov chain whose clock is a fixed number of steps per Round: per Turn slot one step per attack a
 * Turn can hold (Round 1's first step rolls Initiative first). It follows the sampler (skirmish.ts,
 * turns.ts, attack.ts) move for move: the Initiative order (scores, then Agility and Class Rank, then the
 * random draw kept for the skirmish, then roster order: each order's exact chance), the Turn order with
 * every delay policy (turns.ts playTurns replayed as a function of the situation: who can still act, who
 * has acted, who is waiting), each fighter's target (sticky-first: the first undefeated enemy in roster
 * order; random: a uniform choice among the undefeated, kept until that one falls), Stances by Round and
 * once Hurt, fixed or best Raises, wound penalties, Down and Out, the Round cap (a draw, or the side with
 * more health left).
 *
 * Also followed: Full Defense (its last total in the context), a swap of Initiative in Round 1 for the
 * skirmish, late arrivals (listed after the allies who fight before them), Down characters acting on Void
 * (their Void Points left in the context). Scope: no Center Stance, no other Void Point spent, no
 * simultaneous tie groups; anything else is refused with the reason. Without Void +10 Initiative or
 * Center the Initiative order is fixed for the whole skirmish once Round 1's swaps are made (the scores
 * never change; a late arrival's roll is independent of all before it), so it is one of the n! orders,
 * drawn in Round 1.
 *
 * States: a context (each fighter's Stance and random target, the order, the Round's Turn bookkeeping, the
 * Round and its step) interned once, and the wounds of every fighter in one mixed-radix number (each
 * capped at dead: wounds past dead play the same).
 */

/** Why this skirmish is out of reach of the solver of several fighters (undefined when it is in reach). */
export function multiOutOfScope(plan: Plan): string | undefined {
  if (plan.n < 2) return 'fewer than two fighters'
  if (plan.fighters.every((d) => d.side === plan.fighters[0].side)) return 'every fighter is on one side'
  if (plan.n > 6) return 'more than six fighters'
  // a late arrival: followed while every foe's first choice of target stays the first one in the roster (see below)
  for (const d of plan.fighters) {
    const ahead = plan.fighters.find((x) => x.side === d.side && x.index > d.index && x.joinRound < d.joinRound)
    if (ahead) return `${d.c.name} joins in a later Round but is listed before ${ahead.c.name}, who fights before him (list late arrivals after their allies)`
  }
  if (plan.simultaneousTies) return 'characters tied on Initiative act at once (rule variant), with more than two fighters'
  // Down characters acting on Void (variant): followed, their Void Points left in the situation (`downVoid`)
  if (plan.downActsWithVoid && plan.anySwap) return 'Down characters act by spending Void Points (rule variant), and a fighter swaps Initiative'
  for (const d of plan.fighters) {
    if (d.swapWithOf.some((x) => x >= 0)) {
      // followed: a swap bought at the start of Round 1 for the whole skirmish (`initiativeOrders`)
      if (!plan.swapForSkirmish) return `${d.c.name} swaps Initiative with an ally for one Round at a time (rule variant), with more than two fighters`
      if (d.swapWithOf[0] < 0) return `${d.c.name} swaps Initiative with an ally after Round 1, with more than two fighters`
      if (plan.lateJoin) return `${d.c.name} swaps Initiative with an ally, and a fighter joins in a later Round`
    }
    if (d.voidPoints > 0 && d.voidOf.some((x) => x !== VOID_NONE && x !== VOID_SWAP && x !== VOID_INITIATIVE)) return `${d.c.name} spends Void Points, with more than two fighters`
    if (d.voidPoints > 0 && d.voidOf.some((x) => x === VOID_INITIATIVE)) {
      // followed: +10 Initiative bought at the start of Round 1 for the skirmish (`boughtInitiative`)
      if (d.voidOf[0] !== VOID_INITIATIVE) return `${d.c.name} buys +10 Initiative with a Void Point after Round 1, with more than two fighters`
      if (d.swapWithOf[0] >= 0) return `${d.c.name} buys +10 Initiative and swaps Initiative with Void Points, with more than two fighters`
      if (d.joinRound > 0) return `${d.c.name} joins in a later Round and buys +10 Initiative with a Void Point, with more than two fighters`
      if (plan.downActsWithVoid) return `${d.c.name} buys +10 Initiative with a Void Point while Down characters act on Void (rule variant), with more than two fighters`
    }
    const stances = [...d.stanceOf, d.hurtStance]
    if (d.joinRound > 0 && d.stanceOf[Math.min(d.joinRound, plan.cap - 1)] === FULL_DEFENSE) return `${d.c.name} joins in a later Round in Full Defense Stance, with more than two fighters`
    if (stances.includes(CENTER)) return `${d.c.name} takes Center Stance, with more than two fighters`
    if (d.t.target === 'random' && d.delayOf.some((x) => x === AFTER_TARGET)) return `${d.c.name} picks a random target and delays until it has acted`
  }
  return undefined
}

/**
 * The number of (step, situation) pairs the solve may visit, estimated before building anything: the
 * Initiative orders × the wounds each side can have taken (sticky targets wear down one enemy at a
 * time, random ones any of them; none while no foe can ever attack) × the Full Defense totals that go
 * with them × the Turn slots × the Rounds. A character's Full Defense totals count for the share of the
 * fight he holds the Stance: the Rounds he plans it, and once Hurt (his Stance then) the share of his
 * wounds at Hurt or worse; as the wounds spread over the first Rounds, so do the totals that go with
 * them. (Two against a bodyguard in Full Defense: about 4.5 million estimated for 4 Rounds, 330,000
 * followed; 20 million for 10 Rounds, more than 4 million followed by Round 9. The reinforcements cut to
 * two against one for 4 Rounds: 6 million estimated, more than 4 million followed by Round 4.)
 */
export function multiSize(plan: Plan): number {
  const orders = factorial(plan.n)
  const attacksEver = (d: Fighter): boolean => [...d.stanceOf, d.hurtStance].some((x) => x >= 0 && canAttackIn(x))
  let wounds = 1
  for (const side of [0, 1]) {
    const members = plan.fighters.filter((d) => d.side === side)
    const foes = plan.fighters.filter((d) => d.side !== side)
    if (!foes.some(attacksEver)) continue
    const sticky = foes.every((d) => d.t.target === 'sticky-first')
    // sticky: the first is worn down to his defeat, then the next…; random: any wounds on any of them
    wounds *= sticky ? members.reduce((s, d) => s + d.thresholds[OUT] + 2, 0) : members.reduce((s, d) => s * (d.thresholds[OUT] + 2), 1)
  }
  let fd = 1
  for (const d of plan.fighters) {
    // Round by Round: the wounds spread over about SPREAD Rounds (the count above is their spread); his
    // Stance once Hurt is taken from Round 2 (one heavy blow may hurt him in Round 1)
    const hurtShare = d.hurtStance === FULL_DEFENSE ? (d.thresholds[OUT] - d.thresholds[HURT - 1]) / (d.thresholds[OUT] + 1) : 0
    let share = 0
    for (let r = 0; r < plan.cap; r++) share += (d.stanceOf[r] === FULL_DEFENSE ? 1 : hurtShare) * Math.min(1, r / SPREAD)
    if (share > 0) fd *= 1 + (byCode(fdTotals(d.fullDefense, d.fullDefenseExplodes, roll), d).length - 1) * (share / plan.cap)
  }
  const attacks = Math.max(...plan.fighters.map((d) => d.c.attacksPerTurn))
  return orders * wounds * fd * plan.cap * plan.n * attacks
}

/** Rounds over which the wounds of a skirmish spread over all they can be (`multiSize`). */
const SPREAD = 4

function factorial(n: number): number {
  return n <= 1 ? 1 : n * factorial(n - 1)
}

/**
 * attack.ts chooseWeapon and weaponValue, read off the situation the chain follows (Round, attack roll's
 * bonuses, TN before Raises, the target's Reduction, whether he can still spend a Void Point): the weapon
 * with the highest expected wounds an attack, from the same tables (a bow left out in Full Attack; ties
 * to the earlier listed). The choice is a function of the state, so the chain follows it exactly.
 */
export function bestWeapon(a: Fighter, r: number, bits: number, plain: number, red: number, canVoid: boolean): number {
  let best = -1
  let value = -1
  a.kits.forEach((w, k) => {
    if (w.bow && (bits & SPEC_FULL_ATTACK) !== 0) return
    const boosted = w.takesVoid && a.voidOf[r] === VOID_DAMAGE && canVoid
    const table = boosted && w.raiseTableVoid ? w.raiseTableVoid : w.raiseTable
    const raises = table && a.bestRaisesOf[r] === 1 ? bestRaisesAt(table, bits, red, plain) : a.raisesOf[r]
    const tn = plain + 5 * raises
    const hit = (w.tails as Float64Array)[bits * TAIL_WIDTH + (tn < 0 ? 0 : tn < TAIL_WIDTH ? tn : TAIL_WIDTH - 1)]
    const v = hit * ((boosted ? w.perHitVoid : w.perHit) as Float64Array)[red * w.damage.length + raises]
    if (v > value + 1e-12) {
      value = v
      best = k
    }
  })
  return Math.max(0, best)
}

/** Full Defense totals whose chance together is below this count as the highest total kept. */
const FD_TAIL = 1e-13

/** A Full Defense roll's totals, the far tail (chance below FD_TAIL together; an error below 1e-13 per roll) counted as the last total kept. */
export function fdTotals(spec: RollSpec, explodes: boolean, exact: (spec: RollSpec, explode: boolean) => ExactRoll = exactRoll): { value: number; p: number }[] {
  const roll = exact(spec, explodes)
  let last = roll.p.length - 1
  let tail = 0
  while (last > 0 && tail + roll.p[last] < FD_TAIL) tail += roll.p[last--]
  const out: { value: number; p: number }[] = []
  for (let k = 0; k <= last; k++) if (roll.p[k] > 0) out.push({ value: roll.min + k, p: roll.p[k] })
  out[out.length - 1].p += tail
  return out
}

/**
 * A Full Defense total as the fight needs it: 0 out of Full Defense, else 1 + 2 × its Armor TN bonus (half
 * the total, rounded up) + 1 when Defense Mastery 3 keeps it (a total at least the average roll). Totals
 * with one code play the same.
 */
export function fdCode(total: number, d: Fighter): number {
  return 1 + 2 * Math.ceil(total / 2) + (d.keepsFullDefense && total >= d.fullDefenseMean ? 1 : 0)
}

export function fdAdd(code: number): number {
  return code === 0 ? 0 : (code - 1) >> 1
}

export function byCode(totals: { value: number; p: number }[], d: Fighter): { value: number; p: number }[] {
  const m = new Map<number, number>()
  for (const { value, p } of totals) m.set(fdCode(value, d), (m.get(fdCode(value, d)) ?? 0) + p)
  return [...m].map(([value, p]) => ({ value, p }))
}

/** Rolls already computed in this process, by spec. */
const rolls = new Map<string, ExactRoll>()
function roll(spec: { rolled: number; kept: number; bonus: number }, explode: boolean, rerollOnes = false): ExactRoll {
  const key = `${spec.rolled},${spec.kept},${spec.bonus},${explode},${rerollOnes}`
  let r = rolls.get(key)
  if (!r) {
    if (rolls.size >= 4096) rolls.clear()
    r = exactRoll(spec, explode, undefined, rerollOnes)
    rolls.set(key, r)
  }
  return r
}

/** P(roll ≥ tn). */
function atLeast(r: ExactRoll, tn: number): number {
  let s = 0
  for (let k = Math.max(0, tn - r.min); k < r.p.length; k++) s += r.p[k]
  return Math.min(1, s)
}

/** Equal random tie-break draws: each of 2^20 values (skirmish.ts TIE_RANDOM). */
const DRAWS = 2 ** 20

/**
 * P(fighters tied on score and on Agility and Class Rank come out in the order `block`): their random
 * draws, higher first, equal draws in roster order. Sum over the ways to cut the order into runs of equal
 * draws (each run in roster order) of C(2^20, runs) / 2^(20 × size).
 */
function drawOrderChance(block: readonly number[]): number {
  const m = block.length
  let total = 0
  for (let cuts = 0; cuts < 1 << (m - 1); cuts++) {
    let ok = true
    let runs = 1
    for (let k = 0; k + 1 < m; k++) {
      if ((cuts >> k) & 1) runs++
      else if (block[k] > block[k + 1]) ok = false
    }
    if (!ok) continue
    let c = 1
    for (let r = 0; r < runs; r++) c *= (DRAWS - r) / (r + 1) / DRAWS
    total += c / DRAWS ** (m - runs)
  }
  return total
}

/** P(a block of equal scores comes out in the order `block`): Agility and Class Rank first, then the draws. */
function tieOrderChance(plan: Plan, block: readonly number[]): number {
  let p = 1
  let start = 0
  for (let k = 1; k <= block.length; k++) {
    const key = (i: number): number => plan.fighters[block[i]].traitKey
    if (k < block.length && key(k) > key(k - 1)) return 0
    if (k === block.length || key(k) !== key(start)) {
      p *= drawOrderChance(block.slice(start, k))
      start = k
    }
  }
  return p
}

/**
 * Whose rolled Initiative each fighter holds once the Void swaps planned for Round 1 are made (void.ts
 * declareVoidSwaps): at the start of Round 1, in roster order, each who plans one and has a Void Point
 * exchanges his score with his ally's (everyone is unhurt then, and no other Void Point has been spent:
 * the solver of several follows no other Void use). Under the default "for the skirmish" the exchange
 * stands from then on and is not bought again, so the order is still drawn once for the skirmish.
 */
export function heldAfterSwaps(plan: Plan): number[] {
  const held = plan.fighters.map((_, i) => i)
  plan.fighters.forEach((d, i) => {
    const p = d.swapWithOf[0]
    if (p < 0 || d.voidPoints <= 0) return
    const t = held[i]
    held[i] = held[p]
    held[p] = t
  })
  return held
}

/**
 * Whether he buys +10 Initiative for the skirmish with a Void Point at the start of Round 1 (void.ts
 * declareVoidInitiative): planned for Round 1, with a Point (everyone is unhurt then, and it is the first
 * Point spent). The bonus stays his whatever the swaps, and later Rounds' plans buy nothing more.
 */
function boughtInitiative(d: Fighter): boolean {
  return d.voidPoints > 0 && d.voidOf[0] === VOID_INITIATIVE
}

/**
 * Every order the Initiative scores can give (skirmish.ts startRound `before`), with its exact chance:
 * each fighter's score is the roll he holds after Round 1's swaps; equal scores are still ordered by his
 * own Agility, Class Rank and draw.
 */
export function initiativeOrders(plan: Plan): { order: number[]; p: number }[] {
  const held = heldAfterSwaps(plan)
  const inits = held.map((k, i) => {
    const r = roll(plan.fighters[k].init, true)
    return boughtInitiative(plan.fighters[i]) ? { min: r.min + 10, p: r.p, mean: r.mean + 10 } : r
  })
  const lo = Math.min(...inits.map((r) => r.min))
  const hi = Math.max(...inits.map((r) => r.min + r.p.length - 1))
  const at = (i: number, v: number): number => {
    const k = v - inits[i].min
    return k >= 0 && k < inits[i].p.length ? inits[i].p[k] : 0
  }
  const out: { order: number[]; p: number }[] = []
  for (const order of permutations(plan.n)) {
    let total = 0
    // cut the order into blocks of equal scores, the blocks' scores strictly falling
    for (let cuts = 0; cuts < 1 << (plan.n - 1); cuts++) {
      const blocks: number[][] = [[order[0]]]
      for (let k = 1; k < plan.n; k++) {
        if ((cuts >> (k - 1)) & 1) blocks.push([order[k]])
        else blocks[blocks.length - 1].push(order[k])
      }
      let tie = 1
      for (const b of blocks) tie *= b.length > 1 ? tieOrderChance(plan, b) : 1
      if (tie === 0) continue
      // f[v]: chance the blocks so far came out with the last one's score v
      let f = new Float64Array(hi - lo + 1)
      for (let v = lo; v <= hi; v++) f[v - lo] = blocks[0].reduce((s, i) => s * at(i, v), 1)
      for (let b = 1; b < blocks.length; b++) {
        const g = new Float64Array(hi - lo + 1)
        let above = 0
        for (let v = hi; v >= lo; v--) {
          g[v - lo] = above * blocks[b].reduce((s, i) => s * at(i, v), 1)
          above += f[v - lo]
        }
        f = g
      }
      total += tie * f.reduce((s, x) => s + x, 0)
    }
    if (total > 0) out.push({ order, p: total })
  }
  return out
}

function permutations(n: number): number[][] {
  if (n === 0) return [[]]
  const out: number[][] = []
  for (const p of permutations(n - 1)) for (let k = 0; k <= p.length; k++) out.push([...p.slice(0, k), n - 1, ...p.slice(k)])
  return out
}

// Context layout: per fighter i: Stance at 2i, random target + 1 at 2i + 1 (0: none yet); then, from 2n, the skirmish's own:
const ORD = 0 // the Initiative order (index into the orders)
const TK = 1 // who took his Turn this Round (bit per fighter)
const POS = 2 // next position of the order to be reached
const WAIT = 3 // who is waiting after a delay (bit per position of the order)
const OFFER = 4 // delayers are offered the Turn (turns.ts `offer`)
const ENDR = 5 // 0 the Round goes on; 1 it ends after this Turn (everyone delayed); 2 it is over
const CUR = 6 // whose Turn it is, + 1 (0: nobody's)
const R = 7 // Round (0-based)
const PH = 8 // step within the Round
const OWN = 9

interface Ctx {
  id: number
  f: readonly number[]
  next?: Ctx
  /** The context after the Turn is found, by the masks of who can act, who is defeated, who is Hurt (memo). */
  turns?: Map<number, Ctx>
  /** Attacks from here by attacker rank and target (memo). */
  attacks?: Map<number, Hit>
  /** The Full Defense roll this context waits for, made (memo; one branch when none). */
  rolls?: { p: number; c: Ctx }[]
  /** Random target choices from here by the defeated mask (memo). */
  targets?: Map<number, { p: number; c: Ctx; j: number }[]>
  ends?: Map<number, Ctx>
}

/** One attack: P(hit) and the wounds dealt by a hit (after Reduction), capped at the target's dead. */
interface Hit {
  hit: number
  wounds: { value: number; p: number }[]
  /** The same wounds as flat arrays (the frontier's convolution reads these). */
  values: Int32Array
  probs: Float64Array
}

export interface MultiState {
  c: Ctx
  /** Every fighter's wounds, mixed radix (fighter i's digit: wounds 0..dead). */
  w: number
  /** 0 nobody yet, 1 + side, 3 a draw. */
  win: number
}

/** The skirmish of several fighters as a chain, and how many of its steps make a Round. */
export function multiModel(plan: Plan, maxWays = Infinity, options: { reduce?: boolean; whole?: boolean } = {}): { model: FightModel<MultiState>; stepsPerRound: number } {
  const reduce = options.reduce ?? true
  const whole = options.whole ?? true
  const n = plan.n
  /** Where the skirmish's own context fields start (after every fighter's two). */
  const O = 2 * n
  const fighters = plan.fighters
  const attacks = Math.max(...fighters.map((d) => d.c.attacksPerTurn))
  const stepsPerRound = n * attacks
  const dead = fighters.map((d) => d.thresholds[OUT] + 1)
  const radix: number[] = []
  let W = 1
  for (let i = 0; i < n; i++) {
    radix.push(W)
    W *= dead[i] + 1
  }
  const woundsOf = (w: number, i: number): number => Math.floor(w / radix[i]) % (dead[i] + 1)
  const rankAt = fighters.map((d, i) => Array.from({ length: dead[i] + 1 }, (_, w) => rankOf(w, d.thresholds)))
  const defeatedTable = rankAt.map((ranks) => ranks.map((r) => r > DOWN || (r === DOWN && plan.downIsDefeated)))
  const defeatedAt = (i: number, w: number): boolean => defeatedTable[i][w]
  /**
   * Wounds as the fight reads them (`reduce`): a defeated fighter is never attacked again and acts no
   * more, so only whether he is dead is left to tell (Killed); his wounds are kept as the first count of
   * his defeat, or as dead.
   */
  const canon = fighters.map((_, i) => {
    const first = rankAt[i].findIndex((_r, w) => defeatedAt(i, w))
    return Array.from({ length: dead[i] + 1 }, (_, w) => (!reduce || !defeatedAt(i, w) ? w : rankAt[i][w] > OUT ? dead[i] : first))
  })
  const orders = initiativeOrders(plan)
  /** Orders rolled in Round 1 (the list grows by the orders `endRound` merges into, of no chance of their own). */
  const rolled = orders.length
  const orderKeys = new Map(orders.map((o, k) => [o.order.join(), k]))
  const orderIndex = (order: number[]): number => {
    const key = order.join()
    let k = orderKeys.get(key)
    if (k === undefined) {
      k = orders.length
      orders.push({ order, p: 0 })
      orderKeys.set(key, k)
    }
    return k
  }
  const random = fighters.map((d) => d.t.target === 'random')
  /**
   * Variant down "void-to-act" (void.ts actWhileDown): a Down character's Turn costs a Void Point and
   * allows no attack; with his last one spent he is defeated. His Void Points left are in the context
   * from VOID0 (no other Void use is followed with several fighters, so only these Turns spend them).
   */
  const downVoid = plan.downActsWithVoid
  const VOID0 = O + OWN
  /**
   * Full Defense (attack.ts rollFullDefense): each character's last Full Defense total while he holds the
   * Stance, as its code (`fdCode`: the Armor TN bonus, and whether Defense Mastery 3 keeps it), in the
   * context from FD0 (0 out of the Stance; −1 for a roll to make at the start of his Turn).
   */
  const anyFd = fighters.some((d) => d.stanceOf.includes(FULL_DEFENSE) || d.hurtStance === FULL_DEFENSE)
  const FD0 = VOID0 + (downVoid ? n : 0)
  const fdTables = fighters.map((d) => byCode(fdTotals(d.fullDefense, d.fullDefenseExplodes, roll), d))
  /**
   * Who has not joined yet in Round r (bit per fighter): a late arrival takes no Turn and is no one's
   * target before his Round, yet keeps his side in the fight (fight.ts isDefeated reads his wounds: none).
   * His Initiative, rolled when he joins, is independent of everything before, so the order of all is
   * drawn at the start; those not yet there are skipped. Listed after the allies who fight before him
   * (`multiOutOfScope`), he never comes before a foe's kept target in roster order, so "the first
   * undefeated enemy in roster order" stays each foe's sticky target.
   */
  const absentIn = Array.from({ length: plan.cap + 1 }, (_, r) => fighters.reduce((m, d, i) => (d.joinRound > r ? m | (1 << i) : m), 0))
  let ways = 0
  const count = (k: number, s: MultiState): void => {
    ways += k
    if (ways > maxWays) throw new FightRefusal(tooManyWays(maxWays, s.c.f[O + R] + 1, plan.cap))
  }

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

  /** Masks of who can act (rank below Down), who is defeated, who is Hurt or worse, who is Down (by the wounds alone). */
  const masks = (w: number): { able: number; defeated: number; hurt: number; down: number } => {
    let able = 0
    let defeated = 0
    let hurt = 0
    let down = 0
    for (let i = 0; i < n; i++) {
      const wi = woundsOf(w, i)
      const r = rankAt[i][wi]
      if (r < DOWN) able |= 1 << i
      if (defeatedAt(i, wi)) defeated |= 1 << i
      if (r >= HURT) hurt |= 1 << i
      if (r === DOWN) down |= 1 << i
    }
    return { able, defeated, hurt, down }
  }
  /** `masks` in one number (able | defeated << n | hurt << 2n | down << 3n), by the wounds (memo: far fewer wound vectors than situations). */
  const packedMemo = new Map<number, number>()
  const packedWounds = (w: number): number => {
    let k = packedMemo.get(w)
    if (k === undefined) {
      const m = masks(w)
      k = m.able | (m.defeated << n) | (m.hurt << (2 * n)) | (m.down << (3 * n))
      packedMemo.set(w, k)
    }
    return k
  }
  /**
   * The masks as the fight reads them in context c: under the variant where Down characters act on Void
   * (fight.ts canAct, isDefeated), a Down character with a Void Point left can still take Turns and is
   * not defeated; with none left he is defeated.
   */
  const packed = (w: number, c: Ctx): number => {
    const k = packedWounds(w)
    if (!downVoid) return k
    const down = (k >> (3 * n)) & ((1 << n) - 1)
    if (down === 0) return k
    let able = k & ((1 << n) - 1)
    let defeated = (k >> n) & ((1 << n) - 1)
    for (let i = 0; i < n; i++) {
      if (((down >> i) & 1) === 0) continue
      if (c.f[VOID0 + i] > 0) able |= 1 << i
      else defeated |= 1 << i
    }
    return (k & ~((1 << (2 * n)) - 1)) | able | (defeated << n)
  }
  /** Whether fighter i, with wi wounds, is defeated in context c (see `packed`). */
  const defeatedWith = (i: number, wi: number, c: Ctx): boolean => defeatedAt(i, wi) || (downVoid && rankAt[i][wi] === DOWN && c.f[VOID0 + i] === 0)
  /** sticky-first target (attack.ts chooseTarget): the first undefeated enemy in roster order; −1 none. */
  const stickyTarget = (i: number, defeated: number): number => {
    for (let j = 0; j < n; j++) if (fighters[j].side !== fighters[i].side && ((defeated >> j) & 1) === 0) return j
    return -1
  }

  /** turns.ts playTurns from its loop's top, as a function of the context and the masks: finds the next Turn (or the Round's end). */
  const findTurn = (c: Ctx, able: number, defeated: number, hurt: number, down: number): Ctx => {
    const f = c.f.slice()
    if (f[O + ENDR] >= 1) {
      f[O + ENDR] = 2
      f[O + CUR] = 0
      return intern(f)
    }
    const order = orders[f[O + ORD]].order
    const r = f[O + R]
    able &= ~absentIn[r]
    // who cannot be chosen as a target: the defeated, and those not there yet
    const gone = defeated | absentIn[r]
    let tk = f[O + TK]
    let pos = f[O + POS]
    let wait = f[O + WAIT]
    let offer = f[O + OFFER]
    const can = (x: number): boolean => ((able >> x) & 1) === 1
    const nextReached = (from: number): number => {
      for (let k = from; k < n; k++) if (can(order[k]) && ((tk >> order[k]) & 1) === 0) return k
      return -1
    }
    const wantsDelay = (x: number, first: boolean): boolean => {
      const policy = fighters[x].delayOf[r]
      if (policy === NEVER) return false
      if (policy === ONCE) return first
      if (policy === AFTER_TARGET) {
        const t = stickyTarget(x, gone)
        return t >= 0 && ((tk >> t) & 1) === 0 && can(t)
      }
      return true
    }
    const take = (x: number, endAfter: boolean): Ctx => {
      tk |= 1 << x
      f[O + TK] = tk
      f[O + POS] = pos
      f[O + WAIT] = wait
      f[O + OFFER] = 1
      f[O + ENDR] = endAfter ? 1 : 0
      f[O + CUR] = x + 1
      if ((down >> x) & 1) {
        // Down, acting on a Void Point (turns.ts takeTurn, void.ts actWhileDown): no Stance change, no attack
        f[VOID0 + x]--
        f[O + CUR] = 0
        return intern(f)
      }
      // from Round 2 the Stance is taken at the start of the Turn (turns.ts declareStance), with its
      // Full Defense roll (kept instead when he stays in the Stance and Defense Mastery 3 keeps the last)
      if (r > 0) {
        const next = stanceFor(fighters[x], r, (hurt >> x) & 1 ? HURT : 0)
        const staying = f[2 * x] === FULL_DEFENSE
        f[2 * x] = next
        if (anyFd) f[FD0 + x] = next !== FULL_DEFENSE ? 0 : staying && ((f[FD0 + x] - 1) & 1) === 1 ? f[FD0 + x] : -1
      }
      return intern(f)
    }
    for (;;) {
      for (let q = 0; q < n; q++) if ((wait >> q) & 1 && !can(order[q])) wait &= ~(1 << q)
      if (offer && wait) {
        for (let q = 0; q < n; q++) {
          if (((wait >> q) & 1) === 0 || wantsDelay(order[q], false)) continue
          wait &= ~(1 << q)
          return take(order[q], false)
        }
      }
      offer = 0
      const k = nextReached(pos)
      if (k >= 0) {
        const x = order[k]
        pos = k + 1
        const wants = wantsDelay(x, true)
        if (wants && nextReached(pos) >= 0) {
          wait |= 1 << k
          continue
        }
        const everyoneDelayed = wants && tk === 0 && wait !== 0
        return take(x, everyoneDelayed && plan.roundEndsWhenAllDelay)
      }
      if (wait === 0) {
        f[O + ENDR] = 2
        f[O + CUR] = 0
        return intern(f)
      }
      // every one left waits and nobody else can act: the lowest of them must act
      let low = n - 1
      while (((wait >> low) & 1) === 0) low--
      wait &= ~(1 << low)
      return take(order[low], false)
    }
  }

  /** attack.ts attack, up to the rolls: P(hit) and the wounds a hit deals. */
  const planAttack = (c: Ctx, i: number, j: number, rankI: number): Hit => {
    const a = fighters[i]
    const t = fighters[j]
    const r = c.f[O + R]
    const plain = armorTn(t.baseArmorTn, c.f[2 * j], t.defenseAdd, anyFd ? fdAdd(c.f[FD0 + j]) : 0, t.masteryTn) + RANK_PENALTY[rankI]
    const bits = c.f[2 * i] === FULL_ATTACK ? SPEC_FULL_ATTACK : 0
    // "his best against this foe": chosen afresh as the sampler chooses it (no Void Point to spend here)
    const kit = a.using < 0 ? a.kits[bestWeapon(a, r, bits, plain, t.reductionIndex, false)] : a
    const raises = kit.raiseTable && a.bestRaisesOf[r] === 1 ? bestRaisesAt(kit.raiseTable, bits, t.reductionIndex, plain) : a.raisesOf[r]
    const hit = atLeast(roll(kit.attack[bits], attackExplodesWith(a, bits), a.attackRerolls), plain + 5 * raises)
    const dmg = roll(kit.damage[raises], plan.damageExplodes)
    const at = new Float64Array(dead[j] + 1)
    for (let k = 0; k < dmg.p.length; k++) at[Math.min(dead[j], Math.max(0, dmg.min + k - t.reduction))] += dmg.p[k]
    const wounds: { value: number; p: number }[] = []
    at.forEach((p, value) => {
      if (p > 0) wounds.push({ value, p })
    })
    return { hit, wounds, values: Int32Array.from(wounds, (x) => x.value), probs: Float64Array.from(wounds, (x) => x.p) }
  }

  const ended = (w: number, c: Ctx): number => {
    let a = false
    let b = false
    for (let i = 0; i < n; i++) {
      if (defeatedWith(i, woundsOf(w, i), c)) continue
      if (fighters[i].side === 0) a = true
      else b = true
    }
    return a && b ? 0 : a ? 1 : b ? 2 : 3
  }

  const advance = (c: Ctx): Ctx => {
    const ph = c.f[O + PH]
    return ph + 1 < stepsPerRound ? (c.next ??= intern(c.f.map((x, k) => (k === O + PH ? ph + 1 : x)))) : c
  }

  /** The end of the Round (skirmish.ts reactions, then the next Round's start: nothing carries but Stances, targets and Void Points left). */
  const endRound = (c: Ctx, w: number): Ctx => {
    // who can no longer act never will (wounds only grow): only the order of the others is read from here
    // on, so orders alike in it are one (`reduce`): those who cannot act go last, in roster order
    const all = (1 << n) - 1
    const able = reduce ? packed(w, c) & all : all
    const memo = (c.ends ??= new Map())
    let e = memo.get(able)
    if (!e) {
      let ord = c.f[O + ORD]
      if (able !== all) {
        const order = orders[ord].order
        const rest: number[] = []
        for (let x = 0; x < n; x++) if (((able >> x) & 1) === 0) rest.push(x)
        ord = orderIndex(order.filter((x) => ((able >> x) & 1) === 1).concat(rest))
      }
      // a late arrival takes his Stance for the Round he joins with his Initiative roll (skirmish.ts initiative)
      const r = c.f[O + R] + 1
      e = intern(c.f.map((x, k) => (k < O ? (k % 2 === 0 && fighters[k / 2].joinRound === r ? fighters[k / 2].stanceOf[Math.min(r, plan.cap - 1)] : x) : k === O + ORD ? ord : k === O + R ? r : k >= VOID0 ? x : 0)))
      memo.set(able, e)
    }
    return e
  }

  /** One attack of the fighter whose Turn it is (attack.ts attack), the k-th of his Turn; `emit` each way it goes. */
  const attackEach = (s: MultiState, k: number, p: number, emit: (p: number, next: MultiState) => void): void => {
    const i = s.c.f[O + CUR] - 1
    if (i < 0 || k >= fighters[i].c.attacksPerTurn || !canAttackIn(s.c.f[2 * i])) {
      emit(p, s)
      return
    }
    const defeated = ((packed(s.w, s.c) >> n) & ((1 << n) - 1)) | absentIn[s.c.f[O + R]]
    if (!random[i]) {
      const j = stickyTarget(i, defeated)
      if (j < 0) emit(p, s)
      else hitEach(s, s.c, i, j, p, emit)
      return
    }
    const cur = s.c.f[2 * i + 1] - 1
    if (cur >= 0 && ((defeated >> cur) & 1) === 0) {
      hitEach(s, s.c, i, cur, p, emit)
      return
    }
    const choices = targetChoices(s.c, i, defeated)
    if (choices.length === 0) emit(p, s)
    for (const ch of choices) hitEach(s, ch.c, i, ch.j, p * ch.p, emit)
  }

  /** A random target's choice (attack.ts chooseTarget "random"): each undefeated enemy alike, kept in the context. */
  const targetChoices = (c: Ctx, i: number, defeated: number): { p: number; c: Ctx; j: number }[] => {
    const memo = (c.targets ??= new Map())
    let choices = memo.get(defeated)
    if (!choices) {
      const foes: number[] = []
      for (let j = 0; j < n; j++) if (fighters[j].side !== fighters[i].side && ((defeated >> j) & 1) === 0) foes.push(j)
      choices = foes.map((j) => ({ p: 1 / foes.length, j, c: intern(c.f.map((x, m) => (m === 2 * i + 1 ? j + 1 : x))) }))
      memo.set(defeated, choices)
    }
    return choices
  }
  const hitOf = (c: Ctx, i: number, j: number, rankI: number): Hit => {
    const memo = (c.attacks ??= new Map())
    const key = rankI * 8 + j
    let h = memo.get(key)
    if (!h) {
      h = planAttack(c, i, j, rankI)
      memo.set(key, h)
    }
    return h
  }
  /** The Full Defense roll a context waits for (a code of −1), made: each total's code with its chance (memo). */
  const fdRolled = (c: Ctx): { p: number; c: Ctx }[] => {
    if (c.rolls) return c.rolls
    const x = anyFd ? c.f.indexOf(-1, FD0) : -1
    c.rolls = x < 0 ? [{ p: 1, c }] : fdTables[x - FD0].map(({ value, p }) => ({ p, c: intern(c.f.map((v, k) => (k === x ? value : v))) }))
    return c.rolls
  }
  /** `turnFound`, then its Full Defense roll: `fn(p × chance, state)` for each total. */
  const turnEach = (w: number, c: Ctx, p: number, fn: (p: number, s: MultiState) => void): void => {
    const s = turnFound(w, c)
    if (!anyFd) {
      fn(p, s)
      return
    }
    const rolls = fdRolled(s.c)
    if (rolls.length === 1) {
      fn(p, s)
      return
    }
    count(rolls.length, s)
    for (const r of rolls) fn(p * r.p, { c: r.c, w, win: s.win })
  }
  /** The state with the next Turn found (memo by who can act, who is defeated, who is Hurt). */
  const turnFound = (w: number, c: Ctx): MultiState => {
    const key = packed(w, c)
    const memo = (c.turns ??= new Map())
    let t = memo.get(key)
    if (!t) {
      const all = (1 << n) - 1
      t = findTurn(c, key & all, (key >> n) & all, (key >> (2 * n)) & all, (key >> (3 * n)) & all)
      memo.set(key, t)
    }
    // a Down character who spent his last Void Point to act is defeated: the skirmish may end there
    return { c: t, w, win: downVoid && t.f[O + CUR] === 0 ? ended(w, t) : 0 }
  }

  const hitEach = (s: MultiState, c: Ctx, i: number, j: number, p: number, emit: (p: number, next: MultiState) => void): void => {
    const h = hitOf(c, i, j, rankAt[i][woundsOf(s.w, i)])
    count(1 + h.wounds.length, s)
    emit(p * (1 - h.hit), { c, w: s.w, win: 0 })
    const wj = woundsOf(s.w, j)
    for (const { value, p: pw } of h.wounds) {
      const nw = canon[j][Math.min(dead[j], wj + value)]
      const w = s.w + (nw - wj) * radix[j]
      emit(p * h.hit * pw, { c, w, win: nw === wj ? 0 : ended(w, c) })
    }
  }

  // the Initiative order not yet rolled (−1): the first step rolls it, then plays the first Turn
  const start: MultiState = { c: intern(new Array<number>(FD0 + (anyFd ? n : 0)).fill(0).map((x, k) => (k === O + ORD ? -1 : k >= VOID0 && k < VOID0 + (downVoid ? n : 0) ? fighters[k - VOID0].voidPoints : x))), w: 0, win: 0 }
  const LIMIT = 2 ** 52 / (4 * W)

  /** Round 1, Stage 1 (before the first Turn): Stances, Initiative and the order it gives, each with its chance. */
  const opening = (from: MultiState): { p: number; s: MultiState }[] => {
    count(rolled, from)
    // Stage 1's Full Defense rolls, in roster order, for those who start in the Stance
    let stage: { p: number; f: number[] }[] = [{ p: 1, f: from.c.f.slice() }]
    for (let i = 0; i < n; i++) {
      stage.forEach((x) => (x.f[2 * i] = fighters[i].stanceOf[0]))
      if (fighters[i].stanceOf[0] !== FULL_DEFENSE || fighters[i].joinRound > 0) continue
      stage = stage.flatMap((x) => fdTables[i].map(({ value, p }) => ({ p: x.p * p, f: x.f.map((v, k) => (k === FD0 + i ? value : v)) })))
    }
    count(stage.length, from)
    return orders.slice(0, rolled).flatMap(({ p }, k) =>
      stage.map((x) => {
        const f = x.f.slice()
        f[O + ORD] = k
        return { p: p * x.p, s: { c: intern(f), w: from.w, win: 0 } }
      }),
    )
  }

  const stepEach = (from: MultiState, p: number, emit: (p: number, next: MultiState) => void): void => {
    if (from.c.f[O + ORD] < 0) {
      for (const x of opening(from)) stepEach(x.s, p * x.p, emit)
      return
    }
    const ph = from.c.f[O + PH]
    const c = advance(from.c)
    const last = ph === stepsPerRound - 1
    const out = last ? (q: number, x: MultiState) => emit(q, x.win !== 0 ? x : { c: endRound(x.c, x.w), w: x.w, win: 0 }) : emit
    const slotStep = ph % attacks
    if (slotStep === 0) turnEach(from.w, c, p, (q, s) => attackEach(s, 0, q, out))
    else attackEach({ c, w: from.w, win: 0 }, slotStep, p, out)
  }

  /**
   * The whole frontier at once: the attacks' wounds applied to each group of situations alike in all but
   * the target's wounds, as one distribution (a convolution), so each situation reached is emitted once
   * per group and not once per way of reaching it. The same sums as `stepEach`, in another order.
   */
  interface Group {
    c: Ctx
    base: number
    j: number
    h: Hit
    mass: Float64Array
  }
  const stepAll = (states: readonly MultiState[], probs: readonly number[], emit: (p: number, next: MultiState) => void): void => {
    const groups = new Map<number | string, Group>()
    let last = false
    const gather = (s: MultiState, c: Ctx, i: number, j: number, p: number): void => {
      const wj = woundsOf(s.w, j)
      const base = s.w - wj * radix[j]
      const key = c.id < LIMIT ? (c.id * W + base) * 8 + j : `${c.id},${base},${j}`
      let g = groups.get(key)
      if (!g) {
        g = { c, base, j, h: hitOf(c, i, j, rankAt[i][woundsOf(s.w, i)]), mass: new Float64Array(dead[j] + 1) }
        groups.set(key, g)
      }
      count(1, s)
      g.mass[wj] += p
    }
    let list = states
    let chances = probs
    if (states.some((s) => s.c.f[O + ORD] < 0)) {
      const opened = states.flatMap((s, k) => (s.c.f[O + ORD] < 0 ? opening(s).map((x) => ({ s: x.s, p: probs[k] * x.p })) : [{ s, p: probs[k] }]))
      list = opened.map((x) => x.s)
      chances = opened.map((x) => x.p)
    }
    let out: (q: number, x: MultiState) => void = emit
    let slotStep = 0
    /** One situation with its Turn found: its attack gathered into its group, or passed on. */
    const play = (p: number, s: MultiState): void => {
      const i = s.c.f[O + CUR] - 1
      if (s.win !== 0 || i < 0 || slotStep >= fighters[i].c.attacksPerTurn || !canAttackIn(s.c.f[2 * i])) {
        out(p, s)
        return
      }
      const defeated = ((packed(s.w, s.c) >> n) & ((1 << n) - 1)) | absentIn[s.c.f[O + R]]
      if (!random[i]) {
        const j = stickyTarget(i, defeated)
        if (j < 0) out(p, s)
        else gather(s, s.c, i, j, p)
        return
      }
      const cur = s.c.f[2 * i + 1] - 1
      if (cur >= 0 && ((defeated >> cur) & 1) === 0) {
        gather(s, s.c, i, cur, p)
        return
      }
      const choices = targetChoices(s.c, i, defeated)
      if (choices.length === 0) out(p, s)
      for (const ch of choices) gather(s, ch.c, i, ch.j, p * ch.p)
    }
    for (let k = 0; k < list.length; k++) {
      const from = list[k]
      const p = chances[k]
      const ph = from.c.f[O + PH]
      last = ph === stepsPerRound - 1
      out = last ? (q: number, x: MultiState) => emit(q, x.win !== 0 ? x : { c: endRound(x.c, x.w), w: x.w, win: 0 }) : emit
      slotStep = ph % attacks
      if (slotStep === 0) turnEach(from.w, advance(from.c), p, play)
      else play(p, { c: advance(from.c), w: from.w, win: 0 })
    }
    for (const g of groups.values()) {
      const j = g.j
      const dj = dead[j]
      const cj = canon[j]
      const tot = new Float64Array(dj + 1)
      const { hit, values, probs: wp } = g.h
      const mass = g.mass
      for (let wj = 0; wj <= dj; wj++) {
        const m = mass[wj]
        if (m === 0) continue
        tot[wj] += m * (1 - hit)
        const mh = m * hit
        for (let q = 0; q < values.length; q++) {
          const v = wj + values[q]
          tot[cj[v < dj ? v : dj]] += mh * wp[q]
        }
      }
      count(tot.length, { c: g.c, w: g.base, win: 0 })
      // who else stands on each side (the same for the whole group): the target's wounds decide the rest
      const stands = [false, false]
      for (let x = 0; x < n; x++) if (x !== j && !defeatedWith(x, woundsOf(g.base, x), g.c)) stands[fighters[x].side] = true
      const sj = fighters[j].side
      for (let v = 0; v <= dj; v++) {
        const q = tot[v]
        if (q === 0) continue
        const w = g.base + v * radix[j]
        const a = stands[0] || (sj === 0 && !defeatedWith(j, v, g.c))
        const b = stands[1] || (sj === 1 && !defeatedWith(j, v, g.c))
        const win = a && b ? 0 : a ? 1 : b ? 2 : 3
        emit(q, { c: win === 0 && last ? endRound(g.c, w) : g.c, w, win })
      }
    }
  }

  const model: FightModel<MultiState> = {
    ...(whole ? { stepAll } : {}),
    sides: 2,
    start,
    key: (s) => (s.c.id < LIMIT ? (s.c.id * 4 + s.win) * W + s.w : `${s.c.id},${s.win},${s.w}`),
    // (under Down acting on Void, whether a Down fighter is defeated is read off his Void Points left too)
    endKey: (s) => (downVoid ? (s.win * W + s.w) * (1 << n) + ((packed(s.w, s.c) >> n) & ((1 << n) - 1)) : s.win * W + s.w),
    clock: { unit: 'Round', stepsPerUnit: stepsPerRound },
    ending: (s) => (s.win === 0 ? null : s.win === 3 ? 'draw' : s.win - 1),
    step: (s) => {
      const out: { p: number; next: MultiState }[] = []
      stepEach(s, 1, (p, next) => out.push({ p, next }))
      return out
    },
    stepEach,
    damage: (s) => fighters.map((_, i) => woundsOf(s.w, i)),
    finals: (s) => [...fighters.map((_, i) => (defeatedWith(i, woundsOf(s.w, i), s.c) ? 1 : 0)), ...fighters.map((_, i) => (rankAt[i][woundsOf(s.w, i)] > OUT ? 1 : 0))],
    capEnding: (s) => (plan.mostHealthOnCap ? healthier(s) : 'draw'),
  }

  /** skirmish.ts healthier: the side with the larger share of health left wins at the cap. */
  const healthier = (s: MultiState): number | 'draw' => {
    const left = [0, 0]
    const total = [0, 0]
    for (let i = 0; i < n; i++) {
      const cap = fighters[i].thresholds[OUT]
      const w = woundsOf(s.w, i)
      left[fighters[i].side] += defeatedWith(i, w, s.c) ? 0 : Math.max(0, cap - w)
      total[fighters[i].side] += cap
    }
    const a = left[0] / total[0]
    const b = left[1] / total[1]
    return a > b ? 0 : b > a ? 1 : 'draw'
  }

  return { model, stepsPerRound }
}

/** The skirmish of several fighters solved, or refused with the reason in a GM's words. */
export function solveMulti(plan: Plan, maxStates: number, maxWays: number, dropBelow: number): FightSolveResult & { stepsPerRound?: number } {
  const why = multiOutOfScope(plan)
  if (why) return { ok: false, reason: why }
  const size = multiSize(plan)
  if (size > MULTI_MAX_SIZE) return { ok: false, reason: tooLarge(size, plan.cap) }
  const { model, stepsPerRound } = multiModel(plan, maxWays)
  try {
    return { ...solveFight(model, { maxSteps: plan.cap * stepsPerRound, maxStates, dropBelow }), stepsPerRound }
  } catch (e) {
    if (e instanceof FightRefusal) return { ok: false, reason: e.message }
    throw e
  }
}

/**
 * (Step, situation) pairs followed before the answer is refused: the estimate (`MULTI_MAX_SIZE`) keeps the
 * fights tried below about this; the shipped two-against-two of three Rounds takes 1.13 million.
 */
export const MULTI_MAX_STATES = 4_000_000

/** Estimated situations (`multiSize`) beyond which the fight is refused before the solve. */
export const MULTI_MAX_SIZE = 5_000_000

export function tooLarge(size: number, cap: number): string {
  const shown = Number(size.toPrecision(2)).toLocaleString('en-US')
  return `the fight is too large to follow exactly: about ${shown} situations over its ${cap} Rounds, against a limit of ${MULTI_MAX_SIZE.toLocaleString('en-US')}`
}
