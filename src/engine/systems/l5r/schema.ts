import { z } from 'zod'
import { envelope, rulesSchema, type VariantDoc } from '../../core/scenario'
import { flag, ident, int, oneOf, text } from '../../core/schema'

/**
 * Scenario schema for Legend of the Five Rings skirmishes (seed 004, L5R 4e).
 * @see ../shared/seeds/004_8c5c3f10224adcd9.txt, rules.md §6 and rules-combat.md §C3, §C4.4
 */

export const SYSTEM_ID = 'l5r'
export const MAX_COMBATANTS = 8
export const MAX_ROUNDS = 30

export const STANCES = ['attack', 'full-attack', 'defense', 'full-defense', 'center'] as const
export type Stance = (typeof STANCES)[number]

/**
 * never: acts when reached. once: lets the next character act, then acts. after-target: delays until
 * his target has taken its Turn this Round. to-last: delays as long as anyone else can act.
 */
export const DELAYS = ['never', 'once', 'after-target', 'to-last'] as const
export type Delay = (typeof DELAYS)[number]

export const ARMORS = ['none', 'ashigaru', 'light', 'heavy', 'riding'] as const

/**
 * When to spend a Void Point this Round (rules.md §6.1): none; attack: +1k1 on his attack roll
 * (declared before rolling); armor: +10 Armor TN for the Round (declared at Round start, expires in
 * the Reaction stage); wounds: reduce the wounds of the first hit of 10 or more by 10; damage: +1k1
 * on the damage roll of his first hit this Round (katana only: "not damage rolls", except "Katana: a
 * Void Point may add +1k1 to its damage"); initiative: +10 Initiative for the rest of the skirmish,
 * declared at Round start, bought once (the bonus is "for the skirmish"; later Rounds planning it spend nothing).
 */
export const VOID_USES = ['none', 'attack', 'armor', 'wounds', 'damage', 'initiative'] as const
export type VoidUse = (typeof VOID_USES)[number]
export type Armor = (typeof ARMORS)[number]

export const variants: readonly VariantDoc[] = [
  {
    key: 'oddExcessRolled',
    label: 'Ten Dice Rule: a single leftover rolled die while kept < 10 (11k4)',
    default: 'discard',
    values: [
      { value: 'discard', label: 'the die is lost (11k4 → 10k4), as the quoted 4e text reads' },
      { value: 'plus2', label: 'the die is worth +2 (11k4 → 10k4 +2), as several implementations do' },
    ],
    source: 'rules.md §8 A17, §6.2 [S L2 text; L2 code and salt-and-iron summary give +2]',
  },
  {
    key: 'keptOverRolled',
    label: 'More kept than rolled dice (3k4)',
    default: 'cap',
    values: [
      { value: 'cap', label: 'keep what was rolled (3k4 → 3k3)' },
      { value: 'move-to-rolled', label: 'excess kept dice become rolled dice (3k4 → 4k3, 3e habit)' },
    ],
    source: 'rules.md §8 A18, §6.2',
  },
  {
    key: 'initiativeTies',
    label: 'Equal Initiative Scores',
    default: 'traits-then-random',
    values: [
      { value: 'traits-then-random', label: 'higher initiative trait first, then higher rank, then a random order kept for the skirmish' },
      { value: 'simultaneous', label: 'tied characters act at once: their attacks land together at the end of the tie' },
    ],
    source: 'rules.md §8 A19, §6.3 (no source gives a tie rule)',
  },
  {
    key: 'damageExplodes',
    label: 'Damage dice explode on 10s',
    default: 'yes',
    values: [
      { value: 'yes', label: 'yes: every roll but an unskilled one explodes' },
      { value: 'no', label: 'no: damage dice never explode' },
    ],
    source: 'rules.md §8 A20, rules-combat.md §C3.2 [I L6, S L8]',
  },
  {
    key: 'everyoneDelays',
    label: 'When every participant delays',
    default: 'round-ends',
    values: [
      { value: 'round-ends', label: 'the lowest must act, then the Round ends: the others lose their Turns (seed text)' },
      { value: 'delayers-act', label: 'the lowest must act, then the delayers get their chance again' },
    ],
    source: 'seed 004 Stage 2 ("he must take his Turn, then the Round ends"); rules.md §6.3',
  },
  {
    key: 'voidPerRound',
    label: 'Void Points a character may spend in one Round',
    default: 'one',
    values: [
      { value: 'one', label: 'one per Round (rules.md §6.1 "normally one per Round"; rules-combat.md §C3.1 "once per Round")' },
      { value: 'one-per-effect', label: 'one per roll or per source of wounds, any number per Round (the limit is read as per effect)' },
    ],
    source: 'rules.md §6.1, rules-combat.md §C3.1, §C3.2',
  },
  {
    key: 'defenseMastery',
    label: 'Defense skill Mastery Abilities in the defensive Stances',
    default: 'yes',
    values: [
      { value: 'yes', label: 'Defense 3: may keep the last Full Defense roll while staying in Full Defense (kept when at least average); Defense 5: +3 Armor TN in Defense and Full Defense' },
      { value: 'no', label: 'no Mastery Abilities' },
    ],
    source: 'rules.md §6.4 (Full Defense row) [S L3 stance guide]',
  },
  {
    key: 'down',
    label: 'A character at Down',
    default: 'defeated',
    values: [
      { value: 'defeated', label: 'counts as defeated: his side may lose, and nobody attacks him further' },
      { value: 'fights-on', label: 'still in the fight (Free actions only, so no attacks) until Out; foes keep attacking him' },
      { value: 'void-to-act', label: 'may act by spending a Void Point per Turn (Free actions only, so no attacks); in the fight while he has Void Points left, defeated when they run out' },
    ],
    source: 'rules-combat.md §C5 A37, §C3.3',
  },
]

