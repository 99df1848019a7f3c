import { z } from 'zod'
import type { VariantDoc } from '../../core/scenario'
import { flag, ident, int, oneOf, text } from '../../core/schema'
import { SPECIAL_KEYS } from './specials'

/**
 * Scenario schema for Bushido: Risen Sun. A scenario lists models (each a card: Melee and Ranged Pool,
 * Wounds, traits, current states) and one situation to play: a single Melee Exchange (Passe d'armes),
 * a single Ranged Attack (Tir), or a game of several Game Turns (Tour de jeu).
 * @see the Bushido reference card (docs/rules/bushido.md) and docs/rules/bushido.md
 */

export const SYSTEM_ID = 'bushido'

/** The system's name as the app, the command line and saved results show it. */
export const SYSTEM_LABEL = 'Bushido: Risen Sun — Passe d\'armes, Tir, Tour de jeu'
export const MAX_MODELS = 8
/**
 * Most Wounds a card may have. The rules set no ceiling (a model with none left is Killed); the published
 * cards stop at 12 and Huge models of home-made warbands go higher (a Mountain Oni with 24). What more
 * Wounds cost is only longer fights: the exact exchange grows with the dice pools, not with Wounds (it
 * caps each strike at the wounds left), and a skirmish still ends after its Game Turns.
 */
export const MAX_WOUNDS = 40
/** Largest statistic accepted (a statistic can at most double its base, docs/rules/bushido.md section 1). */
export const MAX_STAT = 8

/** Book citations the variants and field descriptions use (user-visible: no internal document names). */
const CARD = "Bushido: Risen Sun rulebook (its French quick-reference card)"
const REFERENCE = "the publisher's online rules reference"

export const variants: readonly VariantDoc[] = [
  {
    key: 'zeroAttack',
    label: 'An Attack of 0 (every Attack die rolled 1) against a Defence of 0',
    default: 'tie-can-hit',
    values: [
      { value: 'tie-can-hit', label: 'a tie like any other: won on the tiebreakers it is a hit at Success Level 0 (the reference read literally)' },
      { value: 'no-hit', label: 'no hit unless at least one Attack die is not a 1' },
    ],
    source: `${CARD} pp.38–42 (Melee Exchange); ${REFERENCE} (Tests, Opposed Test)`,
  },
  {
    key: 'allOnes',
    label: 'Brutal (X) / Parry (X) when every Attack (Defence) die rolled 1',
    default: 'zero',
    values: [
      { value: 'zero', label: 'the result is 0: the bonus goes on the highest die, and none is left' },
      { value: 'modifiers', label: 'the bonus still adds X, since dice were put into that side' },
    ],
    source: `${REFERENCE} (Tests: "If all dice rolled result in 1s, then the final result is considered 0")`,
  },
  {
    key: 'slAboveTen',
    label: 'Success Level above 10 on the Wound Table',
    default: 'formula',
    values: [
      { value: 'formula', label: '+1 wound for every Success Level beyond 10, as the table\'s own columns grow' },
      { value: 'clamp', label: 'read the column for Success Level 10' },
    ],
    source: `${CARD} (Table des Dégâts, the Wound Table)`,
  },
  {
    key: 'shooterRan',
    label: 'Shooter ran this turn (Le Tireur court pendant ce Tour) +1',
    default: 'card',
    values: [
      { value: 'card', label: 'a separate +1 to the Difficulty, as the quick-reference card lists it' },
      { value: 'book', label: 'not a modifier (the online reference lists only "moves as part of this action")' },
    ],
    source: `${CARD} pp.34–36 (Fixer la Difficulté d'un Tir); ${REFERENCE} (Ranged Attacks)`,
    renamed: { seed: 'card' },
  },
  {
    key: 'proneSpecials',
    label: 'Special Attacks / Defences of a Prone (Au Sol) model',
    default: 'none',
    values: [
      { value: 'none', label: 'a Prone model may not use Special Abilities: it declares none while it is Prone' },
      { value: 'allowed', label: 'allowed: the quick-reference card only takes a Melee die from a Prone model and makes it strike second' },
    ],
    source: `${REFERENCE} (Prone: "may not use Special Abilities"); ${CARD} pp.38–42 (Modificateurs, Surprise)`,
  },
  {
    key: 'proneStrikeBack',
    label: 'A model already Prone (Au Sol) when the Melee Exchange begins',
    default: 'no',
    values: [
      { value: 'no', label: 'does not strike back: the second model strikes only if it is still alive, in base contact and not Prone' },
      { value: 'knocked-down-only', label: 'strikes back; only a model knocked Prone during this exchange is stopped' },
    ],
    source: `${CARD} pp.38–42 (Passe d'armes: "si elle est toujours vivante, en CSS avec l'Attaquant et n'est pas Au Sol")`,
  },
  {
    key: 'specialDefenceNoAttack',
    label: 'A Special Defence against a model that put no dice in Attack',
    default: 'no-trigger',
    values: [
      { value: 'no-trigger', label: 'does not trigger: a model with no Attack dice makes no strike, so no Attack fails against the Defence' },
      { value: 'triggers', label: 'triggers: the comparison is still made against an Attack of 0, and the defender wins it (the card only asks for dice in Defence)' },
    ],
    source: `${CARD} pp.38–42 (Passe d'armes: "Sans dé attribué à la Défense, aucune Défense Spéciale ne se déclenche"); ${REFERENCE} (Melee Exchange)`,
  },
]

