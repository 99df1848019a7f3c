import type { Rng } from '../../core/rng'
import { createTally } from '../../core/tally'
import { pack, packedAdv, packedDespairs, packedNet, packedTriumphs } from '../../dice/narrative-dice'
import { exactCheck, forEachResult } from '../../dice/narrative-exact'
import type { CompiledPool } from '../../dice/narrative-roll'
import { advantageAfterCrit, critRoll, critTriggers, hitDamage, isHit, soakAgainst, woundsAfterSoak } from './damage'
import { critEffectOf } from './crit-effects'
import { attackLabel, attackLabelMany, CHARACTERISTIC_D10, critLabel, idleEffects, LIMB_D4 } from './exact-labels'
import { reset, roundSlot } from './fight'
import { fightShape } from './fight-metrics'
import { compileFight, held, soakNow, weaponDamage, type FightPlan } from './fight-plan'
import { groupDraw } from '../../core/rng-paths'

/**
 * How big the exact whole fight is, worked out before anything is solved (exact-fight.ts): the fight's
 * first turn is played by the sampler's own code up to its first roll, the attack's pool (the fighter's
 * dice as his turn's maneuvers leave them), and from that pool's exact results the ways the solver will
 * follow that turn are counted as it counts them: one for each result the attack reads apart, and for a
 * hit that triggers a Critical Injury, one for each row of the table whose effect the fight reads apart
 * (with the d10 of a Horrific or Gruesome Injury and the d4 of a Crippled limb). This count is a floor:
 * the solver replays at least that many times the first turn of a fighter who can act first, so when it
 * passes the solver's bound on one turn (`GENESYS_EXACT_MAX_SLOT_RUNS`) the fight is refused at once,
 * with the reason the solve would give, without building the chain. A fight the solver can follow is
 * never refused by it (it is a floor of what the solver itself counts).
 */

export interface GenesysExactSize {
  /** For each fighter, the ways his first turn goes when he acts first (0 when he cannot act first or does not attack with it). */
  firstTurnWays: number[]
  /** For each fighter, the ways of that first attack alone (without the free attacks Overpowered brings). */
  firstAttackWays: number[]
  /** The largest of `firstTurnWays`. */
  most: number
}

/** The roll the first turn stopped at, thrown out of the sampler's code. */
class FirstRoll {
  constructor(readonly cp: CompiledPool) {}
}

/** A stream that no draw may reach before the attack's pool is rolled (the turn then does something else first: no floor from it). */
const NO_DRAW: Rng = {
  u32: () => {
    throw new FirstRoll(null as unknown as CompiledPool)
  },
  below: () => {
    throw new FirstRoll(null as unknown as CompiledPool)
  },
  die: () => {
    throw new FirstRoll(null as unknown as CompiledPool)
  },
}

/** The highest and lowest order an initiative result gives (net successes, then advantage). */
function initiativeRange(cp: CompiledPool): { lo: number; hi: number } {
  let lo = Infinity
  let hi = -Infinity
  forEachResult(exactCheck(cp.pool), (net, adv) => {
    const k = net * 64 + adv
    if (k < lo) lo = k
    if (k > hi) hi = k
  })
  return { lo, hi }
}

/**
 * The results of an attack pool the solver follows apart (exact-labels.ts `attackLabel`, `attackLabelMany`),
 * each as one packed result: from the pool's exact distribution, which has the same results as its dice.
 */
function attackResults(cp: CompiledPool, many: boolean): number[] {
  const seen = new Map<number, number>()
  forEachResult(exactCheck(cp.pool), (net, adv, tr, de) => {
    const v = pack(net, adv, tr, de)
    const l = many ? attackLabelMany(v) : attackLabel(v)
    if (!seen.has(l)) seen.set(l, v)
  })
  return [...seen.values()]
}

/**
 * The ways f's first turn goes as the solver follows it, when he acts first (0 if he may not, with
 * some chance, act first whatever the tie rule: his best initiative must beat every other fighter's
 * worst; or if his first turn rolls nothing, or draws before his attack).
 */
