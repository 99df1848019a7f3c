import { DAMAGE_TYPES, parseDamage, WOUNDING_HALVES, minimumDamage, type DamageType } from '../gurps-common/basic-damage'
import { Aod, type Maneuver } from './codes'
import { AOA_OPTIONS, AOD_OPTIONS, BAREHANDED, BEST, DEFENCE_POLICIES, MANEUVERS, RESPONSES, RETREAT_POLICIES, TARGET_RULES, TRIGGERS } from './names'
import type { Combatant, GurpsScenario, Step, Tactic, Weapon } from './schema'

/** One maneuver of a plan as codes. `option` is the AOA or AOD option (0 when unused). */
export interface CompiledStep {
  maneuver: Maneuver
  option: number
  trigger: number
  /** Fighter index for "named-enemy-acts", else −1. */
  enemy: number
  response: number
}

/** One attack he carries: weapon skill, damage, reach, missile data and how it parries. */
export interface WeaponStats {
  /** His index in `FighterStats.arms`. */
  index: number
  weapon: string
  skill: number
  dice: number
  add: number
  type: DamageType
  /** Index of `type` in DAMAGE_TYPES (for DR limited to some types). */
  typeIndex: number
  halves: number
  minDamage: number
  reach: number
  /** A missile weapon of either kind: range penalties apply, no retreat against it, Parry only if thrown, Block unless a firearm. */
  ranged: boolean
  /** A firearm: the target's shield DB does not count against it (it does against bows and thrown weapons). */
  firearm: boolean
  canParry: boolean
  fencing: boolean
  unbalanced: boolean
  startsReady: boolean
  /**
   * The second attack of his All-Out Attack (Double) is made with the off hand: his weapon is unbalanced
   * (unready after the first attack) and he has a pair. A balanced weapon, fists included, needs no
   * readying after use (B365), so he makes both attacks with his main hand and takes no off-hand penalty.
   */
  doubleOffHand: boolean
  /**
   * Skill penalty for that off-hand attack: 4 under aoaDouble "basic-set" (GURPS Basic Set p.B39 Ambidexterity, p.B365),
   * 0 if Ambidextrous; 0 under "two-weapons" (docs/rules/gurps.md section 3 gives none).
   */
  offHandPenalty: number
  /** 0 armed, 1 barehanded (parries weapons at −3), 2 Judo or Karate (no penalty). */
  barehanded: number
  /** His attack is a thrust ("thr" damage): a barehanded parry takes no −3 against it. */
  thrusting: boolean
  /** Parry = 3 + ⌊skill/2⌋ + weapon parry modifier, before Combat Reflexes and DB; −1 if it cannot parry. */
  parry: number
  /** A thrown weapon (Shots "T(n)"): can be blocked and parried (−1, −2 if small). */
  thrown: boolean
  /** Parry modifier against it when thrown: −1, or −2 for a small one (B376). */
  thrownParry: number
  /** Shots before it must be readied again (1 for a thrown weapon); 0 = never (a firearm without shots given). */
  shots: number
  /** Ready turns to take up the next thrown weapon or reload it fully (at least 1). */
  readyTurns: number
  /** Largest injury one attack can do (for histogram sizes). */
  maxInjury: number
}

/** Everything about a fighter that does not change during a fight. @see docs/rules/gurps.md section 3, docs/rules/gurps.md section 3 */
export interface FighterStats {
  index: number
  id: string
  name: string
  side: number
  st: number
  dx: number
  ht: number
  hpMax: number
  basicSpeed: number
  move: number
  ets: boolean
  /** +1 to defences and Wait contests from Combat Reflexes (or ETS, which includes it). */
  cr: number
  highPain: boolean
  lowPain: boolean
  dr: number
  /** Extra DR by damage type (DAMAGE_TYPES order): DR limited to those types, on top of `dr`. */
  drByType: number[]
  /** His attacks (one for a single weapon), in the order listed; `FightState.arm` says which he holds. */
  arms: WeaponStats[]
  /** Index of the attack his tactics name (`using`), or −1 for "his best against this foe". */
  using: number
  /** His own retreat policy: 0 the scenario's rule, 1 always (when allowed), 2 never, 3 only when it keeps his next attack. */
  retreatPolicy: number
  /** The only defence he uses (a Defense code), or −1 for his best. */
  defenceOnly: number
  /** Encumbrance level 0–4: Dodge minus this (Move already reduced). */
  encumbrance: number
  ambidextrous: boolean
  /** Dodge = ⌊Basic Speed⌋ + 3 − encumbrance, before Combat Reflexes and DB. */
  dodge: number
  /** Block = 3 + ⌊Shield/2⌋ before Combat Reflexes and DB; −1 without a shield. */
  block: number
  db: number
  steps: CompiledStep[]
  preferredTarget: number
  /** Index into TARGET_RULES: how he picks a foe without a preferred target standing. */
  targetRule: number
  /** Largest injury one attack of any of his weapons can do (for histogram sizes). */
  maxInjury: number
}

