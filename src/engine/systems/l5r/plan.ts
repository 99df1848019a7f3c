import { exactRoll, expectedAbove, tenDiceRule, type RollSpec, type TenDiceOptions } from '../../dice/roll-and-keep'
import type { RollTable } from '../../dice/roll-table'
import { ARMOR_STATS } from './armor'
import { RAISE_TN_MAX, raiseTable, tableRoll, type RaiseTable } from './best-raises'
import { DELAYS, STANCES, usingIndex, VOID_USES, weaponsOf, weaponTakesVoid, type Combatant, type L5rScenario, type Tactic } from './schema'
import { attackSpecs, attackTraitOf, damageSpecs, damageStrength, SPEC_SKILL } from './specs'
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
export const VOID_DAMAGE = 4
export const VOID_INITIATIVE = 5
export const VOID_SWAP = 6
export const VOID_SKILL = 7
export const VOID_INITIATIVE_ROLL = 8
export const VOID_FULL_DEFENSE = 9
/** Not a plan choice: a Down character's Void Point to act (variant down "void-to-act"); counted per use. */
export const VOID_DOWN = 10
export const VOID_USE_CODES = 11

export { ATTACK_SPECS, attackExplodesWith, SPEC_CENTER, SPEC_FULL_ATTACK, SPEC_SKILL, SPEC_VOID } from './specs'

/**
 * One of his weapons, with every roll it makes (docs/rules/l5r.md section 4, several weapons): the
 * Fighter's own attack and damage fields are those of the weapon in hand, swapped in from here.
 */
/** Roll tables by index, each built the first time it is rolled (a 10k10 table takes a fraction of a second). */
export type Lazy = (RollTable | undefined)[]

function lazy(n: number): Lazy {
  return new Array<RollTable | undefined>(n).fill(undefined)
}

export interface Kit {
  name: string
  /** The combatant holding this weapon (`c.weapon` is it). */
  c: Combatant
  bow: boolean
  /** A Void Point may add +1k1 to its damage (a katana). */
  takesVoid: boolean
  attack: RollSpec[]
  attackKept: number
  strengthInDamage: number
  damage: RollSpec[]
  damageVoid: RollSpec[]
  /** Each roll's cumulative table (dice/roll-table.ts), built at its first use: attack by spec bits, damage by Raises. */
  attackT: Lazy
  damageT: Lazy
  damageVoidT: Lazy
  raiseTable: RaiseTable | undefined
  raiseTableVoid: RaiseTable | undefined
  /** For "best" only: P(attack ≥ t) at `tails[bits * TAIL_WIDTH + t]`, t clamped to the width. */
  tails: Float64Array | undefined
  /** For "best" only: E[max(0, damage − Reduction)] at `perHit[reductionIndex * (Void + 1) + Raises]` (and with the katana's Void +1k1). */
  perHit: Float64Array | undefined
  perHitVoid: Float64Array | undefined
}

/** TNs the "best weapon" tables cover: up to the best-Raises bound plus ten Raises. */
export const TAIL_WIDTH = RAISE_TN_MAX + 51

