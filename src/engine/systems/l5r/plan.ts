import { D10Stream, tenDiceRule, type RollSpec, type TenDiceOptions } from '../../dice/roll-and-keep'
import type { Rng } from '../../core/rng'
import { ARMOR_STATS } from './armor'
import { DELAYS, STANCES, type Combatant, type L5rScenario, type Tactic } from './schema'
import { woundThresholds } from './wounds'

/** Delay codes (index into DELAYS). */
export const NEVER = 0
export const ONCE = 1
export const AFTER_TARGET = 2
export const TO_LAST = 3

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
  /** Full Defense roll: (Defense + Agility) k Agility; unskilled (Defense 0) does not explode. */
  fullDefense: RollSpec
  fullDefenseExplodes: boolean
  /** Attack roll by `(Full Attack ? 1 : 0) + (Center bonus ? 2 : 0)`: +2k1 and +1k1+Void. */
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
  const attack = [0, 1, 2, 3].map((k) => {
    const fa = k & 1 ? 1 : 0
    const center = k & 2 ? 1 : 0
    return tenDiceRule(rolled + 2 * fa + center, trait + fa + center, opts, center ? c.void : 0)
  })
  const damage: RollSpec[] = []
  for (let raises = 0; raises <= c.void; raises++) damage.push(tenDiceRule(c.strength + c.weapon.rolled + raises, c.weapon.kept, opts))
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
    fullDefense: tenDiceRule(c.defenseSkill + c.agility, c.agility, opts),
    fullDefenseExplodes: c.defenseSkill > 0,
    attack,
    attackExplodes: c.attackSkill > 0,
    attackKept: trait,
    damage,
    thresholds: woundThresholds(c.earth, s.woundMultiplier),
    stanceOf: perRound(t.rounds, s.roundCap, (r) => STANCES.indexOf(r.stance)),
    delayOf: perRound(t.rounds, s.roundCap, (r) => DELAYS.indexOf(r.delay)),
    raisesOf: perRound(t.rounds, s.roundCap, (r) => r.raises),
  }
}

function stateFor(n: number): State {
  const i32 = (): Int32Array => new Int32Array(n)
  const u8 = (): Uint8Array => new Uint8Array(n)
  return {
    wounds: i32(), rank: i32(), stance: i32(), fullDefenseAdd: i32(), centered: u8(), centerUsed: u8(), target: i32(),
    initiative: i32(), tiebreak: i32(), score: i32(), order: i32(), tookTurn: u8(), delayers: i32(), delayedThisRound: u8(),
    pending: i32(), dealt: i32(), defeatedIn: i32(), afterTargetRound: i32(), afterTargetWho: i32(), paidOff: u8(), delayedEver: u8(),
    top: new Int32Array(10), candidates: i32(),
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
    mostHealthOnCap: s.onCap === 'most-health',
    state: stateFor(fighters.length),
    dice: new D10Stream(NO_RNG),
  }
}
