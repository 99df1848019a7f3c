import { z } from 'zod'
import { envelope, rulesSchema } from '../../core/scenario'
import { crossCheck, flag, ident, int, oneOf, stepped, text } from '../../core/schema'
import { DAMAGE_TYPES, MAX_TABLE_ST } from '../gurps-common/basic-damage'
import { variants } from './variants'
import { checkScenario } from './schema-checks'
import { AOA_OPTIONS, AOD_OPTIONS, BAREHANDED, DEFENCE_POLICIES, MANEUVERS, RANGED, RESPONSES, RETREAT_POLICIES, TARGET_RULES, TRIGGERS } from './names'

/**
 * Scenario schema for whole GURPS fights: fighters, weapons, and each fighter's plan of maneuvers.
 * @see docs/rules/gurps.md and docs/rules/gurps.md section 3
 */
export const SYSTEM_ID = 'gurps'

/** The system's name as the app, the command line and saved results show it. */
export const SYSTEM_LABEL = 'GURPS — whole fights'
export const MAX_FIGHTERS = 8

const damageSpec = z
  .string({ error: 'must be thr, sw or Nd, with an optional +N or -N (e.g. "sw+1", "thr-1", "2d+2")' })
  .regex(/^(thr|sw|[1-9]\d?d)([+-]\d{1,2})?$/, { error: 'must be thr, sw or Nd, with an optional +N or -N (e.g. "sw+1", "thr-1", "2d+2")' })

const SHOTS_ERROR = 'must be Shots as the weapon table writes them: "T(1)" for a thrown weapon, "1(2)" for a bow, "6(3i)" for a revolver (number of shots, then the Ready turns to reload in brackets, "i" for each shot)'

export const weaponSchema = z.strictObject({
  name: text(1, 40).describe('The weapon\'s name in the trial log ("broadsword", "punch").'),
  skill: int(3, 30).describe('His skill with it, 3–30: rolled to hit, to Feint and in Wait contests; his Parry is 3 + half of it.'),
  damage: damageSpec.describe('Basic damage: "thr" or "sw" from his ST, or fixed dice "Nd", with an optional +N or −N, e.g. "sw+1", "thr-1", "2d+2".'),
  type: oneOf(DAMAGE_TYPES).describe(
    'Damage type: its wounding multiplier applies after DR (cr ×1, cut ×1.5, imp ×2, pi− ×0.5, pi ×1, pi+ ×1.5, pi++ ×2, burn/cor/tox ×1); minimum damage 0 for cr, else 1.',
  ),
  /** Longest reach in yards (0 = C, close combat). */
  reach: int(0, 10).default(1).describe('Longest reach in yards (0 = C, close combat): he must get this close to strike. Ignored for ranged weapons.'),
  /**
   * Missile weapon kind: "no" (melee), "firearm" or "muscle-powered" (bow, thrown). Range penalties apply;
   * Dodge always defends, Block against muscle-powered missiles, Parry only thrown weapons (−1, −2 small);
   * no retreat bonus; a shield's DB counts except against firearms. @see docs/rules/gurps.md section 3 (Missiles)
   */
  ranged: oneOf(RANGED)
    .default('no')
    .describe(
      '"no": melee. "firearm" or "muscle-powered" (bow, thrown): range penalties apply; against it Dodge always, Block only a muscle-powered missile, Parry only a thrown weapon (at −1, −2 if small), no retreat bonus; a shield\'s DB counts except against firearms.',
    ),
  parry: int(-5, 5).default(0).describe('The weapon\'s Parry modifier, −5 to +5 (knife −1, quarterstaff +2), added to 3 + half his skill.'),
  canParry: flag().default(true).describe('False for a weapon that cannot parry (a kick); a ranged weapon never parries.'),
  /** "U": cannot parry on a turn in which it attacked. */
  unbalanced: flag().default(false).describe('Unbalanced ("U": axe, mace): cannot parry on a turn in which it attacked; the unbalancedWeapon rule can add the reverse.'),
  /** Fencing weapon: retreat gives +3 Parry, repeated parries −2 instead of −4. */
  fencing: flag().default(false).describe('Fencing weapon (rapier, saber): a retreat gives +3 Parry instead of +1; repeated parries cost −2 each instead of −4.'),
  /** False for a holstered or sheathed weapon that must be readied first. */
  ready: flag().default(true).describe('False for a sheathed or holstered weapon: his first turn goes on a Ready before he can attack.'),
  /**
   * Fighting barehanded (punch, kick): "yes" parries a weapon at −3 unless the attack is a thrust;
   * "judo-karate" parries weapons without that penalty. @see docs/rules/gurps.md section 3 (Active defences)
   */
  barehanded: oneOf(BAREHANDED)
    .default('no')
    .describe(
      'Fighting barehanded (punch, kick): "no" armed; "yes" parries an armed foe\'s blow at −3 unless it is a thrust; "judo-karate" parries weapons without that penalty.',
    ),
  /**
   * A second weapon of the same kind ready in the other hand (two knives, two pistols): "two ready weapons"
   * for All-Out Attack (Double), whose second attack it makes, with the off hand. A barehanded fighter
   * always has two hands. Under the variant aoaDouble "two-weapons" Double needs it (or bare hands); under
   * "basic-set" a balanced weapon alone also allows Double, an unbalanced one does not.
   * @see docs/rules/gurps.md section 3, variants.ts aoaDouble (GURPS Basic Set p.B365)
   */
  pair: flag()
    .default(false)
    .describe('A second weapon of the same kind ready in the other hand (two knives): All-Out Attack (Double) makes its second blow with it; see the aoaDouble rule.'),
  /**
   * Shots from the Basic Set weapon tables (B269): "T(n)" a thrown weapon, n Ready turns to take up the
   * next; "N(R)" N shots, then R Ready turns to reload; "N(Ri)" R Ready turns for each shot reloaded.
   * Left out: "T(1)" for a muscle-powered missile, unlimited for a firearm. @see docs/rules/gurps.md (Missiles)
   */
  shots: z
    .string({ error: SHOTS_ERROR })
    .regex(/^(T|[1-9]\d{0,2})\(([0-9]|1\d|20)i?\)$/, { error: SHOTS_ERROR })
    .optional()
    .describe(
      'Shots, as the weapon table writes them: "T(1)" thrown, one Ready to take up the next (a spare spear or knife); "1(2)" a bow, one shot then 2 Ready turns to reload; "6(3i)" 6 shots, 3 Ready turns per shot reloaded. Left out: "T(1)" for a muscle-powered weapon, never reloads for a firearm.',
    ),
  /** A small thrown weapon (knife, dart, shuriken): parried at −2 instead of −1 (B376). */
  small: flag()
    .optional()
    .describe('A small thrown weapon (knife, dart, shuriken): parried at −2 instead of −1. Only for a thrown weapon.'),
})
  .describe('His one weapon (or bare hands): skill, damage, reach and how it parries.')

