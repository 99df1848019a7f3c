import { D10Stream, exactRoll, tenDiceRule, type RollSpec, type TenDiceOptions } from '../../dice/roll-and-keep'
import type { Rng } from '../../core/rng'
import { ARMOR_STATS } from './armor'
import { raiseTable, type RaiseTable } from './best-raises'
import { DELAYS, STANCES, VOID_USES, type Combatant, type L5rScenario, type Tactic } from './schema'
import { woundThresholds } from './wounds'

/** Delay codes (index into DELAYS). */
export const NEVER = 0
export const ONCE = 1
export const AFTER_TARGET = 2
export const TO_LAST = 3

/** Void use codes (index into VOID_USES). */
export const VOID_NONE = 0
export const VOID_ATTACK = 1
export const VOID_ARMOR = 2
export const VOID_WOUNDS = 3

/** Attack spec index bits: Full Attack +2k1, Center bonus +1k1+Void, Void Point +1k1. */
export const SPEC_FULL_ATTACK = 1
export const SPEC_CENTER = 2
export const SPEC_VOID = 4

export interface Fighter {
  index: number
  c: Combatant
  t: Tactic
  side: number
  /** (Agility + Class Rank) k Agility after the Ten Dice Rule. */
  init: RollSpec
  /** Ordering of equal scores (A19 default): higher Agility, then higher Class Rank. */
  traitKey: number
  baseArmorTn: number
  reduction: number
  /** Defense Stance: + Air + Defense skill. */
  defenseAdd: number
  /** Defense Mastery 5: +3 Armor TN in Defense and Full Defense (0 without it). */
  masteryTn: number
  /** Defense Mastery 3: may keep the last Full Defense roll while staying in the stance. */
  keepsFullDefense: boolean
  /** Full Defense roll: (Defense + Agility) k Agility; unskilled (Defense 0) does not explode. */
  fullDefense: RollSpec
  /** The same roll with the Center Stance bonus +1k1 + Void. */
  fullDefenseCentered: RollSpec
  /** Exact mean of the plain Full Defense roll: the Mastery 3 policy keeps a roll at least this good. */
  fullDefenseMean: number
  fullDefenseExplodes: boolean
  /** Attack roll by spec bits SPEC_FULL_ATTACK | SPEC_CENTER | SPEC_VOID: +2k1, +1k1+Void, +1k1. */
  attack: RollSpec[]
  attackExplodes: boolean
  attackKept: number
  /** Damage roll by number of Raises: (Strength + weapon rolled + Raises) k weapon kept. */
  damage: RollSpec[]
  thresholds: Int32Array
  /** Per round (0-based, up to the cap): stance code, delay code, Raises. */
  stanceOf: Int8Array
  delayOf: Int8Array
  raisesOf: Int8Array
  /** Per round: 1 when Raises follow the A38 best-Raises policy; its table (only when used). */
  bestRaisesOf: Int8Array
  raiseTable: RaiseTable | undefined
  /** Index of his armour's Reduction in every attacker's raise table. */
  reductionIndex: number
  /** Per round: Void use code; Void Points for the skirmish. */
  voidOf: Int8Array
  voidPoints: number
}

/** Per-trial state, reused between trials (no allocation in the hot loop). */
export interface State {
  wounds: Int32Array
  rank: Int32Array
  stance: Int32Array
  fullDefenseAdd: Int32Array
  /** Center bonus active this Round (granted by the last Reaction stage) and whether its roll bonus is spent. */
  centered: Uint8Array
  centerUsed: Uint8Array
  target: Int32Array
  initiative: Int32Array
  tiebreak: Int32Array
  score: Int32Array
  order: Int32Array
  tookTurn: Uint8Array
  delayers: Int32Array
  delayedThisRound: Uint8Array
  pending: Int32Array
  dealt: Int32Array
  defeatedIn: Int32Array
  /** Round (1-based) in which he delayed and acted after his target, and that target; payoff flag. */
  afterTargetRound: Int32Array
  afterTargetWho: Int32Array
  paidOff: Uint8Array
  delayedEver: Uint8Array
  top: Int32Array
  candidates: Int32Array
  /** Last Full Defense total (Mastery 3 keeps it). */
  fullDefenseTotal: Int32Array
  /** Void Points left, spent this Round, spent this skirmish; +10 Armor TN up this Round; wounds Void prevented. */
  voidLeft: Int32Array
  voidThisRound: Int32Array
  voidSpent: Int32Array
  voidArmor: Uint8Array
  woundsPrevented: Int32Array
}

export interface Plan {
  scenario: L5rScenario
  fighters: Fighter[]
  n: number
  cap: number
  tenDice: TenDiceOptions
  damageExplodes: boolean
  simultaneousTies: boolean
  roundEndsWhenAllDelay: boolean
  downIsDefeated: boolean
  /** Variant voidPerRound "one": at most one Void Point per character per Round. */
  voidOnePerRound: boolean
  mostHealthOnCap: boolean
  state: State
  dice: D10Stream
}

function perRound<T>(list: readonly T[], cap: number, code: (x: T) => number): Int8Array {
  const out = new Int8Array(cap)
  for (let r = 0; r < cap; r++) out[r] = code(list[Math.min(r, list.length - 1)])
  return out
}

