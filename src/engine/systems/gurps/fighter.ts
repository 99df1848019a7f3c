import { parseDamage, WOUNDING_HALVES, minimumDamage, type DamageType } from '../gurps-common/basic-damage'
import { Aod, type Maneuver } from './codes'
import { AOA_OPTIONS, AOD_OPTIONS, BAREHANDED, MANEUVERS, RESPONSES, TARGET_RULES, TRIGGERS } from './names'
import type { Combatant, GurpsScenario, Step, Tactic } from './schema'

/** One maneuver of a plan as codes. `option` is the AOA or AOD option (0 when unused). */
export interface CompiledStep {
  maneuver: Maneuver
  option: number
  trigger: number
  /** Fighter index for "named-enemy-acts", else −1. */
  enemy: number
  response: number
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
  weapon: string
  skill: number
  dice: number
  add: number
  type: DamageType
  halves: number
  minDamage: number
  reach: number
  /** A missile weapon of either kind: only Dodge defends against it, range penalties apply. */
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
  ambidextrous: boolean
  /** 0 armed, 1 barehanded (parries weapons at −3), 2 Judo or Karate (no penalty). */
  barehanded: number
  /** His attack is a thrust ("thr" damage): a barehanded parry takes no −3 against it. */
  thrusting: boolean
  /** Dodge = ⌊Basic Speed⌋ + 3, before Combat Reflexes and DB. */
  dodge: number
  /** Parry = 3 + ⌊skill/2⌋ + weapon parry modifier, before Combat Reflexes and DB; −1 if it cannot parry. */
  parry: number
  /** Block = 3 + ⌊Shield/2⌋ before Combat Reflexes and DB; −1 without a shield. */
  block: number
  db: number
  steps: CompiledStep[]
  preferredTarget: number
  /** Index into TARGET_RULES: how he picks a foe without a preferred target standing. */
  targetRule: number
  /** Largest injury one attack can do (for histogram sizes). */
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

function statsOf(c: Combatant, index: number, side: number, tactic: Tactic, idIndex: Map<string, number>, rules: GurpsScenario['rules']): FighterStats {
  const basicSpeed = c.basicSpeed ?? (c.dx + c.ht) / 4
  const w = c.weapon
  const ranged = w.ranged !== 'no'
  const dmg = parseDamage(w.damage, c.st)
  const halves = WOUNDING_HALVES[w.type]
  // ×3 critical on maximum dice, All-Out Attack (Strong) included; basic damage never goes below its
  // floor (0 crushing, 1 otherwise), so neither does the histogram size (docs/rules/gurps.md#damage-and-injury)
  const minDamage = minimumDamage(w.type)
  const maxBasic = Math.max(minDamage, dmg.dice * 6 + dmg.add + Math.max(2, dmg.dice))
  const maxInjury = Math.floor((maxBasic * 3 * halves) / 2) + 1
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
    move: c.move ?? Math.floor(basicSpeed),
    ets: c.enhancedTimeSense,
    cr: c.combatReflexes || c.enhancedTimeSense ? 1 : 0,
    highPain: c.highPainThreshold,
    lowPain: c.lowPainThreshold,
    dr: c.dr,
    weapon: w.name,
    skill: w.skill,
    dice: dmg.dice,
    add: dmg.add,
    type: w.type,
    halves,
    minDamage,
    reach: ranged ? 1000 : w.reach,
    ranged,
    firearm: w.ranged === 'firearm',
    canParry: w.canParry && !ranged,
    fencing: w.fencing,
    unbalanced: w.unbalanced,
    startsReady: w.ready,
    doubleOffHand: w.pair && w.unbalanced,
    offHandPenalty: offHandPenalty(c, rules),
    ambidextrous: c.ambidextrous,
    barehanded: BAREHANDED.indexOf(w.barehanded),
    thrusting: w.damage.startsWith('thr'),
    dodge: Math.floor(basicSpeed) + 3,
    parry: w.canParry && !ranged ? 3 + Math.floor(w.skill / 2) + w.parry : -1,
    block: c.shield ? 3 + Math.floor(c.shield.skill / 2) : -1,
    db: c.shield?.db ?? 0,
    steps: tactic.maneuvers.map((s) => compileStep(s, idIndex)),
    preferredTarget: tactic.target ? (idIndex.get(tactic.target) ?? -1) : -1,
    targetRule: TARGET_RULES.indexOf(tactic.targetRule),
    maxInjury,
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