const weaponSchema = z.strictObject({
  name: text(1, 40).default('katana'),
  rolled: int(0, 10),
  kept: int(1, 10),
  /** A Void Point may add +1k1 to its damage (the katana's property, rules.md §6.1); defaults to yes when named "katana". */
  voidDamage: flag().optional(),
})

/** Whether Void may go on this weapon's damage: its flag, else whether it is named katana. */
export function weaponTakesVoid(w: { name: string; voidDamage?: boolean }): boolean {
  return w.voidDamage ?? w.name.trim().toLowerCase() === 'katana'
}

export const combatantSchema = z.strictObject({
  id: ident(),
  name: text(1, 60),
  side: oneOf(['A', 'B']),
  /** The seed's Agility (4e Reflexes): Initiative keep, Armor TN, Full Defense keep. */
  agility: int(1, 10),
  /** The seed's Class Rank (4e Insight Rank): rolled, not kept, for Initiative. */
  classRank: int(1, 10),
  /** Trait kept on the attack roll (4e Agility); defaults to `agility`. */
  attackTrait: int(1, 10).optional(),
  /** Weapon skill; 0 = unskilled, so the attack roll does not explode. */
  attackSkill: int(0, 10),
  strength: int(1, 10),
  air: int(1, 10).default(2),
  defenseSkill: int(0, 10).default(0),
  earth: int(1, 10),
  void: int(1, 10).default(2),
  weapon: weaponSchema.default({ name: 'katana', rolled: 3, kept: 2 }),
  armor: oneOf(ARMORS).default('none'),
  /** Void Points for the skirmish; defaults to the Void Ring (rules.md §6.1). */
  voidPoints: int(0, 10).optional(),
  /** Attacks per Turn: 2 for school techniques that make attacks Simple actions (rules-combat.md §C3.1). */
  attacksPerTurn: int(1, 2).default(1),
})

export const roundPlanSchema = z.strictObject({
  stance: oneOf(STANCES).default('attack'),
  delay: oneOf(DELAYS).default('never'),
  /** Raises for increased damage on each attack, +5 TN and +1k0 damage each (at most Void). */
  raises: int(0, 10).default(0),
  /** A38: ignore `raises` and call the Raises that maximise expected wounds against the TN he faces, capped at Void. */
  bestRaises: flag().default(false),
  /** When to spend a Void Point this Round (rules.md §6.1). */
  void: oneOf(VOID_USES).default('none'),
})

export const tacticSchema = z.strictObject({
  combatant: ident(),
  target: oneOf(['sticky-first', 'random']).default('sticky-first'),
  /** Round 1, Round 2, ...; the last entry repeats. Round 1's stance is chosen before Initiative. */
  rounds: z.array(roundPlanSchema, { error: 'must be a list of round plans' }).min(1, { error: `must list 1–${MAX_ROUNDS} round plans` }).max(MAX_ROUNDS, { error: `must list 1–${MAX_ROUNDS} round plans` }),
})

export const exactRollSchema = z.strictObject({
  roll: z.string({ error: 'must be a roll such as "6k3" or "12k4+5"' }).regex(/^(0|[1-9]\d?)k(0|[1-9]\d?)([+-]\d{1,2})?$/, { error: 'must be a roll such as "6k3" or "12k4+5"' }),
  explode: flag().default(true),
  tns: z.array(int(1, 200), { error: 'must be a list of TNs' }).max(20, { error: 'must list at most 20 TNs' }).default([]),
})