/** States (États) that cost −1 Melee Pool each (the reference card: Au Sol, Aveuglée, Étourdie, Apeurée, Paralysée). */
export const STATES = ['prone', 'blind', 'stunned', 'frightened', 'held'] as const
export type State = (typeof STATES)[number]
export const SIZES = ['tiny', 'small', 'medium', 'large', 'huge'] as const
export type Size = (typeof SIZES)[number]

export const splitRules = ['all-attack', 'all-defence', 'even', 'all-attack-when-enemy-wounded', 'defend-when-wounded'] as const
export type SplitRule = (typeof splitRules)[number]

const fixedSplit = z.strictObject({
  attack: int(0, 2 * MAX_STAT).describe('Dice put into Attack: at most the Melee Pool left after paying for a special; in a game, capped at the pool of that exchange (Bushido rulebook pp.38–42).'),
  defence: int(0, 2 * MAX_STAT).optional().describe('Dice put into Defence. Optional: the rest of the pool; if given in an exchange, attack + defence must use the whole pool.'),
})
export type FixedSplit = z.output<typeof fixedSplit> & { special?: string }

/** A Special Attack or Defence on the weapon grid, with its bracketed cost in dice, e.g. Sweep Attack (1). */
export const specialSchema = z.strictObject({
  ability: oneOf(SPECIAL_KEYS).describe('Which Special Attack or Special Defence (Attaque / Défense Spéciale) the melee weapon offers; it applies when its user wins, or defends, the comparison (Bushido rulebook pp.38–42).'),
  cost: int(1, 4).describe('Its bracketed cost in dice, e.g. Sweep Attack (1): paid from the Melee Pool before the split, and it may not bring the pool to 0 (Bushido rulebook pp.38–42).'),
})