export interface Fighter {
  index: number
  c: Combatant
  /** His weapons (one unless he lists several); the fields below are those of the weapon in hand. */
  kits: Kit[]
  /** The weapon his tactic's `using` names, or −1: his best against the foe he attacks, chosen at each attack. */
  using: number
  /** A Void Point may add +1k1 to the damage of the weapon in hand. */
  takesVoid: boolean
  t: Tactic
  side: number
  /** (Agility + Class Rank) k Agility after the Ten Dice Rule. */
  init: RollSpec
  /** The Initiative roll with a Void Point's +1k1 (void "initiative-roll"). */
  initVoid: RollSpec
  /** Tables of init and initVoid (index 0, 1). */
  initT: Lazy
  /** Ordering of equal scores (variants.initiativeTies default): higher Agility, then higher Class Rank. */
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
  /** The plain and the Center-boosted Full Defense roll with a Void Point's +1k1 (void "full-defense"). */
  fullDefenseVoid: RollSpec
  fullDefenseCenteredVoid: RollSpec
  /** Exact mean of the plain Full Defense roll: the Mastery 3 policy keeps a roll at least this good. */
  fullDefenseMean: number
  fullDefenseExplodes: boolean
  /** Tables of fullDefense, fullDefenseCentered, fullDefenseVoid, fullDefenseCenteredVoid (index 0..3). */
  fullDefenseT: Lazy
  /** Attack roll by spec bits SPEC_FULL_ATTACK | SPEC_CENTER | SPEC_VOID | SPEC_SKILL: +2k1, +1k1+Void, +1k1, skill 0→1. */
  attack: RollSpec[]
  /** Whether his tens explode without a Void skill (skill ≥ 1); with SPEC_SKILL they always do. */
  attackExplodes: boolean
  /** Rolled dice Strength adds to his damage (variants.strengthInDamage; a bow's strength caps it). */
  strengthInDamage: number
  /** An Emphasis in his weapon skill: attack rolls reroll 1s once. */
  attackRerolls: boolean
  attackKept: number
  /** Damage roll by number of Raises: (Strength + weapon rolled + Raises) k weapon kept. */
  damage: RollSpec[]
  /** The same with a Void Point's +1k1 (katana only, docs/rules/l5r.md section 1). */
  damageVoid: RollSpec[]
  /** The weapon in hand's roll tables (its Kit's). */
  attackT: Lazy
  damageT: Lazy
  damageVoidT: Lazy
  thresholds: Int32Array
  /** Per round (0-based, up to the cap): stance code, delay code, Raises. */
  stanceOf: Int8Array
  /** Conditional tactic: the Stance taken once Hurt or worse (−1: keep to the plan). */
  hurtStance: number
  /** 0-based Round the character joins in (0: from the start). */
  joinRound: number
  delayOf: Int8Array
  raisesOf: Int8Array
  /** Per round: 1 when Raises follow the best-Raises policy (docs/rules/l5r.md section 4); its table (only when used). */
  bestRaisesOf: Int8Array
  raiseTable: RaiseTable | undefined
  /** Best-Raises table with the Void +1k1 damage, when a Round both uses best Raises and Void on damage. */
  raiseTableVoid: RaiseTable | undefined
  /** Index of his armour's Reduction in every attacker's raise table. */
  reductionIndex: number
  /** Per round: Void use code; Void Points for the skirmish. */
  voidOf: Int8Array
  voidPoints: number
  /** Per round: the ally he swaps Initiative with under Void "swap-initiative" (−1 otherwise). */
  swapWithOf: Int8Array
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
  /** Void Points spent this skirmish per use: index i * VOID_USE_CODES + use code. */
  voidByUse: Int32Array
  /** +10 when he bought Void +10 Initiative for the skirmish. */
  initBonus: Int32Array
  /** Initiative Scores after skirmish-long swaps; this Round's after a Round-only swap; swap bought. */
  held: Int32Array
  roundHeld: Int32Array
  swapped: Uint8Array
  /** 1 once the character has joined the skirmish (always, unless it joins in a later Round). */
  present: Uint8Array
  /** Round 1 scores and who led the Round 1 order (metric initiative-first). */
  firstScore: Int32Array
  firstLead: number
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
  /** Variant down "void-to-act" (variants.down): a Down character spends a Void Point per Turn to act. */
  downActsWithVoid: boolean
  /** Variant initiativeSwap "skirmish": a Void swap of Initiative Scores lasts for the skirmish. */
  swapForSkirmish: boolean
  /** Someone plans a Void swap of Initiative in some Round (else Round starts skip the swap step). */
  anySwap: boolean
  /** Variant voidPerRound "one": at most one Void Point per character per Round. */
  voidOnePerRound: boolean
  mostHealthOnCap: boolean
  /** Someone joins in a later Round: Round 1's exact Initiative order and opening attack do not apply. */
  lateJoin: boolean
  state: State
}

function perRound<T>(list: readonly T[], cap: number, code: (x: T) => number): Int8Array {
  const out = new Int8Array(cap)
  for (let r = 0; r < cap; r++) out[r] = code(list[Math.min(r, list.length - 1)])
  return out
}

type DefenseFields = Pick<Fighter, 'baseArmorTn' | 'reduction' | 'defenseAdd' | 'masteryTn' | 'keepsFullDefense' | 'fullDefense' | 'fullDefenseCentered' | 'fullDefenseVoid' | 'fullDefenseCenteredVoid' | 'fullDefenseMean' | 'fullDefenseExplodes' | 'fullDefenseT'>

/** Armor TN, Reduction, the Defense Stance bonus, Defense Mastery and the Full Defense rolls. */
function defenseOf(s: L5rScenario, c: Combatant, opts: TenDiceOptions): DefenseFields {
  const armor = ARMOR_STATS[c.armor]
  const mastery = s.rules.defenseMastery === 'yes'
  const fullDefense = tenDiceRule(c.defenseSkill + c.agility, c.agility, opts)
  return {
    baseArmorTn: 5 * c.agility + 5 + armor.tn,
    reduction: armor.reduction,
    defenseAdd: c.air + c.defenseSkill,
    masteryTn: mastery && c.defenseSkill >= 5 ? 3 : 0,
    keepsFullDefense: mastery && c.defenseSkill >= 3,
    fullDefense,
    fullDefenseCentered: tenDiceRule(c.defenseSkill + c.agility + 1, c.agility + 1, opts, c.void),
    fullDefenseVoid: tenDiceRule(c.defenseSkill + c.agility + 1, c.agility + 1, opts),
    fullDefenseCenteredVoid: tenDiceRule(c.defenseSkill + c.agility + 2, c.agility + 2, opts, c.void),
    fullDefenseMean: exactRoll(fullDefense, c.defenseSkill > 0).mean,
    fullDefenseExplodes: c.defenseSkill > 0,
    fullDefenseT: lazy(4),
  }
}