const baseSchema = z.strictObject({
    ...envelope(SYSTEM_ID),
    rules: rulesSchema(variants),
    traitNames: z.strictObject({ initiative: text(1, 30).default('Agility'), rank: text(1, 30).default('Class Rank') }).default({ initiative: 'Agility', rank: 'Class Rank' }),
    roundCap: int(1, MAX_ROUNDS).default(MAX_ROUNDS),
    onCap: oneOf(['draw', 'most-health']).default('draw'),
    woundMultiplier: int(2, 5).default(2),
    combatants: z.array(combatantSchema, { error: 'must be a list of combatants' }).min(2, { error: `must list 2–${MAX_COMBATANTS} combatants` }).max(MAX_COMBATANTS, { error: `must list 2–${MAX_COMBATANTS} combatants` }),
    tactics: z.array(tacticSchema, { error: 'must be a list of tactics, one per combatant' }),
    exactRolls: z.array(exactRollSchema, { error: 'must be a list of rolls' }).max(20, { error: 'must list at most 20 rolls' }).default([]),
})

/** Rolled dice, kept dice and bonus of a roll written "XkY+B" (already checked by the pattern). */
export function parseRoll(roll: string): { rolled: number; kept: number; bonus: number } {
  const m = /^(\d+)k(\d+)([+-]\d+)?$/.exec(roll)
  if (!m) throw new Error(`not a roll: ${roll}`)
  return { rolled: Number(m[1]), kept: Number(m[2]), bonus: m[3] ? Number(m[3]) : 0 }
}

function crossChecks(s: z.output<typeof baseSchema>, ctx: z.RefinementCtx): void {
  const ids = new Map<string, number>()
  s.combatants.forEach((c, i) => {
    if (ids.has(c.id)) ctx.addIssue({ code: 'custom', path: ['combatants', i, 'id'], message: `must be unique, "${c.id}" is used twice`, input: c.id })
    ids.set(c.id, i)
  })
  for (const side of ['A', 'B']) {
    if (!s.combatants.some((c) => c.side === side)) ctx.addIssue({ code: 'custom', path: ['combatants'], message: `must have at least one combatant on side "${side}"`, input: undefined })
  }
  const known = [...ids.keys()].map((k) => JSON.stringify(k)).join(', ')
  const seen = new Set<string>()
  s.tactics.forEach((t, i) => {
    const c = ids.get(t.combatant)
    if (c === undefined) ctx.addIssue({ code: 'custom', path: ['tactics', i, 'combatant'], message: `must be one of the combatant ids ${known}`, input: t.combatant })
    if (seen.has(t.combatant)) ctx.addIssue({ code: 'custom', path: ['tactics', i, 'combatant'], message: 'must name each combatant once (this one already has a tactic)', input: t.combatant })
    seen.add(t.combatant)
    if (c === undefined) return
    const voidRing = s.combatants[c].void
    t.rounds.forEach((r, k) => {
      if (r.raises > voidRing) ctx.addIssue({ code: 'custom', path: ['tactics', i, 'rounds', k, 'raises'], message: `must be an integer 0–${voidRing} (at most Void Ring ${voidRing} Raises per roll)`, input: r.raises })
      if (r.void === 'damage' && !weaponTakesVoid(s.combatants[c].weapon)) {
        const allowed = VOID_USES.filter((u) => u !== 'damage').map((u) => `"${u}"`).join(', ')
        ctx.addIssue({ code: 'custom', path: ['tactics', i, 'rounds', k, 'void'], message: `must be one of ${allowed}: Void adds to damage only with a katana (weapon "${s.combatants[c].weapon.name}"; set weapon.voidDamage for a katana by another name)`, input: r.void })
      }
    })
  })
  for (const id of ids.keys()) {
    if (!seen.has(id)) ctx.addIssue({ code: 'custom', path: ['tactics'], message: `must give combatant "${id}" a tactic`, input: undefined })
  }
  s.exactRolls.forEach((r, i) => {
    const { rolled, kept } = parseRoll(r.roll)
    if (rolled < 1 || rolled > 40 || kept < 1 || kept > 40) {
      ctx.addIssue({ code: 'custom', path: ['exactRolls', i, 'roll'], message: 'must roll 1–40 dice and keep 1–40 dice (the Ten Dice Rule brings them to 10)', input: r.roll })
    }
  })
}

export const scenarioSchema = baseSchema.superRefine(crossChecks)

export type L5rScenario = z.output<typeof scenarioSchema>
export type Combatant = z.output<typeof combatantSchema>
export type Tactic = z.output<typeof tacticSchema>
export type RoundPlan = z.output<typeof roundPlanSchema>