function compileStep(s: Step, idIndex: Map<string, number>): CompiledStep {
  const maneuver = MANEUVERS.indexOf(s.maneuver) as Maneuver
  const response = RESPONSES.indexOf(s.response ?? 'attack')
  let option = 0
  if (s.maneuver === 'all-out-defense') option = s.option ? AOD_OPTIONS.indexOf(s.option as (typeof AOD_OPTIONS)[number]) : Aod.IncreasedDodge
  else if (s.option) option = AOA_OPTIONS.indexOf(s.option as (typeof AOA_OPTIONS)[number])
  return { maneuver, option, trigger: s.trigger ? TRIGGERS.indexOf(s.trigger) : -1, enemy: s.enemy ? (idIndex.get(s.enemy) ?? -1) : -1, response }
}

/** The off-hand penalty on the second attack of an All-Out Attack (Double). @see variants.ts aoaDouble */
function offHandPenalty(c: Combatant, rules: GurpsScenario['rules']): number {
  return rules.aoaDouble === 'two-weapons' || c.ambidextrous ? 0 : 4
}

/** Encumbrance (B17): Move × 1, 0.8, 0.6, 0.4, 0.2, rounded down, at least 1 (a Move of 0 stays 0). */
const ENCUMBRANCE_MOVE = [1, 0.8, 0.6, 0.4, 0.2]

/** Shots and Ready turns of a weapon: "T(n)" thrown, "N(R)" or "N(Ri)"; defaults by kind. @see docs/rules/gurps.md (Missiles) */
function shotsOf(w: Weapon): { thrown: boolean; shots: number; readyTurns: number } {
  if (w.ranged === 'no') return { thrown: false, shots: 0, readyTurns: 1 }
  const spec = w.shots ?? (w.ranged === 'muscle-powered' ? 'T(1)' : undefined)
  if (spec === undefined) return { thrown: false, shots: 0, readyTurns: 1 }
  const m = /^(T|\d+)\((\d+)(i?)\)$/.exec(spec) as RegExpExecArray
  const thrown = m[1] === 'T'
  const shots = thrown ? 1 : Number(m[1])
  const perShot = Number(m[2])
  return { thrown, shots, readyTurns: Math.max(1, m[3] ? perShot * shots : perShot) }
}

function weaponOf(w: Weapon, k: number, c: Combatant, rules: GurpsScenario['rules']): WeaponStats {
  const ranged = w.ranged !== 'no'
  const dmg = parseDamage(w.damage, c.st)
  const halves = WOUNDING_HALVES[w.type]
  // ×3 critical on maximum dice, All-Out Attack (Strong) included; basic damage never goes below its
  // floor (0 crushing, 1 otherwise), so neither does the histogram size (docs/rules/gurps.md#damage-and-injury)
  const minDamage = minimumDamage(w.type)
  const maxBasic = Math.max(minDamage, dmg.dice * 6 + dmg.add + Math.max(2, dmg.dice))
  const maxInjury = Math.floor((maxBasic * 3 * halves) / 2) + 1
  const missile = shotsOf(w)
  return {
    index: k,
    weapon: w.name,
    skill: w.skill,
    dice: dmg.dice,
    add: dmg.add,
    type: w.type,
    typeIndex: DAMAGE_TYPES.indexOf(w.type),
    halves,
    minDamage,
    reach: ranged ? 1000 : w.reach,
    ranged,
    firearm: w.ranged === 'firearm',
    canParry: w.canParry && !ranged,
    fencing: w.fencing,
    unbalanced: w.unbalanced,
    // bare hands are always ready
    startsReady: w.ready || w.barehanded !== 'no',
    doubleOffHand: w.pair && w.unbalanced,
    offHandPenalty: offHandPenalty(c, rules),
    barehanded: BAREHANDED.indexOf(w.barehanded),
    thrusting: w.damage.startsWith('thr'),
    parry: w.canParry && !ranged ? 3 + Math.floor(w.skill / 2) + w.parry : -1,
    thrown: missile.thrown,
    thrownParry: w.small ? -2 : -1,
    shots: missile.shots,
    readyTurns: missile.readyTurns,
    maxInjury,
  }
}