/**
 * The best-Raises decision tables, only when some Round uses best Raises: one with plain damage and, when
 * some Round spends Void on damage, one with the katana's +1k1 (the Point is known before rolling).
 */
function raiseTables(s: L5rScenario, c: Combatant, f: Pick<Fighter, 'attack' | 'damage' | 'damageVoid' | 'bestRaisesOf' | 'voidOf'>): Pick<Fighter, 'raiseTable' | 'raiseTableVoid'> {
  if (!f.bestRaisesOf.some((x) => x === 1)) return { raiseTable: undefined, raiseTableVoid: undefined }
  const reductions = reductionsOf(s)
  const explodes = s.rules.damageExplodes === 'yes'
  const table = (damage: RollSpec[]): RaiseTable => raiseTable(f.attack, (bits) => c.attackSkill > 0 || (bits & SPEC_SKILL) !== 0, damage, explodes, reductions, c.emphasis)
  return { raiseTable: table(f.damage), raiseTableVoid: f.voidOf.some((x) => x === VOID_DAMAGE) ? table(f.damageVoid) : undefined }
}

function reductionsOf(s: L5rScenario): number[] {
  return [...new Set(s.combatants.map((x) => ARMOR_STATS[x.armor].reduction))]
}

/** One weapon's rolls and, when he picks his best weapon at each attack, the tables that choice reads. */
function kitOf(s: L5rScenario, c: Combatant, opts: TenDiceOptions, plans: Pick<Fighter, 'bestRaisesOf' | 'voidOf'>, best: boolean): Kit {
  const rolls = {
    attack: attackSpecs(c, opts),
    damage: damageSpecs(damageStrength(s, c), c, opts, 0),
    damageVoid: damageSpecs(damageStrength(s, c), c, opts, 1),
  }
  const takesVoid = weaponTakesVoid(c.weapon)
  const tables = raiseTables(s, c, { ...rolls, ...plans, voidOf: takesVoid ? plans.voidOf : plans.voidOf.map((x) => (x === VOID_DAMAGE ? VOID_NONE : x)) as Int8Array })
  const tablesOfRolls = { attackT: lazy(rolls.attack.length), damageT: lazy(rolls.damage.length), damageVoidT: lazy(rolls.damageVoid.length) }
  const kit: Kit = { name: c.weapon.name, c, bow: c.weapon.kind === 'bow', takesVoid, ...rolls, ...tablesOfRolls, attackKept: attackTraitOf(c), strengthInDamage: damageStrength(s, c), ...tables, tails: undefined, perHit: undefined, perHitVoid: undefined }
  if (best) Object.assign(kit, bestTables(s, c, kit))
  return kit
}

/** P(attack ≥ t) by spec bits and E[wounds | hit] by Reduction and Raises: what "his best against this foe" compares. */
function bestTables(s: L5rScenario, c: Combatant, k: Kit): Pick<Kit, 'tails' | 'perHit' | 'perHitVoid'> {
  const tails = new Float64Array(k.attack.length * TAIL_WIDTH)
  k.attack.forEach((spec, bits) => {
    const roll = tableRoll(spec, c.attackSkill > 0 || (bits & SPEC_SKILL) !== 0, c.emphasis)
    const suffix = new Float64Array(roll.p.length + 1)
    for (let i = roll.p.length - 1; i >= 0; i--) suffix[i] = suffix[i + 1] + roll.p[i]
    for (let t = 0; t < TAIL_WIDTH; t++) {
      const i = t - roll.min
      tails[bits * TAIL_WIDTH + t] = i <= 0 ? Math.min(1, suffix[0]) : i >= roll.p.length ? 0 : Math.min(1, suffix[i])
    }
  })
  const reductions = reductionsOf(s)
  const explodes = s.rules.damageExplodes === 'yes'
  const perHit = (damage: RollSpec[]): Float64Array => {
    const out = new Float64Array(reductions.length * damage.length)
    reductions.forEach((red, r) => damage.forEach((d, raises) => (out[r * damage.length + raises] = expectedAbove(tableRoll(d, explodes, false), red))))
    return out
  }
  return { tails, perHit: perHit(k.damage), perHitVoid: k.takesVoid ? perHit(k.damageVoid) : undefined }
}

