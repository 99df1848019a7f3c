import type { Rng } from '../../core/rng'
import type { Tally } from '../../core/tally'
import type { TraceEvent } from '../../core/trace'
import type { DamageRoll } from '../../dice/hero-damage'

/** What a combatant is holding from an earlier Phase. */
export const enum Pending {
  None = 0,
  /** Delayed to a DEX and Segment (the campaign house rules (docs/rules/hero.md) "Delayed Action"; a hold pinned to a DEX in the book). */
  Delay = 1,
  /** Held for an anticipated event: interrupt, act after or in tandem. */
  Hold = 2,
  /** Held for defense only. */
  HoldDefense = 3,
}

/** Why a Phase is already spent when it comes up. */
export const enum Skip {
  None = 0,
  Abort = 1,
  HeldUsed = 2,
  DelayReplaces = 3,
  Haymaker = 4,
}

/**
 * Everything one fight changes, as typed arrays reused from trial to trial (no allocation in the hot
 * loop). Absolute Segments are stored as integers; −1 or 0 means "none" where noted.
 */
export class FightState {
  log: TraceEvent[] | null = null
  tally: Tally | null = null
  abs = 12
  /** Resolution instant: actions in the same slot are simultaneous. */
  slot = 0
  firstActor = -1
  /** Knockouts and deaths so far this fight: the fight loop asks whether a side is out only when it has moved. */
  falls = 0
  readonly stun: Int32Array
  readonly body: Int32Array
  readonly end: Int32Array
  /** END paid for attacks in this fight. */
  readonly endUsed: Int32Array
  /** A Recovery action resolving at the end of this absolute Segment; 0 = none. */
  readonly recoverAbs: Int32Array
  /** Knocked out at −21 to −30 STUN: the Segment of his last Recovery (once a minute, variants.koRecovery "bands"). */
  readonly koMinuteAbs: Int32Array
  /** Times he woke from a knockout in this fight. */
  readonly wakes: Int32Array
  /** STUN paid for END, and Blocks made for a protected ally, in this fight. */
  readonly stunPaid: Int32Array
  readonly guardUsed: Int32Array
  readonly ko: Uint8Array
  readonly dead: Uint8Array
  readonly stunned: Uint8Array
  /** Slot in which the last KO / Stunned happened: a simultaneous partner still acts in it. */
  readonly statusSlot: Int32Array
  /** Took damage again while Stunned in this Segment: cannot recover in this Segment's Phase. */
  readonly stunBlockedAbs: Int32Array
  readonly pending: Uint8Array
  /** The Phase (absolute Segment) the pending action came from. */
  readonly pendingOrigin: Int32Array
  readonly delayAbs: Int32Array
  readonly skipPhaseAbs: Int32Array
  readonly skipReason: Uint8Array
  /** Absolute Segment whose Phase of this combatant has begun (or been skipped). */
  readonly phaseDoneAbs: Int32Array
  /** Last Segment in which he took an action (no Abort after acting in the same Segment). */
  readonly actedAbs: Int32Array
  /** Dodge (+3 DCV) lasts until his Phase in this absolute Segment begins; 0 = no Dodge. */
  readonly dodgeUntil: Int32Array
  /** The attack he makes (an index of the plan's per-attack arrays): his plan's, or his best against this foe, chosen as he attacks. */
  readonly weapon: Int32Array
  /** DCV modifier of the attack he last made, until his Phase in this absolute Segment begins; 0 = none. */
  readonly atkDcv: Int32Array
  readonly atkDcvUntil: Int32Array
  /** Haymaker landing at the end of this absolute Segment; 0 = none. */
  readonly hayLandAbs: Int32Array
  readonly blockAbs: Int32Array
  /** blockFirst: the attacker he Blocked, and the Segment in which he acts first against him (−abs once applied). */
  readonly blockFirstOver: Int32Array
  readonly blockFirstAbs: Int32Array
  readonly blockCount: Int32Array
  /** 1 while his Blocks of Segment `blockAbs` have all succeeded: he may keep Blocking in it. */
  readonly blockChain: Uint8Array
  readonly hitSlot: Int32Array
  readonly slotStun: Int32Array
  /** Haymakers landing together (variants.haymakerLanding "simultaneous"): whom each hit (−1: no hit) and what he takes after defences, applied once all are rolled. */
  readonly heldHitOn: Int32Array
  readonly heldStun: Int32Array
  readonly heldBody: Int32Array
  readonly target: Int32Array
  readonly fixedRank: Int32Array
  /**
   * The Phase (absolute Segment) of the action a combatant is resolving right now and has not yet spent,
   * 0 when none: between declaring an attack and making it, an Abort uses this action (docs/rules/hero.md section 5).
   */
  readonly current: Int32Array
  readonly koAbs: Int32Array
  /** His rank in the interrupt contest just rolled: several holders who beat the mover act in this order. */
  readonly holderKey: Int32Array
  readonly stunTaken: Int32Array
  /** STUN dealt after defences in this fight (target rule "highest-threat"). */
  readonly stunDealt: Int32Array
  readonly bodyTaken: Int32Array
  /** Actions by the Turn in which they are taken: `turnActions[i * turnSlots + turn]`. */
  readonly turnActions: Int32Array
  /** Test audit: actions by the Turn of the Phase they came from (at most SPD each). */
  readonly originTurnActions: Int32Array
  readonly turnSlots: number
  /** Test audit: uses of each (combatant, Phase) origin, `originUses[i * absSlots + abs]`. */
  readonly originUses: Uint8Array
  readonly absSlots: number
  readonly lostPhases: Int32Array
  /** Phases that came up already spent on an Abort. */
  readonly lostToAbort: Int32Array
  /** Held or delayed actions that expired unused (or were lost to a failed tandem roll under variants.tandemFail). */
  readonly lostToHold: Int32Array
  /** Segment entries: who, order key (2 × DEX, +1 to act just before a DEX), kind (0 Phase, 1 Delay), done flag. */
  readonly eWho: Int32Array
  readonly eKey: Int32Array
  readonly eKind: Uint8Array
  readonly eDone: Uint8Array
  eCount = 0
  /** The tie group under way in this Segment: its next position in `gEntry`, and its length. */
  gPos = 0
  gLen = 0
  /** Tie-group scratch: entry indices, keys and "simultaneous with the previous" flags. */
  readonly gEntry: Int32Array
  readonly gKey: Float64Array
  readonly gSame: Uint8Array
  readonly dmg: DamageRoll = { stun: 0, body: 0 }
  /**
   * For an exact solve only (hero/exact-fight.ts): the target of the 3d6 roll being drawn when it is read
   * only as made or missed (an Attack Roll, a Block), and a hit's damage drawn as one outcome of its exact distribution.
   * The sampler leaves both unset and draws exactly as before.
   */
  attackTarget: number | null = null
  /**
   * For an exact solve only: 1 or 2 while the first or second of exactly two tied entries rolls for the
   * order (order.ts), 0 otherwise; the rolls are then read only by comparing the two.
   */
  tieDraw = 0
  /** The two tied combatants while `tieDraw` is set (first, second). */
  tieWho0 = 0
  tieWho1 = 0
  exactHit: ((rng: Rng, a: number, haymaker: boolean, out: DamageRoll) => void) | null = null