/** One of several attacks a fighter carries: the weapon fields plus its name, which his tactics use. */
export const namedWeaponSchema = weaponSchema.describe(
  'One of his attacks (knife, revolver, fists): the same fields as weapon; its name, unique among his attacks, is what his tactics\' using names.',
)

export const combatantSchema = z.strictObject({
  id: ident().describe('Short id that tactics, targets and Wait triggers refer to (letters, digits, "-" or "_").'),
  name: text(1, 60).describe('His name in the results and in the trial log.'),
  /** Fighters on the same side never attack each other; by default everyone is his own side. */
  side: ident()
    .optional()
    .describe('Team id: fighters with the same side are allies and never attack each other; left out, he is a side of his own.'),
  st: int(1, MAX_TABLE_ST).describe(`Strength, 1–${MAX_TABLE_ST}: sets his thrust and swing damage and, unless hp is given, his Hit Points.`),
  dx: int(1, 30).describe('Dexterity: with HT the default Basic Speed; breaks turn-order ties, resists Feints (with skill) and is rolled when a Wait turns into a Ready.'),
  ht: int(1, 30).describe('Health: with DX the default Basic Speed; rolled against knockdown and stun, to stay conscious at 0 HP or less, and for death checks.'),
  hp: int(1, 200)
    .optional()
    .describe('Hit Points, ST if left out. Below a third, Move and Dodge are halved; at 0 or less he rolls HT to stay conscious; death checks from −1×HP.'),
  basicSpeed: stepped(0.25, 20, 0.25)
    .optional()
    .describe('Basic Speed, (DX+HT)/4 if left out, in steps of 0.25: turn order (fractions count), Dodge (whole part + 3), default Move; whole part added to Wait contests.'),
  move: int(0, 20)
    .optional()
    .describe('Move in yards per turn, Basic Speed without fractions if left out: Move and Attack uses all of it, All-Out Attack half, forward.'),
  dr: int(0, 100).default(0).describe('Damage Resistance of his armour, taken off every hit\'s damage before the wounding multiplier; no hit locations.'),
  combatReflexes: flag().default(false).describe('Combat Reflexes: +1 to all active defences and to Wait contests.'),
  enhancedTimeSense: flag()
    .default(false)
    .describe('Enhanced Time Sense: acts before everyone without it, in the turn order and in Wait contests; includes Combat Reflexes, so leave that off.'),
  /**
   * High Pain Threshold: no shock (docs/rules/gurps.md section 3); +3 on the major-wound HT roll only under the
   * variant painThresholdRolls "basic-set" (GURPS Basic Set p.B59).
   */
  highPainThreshold: flag()
    .default(false)
    .describe('High Pain Threshold: no shock from injury; +3 on the HT roll against knockdown under the painThresholdRolls rule "basic-set".'),
  /**
   * Low Pain Threshold: shock doubled, at most −8 (docs/rules/gurps.md section 3); −4 on the major-wound HT roll only under the
   * variant painThresholdRolls "basic-set" (GURPS Basic Set p.B142).
   */
  lowPainThreshold: flag()
    .default(false)
    .describe('Low Pain Threshold: shock doubled, at most −8; −4 on the HT roll against knockdown under the painThresholdRolls rule "basic-set".'),
  /**
   * Ambidextrous: no −4 for an attack with the off hand (the second attack of an All-Out Attack (Double)
   * with a pair or barehanded, under aoaDouble "basic-set"). GURPS Basic Set p.B39.
   */
  ambidextrous: flag()
    .default(false)
    .describe('Ambidextrous: no −4 on the off-hand blow of an All-Out Attack (Double) under the aoaDouble rule "basic-set" (GURPS Basic Set, Ambidexterity).'),
  weapon: weaponSchema.optional(),
  /** Several attacks (multi-attack convention): instead of `weapon`, 1–8 named attacks; his tactics' `using` picks one. */
  weapons: z
    .array(namedWeaponSchema, { error: 'must be a list of attacks' })
    .min(1, { error: 'must list 1–8 attacks' })
    .max(8, { error: 'must list 1–8 attacks' })
    .optional()
    .describe(
      'Several attacks he carries (knife, revolver, fists), instead of weapon: each with a name unique among them. His tactics\' using picks one; left out, the first. Only listed weapons that start ready are in hand; switching to one that is not takes a Ready.',
    ),
  /** Encumbrance level 0–4 (B17): Move × 1, 0.8, 0.6, 0.4, 0.2 (rounded down, at least 1), Dodge −0 to −4. */
  encumbrance: int(0, 4)
    .optional()
    .describe('Encumbrance level: 0 None, 1 Light, 2 Medium, 3 Heavy, 4 Extra-Heavy; Move × 1, 0.8, 0.6, 0.4 or 0.2 (at least 1) and Dodge −0 to −4. Left out: None.'),
  /** Extra DR that counts only against some damage types (B47 "Limited"), on top of `dr`. */
  drAgainst: z
    .array(
      z.strictObject({
        dr: int(1, 100).describe('DR that counts only against the damage types listed.'),
        types: z.array(oneOf(DAMAGE_TYPES)).min(1, { error: 'must list at least one damage type' }).describe('The damage types it counts against, e.g. ["burn"] for DR against fire only.'),
      }),
    )
    .max(4, { error: 'must list at most 4 limited DRs' })
    .optional()
    .describe('DR limited to some damage types, on top of dr: e.g. [{ "dr": 9, "types": ["burn"] }] for DR 9 against fire only (a Limitation on Damage Resistance).'),
  shield: z
    .strictObject({
      skill: int(3, 30).describe('Shield skill, 3–30: his Block is 3 + half of it.'),
      db: int(0, 3)
        .default(1)
        .describe('Defense Bonus, 0–3 (small shield 1, medium 2, large 3): added to Dodge, Parry and Block, except against firearms.'),
    })
    .optional()
    .describe('His shield, if he has one: it lets him Block and its DB improves all his defences.'),
  /** Yards from every enemy at the start (the larger of two fighters' values counts). */
  distance: int(0, 100)
    .optional()
    .describe('Yards between him and the others at the start, instead of the scenario\'s distance; between two fighters the larger value counts.'),
})

