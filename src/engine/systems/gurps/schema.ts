import { z } from 'zod'
import { envelope, rulesSchema } from '../../core/scenario'
import { flag, ident, int, oneOf, stepped, text } from '../../core/schema'
import { DAMAGE_TYPES, MAX_TABLE_ST } from '../gurps-common/basic-damage'
import { variants } from './variants'
import { checkScenario } from './schema-checks'
import { AOA_OPTIONS, AOD_OPTIONS, BAREHANDED, MANEUVERS, RANGED, RESPONSES, TARGET_RULES, TRIGGERS } from './names'

/**
 * Scenario schema for whole GURPS fights: fighters, weapons, and each fighter's plan of maneuvers.
 * @see rules.md §3 and rules-combat.md §C2
 */
export const SYSTEM_ID = 'gurps'
export const MAX_FIGHTERS = 8

const damageSpec = z
  .string({ error: 'must be thr, sw or Nd, with an optional +N or -N (e.g. "sw+1", "thr-1", "2d+2")' })
  .regex(/^(thr|sw|[1-9]\d?d)([+-]\d{1,2})?$/, { error: 'must be thr, sw or Nd, with an optional +N or -N (e.g. "sw+1", "thr-1", "2d+2")' })

export const weaponSchema = z.strictObject({
  name: text(1, 40),
  skill: int(3, 30),
  damage: damageSpec,
  type: oneOf(DAMAGE_TYPES),
  /** Longest reach in yards (0 = C, close combat). */
  reach: int(0, 10).default(1),
  /**
   * Missile weapon kind: "no" (melee), "firearm" or "muscle-powered" (bow, thrown). Against either, only
   * Dodge defends (no Parry, Block or retreat bonus) and range penalties apply; a shield's DB counts
   * against muscle-powered missiles, not against firearms. @see rules-combat.md §C2.2 [S G12]
   */
  ranged: oneOf(RANGED).default('no'),
  parry: int(-5, 5).default(0),
  canParry: flag().default(true),
  /** "U": cannot parry on a turn in which it attacked. */
  unbalanced: flag().default(false),
  /** Fencing weapon: retreat gives +3 Parry, repeated parries −2 instead of −4. */
  fencing: flag().default(false),
  /** False for a holstered or sheathed weapon that must be readied first. */
  ready: flag().default(true),
  /**
   * Fighting barehanded (punch, kick): "yes" parries a weapon at −3 unless the attack is a thrust;
   * "judo-karate" parries weapons without that penalty. @see rules-combat.md §C2.2 [S G12, G13]
   */
  barehanded: oneOf(BAREHANDED).default('no'),
  /**
   * A second weapon of the same kind ready in the other hand (two knives, two pistols): "two ready weapons"
   * for All-Out Attack (Double), whose second attack it makes, with the off hand. A barehanded fighter
   * always has two hands. Under the variant aoaDouble "two-weapons" Double needs it (or bare hands); under
   * "basic-set" a balanced weapon alone also allows Double, an unbalanced one does not.
   * @see rules.md §3.5, variants.ts aoaDouble ([A] B365)
   */
  pair: flag().default(false),
})

export const combatantSchema = z.strictObject({
  id: ident(),
  name: text(1, 60),
  /** Fighters on the same side never attack each other; by default everyone is his own side. */
  side: ident().optional(),
  st: int(1, MAX_TABLE_ST),
  dx: int(1, 30),
  ht: int(1, 30),
  hp: int(1, 200).optional(),
  basicSpeed: stepped(0.25, 20, 0.25).optional(),
  move: int(0, 20).optional(),
  dr: int(0, 100).default(0),
  combatReflexes: flag().default(false),
  enhancedTimeSense: flag().default(false),
  /**
   * High Pain Threshold: no shock (rules-combat.md §C2.4); +3 on the major-wound HT roll only under the
   * [A] variant painThresholdRolls "basic-set" (B59, not in our sources).
   */
  highPainThreshold: flag().default(false),
  /**
   * Low Pain Threshold: shock doubled, at most −8 (§C2.4); −4 on the major-wound HT roll only under the
   * [A] variant painThresholdRolls "basic-set" (B142, not in our sources).
   */
  lowPainThreshold: flag().default(false),
  /**
   * Ambidextrous: no −4 for an attack with the off hand (the second attack of an All-Out Attack (Double)
   * with a pair or barehanded, under aoaDouble "basic-set"). [A] Basic Set B39, not in our sources.
   */
  ambidextrous: flag().default(false),
  weapon: weaponSchema,
  shield: z.strictObject({ skill: int(3, 30), db: int(0, 3).default(1) }).optional(),
  /** Yards from every enemy at the start (the larger of two fighters' values counts). */
  distance: int(0, 100).optional(),
})

export const stepSchema = z.strictObject({
  maneuver: oneOf(MANEUVERS),
  /** All-Out Attack option (also for a Wait whose response is an All-Out Attack), or All-Out Defense option. */
  option: oneOf([...AOA_OPTIONS, ...AOD_OPTIONS]).optional(),
  trigger: oneOf(TRIGGERS).optional(),
  /** For the trigger "named-enemy-acts": the enemy whose action sets the Wait off. */
  enemy: ident().optional(),
  response: oneOf(RESPONSES).optional(),
})

export const tacticSchema = z.strictObject({
  combatant: ident(),
  /** Preferred target; while he is down, the `targetRule` picks one. */
  target: ident().optional(),
  /**
   * Without a preferred target standing: "sticky-first" keeps his foe until it falls, then the first
   * enemy standing in roster order; "weakest" the enemy with the fewest HP left; "most-injured" the one
   * with the smallest share of his HP left; "nearest" the closest. Re-chosen every turn.
   */
  targetRule: oneOf(TARGET_RULES).default('sticky-first'),
  /** One maneuver per turn in order; the last one repeats. */
  maneuvers: z.array(stepSchema, { error: 'must be a list of maneuvers' }).min(1, { error: 'must list 1–20 maneuvers' }).max(20, { error: 'must list 1–20 maneuvers' }),
})

export const scenarioSchema = z
  .strictObject({
    ...envelope(SYSTEM_ID),
    rules: rulesSchema(variants),
    /** Yards between enemies at the start, unless a fighter says otherwise. */
    distance: int(0, 100).default(1),
    turnCap: int(1, 1000).default(120),
    /** Turn at whose start an outside event everyone sees happens (a bell, a dropped coin): the "signal" trigger. */
    signalTurn: int(1, 1000).optional(),
    combatants: z
      .array(combatantSchema, { error: 'must be a list of combatants' })
      .min(2, { error: `must list 2–${MAX_FIGHTERS} combatants` })
      .max(MAX_FIGHTERS, { error: `must list 2–${MAX_FIGHTERS} combatants` }),
    tactics: z.array(tacticSchema, { error: 'must be a list of tactics, one per combatant' }),
  })
  .superRefine(checkScenario)

export type GurpsScenario = z.output<typeof scenarioSchema>
export type Combatant = z.output<typeof combatantSchema>
export type Tactic = z.output<typeof tacticSchema>
export type Step = z.output<typeof stepSchema>
