import type { CompiledPool } from '../../dice/narrative-roll'
import { compilePool, rollPool } from '../../dice/narrative-roll'
import type { Rng } from '../../core/rng'
import { emptyPool } from '../../dice/narrative-dice'
import { positiveDice } from '../../dice/narrative-pool'
import { canAttack, isMelee, RANGE_BANDS, type DefenseStacking } from './combat-check'
import type { ModifierOrder } from '../../dice/narrative-pool'
import { BAND_UNITS, bandAt, MANEUVERS, type ActionChoice, type Maneuver } from './maneuvers'
import { BEST, MAX_WEAPONS, type Combatant, type GenesysScenario, type PlanConfig, type Weapon } from './schema'

/**
 * A fight compiled for the hot loop: fighters with their plans as small integer codes, per-fighter
 * state in typed arrays reused between trials, and a cache of compiled attack pools keyed by situation.
 * @see docs/rules/genesys.md section 5 (turn economy, initiative) and docs/rules/genesys.md section 5 (sides, targets, cap)
 */
export const WOUND_BINS = 41
export const STRAIN_BINS = 61

/** One of a fighter's weapons as the fight uses it. */
export interface FighterWeapon {
  w: Weapon
  /** The positive dice of checks with it: the weapon's own, or the fighter's attack. */
  characteristic: number
  skill: number
  /** Its skill runs on Brawn (Melee, Brawl), else on Agility (Ranged, Gunnery): what a Horrific or Gruesome Injury lowers. */
  onBrawn: boolean
  /** Whether it can attack a target in band index b, its wielder engaged with an enemy (e = 1) or not, at [b·2 + e]: reach, melee engaged, Gunnery not while engaged. */
  reach: Uint8Array
}

export interface FighterPlan {
  index: number
  c: Combatant
  plan: PlanConfig
  side: number
  /** His weapons in the order listed (the singular weapon alone), and the one his plan uses: an index, or −1 for "his best against this foe". */
  weapons: FighterWeapon[]
  using: number
  initiativePool: CompiledPool
  /** Minions in the group (1: a single character) and the wound threshold of each; `c.woundThreshold` is the group's total. */
  minions: number
  minionWounds: number
  turns: { maneuvers: Maneuver[]; action: ActionChoice }[]
}

/** `noAmmo` bits: the weapon is empty (a Despair); the weapon is dropped (Sudden Jolt). Both can hold at once. */
export const EMPTY = 1
export const DROPPED = 2

export interface FightState {
  wounds: Int32Array
  strain: Int32Array
  injuries: Int32Array
  down: Uint8Array
  advance: Int32Array
  aims: Int32Array
  cover: Uint8Array
  prone: Uint8Array
  guarded: Int32Array
  boost: Int32Array
  target: Int32Array
  turnsTaken: Int32Array
  strainSpent: Int32Array
  acted: Uint8Array
  order: Int32Array
  keys: Float64Array
  /** Turns left staggered (no action, no exchange): a Stunned or Knocked Senseless critical injury. */
  staggered: Int32Array
  /** Off-Balance: one Setback on his next check. Stinger: his next check's difficulty is increased by one. */
  nextSetback: Uint8Array
  nextIncrease: Uint8Array
  /** Bleeding Out: 1 wound and 1 strain at the start of each of his turns. */
  bleeding: Uint8Array
  /** The End is Nigh: the round after whose last slot he dies (0: none). */
  doom: Int32Array
  /** Bowled Over: he stands up with his first maneuver next turn (unless his plan keeps him prone). */
  knockedDown: Uint8Array
  /** Per weapon, at [f·MAX_WEAPONS + weapon] (`ammoAt`), bits: EMPTY, out of ammunition after a Despair (Manage Gear reloads); DROPPED, on the ground after a Sudden Jolt (Interact picks it up). 0: ready to attack. */
  noAmmo: Uint8Array
  /** The weapon he holds (index into his weapons): the one he attacked with last, or his plan's. */
  weapon: Int32Array
  /** Crippled: the arm he fights with is crippled (his attacks one Difficulty die harder). Maimed: limbs lost (one Setback each on his checks). */
  crippled: Uint8Array
  maimed: Int32Array
  /** Horrific and Gruesome Injuries: points of Brawn, Agility and Willpower lost (each never below 1). */
  brawnLost: Int32Array
  agilityLost: Int32Array
  willLost: Int32Array
  /** Turns left without his free maneuver: Distracted (his next turn), Hamstrung (for good). */
  noFree: Int32Array
  /** Winded: he cannot suffer strain to gain maneuvers. */
  winded: Uint8Array
  /** Temporarily Lame: at most one maneuver a turn. */
  lame: Uint8Array
  /** Slowed Down: he acts only in his side's last initiative slot on his next turn. */
  slowed: Uint8Array
  /** Until healed: Difficulty dice added (Agonizing Wound, Compromised), Setback dice (Slightly Dazed), difficulty upgrades (Blinded). */
  hurtIncrease: Int32Array
  hurtSetback: Int32Array
  hurtUpgrade: Int32Array
  /** Scattered Senses: no Boost dice on his checks. At the Brink: 1 strain for each action he performs. */
  noBoost: Uint8Array
  brink: Uint8Array
  /** Overpowered: f may make one free attack with the same pool right after this one. */
  freeAttack: Uint8Array
  /** The last initiative slot of each side (0 A, 1 B) in this fight's order. */
  lastSlot: Int32Array
  /** Range band index (RANGE_BANDS order) between fighters a and b at [a·n + b], kept by fight-geometry `settleBands`. */
  band: Int8Array
  /** Maneuvers performed in his current turn (the cap of 2 also bounds a free maneuver bought with advantage). */
  turnManeuvers: Int32Array
  /** Bits: the allies (1 << index) whose Assist gives him one Boost die each on his next check, until the end of his next turn. */
  assisted: Int32Array
  /** He has disengaged this turn (a Move maneuver) from the enemy engaged with him, and may now move toward another. */
  disengaged: Uint8Array
  /** Turns (his own, counting this one) a Setback die stays on attacks against him, bought with 3 advantage. */
  defended: Int32Array
  /** Reloads he still carries (variant despair 'out-of-ammo': one per Manage Gear that reloads). */
  reloads: Int32Array
  /** Scratch for the maneuvers of the current turn, in order (stand, weapon back, then the plan's): no allocation per turn. */
  seq: Maneuver[]
}