export const modelSchema = z.strictObject({
  id: ident().describe('Short unique id of the model; the situation and the plans refer to it by this id.'),
  name: text(1, 60).describe('The model\'s name as shown in results and in the combat log.'),
  side: oneOf(['a', 'b']).describe('Its warband, a or b; models on opposite sides are enemies (Hostile).'),
  /** Melee Pool statistic (Statistique de Mêlée). */
  melee: int(0, MAX_STAT).describe('Melee Pool statistic (Statistique de Mêlée) from the card: dice for a Melee Exchange before modifiers, split between Attack and Defence (Bushido rulebook pp.38–42).'),
  /** Ranged Pool statistic. */
  ranged: int(0, MAX_STAT).default(0).describe('Ranged Pool statistic from the card: dice for a Ranged Attack (Tir), a Challenge test against the Difficulty; 0 still rolls one die (Bushido rulebook pp.34–36).'),
  wounds: int(1, MAX_WOUNDS).describe('Wounds statistic from the card: wounds it can take; with none left it is Killed and removed (Bushido rulebook, Wound Table).'),
  /** Wounds already taken when the scenario starts. */
  woundsTaken: int(0, MAX_WOUNDS - 1).default(0).describe('Wounds already taken when the scenario starts; below Wounds. Split rules that react to wounds see it (Bushido rulebook, Wound Table).'),
  size: oneOf(SIZES).default('medium').describe('Size when shot at: Tiny +1, Small +0, Medium −1, Large −2, Huge −3 to the Difficulty; also the test to hit it in base contact (Bushido rulebook pp.34–36).'),
  armour: int(0, 6).default(0).describe('Armour (X): −X to every Damage Roll against it, less the attacker\'s Pierce (Bushido rulebook, Wound Table).'),
  tough: int(-3, 6).default(0).describe('Tough (X): each hit on it deals X fewer wounds after the Wound Table; a negative X adds wounds (Bushido rulebook, Wound Table).'),
  durable: flag().default(false).describe('Durable: a Damage Roll against it deals at most 1 wound, applied after Tough (Bushido rulebook, Wound Table).'),
  strong: flag().default(false).describe('Strong: its Damage Rolls (melee and ranged) roll 3D6 and keep the two highest; Strong and Weak together cancel (Bushido rulebook, Wound Table).'),
  weak: flag().default(false).describe('Weak: its Damage Rolls (melee and ranged) roll 3D6 and keep the two lowest; Strong and Weak together cancel (Bushido rulebook, Wound Table).'),
  /** Melee weapon Strength (added to the Damage Roll) and Pierce (ignores that much Armour). */
  strength: int(-3, 3).default(0).describe('Strength of its melee weapon, −3 to +3: added to its melee Damage Rolls (weapon grid; Bushido rulebook, Wound Table).'),
  pierce: int(0, 6).default(0).describe('Pierce (X) of its melee weapon: the target\'s Armour counts X lower (not below 0) against its melee hits (Bushido rulebook, Wound Table).'),
  /** Brutal (X): +X to the final Attack if any dice went to Attack. */
  brutal: int(0, 3).default(0).describe('Brutal (X) of its melee weapon: +X to its final Attack, hence to the SL, when it put any dice in Attack (Bushido rulebook pp.38–42).'),
  /** Parry (X): +X to the final Defence (on the highest Defence die) if any dice went to Defence. */
  parry: int(0, 3).default(0).describe('Parry (X) of its melee weapon: +X to its final Defence when it put any dice in Defence (Bushido rulebook pp.38–42).'),
  reach: flag().default(false).describe('Reach weapon: takes the Initiative if the two were not in base contact (CSS) at the start of the activation; if both have Reach neither benefits (Bushido rulebook pp.38–42).'),
  /** Unblockable (X): when it puts dice in Attack, the enemy removes its X highest Defence dice after the roll. */
  unblockable: int(0, 3).default(0).describe('Unblockable (X): when it puts dice in Attack, the enemy removes its X highest Defence dice after the roll (Bushido rulebook pp.38–42).'),
  /** Special Attacks / Defences (Techniques Martiales Spéciales) of its melee weapon. */
  specials: z.array(specialSchema, { error: 'must be a list of { ability, cost }' }).max(4, { error: 'must list at most 4 specials' }).default([]).describe('Special Attacks / Defences (Techniques Martiales Spéciales) on its melee weapon grid, at most 4; one may be declared per exchange (Bushido rulebook pp.38–42).'),
  lightningReflexes: flag().default(false).describe('Lightning Reflexes: always the first Attacker in a Melee Exchange, beating Reach, unless Prone or Surprised; if both have it neither benefits (Bushido rulebook pp.38–42).'),
  rangedStrength: int(-3, 3).default(0).describe('Strength of its ranged weapon, −3 to +3: added to its ranged Damage Rolls (Bushido rulebook, Wound Table).'),
  rangedPierce: int(0, 6).default(0).describe('Pierce (X) of its ranged weapon: the target\'s Armour counts X lower (not below 0) against its shots (Bushido rulebook, Wound Table).'),
  /**
   * Brutal (X) of the ranged weapon: +X to the final Ranged Attack result, always (in melee only when
   * dice went to Attack). A weapon trait like Strength and Pierce, so the melee `brutal` does not carry
   * over. @see docs/rules/bushido.md section 4 "Brutal (X) adds X to the final Attack result (melee, ...; ranged always)"
   */
  rangedBrutal: int(0, 3).default(0).describe('Brutal (X) of its ranged weapon: +X to every final Ranged Attack result, hence to the SL (Bushido rulebook, Wound Table).'),
  /** Ammo (X): shots before the weapon is empty; omitted = unlimited. */
  ammo: int(0, 20).optional().describe('Ammo (X) of its ranged weapon (Munitions): shots it holds, one spent per Ranged Attack; at 0 it cannot shoot. Leave empty for unlimited (Bushido rulebook pp.34–36).'),
  /** Reload (X): Reloading markers gained per shot. */
  reload: int(0, 3).default(0).describe('Reload (X): Reloading markers (Rechargement) gained per shot; it cannot shoot while it has any, and a Wait action removes one (Bushido rulebook pp.34–36).'),
  tactician: int(0, 3).default(0).describe('Tactician (X): +X dice to its side\'s Tactical Test (Test de Tactique) in a game; only the side\'s best living Tactician counts (Bushido rulebook pp.22–23).'),
  /**
   * Ki statistic X/Y (Bushido rulebook pp.54–56): `ki` = X, the Ki gained in each Starting Phase (Génération de Ki)
   * and by the Focus action; `kiMax` = Y, the most Ki tokens it can hold; `kiBoostCost` = the boost
   * cost printed by the Melee Pool (Ki per +1 die); `kiTokens` = Ki it holds when the scenario starts.
   */
  ki: int(0, MAX_STAT).default(0).describe('Ki generated, the X of its Ki X/Y: gained each Starting Phase (Génération de Ki) and by Focus (Concentration), up to kiMax (Bushido rulebook pp.54–56).'),
  kiMax: int(0, 20).default(0).describe('Most Ki tokens it can hold, the Y of its Ki X/Y; Ki beyond it is discarded (Bushido rulebook pp.22–23, 54–56).'),
  kiBoostCost: int(1, 4).default(1).describe('Ki paid per Ki Boost (Boost Ki) on its Melee Pool: +1 die each, never above double the Melee statistic (Bushido rulebook pp.38–42, 54–56).'),
  kiTokens: int(0, 20).default(0).describe('Ki tokens it holds when the scenario starts, at most kiMax; Ki Boosts are paid from them (Bushido rulebook pp.54–56).'),
  states: z.array(oneOf(STATES), { error: 'must be a list of states' }).default([]).describe('States (États): Prone (Au Sol), Blind (Aveuglée), Stunned (Étourdie), Frightened (Apeurée), Held (Paralysée); −1 Melee Pool each; Prone strikes second (Bushido rulebook pp.38–42).'),
  /** Situation flags: ran this turn (a couru), exhausted (Épuisée), declared Stand Up (Se Relever). */
  ran: flag().default(false).describe('Ran this turn (a couru ce Tour-ci): −1 Melee Pool and +1 Difficulty to shoot at it; +1 to its own shots under rule shooterRan (Bushido rulebook pp.34–42).'),
  exhausted: flag().default(false).describe('Exhausted (Épuisée), no Activation counters left: −1 Melee Pool in a single exchange; in a game its counters decide (Bushido rulebook pp.27–29, 38–42).'),
  standingUp: flag().default(false).describe('Declared a Stand Up action (Se Relever) while in base contact: −1 Melee Pool in the exchange that follows (Bushido rulebook pp.27–29, 38–42).'),
  /** Enemies assisting against this model (Assistance en Mêlée, −1 each). */
  assistingEnemies: int(0, 4).default(0).describe('Melee Assist (Assistance en Mêlée): other enemies in base contact helping against it, −1 Melee Pool each (Bushido rulebook pp.38–42).'),
})
export type Model = z.output<typeof modelSchema>

