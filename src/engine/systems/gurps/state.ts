import type { Rng } from '../../core/rng'
import type { Tally } from '../../core/tally'
import type { TraceEvent } from '../../core/trace'
import type { CascadeOutcome } from '../gurps-common/cascade'
import { MAX_ARMS } from './fighter'

/** How many per-fighter Int32 and Uint8 arrays live in the block a fight clears at its start. */
const ZEROED_I32 = 9
const ZEROED_U8 = 16

/** Hands out n-long arrays from one buffer (Int32 first, then Uint8), all views of `all`. */
function zeroBlock(n: number): { all: Uint8Array; i32: () => Int32Array; u8: () => Uint8Array } {
  const bytes = 4 * n * ZEROED_I32 + n * ZEROED_U8
  const buffer = new ArrayBuffer(bytes)
  let i = 0
  let u = 0
  return {
    all: new Uint8Array(buffer),
    i32: () => {
      if (i >= ZEROED_I32) throw new Error('zeroBlock: more Int32 arrays than ZEROED_I32')
      return new Int32Array(buffer, 4 * n * i++, n)
    },
    u8: () => {
      if (u >= ZEROED_U8) throw new Error('zeroBlock: more Uint8 arrays than ZEROED_U8')
      return new Uint8Array(buffer, 4 * n * ZEROED_I32 + n * u++, n)
    },
  }
}

/**
 * Everything that changes during one fight, as typed arrays reused from trial to trial (the hot loop
 * allocates nothing). Per-fighter arrays are indexed by fighter; `dist` is n×n yards.
 */
export class FightState {
  readonly n: number
  readonly hp: Int32Array
  readonly cond: Uint8Array
  readonly stunned: Uint8Array
  readonly prone: Uint8Array
  /** The weapon in hand is ready (the one `arm` names). */
  readonly ready: Uint8Array
  /** Which of his attacks he holds (index into FighterStats.arms). */
  readonly arm: Int32Array
  /** Bit k set: his attack k is ready, for every attack but the one he holds (that one is `ready`). */
  readonly drawn: Int32Array
  /** Ready turns still needed before the weapon he holds is ready again (a reload of several turns); 0 = one. */
  readonly readyLeft: Int32Array
  /** Shots left in each of his missile weapons (n × MAX_ARMS; unused for weapons that never reload). */
  readonly shotsLeft: Int32Array
  /** Shock in force during his present turn (the source's shockNow), and what builds up for his next one (shockNext). */
  readonly shock: Int32Array
  readonly shockCarry: Int32Array
  readonly retreated: Uint8Array
  /** All-Out Attack: no active defence until his next turn. */
  readonly noDefense: Uint8Array
  readonly aod: Int8Array
  readonly parries: Int32Array
  readonly blocks: Int32Array
  /** Cannot parry until his next turn (unbalanced weapon used, Move and Attack). */
  readonly noParry: Uint8Array
  readonly noRetreat: Uint8Array
  /** 1 while he defends in a Stop Hit exchange at −1 (−3 to parry with the weapon he attacked with). */
  readonly stopHitPenalty: Uint8Array
  /** Parried with his unbalanced weapon since his turn began: no attack with it before his next turn ("both-ways"). */
  readonly parriedUnbalanced: Uint8Array
  /**
   * At 0 HP or less on a Do Nothing turn: the consciousness roll is skipped unless he makes a defence
   * roll before his next turn, when it is rolled first.
   */
  readonly koRollPending: Uint8Array
  /** Yards the maneuver under way still lets him move (a step, half Move, Move). */
  readonly moveLeft: Int32Array
  /** Yards he has moved toward `movedToward` since his turn began (the stop-thrust limit on retreat). */
  readonly movedYards: Int32Array
  readonly movedToward: Int32Array
  readonly waiting: Uint8Array
  readonly waitStep: Int32Array
  /**
   * Taking part in the cascade being resolved (1 while his action is still to come, 2 once it is done):
   * not set off again by its own events; no retreat while his action is still to come.
   */
  readonly engaged: Uint8Array
  readonly ownTurns: Int32Array
  readonly target: Int32Array
  readonly feintOn: Int32Array
  readonly feintMargin: Int32Array
  readonly feintTurn: Int32Array
  readonly dealt: Int32Array
  readonly outAt: Int32Array
  readonly waitFired: Uint8Array
  readonly waitWasted: Uint8Array
  readonly knocked: Uint8Array
  /** Frozen shock for fighters acting truly simultaneously (−1 when not frozen). */
  readonly frozenShock: Int32Array
  /** Whom he attacks in the simultaneous slot being resolved (−1 if none). */
  readonly slotTarget: Int32Array
  readonly slotHit: Uint8Array
  readonly dist: Int32Array
  readonly order: Int32Array
  /**
   * Scratch for interrupts, one frame of n entries per nesting depth (a response can set off another
   * Wait): rollers, their response targets, late joiners' triggers, contest keys, slot members, and
   * per-roller flags (1 = done, 2 = acted).
   */
  readonly rollers: Int32Array
  readonly respTarget: Int32Array
  /** For a late joiner: the roller index whose action sets his Wait off (−1 for those who proceed). */
  readonly lateTrigger: Int32Array
  /** For a late joiner: bit mask of the earlier rollers whose actions set his Wait off. */
  readonly lateMask: Int32Array
  readonly keys: Int32Array
  readonly members: Int32Array
  readonly flags: Uint8Array
  /** Scratch for the "most-health" cap rule: each side's share of HP left (sides ≤ fighters). */
  readonly sideShare: Float64Array
  depth = 0
  /** Cascade orders already resolved, by cast and ranking (the hot loop resolves each shape once). */
  readonly cascadeMemo = new Map<number, Map<number, CascadeOutcome>>()
  round = 0
  current = -1
  over = false
  /** Monotonic id of the moment an attack happens in; attacks in one simultaneous slot share it. */
  moment = 0
  slotMoment = -1
  firstStriker = -1
  firstMoment = -1
  firstFromWait = false
  firstTied = false
  firstHitter = -1
  firstHitMoment = -1
  firstHitTied = false
  mutualHit = false
  /** The attack being defended comes from a Wait (a stop thrust, if it is a thrust). */
  attackFromWait = false
  cascaded = false
  /** How the 3d6 roll being drawn is read (log.ts RollUse) and its target: hints for an exact solve. */
  rollUse = 0
  rollTarget = 0
  /**
   * Exact solve only (gurps/exact-fight.ts): a blow's injury is held here instead of applied, and the
   * solver applies it with `applyInjury` afterwards (the sampler never sets `deferInjury`).
   */
  deferInjury = false
  heldCount = 0
  heldAttacker = 0
  heldVictim = 0
  heldInjury = 0
  heldDoubledShock = false
  heldMajor = false
  rng!: Rng
  tally!: Tally
  log: TraceEvent[] | undefined

