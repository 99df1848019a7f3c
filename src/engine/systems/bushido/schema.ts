import { z } from 'zod'
import type { VariantDoc } from '../../core/scenario'
import { flag, ident, int, oneOf, text } from '../../core/schema'
import { SPECIAL_KEYS } from './specials'

/**
 * Scenario schema for Bushido: Risen Sun. A scenario lists models (each a card: Melee and Ranged Pool,
 * Wounds, traits, current states) and one situation to play: a single Melee Exchange (Passe d'armes),
 * a single Ranged Attack (Tir), or a game of several Game Turns (Tour de jeu).
 * @see ../shared/seeds/002_11de1dfa6a3af03c.txt and rules.md §4
 */

export const SYSTEM_ID = 'bushido'
export const MAX_MODELS = 8
/** Largest statistic accepted (a statistic can at most double its base, rules.md §4.2). */
export const MAX_STAT = 8

export const variants: readonly VariantDoc[] = [
  {
    key: 'zeroAttack',
    label: 'Attack 0 (every Attack die rolled 1) against Defence 0',
    default: 'tie-can-hit',
    values: [
      { value: 'tie-can-hit', label: 'a tie like any other: won on tiebreakers it is an SL 0 hit (literal B1)' },
      { value: 'no-hit', label: 'no hit without at least one non-1 Attack die' },
    ],
    source: 'rules.md §8 A11, §7.5 caveat [S B1 literal reading]',
  },
  {
    key: 'allOnes',
    label: 'Brutal (X) / Parry (X) when every Attack (Defence) die rolled 1',
    default: 'zero',
    values: [
      { value: 'zero', label: 'the final result is 0: the modifiers apply to the highest die and none is left (rules.md §4.2)' },
      { value: 'modifiers', label: 'the modifiers still add X, since dice were allocated to that type' },
    ],
    source: 'rules.md §4.2 "if every die rolled 1, final = 0", §4.5 step 8; B1 Tests "If all dice rolled result in 1s, then the final result is considered 0" [A for the alternative]',
  },
  {
    key: 'slAboveTen',
    label: 'Success Level above 10 on the Wound Table',
    default: 'formula',
    values: [
      { value: 'formula', label: '+1 wound per SL beyond 10 (the table\'s own formula)' },
      { value: 'clamp', label: 'read column 10' },
    ],
    source: 'rules.md §8 A12, §4.7 [A]',
  },
  {
    key: 'shooterRan',
    label: 'Shooter ran this turn (Le Tireur court pendant ce Tour) +1',
    default: 'seed',
    values: [
      { value: 'seed', label: 'separate +1, as on the seed card' },
      { value: 'book', label: 'not a modifier (B1 lists only "moves as part of this action")' },
    ],
    source: 'rules.md §8 A13; seed 002 "FIXER LA DIFFICULTÉ D\'UN TIR" vs B1',
  },
  {
    key: 'proneSpecials',
    label: 'Special Attacks / Defences of a Prone (Au Sol) model',
    default: 'allowed',
    values: [
      { value: 'allowed', label: 'allowed: neither the seed nor rules.md §4 forbids them (a Prone model only loses 1 Melee die and strikes second)' },
      { value: 'none', label: 'a Prone model may not use Special Abilities (B1 Prone, not quoted in rules.md): a declared special is rejected, and in a game it is dropped while the model is Prone' },
    ],
    source: 'rules.md §4.5 (Prone: −1 Melee Pool, always the second Attacker; nothing on specials), seed 002 "MODIFICATEURS" and "SURPRISE" (only a Surprised model is said to keep its Techniques Spéciales) vs B1 Prone [A]',
  },
]

/** States (États) that cost −1 Melee Pool each (seed: Au Sol, Aveuglée, Étourdie, Apeurée, Paralysée). */
export const STATES = ['prone', 'blind', 'stunned', 'frightened', 'held'] as const
export type State = (typeof STATES)[number]
export const SIZES = ['tiny', 'small', 'medium', 'large', 'huge'] as const
export type Size = (typeof SIZES)[number]

export const splitRules = ['all-attack', 'all-defence', 'even', 'all-attack-when-enemy-wounded', 'defend-when-wounded'] as const
export type SplitRule = (typeof splitRules)[number]

const fixedSplit = z.strictObject({ attack: int(0, 2 * MAX_STAT), defence: int(0, 2 * MAX_STAT).optional() })
export type FixedSplit = z.output<typeof fixedSplit> & { special?: string }