export interface FightPlan {
  mode: 'fight'
  scenario: GenesysScenario
  fighters: FighterPlan[]
  startUnits: number
  /** Maneuver units between each pair of opponents at the start, [a·n + b]: the scenario's range, or its per-pair `ranges`. */
  startPair: Int32Array
  /** Band index each pair starts in, [a·n + b] (copied into the state at every fight's start). */
  startBands: Int8Array
  /** Band index (RANGE_BANDS order) every pair of opponents starts in. */
  startBand: number
  maxRounds: number
  stacking: DefenseStacking
  order: ModifierOrder
  aimSameTurn: boolean
  pcFirst: boolean
  sideSlots: boolean
  /** 'criticalEffects' = 'table'. */
  critTable: boolean
  /** A Despair on a ranged attack empties the weapon ('despair' is not 'ignore'). */
  despairAmmo: boolean
  /** 'crippledLimb': 0 the arm he fights with, 1 a d4 picks the limb, 2 another limb. */
  crippledLimb: number
  /** 'knockdownCost' = 'triumph'. */
  knockdownTriumph: boolean
  /** 'threatSpend' = 'tactical'. */
  threatTactical: boolean
  /** 'despair' = 'reload': one Manage Gear always reloads (no count of reloads). */
  endlessReloads: boolean
  pools: Map<number, CompiledPool>
  /** P(net successes = k) of each attack pool, for "his best against this foe" (worked out once per pool). */
  hitDists: Map<CompiledPool, Float64Array>
  /**
   * Rolls a pool (initiative, attacks): `rollPool` when sampling; the exact whole fight (exact-fight.ts)
   * puts in its place one draw over the pool's exact distribution of results, so both follow one rule path.
   */
  roll: (rng: Rng, cp: CompiledPool, log?: number[]) => number
  /**
   * Set just before the Critical Injury's d100 is drawn: what the d100 is added to (10 per injury the
   * target has, 10 per extra trigger, Vicious) and the target. Only the exact whole fight reads them
   * (exact-fight.ts), to follow the roll by the table row it lands on; the sampler only writes them.
   */
  critBonus: number
  critOn: number
  /**
   * The exact whole fight only: an Overpowered free attack is not made inside `attack` but thrown out
   * (`FREE_ATTACK_DEFERRED`) for the solver to follow as a part of the slot of its own (`resumeSlot`).
   */
  deferFreeAttack: boolean
  state: FightState
  /** Tally layout. */
  layout: FightLayout
}

/** Counters: 3 outcomes, then per fighter COUNTERS_PER_FIGHTER; bins: rounds, then per fighter wounds and strain. */
export const COUNTERS_PER_FIGHTER = 6
export const FC = { Attacks: 0, Hits: 1, Crits: 2, Defeated: 3, SecondManeuvers: 4, Turns: 5 } as const

export interface FightLayout {
  counters: number
  bins: number
  roundsOffset: number
  woundsOffset: (f: number) => number
  strainOffset: (f: number) => number
}