export const stepSchema = z.strictObject({
  maneuver: oneOf(MANEUVERS).describe(
    '"attack" (a step, full defences), "all-out-attack" (half Move, no defence), "move-and-attack" (full Move, −4, skill ≤ 9), "feint", "ready", "all-out-defense" or "wait".',
  ),
  /** All-Out Attack option (also for a Wait whose response is an All-Out Attack), or All-Out Defense option. */
  option: oneOf([...AOA_OPTIONS, ...AOD_OPTIONS])
    .optional()
    .describe(
      'All-Out Attack: "determined" (default, +4 to hit), "strong", "double" or "feint". All-Out Defense: "increased-dodge" (default), "increased-parry", "increased-block" (+2) or "double".',
    ),
  trigger: oneOf(TRIGGERS)
    .optional()
    .describe(
      'What sets a Wait off: "enemy-in-reach" a foe steps into his reach, "enemy-attacks" one attacks him, "enemy-acts" any foe acts, "named-enemy-acts" the enemy field acts, "signal".',
    ),
  /** For the trigger "named-enemy-acts": the enemy whose action sets the Wait off. */
  enemy: ident().optional().describe('For the trigger "named-enemy-acts": id of the enemy whose action sets the Wait off.'),
  response: oneOf(RESPONSES)
    .optional()
    .describe(
      'What a fired Wait becomes: "attack" (default), "all-out-attack" (with its option), "ready" (contest on DX), "feint", or "stop-hit" (trigger "enemy-attacks" only: he attacks into the foe\'s attack, GURPS Martial Arts); several firing at once use Cascading Waits.',
    ),
})