function statsOf(c: Combatant, index: number, side: number, tactic: Tactic, idIndex: Map<string, number>, rules: GurpsScenario['rules']): FighterStats {
  const basicSpeed = c.basicSpeed ?? (c.dx + c.ht) / 4
  const list = c.weapons ?? (c.weapon ? [c.weapon] : [])
  const arms = list.map((w, k) => weaponOf(w, k, c, rules))
  const enc = c.encumbrance ?? 0
  const baseMove = c.move ?? Math.floor(basicSpeed)
  const drByType = DAMAGE_TYPES.map((t) => (c.drAgainst ?? []).reduce((sum, x) => sum + (x.types.includes(t) ? x.dr : 0), 0))
  return {
    index,
    id: c.id,
    name: c.name,
    side,
    st: c.st,
    dx: c.dx,
    ht: c.ht,
    hpMax: c.hp ?? c.st,
    basicSpeed,
    move: enc === 0 || baseMove === 0 ? baseMove : Math.max(1, Math.floor(baseMove * ENCUMBRANCE_MOVE[enc])),
    ets: c.enhancedTimeSense,
    cr: c.combatReflexes || c.enhancedTimeSense ? 1 : 0,
    highPain: c.highPainThreshold,
    lowPain: c.lowPainThreshold,
    dr: c.dr,
    drByType,
    arms,
    using: tactic.using === undefined ? 0 : tactic.using === BEST ? -1 : Math.max(0, list.findIndex((w) => w.name === tactic.using)),
    retreatPolicy: tactic.retreat === undefined ? 0 : RETREAT_POLICIES.indexOf(tactic.retreat) + 1,
    defenceOnly: tactic.defence === undefined || tactic.defence === 'best' ? -1 : DEFENCE_POLICIES.indexOf(tactic.defence) - 1,
    encumbrance: enc,
    ambidextrous: c.ambidextrous,
    dodge: Math.floor(basicSpeed) + 3 - enc,
    block: c.shield ? 3 + Math.floor(c.shield.skill / 2) : -1,
    db: c.shield?.db ?? 0,
    steps: tactic.maneuvers.map((s) => compileStep(s, idIndex)),
    preferredTarget: tactic.target ? (idIndex.get(tactic.target) ?? -1) : -1,
    targetRule: TARGET_RULES.indexOf(tactic.targetRule),
    maxInjury: Math.max(...arms.map((a) => a.maxInjury)),
  }
}

export function compileFighters(s: GurpsScenario): FighterStats[] {
  const idIndex = new Map(s.combatants.map((c, i) => [c.id, i]))
  const sides: string[] = []
  return s.combatants.map((c, i) => {
    const sideId = c.side ?? c.id
    if (!sides.includes(sideId)) sides.push(sideId)
    const tactic = s.tactics.find((t) => t.combatant === c.id) as Tactic
    return statsOf(c, i, sides.indexOf(sideId), tactic, idIndex, s.rules)
  })
}

/** Side ids in order of first appearance (side index → id). */
export function sideIds(s: GurpsScenario): string[] {
  const out: string[] = []
  for (const c of s.combatants) if (!out.includes(c.side ?? c.id)) out.push(c.side ?? c.id)
  return out
}

/** Most attacks one fighter may list. */
export const MAX_ARMS = 8