export const planSchema = z.strictObject({
  model: ident().describe('Id of the model that follows this plan in its Melee Exchanges; a model without a plan plays the recommended mix.'),
  /** A fixed split { attack, defence? }; when given it overrides `rule`. */
  split: fixedSplit.optional().describe('A fixed secret split of the Melee Pool into Attack and Defence dice (Répartition des dés); when given it overrides rule (Bushido rulebook pp.38–42).'),
  /** With a fixed split: the Special Attack/Defence declared (one of the model's `specials`); its cost comes off the pool first. */
  special: oneOf(SPECIAL_KEYS).optional().describe('With a fixed split: the Special Attack / Defence declared, one of the model\'s specials; its cost comes off the pool first (Bushido rulebook pp.38–42).'),
  /** "recommended" (the equilibrium mix of the split matrix) or a split rule. */
  rule: oneOf(['recommended', 'best-reply', ...splitRules]).default('recommended').describe('Split without a fixed one: recommended (the equilibrium mix, safe against any opponent); best-reply (the best answer to the opponent\'s known plan: its fixed split or split rule, or its mix); all-attack; all-defence; even (half Attack, rounded up); or even until wounded, then all Attack (enemy wounded) / all Defence (self wounded).'),
  /**
   * Ki Boosts (Boosts Ki) on the Melee Pool in each exchange: a number of boosts (+1 die each, paying
   * `kiBoostCost` Ki per die) or "all" — as many as its Ki pays for — never above double the Melee
   * statistic. @see docs/rules/bushido.md section 2 step 3
   */
  kiBoost: z.union([int(0, 2 * MAX_STAT), z.literal('all')], { error: `must be a whole number 0–${2 * MAX_STAT} or "all"` }).default(0).describe('Ki Boosts (Boost Ki) on the Melee Pool in each exchange: a number (+1 die per kiBoostCost Ki) or "all" it can pay; never above double Melee; none while Surprised (Bushido rulebook pp.54–56).'),
})
export type SplitPlan = z.output<typeof planSchema>
/** What a plan amounts to: a fixed split, the recommended mix, or a rule. */
export type SplitChoice = FixedSplit | 'recommended' | 'best-reply' | SplitRule