/** A Special Attack or Defence on the weapon grid, with its bracketed cost in dice, e.g. Sweep Attack (1). */
export const specialSchema = z.strictObject({ ability: oneOf(SPECIAL_KEYS), cost: int(1, 4) })

export const modelSchema = z.strictObject({
  id: ident(),
  name: text(1, 60),
  side: oneOf(['a', 'b']),
  /** Melee Pool statistic (Statistique de Mêlée). */
  melee: int(0, MAX_STAT),
  /** Ranged Pool statistic. */
  ranged: int(0, MAX_STAT).default(0),
  wounds: int(1, 20),
  /** Wounds already taken when the scenario starts. */
  woundsTaken: int(0, 19).default(0),
  size: oneOf(SIZES).default('medium'),
  armour: int(0, 6).default(0),
  tough: int(-3, 6).default(0),
  durable: flag().default(false),
  strong: flag().default(false),
  weak: flag().default(false),
  /** Melee weapon Strength (added to the Damage Roll) and Pierce (ignores that much Armour). */
  strength: int(-3, 3).default(0),
  pierce: int(0, 6).default(0),
  /** Brutal (X): +X to the final Attack if any dice went to Attack. */
  brutal: int(0, 3).default(0),
  /** Parry (X): +X to the final Defence (on the highest Defence die) if any dice went to Defence. */
  parry: int(0, 3).default(0),
  reach: flag().default(false),
  /** Unblockable (X): when it puts dice in Attack, the enemy removes its X highest Defence dice after the roll. */
  unblockable: int(0, 3).default(0),
  /** Special Attacks / Defences (Techniques Martiales Spéciales) of its melee weapon. */
  specials: z.array(specialSchema, { error: 'must be a list of { ability, cost }' }).max(4, { error: 'must list at most 4 specials' }).default([]),
  lightningReflexes: flag().default(false),
  rangedStrength: int(-3, 3).default(0),
  rangedPierce: int(0, 6).default(0),
  /**
   * Brutal (X) of the ranged weapon: +X to the final Ranged Attack result, always (in melee only when
   * dice went to Attack). A weapon trait like Strength and Pierce, so the melee `brutal` does not carry
   * over. @see rules.md §4.7 "Brutal (X) adds X to the final Attack result (melee, ...; ranged always)"
   */
  rangedBrutal: int(0, 3).default(0),
  /** Ammo (X): shots before the weapon is empty; omitted = unlimited. */
  ammo: int(0, 20).optional(),
  /** Reload (X): Reloading markers gained per shot. */
  reload: int(0, 3).default(0),
  tactician: int(0, 3).default(0),
  /**
   * Ki statistic X/Y (rules.md §4.8): `ki` = X, the Ki gained in each Starting Phase (Génération de Ki)
   * and by the Focus action; `kiMax` = Y, the most Ki tokens it can hold; `kiBoostCost` = the boost
   * cost printed by the Melee Pool (Ki per +1 die); `kiTokens` = Ki it holds when the scenario starts.
   */
  ki: int(0, MAX_STAT).default(0),
  kiMax: int(0, 20).default(0),
  kiBoostCost: int(1, 4).default(1),
  kiTokens: int(0, 20).default(0),
  states: z.array(oneOf(STATES), { error: 'must be a list of states' }).default([]),
  /** Situation flags: ran this turn (a couru), exhausted (Épuisée), declared Stand Up (Se Relever). */
  ran: flag().default(false),
  exhausted: flag().default(false),
  standingUp: flag().default(false),
  /** Enemies assisting against this model (Assistance en Mêlée, −1 each). */
  assistingEnemies: int(0, 4).default(0),
})
export type Model = z.output<typeof modelSchema>

export const planSchema = z.strictObject({
  model: ident(),
  /** A fixed split { attack, defence? }; when given it overrides `rule`. */
  split: fixedSplit.optional(),
  /** With a fixed split: the Special Attack/Defence declared (one of the model's `specials`); its cost comes off the pool first. */
  special: oneOf(SPECIAL_KEYS).optional(),
  /** "recommended" (the equilibrium mix of the split matrix) or a split rule. */
  rule: oneOf(['recommended', ...splitRules]).default('recommended'),
  /**
   * Ki Boosts (Boosts Ki) on the Melee Pool in each exchange: a number of boosts (+1 die each, paying
   * `kiBoostCost` Ki per die) or "all" — as many as its Ki pays for — never above double the Melee
   * statistic. @see rules.md §4.5 step 4, §4.8
   */
  kiBoost: z.union([int(0, 2 * MAX_STAT), z.literal('all')], { error: `must be a whole number 0–${2 * MAX_STAT} or "all"` }).default(0),
})
export type SplitPlan = z.output<typeof planSchema>
/** What a plan amounts to: a fixed split, the recommended mix, or a rule. */
export type SplitChoice = FixedSplit | 'recommended' | SplitRule