export const tacticSchema = z.strictObject({
  combatant: ident().describe('Id of the fighter who follows this plan; every fighter has exactly one.'),
  /** Preferred target; while he is down, the `targetRule` picks one. */
  target: ident()
    .optional()
    .describe('Id of the enemy he goes for while that one is still in the fight; otherwise targetRule picks.'),
  /**
   * Without a preferred target standing: "sticky-first" keeps his foe until it falls, then the first
   * enemy standing in roster order; "weakest" the enemy with the fewest HP left; "most-injured" the one
   * with the smallest share of his HP left; "nearest" the closest. Re-chosen every turn.
   */
  targetRule: oneOf(TARGET_RULES)
    .default('sticky-first')
    .describe(
      'Foe without a target standing: "sticky-first" keeps his foe until it falls, then the first in roster order; "weakest" fewest HP; "most-injured" smallest share of HP; "nearest".',
    ),
  /** One maneuver per turn in order; the last one repeats. */
  maneuvers: z
    .array(stepSchema, { error: 'must be a list of maneuvers' })
    .min(1, { error: 'must list 1–20 maneuvers' })
    .max(20, { error: 'must list 1–20 maneuvers' })
    .describe('The maneuver for his 1st, 2nd… turn (1–20, the last repeats); a turn spent stunned, standing up or readying still uses its entry. Out of reach, he moves instead.'),
  /** Which of his attacks he uses: a name from his `weapons`, or "best". Left out: the first listed. */
  using: text(1, 40)
    .optional()
    .describe(
      'Which of his attacks he uses: the name of one of his weapons, or "best" (his best against this foe: the highest expected injury a blow, chance to hit × chance his foe fails to defend × mean injury past DR). Left out: the first listed.',
    ),
  /** Which active defence he uses against each attack: his best, or only Dodge, Parry or Block. */
  defence: oneOf(DEFENCE_POLICIES)
    .optional()
    .describe(
      'Which active defence he uses against each attack: "best" (the highest he has, the default), or only "dodge", "parry" or "block" (with none at all where that one is not allowed, e.g. parrying a bullet).',
    ),
  /** When he retreats on a defence: overrides the scenario's retreat rule for him. */
  retreat: oneOf(RETREAT_POLICIES)
    .optional()
    .describe(
      'When he retreats on a defence: "always" whenever the rules allow it, "never", or "keep-my-attack" only when the step back leaves his foe within reach of his own next attack. Left out: as the scenario\'s retreat rule says.',
    ),
})

export const scenarioSchema = z
  .strictObject({
    ...envelope(SYSTEM_ID),
    rules: rulesSchema(variants),
    /** Yards between enemies at the start, unless a fighter says otherwise. */
    distance: int(0, 100).default(1).describe('Yards between enemies at the start, unless a fighter\'s own distance says otherwise; out of reach, fighters spend turns closing in.'),
    turnCap: int(1, 1000)
      .default(120)
      .describe('Turns (seconds) after which the fight stops; the onCap rule decides the result, a draw by default.'),
    /** Turn at whose start an outside event everyone sees happens (a bell, a dropped coin): the "signal" trigger. */
    signalTurn: int(1, 1000)
      .optional()
      .describe('Turn at whose start an outside event everyone sees happens (a bell, a dropped coin); it sets off Waits with the trigger "signal".'),
    combatants: z
      .array(combatantSchema, { error: 'must be a list of combatants' })
      .min(2, { error: `must list 2–${MAX_FIGHTERS} combatants` })
      .max(MAX_FIGHTERS, { error: `must list 2–${MAX_FIGHTERS} combatants` })
      .describe(`The fighters, 2–${MAX_FIGHTERS}, on at least two sides.`),
    tactics: z
      .array(tacticSchema, { error: 'must be a list of tactics, one per combatant' })
      .describe('Each fighter\'s plan: his maneuvers turn by turn and whom he attacks, one plan per fighter.'),
  })
  .check(crossCheck(checkScenario))

export type GurpsScenario = z.output<typeof scenarioSchema>
export type Combatant = z.output<typeof combatantSchema>
export type Tactic = z.output<typeof tacticSchema>
export type Step = z.output<typeof stepSchema>
export type Weapon = z.output<typeof weaponSchema>