function firstTurnWays(plan: FightPlan, f: number, ranges: { lo: number; hi: number }[]): { attack: number; turn: number } {
  const n = plan.fighters.length
  const none = { attack: 0, turn: 0 }
  if (ranges.some((r, o) => o !== f && ranges[f].hi <= r.lo)) return none
  const s = plan.state
  reset(plan)
  // f in the first slot, the others after him in roster order
  const order = [f, ...plan.fighters.map((x) => x.index).filter((o) => o !== f)]
  order.forEach((o, k) => {
    s.order[k] = o
    s.lastSlot[plan.fighters[o].side] = k
  })
  let cp: CompiledPool | null = null
  plan.roll = (_rng, pool) => {
    throw new FirstRoll(pool)
  }
  try {
    roundSlot(plan, NO_DRAW, createTally(fightShape(plan)), 1, 0)
  } catch (e) {
    if (!(e instanceof FirstRoll)) throw e
    cp = e.cp
  }
  if (!cp) return none
  const t = s.target[f]
  if (t < 0) return none
  const fw = held(plan, f)
  const q = fw.w.qualities
  const soak = soakAgainst(soakNow(plan, t), q.pierce, q.breach)
  const base = weaponDamage(plan, f, fw)
  const forGood = plan.maxRounds + 2
  const lastAttack = plan.fighters.map((x) => x.turns.map((u) => u.action).lastIndexOf('attack'))
  // what t's state says no Critical Injury row would change (the solver reads the same at the roll: f's attack changes none of it)
  const idle = idleEffects(plan, t, forGood, lastAttack)
  const crits = new Map<number, number>()
  const critWays = (bonus: number): number => {
    let w = crits.get(bonus)
    if (w !== undefined) return w
    const rows = groupDraw(100, (i) => critLabel(plan, t, i + 1 + bonus, idle))
    w = 0
    for (const v of rows.values) {
      const effect = plan.fighters[t].minions > 1 ? 'none' : critEffectOf(v + 1 + bonus, plan.critTable)
      w += effect === 'characteristic-loss' ? CHARACTERISTIC_D10.values.length : effect === 'crippled' && plan.crippledLimb === 1 ? LIMB_D4.values.length : 1
    }
    crits.set(bonus, w)
    return w
  }
  const outcomes = attackResults(cp, n > 2)
  /**
   * The ways one attack with this pool goes when t has `injuries` Critical Injuries; `overpowered` gets the
   * wounds of each hit (no threat left on the attacker) whose Critical Injury can be Overpowered and that
   * leaves t standing: the turn goes on from each with a free attack with the same pool.
   */
  const attackWays = (injuries: number, overpowered?: number[]): number => {
    let ways = 0
    for (const v of outcomes) {
      const net = packedNet(v)
      // a miss, or (more than two fighters) a Despair that may send the shot into an ally: counted once
      if (!isHit(net) || (n > 2 && packedDespairs(v) > 0)) {
        ways++
        continue
      }
      let tr = packedTriumphs(v)
      if (q.knockdown && plan.knockdownTriumph && tr > 0 && s.prone[t] === 0) tr--
      const past = q.stunDamage ? 0 : woundsAfterSoak(hitDamage(base, net), soak)
      const adv = packedAdv(v)
      const triggers = critTriggers(past, adv, tr, fw.w.crit)
      if (triggers === 0) {
        ways++
        continue
      }
      const bonus = critRoll(0, injuries, triggers) + 10 * q.vicious
      ways += critWays(bonus)
      if (overpowered && mayOverpower(bonus) && advantageAfterCrit(adv, tr, triggers, fw.w.crit) >= 0 && past <= plan.fighters[t].c.woundThreshold) overpowered.push(past)
    }
    return ways
  }
  /** Whether a Critical Injury roll with this bonus can land on Overpowered (never on a minion group). */
  const overpowers = new Map<number, boolean>()
  const mayOverpower = (bonus: number): boolean => {
    let o = overpowers.get(bonus)
    if (o !== undefined) return o
    o = false
    if (plan.fighters[t].minions <= 1) for (let i = 1; i <= 100 && !o; i++) o = critEffectOf(i + bonus, plan.critTable) === 'overpowered'
    overpowers.set(bonus, o)
    return o
  }
  // the free attacks are counted only where a hit's wounds are its damage past soak once (no Linked or
  // Auto-fire hits after it) and nothing but the injury count changes how the same dice read again (no
  // Knockdown, whose Triumph depends on whether the target is already prone)
  const stops: number[] = []
  const followFree = q.linked === 0 && !q.autoFire && !q.knockdown
  const first = attackWays(s.injuries[t], followFree ? stops : undefined)
  if (stops.length === 0) return { attack: first, turn: first }
  // each free attack is one more attack with the same pool on t, who now has one more injury: with two
  // fighters the turns stopped there are merged when equal (t's wounds tell them apart) and each goes on
  // once; with more, each is played inside its turn
  const free = attackWays(s.injuries[t] + 1)
  return { attack: first, turn: n === 2 ? first + new Set(stops).size * free : first + stops.length * (free - 1) }
}

/** The estimate, on a plan of its own (the caller's plan and its state are left as they are). */
export function genesysExactSize(scenarioPlan: FightPlan): GenesysExactSize {
  const plan = compileFight(scenarioPlan.scenario)
  const ranges = plan.fighters.map((x) => initiativeRange(x.initiativePool))
  const ways = plan.fighters.map((x) => firstTurnWays(plan, x.index, ranges))
  const turns = ways.map((w) => w.turn)
  return { firstTurnWays: turns, firstAttackWays: ways.map((w) => w.attack), most: Math.max(0, ...turns) }
}