  constructor(n: number, turnSlots: number, absSlots: number, audit: boolean) {
    const i32 = (): Int32Array => new Int32Array(n)
    const u8 = (): Uint8Array => new Uint8Array(n)
    this.stun = i32()
    this.body = i32()
    this.end = i32()
    this.endUsed = i32()
    this.recoverAbs = i32()
    this.koMinuteAbs = i32()
    this.wakes = i32()
    this.stunPaid = i32()
    this.guardUsed = i32()
    this.ko = u8()
    this.dead = u8()
    this.stunned = u8()
    this.statusSlot = i32()
    this.stunBlockedAbs = i32()
    this.pending = u8()
    this.pendingOrigin = i32()
    this.delayAbs = i32()
    this.skipPhaseAbs = i32()
    this.skipReason = u8()
    this.phaseDoneAbs = i32()
    this.actedAbs = i32()
    this.dodgeUntil = i32()
    this.weapon = i32()
    this.atkDcv = i32()
    this.atkDcvUntil = i32()
    this.hayLandAbs = i32()
    this.blockAbs = i32()
    this.blockFirstOver = i32()
    this.blockFirstAbs = i32()
    this.blockCount = i32()
    this.blockChain = u8()
    this.hitSlot = i32()
    this.slotStun = i32()
    this.heldHitOn = i32()
    this.heldStun = i32()
    this.heldBody = i32()
    this.target = i32()
    this.fixedRank = i32()
    this.current = i32()
    this.koAbs = i32()
    this.holderKey = i32()
    this.stunTaken = i32()
    this.stunDealt = i32()
    this.bodyTaken = i32()
    this.lostPhases = i32()
    this.lostToAbort = i32()
    this.lostToHold = i32()
    this.turnSlots = turnSlots
    this.turnActions = new Int32Array(n * turnSlots)
    this.originTurnActions = new Int32Array(audit ? n * turnSlots : 0)
    this.absSlots = absSlots
    this.originUses = new Uint8Array(audit ? n * absSlots : 0)
    this.eWho = new Int32Array(3 * n)
    this.eKey = new Int32Array(3 * n)
    this.eKind = new Uint8Array(3 * n)
    this.eDone = new Uint8Array(3 * n)
    this.gEntry = new Int32Array(3 * n)
    this.gKey = new Float64Array(3 * n)
    this.gSame = new Uint8Array(3 * n)
  }
}