function fighterOf(s: L5rScenario, c: Combatant, index: number, opts: TenDiceOptions): Fighter {
  const t = s.tactics.find((x) => x.combatant === c.id) as Tactic
  const plans = {
    bestRaisesOf: perRound(t.rounds, s.roundCap, (r) => (r.bestRaises ? 1 : 0)),
    voidOf: perRound(t.rounds, s.roundCap, (r) => VOID_USES.indexOf(r.void)),
  }
  const using = usingIndex(c, t)
  const kits = weaponsOf(c).map((w) => kitOf(s, { ...c, weapon: w }, opts, plans, using < 0))
  const kit = kits[using < 0 ? 0 : using]
  const rounds = {
    attack: kit.attack,
    damage: kit.damage,
    damageVoid: kit.damageVoid,
    attackT: kit.attackT,
    damageT: kit.damageT,
    damageVoidT: kit.damageVoidT,
    stanceOf: perRound(t.rounds, s.roundCap, (r) => STANCES.indexOf(r.stance)),
    hurtStance: t.hurtStance === undefined ? -1 : STANCES.indexOf(t.hurtStance),
    joinRound: c.joinsRound - 1,
    delayOf: perRound(t.rounds, s.roundCap, (r) => DELAYS.indexOf(r.delay)),
    raisesOf: perRound(t.rounds, s.roundCap, (r) => r.raises),
    ...plans,
    swapWithOf: perRound(t.rounds, s.roundCap, (r) => (r.void === 'swap-initiative' ? s.combatants.findIndex((x) => x.id === r.swapWith) : -1)),
  }
  return {
    index,
    c: kit.c,
    kits,
    using,
    takesVoid: kit.takesVoid,
    t,
    side: c.side === 'A' ? 0 : 1,
    init: tenDiceRule(c.agility + c.classRank, c.agility, opts),
    initVoid: tenDiceRule(c.agility + c.classRank + 1, c.agility + 1, opts),
    initT: lazy(2),
    traitKey: c.agility * 16 + c.classRank,
    ...defenseOf(s, c, opts),
    ...rounds,
    attackExplodes: c.attackSkill > 0,
    attackRerolls: c.emphasis,
    strengthInDamage: kit.strengthInDamage,
    attackKept: kit.attackKept,
    thresholds: woundThresholds(c.earth, s.woundMultiplier),
    raiseTable: kit.raiseTable,
    raiseTableVoid: kit.raiseTableVoid,
    reductionIndex: reductionsOf(s).indexOf(ARMOR_STATS[c.armor].reduction),
    voidPoints: c.voidPoints ?? c.void,
  }
}

/** Puts weapon `k` of his in his hand: the fields attacks read become that weapon's (references only: no allocation). */
export function takeWeapon(d: Fighter, k: number): void {
  const w = d.kits[k]
  d.c = w.c
  d.takesVoid = w.takesVoid
  d.attack = w.attack
  d.attackKept = w.attackKept
  d.strengthInDamage = w.strengthInDamage
  d.damage = w.damage
  d.damageVoid = w.damageVoid
  d.attackT = w.attackT
  d.damageT = w.damageT
  d.damageVoidT = w.damageVoidT
  d.raiseTable = w.raiseTable
  d.raiseTableVoid = w.raiseTableVoid
}

/** Wound rank index of Hurt: from here a "hurtStance" replaces the planned Stance. */
export const HURT = 3

/** The Stance the character takes in `round` at wound rank `rank`: the plan's, or its hurtStance once Hurt or worse. */
export function stanceFor(d: Fighter, round: number, rank: number): number {
  return rank >= HURT && d.hurtStance >= 0 ? d.hurtStance : d.stanceOf[round]
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
    voidByUse: new Int32Array(n * VOID_USE_CODES), initBonus: i32(), firstScore: i32(), firstLead: 0, present: u8(), held: i32(), roundHeld: i32(), swapped: u8(),
  }
}

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
    downActsWithVoid: s.rules.down === 'void-to-act',
    voidOnePerRound: s.rules.voidPerRound === 'one',
    swapForSkirmish: s.rules.initiativeSwap === 'skirmish',
    anySwap: fighters.some((d) => d.swapWithOf.some((x) => x >= 0)),
    mostHealthOnCap: s.onCap === 'most-health',
    lateJoin: fighters.some((d) => d.joinRound > 0),
    state: stateFor(fighters.length),
  }
}