export function choiceOf(plan: SplitPlan | undefined): SplitChoice {
  if (!plan) return 'recommended'
  return plan.split ? { ...plan.split, special: plan.special } : plan.rule
}

export const exchangeSchema = z.strictObject({
  kind: z.literal('exchange', { error: 'must be "exchange", "shot" or "game"' }).describe('exchange: one Melee Exchange (Passe d\'armes) between the activating model and an enemy (Bushido rulebook pp.38–42).'),
  /** The Activating model (figurine Active): Initiative by default, its player is the Active Player. */
  activating: ident().describe('Id of the Activating model (figurine Active): it has the Initiative by default, and its player is the Active Player, who wins ties (Bushido rulebook pp.38–42).'),
  opponent: ident().describe('Id of the enemy model it fights.'),
  charge: flag().default(false).describe('The activating model Charges (Charge): +2 to its Damage Roll in this exchange, and it was not in base contact before, so Reach can count (Bushido rulebook pp.27–29).'),
  /**
   * The activating model Surprises its opponent (the reference card's "SURPRISE"): it started its activation out of
   * base contact and out of the opponent's line of sight, so `engagedAtStart` must be false.
   */
  surprise: flag().default(false).describe('The activating model Surprises the opponent: −1 Melee Pool, always second Attacker, no Ki Boosts; needs engagedAtStart false (Bushido rulebook, Surprise).'),
  /** Were the two in base contact (CSS) at the start of the activation? Reach and Surprise only count if not. */
  engagedAtStart: flag().default(true).describe('Were the two in base contact (CSS) at the start of the activation? If not, Reach can take the Initiative and Surprise is possible (Bushido rulebook pp.38–42, Surprise).'),
})

export const shotSchema = z.strictObject({
  kind: z.literal('shot', { error: 'must be "exchange", "shot" or "game"' }).describe('shot: one Ranged Attack (Tir) by the shooter at a target (Bushido rulebook pp.34–36).'),
  shooter: ident().describe('Id of the model making the Ranged Attack with its Ranged Pool.'),
  target: ident().describe('Id of the enemy model shot at.'),
  /** A model friendly to the shooter in base contact with the target (Cibler une figurine en CSS). */
  engagedAlly: ident().optional().describe('A model friendly to the shooter in base contact with the target: a Ranged Challenge Test (6) decides who is hit, the ally on a failure (Bushido rulebook pp.34–36, Cibler une figurine en CSS).'),
  range: oneOf(['short', 'medium', 'long', 'beyond']).describe('Range band (Portée): short, medium or long sets the base Difficulty 4, 5 or 6; beyond the Long band the shot fails automatically (Bushido rulebook pp.34–36).'),
  cover: flag().default(false).describe('The target is in Cover (à couvert): +2 Difficulty (Bushido rulebook pp.34–36).'),
  shooterMoves: flag().default(false).describe('The shooter moves or will move as part of this action: +1 Difficulty (Bushido rulebook pp.34–36).'),
  alreadyShot: flag().default(false).describe('The shooter already made a Ranged Attack this turn: +1 Difficulty (Bushido rulebook pp.34–36).'),
  surprise: flag().default(false).describe('The target is Surprised by an unseen shooter: −1 Difficulty (Bushido rulebook, Surprise).'),
})