export function choiceOf(plan: SplitPlan | undefined): SplitChoice {
  if (!plan) return 'recommended'
  return plan.split ? { ...plan.split, special: plan.special } : plan.rule
}

export const exchangeSchema = z.strictObject({
  kind: z.literal('exchange', { error: 'must be "exchange", "shot" or "game"' }),
  /** The Activating model (figurine Active): Initiative by default, its player is the Active Player. */
  activating: ident(),
  opponent: ident(),
  charge: flag().default(false),
  /**
   * The activating model Surprises its opponent (seed "SURPRISE"): it started its activation out of
   * base contact and out of the opponent's line of sight, so `engagedAtStart` must be false.
   */
  surprise: flag().default(false),
  /** Were the two in base contact (CSS) at the start of the activation? Reach and Surprise only count if not. */
  engagedAtStart: flag().default(true),
})

export const shotSchema = z.strictObject({
  kind: z.literal('shot', { error: 'must be "exchange", "shot" or "game"' }),
  shooter: ident(),
  target: ident(),
  /** A model friendly to the shooter in base contact with the target (Cibler une figurine en CSS). */
  engagedAlly: ident().optional(),
  range: oneOf(['short', 'medium', 'long', 'beyond']),
  cover: flag().default(false),
  shooterMoves: flag().default(false),
  alreadyShot: flag().default(false),
  surprise: flag().default(false),
})

export const tacticSchema = z.strictObject({
  model: ident(),
  action: oneOf(['melee', 'charge', 'shoot', 'wait']),
  target: ident().optional(),
  range: oneOf(['short', 'medium', 'long']).default('medium'),
  cover: flag().default(false),
  /**
   * Surprise (seed "SURPRISE"): "never"; "first" — it starts the game out of its target's line of sight
   * (LdV) and stays out of it while it moves in, so its first action against the target from outside
   * base contact Surprises it (afterwards it has been seen); "every" — it keeps out of the target's
   * line of sight (behind it), so every such action Surprises.
   */
  surprise: oneOf(['never', 'first', 'every']).default('never'),
  /**
   * Concentration / Focus (Complex, not in base contact): at an activation with both counters, out of
   * base contact and holding less Ki than this, the model Focuses (gains its Ki statistic) instead of
   * acting. 0 = never. @see seed 002 "ACTIONS" (Concentration, Complexe, CSS: Non); rules.md §4.4, §4.8
   */
  focusBelow: int(0, 20).default(0),
})
export type Tactic = z.output<typeof tacticSchema>

export const gameSchema = z.strictObject({
  kind: z.literal('game', { error: 'must be "exchange", "shot" or "game"' }),
  turns: int(1, 8),
  /**
   * Variable (X) game length (Test pour la Durée Variable des Scénarios): from the Starting Phase of Turn X
   * on, a D6 is rolled each turn; on 4+ the game finishes at the end of that Turn; it always finishes after
   * the seventh Turn, so `turns` must then be 7. Omitted: a Fixed game of `turns` Turns.
   * @see seed 002 "PHASE INITIALE"; rules.md §4.3 step 1; B1 Game Length / Variable (X)
   */
  variableFrom: int(1, 7).optional(),
  /** Pairs of models in base contact when the game starts. */
  engaged: z.array(z.tuple([ident(), ident()]), { error: 'must be a list of [id, id] pairs' }).default([]),
  tactics: z.array(tacticSchema, { error: 'must be a list of tactics' }).default([]),
  /** Spend Pass Tokens (jetons Passe) whenever the opponent can still activate. */
  passTokens: oneOf(['spend', 'keep']).default('spend'),
})

export const situationSchema = z.discriminatedUnion('kind', [exchangeSchema, shotSchema, gameSchema], {
  error: 'must be an object whose kind is "exchange", "shot" or "game"',
})
export type Situation = z.output<typeof situationSchema>
export type Exchange = z.output<typeof exchangeSchema>
export type Shot = z.output<typeof shotSchema>
export type Game = z.output<typeof gameSchema>