  /** Every per-fighter array a fight starts at 0 (`ZEROED_EACH_FIGHT`), as one block: `resetFight` clears them all with one fill. */
  readonly zeroedEachFight: Uint8Array

  constructor(n: number) {
    this.n = n
    const zero = zeroBlock(n)
    this.zeroedEachFight = zero.all
    this.hp = new Int32Array(n)
    this.cond = zero.u8()
    this.stunned = zero.u8()
    this.prone = zero.u8()
    this.ready = new Uint8Array(n)
    this.arm = new Int32Array(n)
    this.drawn = new Int32Array(n)
    this.readyLeft = new Int32Array(n)
    this.shotsLeft = new Int32Array(n * MAX_ARMS)
    this.shock = zero.i32()
    this.shockCarry = zero.i32()
    this.retreated = zero.u8()
    this.noDefense = zero.u8()
    this.aod = new Int8Array(n)
    this.parries = zero.i32()
    this.blocks = zero.i32()
    this.noParry = zero.u8()
    this.noRetreat = zero.u8()
    this.stopHitPenalty = zero.u8()
    this.parriedUnbalanced = zero.u8()
    this.koRollPending = zero.u8()
    this.moveLeft = new Int32Array(n)
    this.movedYards = zero.i32()
    this.movedToward = new Int32Array(n)
    this.waiting = zero.u8()
    this.waitStep = zero.i32()
    this.engaged = zero.u8()
    this.ownTurns = zero.i32()
    this.target = new Int32Array(n)
    this.feintOn = new Int32Array(n)
    this.feintMargin = new Int32Array(n)
    this.feintTurn = new Int32Array(n)
    this.dealt = zero.i32()
    this.outAt = zero.i32()
    this.waitFired = zero.u8()
    this.waitWasted = zero.u8()
    this.knocked = zero.u8()
    this.frozenShock = new Int32Array(n)
    this.slotTarget = new Int32Array(n)
    this.slotHit = zero.u8()
    this.dist = new Int32Array(n * n)
    this.order = new Int32Array(n)
    const frames = n * (n + 1)
    this.rollers = new Int32Array(frames)
    this.respTarget = new Int32Array(frames)
    this.lateTrigger = new Int32Array(frames)
    this.lateMask = new Int32Array(frames)
    this.keys = new Int32Array(frames)
    this.members = new Int32Array(frames)
    this.flags = new Uint8Array(frames)
    this.sideShare = new Float64Array(n)
  }
}