export const tacticSchema = z.strictObject({
  model: ident().describe('Id of the model this tactic drives.'),
  action: oneOf(['melee', 'charge', 'shoot', 'wait']).describe('Out of contact: melee (move in, fight), charge (2 counters, +2 Damage), shoot (if loaded, else Wait) or wait (Attente). In contact it fights; Prone, it Stands Up (Bushido rulebook pp.27–29).'),
  target: ident().optional().describe('Id of the enemy it goes for (required unless it waits); once that enemy is removed it turns on another living enemy.'),
  range: oneOf(['short', 'medium', 'long']).default('medium').describe('Range band when it shoots: short, medium or long, base Difficulty 4, 5 or 6 (Bushido rulebook pp.34–36).'),
  cover: flag().default(false).describe('Its target is in Cover when it shoots: +2 Difficulty (Bushido rulebook pp.34–36).'),
  /**
   * Surprise (the reference card's "SURPRISE"): "never"; "first" — it starts the game out of its target's line of sight
   * (LdV) and stays out of it while it moves in, so its first action against the target from outside
   * base contact Surprises it (afterwards it has been seen); "every" — it keeps out of the target's
   * line of sight (behind it), so every such action Surprises.
   */
  surprise: oneOf(['never', 'first', 'every']).default('never').describe('Surprise: never; first = its first action against the target from out of base contact Surprises it; every = each such action does (Bushido rulebook, Surprise).'),
  /**
   * Concentration / Focus (Complex, not in base contact): at an activation with both counters, out of
   * base contact and holding less Ki than this, the model Focuses (gains its Ki statistic) instead of
   * acting. 0 = never. @see the Bushido reference card (docs/rules/bushido.md) "ACTIONS" (Concentration, Complexe, CSS: Non); docs/rules/bushido.md section 5 (Focus)
   */
  /**
   * A Charge is Complex (2 Activation Counters); with one counter left the card's ACTIONS table still
   * allows the Melee action, which may move into contact. Absent: melee.
   */
  oneCounterLeft: oneOf(['melee', 'wait']).optional().describe('When it is told to charge but has only one Activation Counter left (a Charge takes two): melee = it makes a Melee action, moving into contact, without the Charge\'s +2 Damage (the default); wait = it Waits (Attente) instead (Bushido rulebook pp.27–29).'),
  focusBelow: int(0, 20).default(0).describe('Focus (Concentration): with both counters, out of contact and holding less Ki than this, it Focuses (gains its Ki) instead of acting; 0 = never (Bushido rulebook pp.54–56).'),
})
export type Tactic = z.output<typeof tacticSchema>

export const gameSchema = z.strictObject({
  kind: z.literal('game', { error: 'must be "exchange", "shot" or "game"' }).describe('game: whole Game Turns (Tour de jeu) with Ki, Activation counters, the Tactical Test and each model\'s tactic, until a side is wiped out or the turns end (Bushido rulebook pp.22–23).'),
  turns: int(1, 8).describe('Game Turns to play, 1–8; must be 7 with variableFrom (Bushido rulebook pp.22–23).'),
  /**
   * Variable (X) game length (Test pour la Durée Variable des Scénarios): from the Starting Phase of Turn X
   * on, a D6 is rolled each turn; on 4+ the game finishes at the end of that Turn; it always finishes after
   * the seventh Turn, so `turns` must then be 7. Omitted: a Fixed game of `turns` Turns.
   * @see the Bushido reference card (docs/rules/bushido.md) "PHASE INITIALE"; docs/rules/bushido.md section 5 (Starting Phase); the publisher's reference, Game Length / Variable (X)
   */
  variableFrom: int(1, 7).optional().describe('Variable (X) length: from Turn X a D6 in each Starting Phase ends the game after that Turn on 4+; always over after Turn 7. Empty: fixed length (Bushido rulebook pp.22–23).'),
  /** Pairs of models in base contact when the game starts. */
  engaged: z.array(z.tuple([ident(), ident()]), { error: 'must be a list of [id, id] pairs' }).default([]).describe('Pairs of enemy model ids already in base contact (CSS) when the game starts.'),
  tactics: z.array(tacticSchema, { error: 'must be a list of tactics' }).default([]).describe('What each model does when it activates; a model without a tactic fights if in base contact, else Waits.'),
  /** Spend Pass Tokens (jetons Passe) whenever the opponent can still activate. */
  passTokens: oneOf(['spend', 'keep']).default('spend').describe('Pass Tokens (jetons Passe) of the smaller warband: spend = pass whenever the enemy can still activate; keep = never pass (Bushido rulebook pp.22–23).'),
})

export const situationSchema = z.discriminatedUnion('kind', [exchangeSchema, shotSchema, gameSchema], {
  error: 'must be an object whose kind is "exchange", "shot" or "game"',
}).describe('What to play: one Melee Exchange (exchange), one Ranged Attack (shot) or a game of several Game Turns (game).')
export type Situation = z.output<typeof situationSchema>
export type Exchange = z.output<typeof exchangeSchema>
export type Shot = z.output<typeof shotSchema>
export type Game = z.output<typeof gameSchema>