function layoutOf(n: number, maxRounds: number): FightLayout {
  const roundsOffset = 0
  const perFighter = WOUND_BINS + STRAIN_BINS
  const base = maxRounds + 1
  return {
    counters: 3 + n * COUNTERS_PER_FIGHTER,
    bins: base + n * perFighter,
    roundsOffset,
    woundsOffset: (f) => base + f * perFighter,
    strainOffset: (f) => base + f * perFighter + WOUND_BINS,
  }
}

function stateOf(n: number): FightState {
  return {
    wounds: new Int32Array(n),
    strain: new Int32Array(n),
    injuries: new Int32Array(n),
    down: new Uint8Array(n),
    advance: new Int32Array(n),
    aims: new Int32Array(n),
    cover: new Uint8Array(n),
    prone: new Uint8Array(n),
    guarded: new Int32Array(n),
    boost: new Int32Array(n),
    target: new Int32Array(n),
    turnsTaken: new Int32Array(n),
    strainSpent: new Int32Array(n),
    acted: new Uint8Array(n),
    order: new Int32Array(n),
    keys: new Float64Array(n),
    staggered: new Int32Array(n),
    nextSetback: new Uint8Array(n),
    nextIncrease: new Uint8Array(n),
    bleeding: new Uint8Array(n),
    doom: new Int32Array(n),
    knockedDown: new Uint8Array(n),
    noAmmo: new Uint8Array(n * MAX_WEAPONS),
    weapon: new Int32Array(n),
    crippled: new Uint8Array(n),
    maimed: new Int32Array(n),
    brawnLost: new Int32Array(n),
    agilityLost: new Int32Array(n),
    willLost: new Int32Array(n),
    turnManeuvers: new Int32Array(n),
    noFree: new Int32Array(n),
    winded: new Uint8Array(n),
    lame: new Uint8Array(n),
    band: new Int8Array(n * n),
    slowed: new Uint8Array(n),
    hurtIncrease: new Int32Array(n),
    hurtSetback: new Int32Array(n),
    hurtUpgrade: new Int32Array(n),
    noBoost: new Uint8Array(n),
    brink: new Uint8Array(n),
    freeAttack: new Uint8Array(n),
    lastSlot: new Int32Array(2),
    assisted: new Int32Array(n),
    reloads: new Int32Array(n),
    defended: new Int32Array(n),
    disengaged: new Uint8Array(n),
    seq: ['aim', 'aim', 'aim', 'aim', 'aim', 'aim'],
  }
}

/** Where the state keeps weapon w of f's (`noAmmo`). */
export function ammoAt(f: number, w: number): number {
  return f * MAX_WEAPONS + w
}

/** The weapon f holds. */
export function held(plan: FightPlan, f: number): FighterWeapon {
  return plan.fighters[f].weapons[plan.state.weapon[f]]
}

/** Bits of the weapon f holds: EMPTY, DROPPED (0: ready). */
export function heldAmmo(plan: FightPlan, f: number): number {
  return plan.state.noAmmo[f * MAX_WEAPONS + plan.state.weapon[f]]
}

/** Brawn as it stands after Horrific and Gruesome Injuries (never below 1). */
export function brawnNow(plan: FightPlan, f: number): number {
  return plan.fighters[f].c.brawn - plan.state.brawnLost[f]
}

/** Soak after Brawn lost (soak is Brawn + armour; EotE p.218 Table 6-10 "treat that characteristic as one point lower"). */
export function soakNow(plan: FightPlan, f: number): number {
  return Math.max(0, plan.fighters[f].c.soak - plan.state.brawnLost[f])
}

/** Wound threshold after Brawn lost (a species' base + Brawn), strain threshold after Willpower lost (a base + Willpower). */
export function woundThresholdNow(plan: FightPlan, f: number): number {
  return plan.fighters[f].c.woundThreshold - plan.state.brawnLost[f]
}
export function strainThresholdNow(plan: FightPlan, f: number): number {
  return plan.fighters[f].c.strainThreshold - plan.state.willLost[f]
}

/** Base damage of f's weapon w: its damage, plus Brawn as it stands for a "+X" weapon. */
export function weaponDamage(plan: FightPlan, f: number, w: FighterWeapon): number {
  return w.w.damage + (w.w.addsBrawn ? brawnNow(plan, f) : 0)
}

/** Minions of f's group still standing (1 for a single character until he is down). */
export function standingMinions(plan: FightPlan, f: number): number {
  const fp = plan.fighters[f]
  return Math.max(0, fp.minions - Math.floor(Math.max(0, plan.state.wounds[f] - 1) / fp.minionWounds))
}

/** The combat skill rank f attacks with when using weapon w: his own, or for a minion group the minions standing − 1 (at most 5). */
export function attackSkill(plan: FightPlan, f: number, w: number): number {
  const fp = plan.fighters[f]
  return fp.minions > 1 ? Math.min(5, Math.max(0, standingMinions(plan, f) - 1)) : fp.weapons[w].skill
}