function fighterOf(s: L5rScenario, c: Combatant, index: number, opts: TenDiceOptions): Fighter {
  const t = s.tactics.find((x) => x.combatant === c.id) as Tactic
  const armor = ARMOR_STATS[c.armor]
  const trait = c.attackTrait ?? c.agility
  const rolled = trait + c.attackSkill
  const attack = [0, 1, 2, 3, 4, 5, 6, 7].map((k) => {
    const fa = k & SPEC_FULL_ATTACK ? 1 : 0
    const center = k & SPEC_CENTER ? 1 : 0
    const vp = k & SPEC_VOID ? 1 : 0
    return tenDiceRule(rolled + 2 * fa + center + vp, trait + fa + center + vp, opts, center ? c.void : 0)
  })
  const damage: RollSpec[] = []
  for (let raises = 0; raises <= c.void; raises++) damage.push(tenDiceRule(c.strength + c.weapon.rolled + raises, c.weapon.kept, opts))
  const mastery = s.rules.defenseMastery === 'yes'
  const fullDefense = tenDiceRule(c.defenseSkill + c.agility, c.agility, opts)
  const bestRaisesOf = perRound(t.rounds, s.roundCap, (r) => (r.bestRaises ? 1 : 0))
  const reductions = [...new Set(s.combatants.map((x) => ARMOR_STATS[x.armor].reduction))]
  return {
    index,
    c,
    t,
    side: c.side === 'A' ? 0 : 1,
    init: tenDiceRule(c.agility + c.classRank, c.agility, opts),
    traitKey: c.agility * 16 + c.classRank,
    baseArmorTn: 5 * c.agility + 5 + armor.tn,
    reduction: armor.reduction,
    defenseAdd: c.air + c.defenseSkill,
    masteryTn: mastery && c.defenseSkill >= 5 ? 3 : 0,
    keepsFullDefense: mastery && c.defenseSkill >= 3,
    fullDefense,
    fullDefenseCentered: tenDiceRule(c.defenseSkill + c.agility + 1, c.agility + 1, opts, c.void),
    fullDefenseMean: exactRoll(fullDefense, c.defenseSkill > 0).mean,
    fullDefenseExplodes: c.defenseSkill > 0,
    attack,
    attackExplodes: c.attackSkill > 0,
    attackKept: trait,
    damage,
    thresholds: woundThresholds(c.earth, s.woundMultiplier),
    stanceOf: perRound(t.rounds, s.roundCap, (r) => STANCES.indexOf(r.stance)),
    delayOf: perRound(t.rounds, s.roundCap, (r) => DELAYS.indexOf(r.delay)),
    raisesOf: perRound(t.rounds, s.roundCap, (r) => r.raises),
    bestRaisesOf,
    raiseTable: bestRaisesOf.some((x) => x === 1) ? raiseTable(attack, c.attackSkill > 0, damage, s.rules.damageExplodes === 'yes', reductions) : undefined,
    voidOf: perRound(t.rounds, s.roundCap, (r) => VOID_USES.indexOf(r.void)),
    reductionIndex: reductions.indexOf(armor.reduction),
    voidPoints: c.voidPoints ?? c.void,
  }
}

function stateFor(n: number): State {
  const i32 = (): Int32Array => new Int32Array(n)
  const u8 = (): Uint8Array => new Uint8Array(n)
  return {
    wounds: i32(), rank: i32(), stance: i32(), fullDefenseAdd: i32(), centered: u8(), centerUsed: u8(), target: i32(),
    initiative: i32(), tiebreak: i32(), score: i32(), order: i32(), tookTurn: u8(), delayers: i32(), delayedThisRound: u8(),
    pending: i32(), dealt: i32(), defeatedIn: i32(), afterTargetRound: i32(), afterTargetWho: i32(), paidOff: u8(), delayedEver: u8(),
    top: new Int32Array(10), candidates: i32(), fullDefenseTotal: i32(),
    voidLeft: i32(), voidThisRound: i32(), voidSpent: i32(), voidArmor: u8(), woundsPrevented: i32(),
  }
}

const NO_RNG: Rng = { u32: () => 0, below: () => 0, die: () => 1 }

/** Precomputes every roll after the Ten Dice Rule, the per-round plans and the scratch state. */
export function compile(s: L5rScenario): Plan {
  const tenDice: TenDiceOptions = {
    oddExcessRolled: s.rules.oddExcessRolled as TenDiceOptions['oddExcessRolled'],
    keptOverRolled: s.rules.keptOverRolled as TenDiceOptions['keptOverRolled'],
  }
  const fighters = s.combatants.map((c, i) => fighterOf(s, c, i, tenDice))
  return {
    scenario: s,
    fighters,
    n: fighters.length,
    cap: s.roundCap,
    tenDice,
    damageExplodes: s.rules.damageExplodes === 'yes',
    simultaneousTies: s.rules.initiativeTies === 'simultaneous',
    roundEndsWhenAllDelay: s.rules.everyoneDelays === 'round-ends',
    downIsDefeated: s.rules.down === 'defeated',
    voidOnePerRound: s.rules.voidPerRound === 'one',
    mostHealthOnCap: s.onCap === 'most-health',
    state: stateFor(fighters.length),
    dice: new D10Stream(NO_RNG),
  }
}