/** f suffers n strain; a rival has no strain threshold, so he suffers it as wounds (EotE adversaries: rivals). */
export function sufferStrain(plan: FightPlan, f: number, n: number): void {
  if (plan.fighters[f].c.rival) plan.state.wounds[f] += n
  else plan.state.strain[f] += n
}

/** Where f's strain stands, for the trace: "(5/12)", or for a rival "(as wounds, 7/14)". */
export function strainState(plan: FightPlan, f: number): string {
  const c = plan.fighters[f].c
  return c.rival ? `(as wounds, ${plan.state.wounds[f]}/${woundThresholdNow(plan, f)})` : `(${plan.state.strain[f]}/${strainThresholdNow(plan, f)})`
}

export function compileFight(s: GenesysScenario): FightPlan {
  const fighters = s.combatants.map((c, index): FighterPlan => {
    const plan = s.plans.find((p) => p.combatant === c.id) as PlanConfig
    const listed: (Weapon & { attack?: { characteristic: number; skill: number } })[] = c.weapons ?? (c.weapon ? [c.weapon] : [])
    const pos = positiveDice(c.initiative.characteristic, c.initiative.skill)
    // a minion group: one pool of wounds for all, strain suffered as wounds
    const group = c.minions > 1 ? { ...c, woundThreshold: c.woundThreshold * c.minions, rival: true } : c
    return {
      index,
      c: group,
      minions: c.minions,
      minionWounds: c.woundThreshold,
      plan,
      side: c.side === 'A' ? 0 : 1,
      weapons: listed.map((w) => {
        const dice = ('attack' in w ? w.attack : undefined) ?? c.attack
        const reach = new Uint8Array(RANGE_BANDS.length * 2)
        for (let b = 0; b < RANGE_BANDS.length; b++) {
          for (let e = 0; e < 2; e++) reach[b * 2 + e] = (b <= RANGE_BANDS.indexOf(w.range) || isMelee(w.skill)) && canAttack({ combatSkill: w.skill, band: RANGE_BANDS[b], shooterEngaged: e === 1 }) ? 1 : 0
        }
        return { w, characteristic: dice.characteristic, skill: dice.skill, onBrawn: isMelee(w.skill), reach }
      }),
      using: plan.using === undefined ? 0 : plan.using === BEST ? -1 : listed.findIndex((w) => w.name === plan.using),
      initiativePool: compilePool({ ...emptyPool(), ...pos }),
      turns: plan.turns.map((t) => ({ maneuvers: t.maneuvers.filter((m) => MANEUVERS.includes(m)), action: t.action })),
    }
  })
  const plan: FightPlan = {
    mode: 'fight',
    scenario: s,
    fighters,
    startUnits: BAND_UNITS[s.range],
    startPair: new Int32Array(fighters.length * fighters.length),
    startBands: new Int8Array(fighters.length * fighters.length),
    maxRounds: s.maxRounds,
    stacking: s.rules.defenseStacking as DefenseStacking,
    order: s.rules.modifierOrder as ModifierOrder,
    aimSameTurn: s.rules.aimCarry === 'same-turn',
    pcFirst: s.rules.initiativeTies === 'pc-first',
    sideSlots: s.rules.initiativeSlots === 'side-slots',
    critTable: s.rules.criticalEffects === 'table',
    despairAmmo: s.rules.despair !== 'ignore',
    endlessReloads: s.rules.despair === 'reload',
    threatTactical: s.rules.threatSpend === 'tactical',
    knockdownTriumph: s.rules.knockdownCost === 'triumph',
    crippledLimb: ['fighting-arm', 'random-limb', 'other-limb'].indexOf(s.rules.crippledLimb),
    pools: new Map(),
    hitDists: new Map(),
    roll: rollPool,
    critBonus: 0,
    critOn: -1,
    deferFreeAttack: false,
    startBand: RANGE_BANDS.indexOf(bandAt(BAND_UNITS[s.range])),
    state: stateOf(fighters.length),
    layout: layoutOf(fighters.length, s.maxRounds),
  }
  const n = fighters.length
  const ids = fighters.map((f) => f.c.id)
  plan.startPair.fill(plan.startUnits)
  for (const r of s.ranges) {
    const a = ids.indexOf(r.between[0])
    const b = ids.indexOf(r.between[1])
    plan.startPair[a * n + b] = BAND_UNITS[r.range]
    plan.startPair[b * n + a] = BAND_UNITS[r.range]
  }
  for (let k = 0; k < n * n; k++) plan.startBands[k] = RANGE_BANDS.indexOf(bandAt(plan.startPair[k]))
  plan.state.band.set(plan.startBands)
  return plan
}
