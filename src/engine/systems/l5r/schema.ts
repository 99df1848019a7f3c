import { z } from 'zod'
import { envelope, rulesSchema } from '../../core/scenario'
import { variants } from './variants'
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
 * declared at Round start, bought once (the bonus is "for the skirmish"; later Rounds planning it spend nothing);
 * swap-initiative: "swap Initiative with a willing character" (at Round start) — he and the ally named in
 * `swapWith` exchange Initiative Scores (variant initiativeSwap says for how long); skill: "raise a skill
 * 0→1 for the roll" — an unskilled attacker's first attack roll of the Round counts skill 1 (one more
 * rolled die, and its tens explode); initiative-roll: +1k1 on his Initiative roll (Stage 1 of Round 1,
 * declared before rolling; so Round 1 plans only — later Rounds roll no Initiative and spend nothing;
 * [A] the Initiative roll, (Rank + Agility) k Agility, counts as a Trait roll); full-defense: +1k1 on
 * his Full Defense roll ((Defense + Agility) k Agility, a Skill roll) in a Round whose Stance is Full
 * Defense (none spent when Defense Mastery 3 keeps the last roll). Both: rules.md §6.1 "+1k1 to a
 * Skill, Trait, Ring … roll (declared before rolling; not damage rolls)".
 */
export const VOID_USES = ['none', 'attack', 'armor', 'wounds', 'damage', 'initiative', 'swap-initiative', 'skill', 'initiative-roll', 'full-defense'] as const
export type VoidUse = (typeof VOID_USES)[number]
export type Armor = (typeof ARMORS)[number]

export { variants } from './variants'

export const WEAPON_KINDS = ['melee', 'bow'] as const

const weaponSchema = z.strictObject({
  name: text(1, 40).default('katana'),
  /**
   * melee: damage (Strength + rolled) k kept. bow: a ranged attack, (Agility + skill) k Agility (the
   * seed's Agility is 4e Reflexes), damage (min(bowStrength, Strength) + arrow rolled) k arrow kept,
   * and never in Full Attack ("melee only"). Range and movement are not modelled.
   */
  kind: oneOf(WEAPON_KINDS).default('melee'),
  /** The bow's strength rating: the archer adds min(bowStrength, Strength) rolled dice (rules.md §6.5). */
  bowStrength: int(1, 10).optional(),
  rolled: int(0, 10),
  kept: int(1, 10),
  /** A Void Point may add +1k1 to its damage (the katana's property, rules.md §6.1); defaults to yes when named "katana". */
  voidDamage: flag().optional(),
})

/** Whether Void may go on this weapon's damage: never a bow; else its flag, else whether it is named katana. */
export function weaponTakesVoid(w: { name: string; kind?: string; voidDamage?: boolean }): boolean {
  if (w.kind === 'bow') return false
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
  weapon: weaponSchema.default({ name: 'katana', kind: 'melee', rolled: 3, kept: 2 }),
  armor: oneOf(ARMORS).default('none'),
  /** Void Points for the skirmish; defaults to the Void Ring (rules.md §6.1). */
  voidPoints: int(0, 10).optional(),
  /** Attacks per Turn: 2 for school techniques that make attacks Simple actions (rules-combat.md §C3.1). */
  attacksPerTurn: int(1, 2).default(1),
  /** An Emphasis in his weapon skill: his attack rolls reroll 1s once (rules.md §6.1, optional). */
  emphasis: flag().default(false),
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
  /** With void "swap-initiative": the willing ally whose Initiative Score he takes in exchange for his own. */
  swapWith: ident().optional(),
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
  /** An Emphasis: 1s rerolled once (rules.md §6.1). */
  emphasis: flag().default(false),
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

type Ctx = z.RefinementCtx
type Scenario = z.output<typeof baseSchema>

function issue(ctx: Ctx, path: (string | number)[], message: string, input: unknown): void {
  ctx.addIssue({ code: 'custom', path, message, input })
}

/** Bows (rules.md §6.5): a strength rating, Agility kept (4e Reflexes), no attackTrait; an Emphasis needs a skill rank. */
function combatantChecks(s: Scenario, ctx: Ctx): Map<string, number> {
  const ids = new Map<string, number>()
  s.combatants.forEach((c, i) => {
    if (ids.has(c.id)) issue(ctx, ['combatants', i, 'id'], `must be unique, "${c.id}" is used twice`, c.id)
    ids.set(c.id, i)
    const bow = c.weapon.kind === 'bow'
    if (bow && c.weapon.bowStrength === undefined) issue(ctx, ['combatants', i, 'weapon', 'bowStrength'], 'must be an integer 1–10 for a bow (its strength rating; damage adds min(bowStrength, Strength) dice)', undefined)
    if (!bow && c.weapon.bowStrength !== undefined) issue(ctx, ['combatants', i, 'weapon', 'bowStrength'], 'must be omitted unless weapon.kind is "bow"', c.weapon.bowStrength)
    if (bow && c.attackTrait !== undefined) issue(ctx, ['combatants', i, 'attackTrait'], 'must be omitted with a bow: a ranged attack rolls (Agility + skill) k Agility (4e Reflexes)', c.attackTrait)
    if (c.emphasis && c.attackSkill === 0) issue(ctx, ['combatants', i, 'emphasis'], 'must be false when attackSkill is 0 (an Emphasis belongs to a skill he has)', c.emphasis)
  })
  for (const side of ['A', 'B']) {
    if (!s.combatants.some((c) => c.side === side)) issue(ctx, ['combatants'], `must have at least one combatant on side "${side}"`, undefined)
  }
  return ids
}

/** The Void uses other than `use`, quoted, for messages that name the allowed values. */
function allowedBut(use: VoidUse): string {
  return VOID_USES.filter((u) => u !== use).map((u) => `"${u}"`).join(', ')
}

function roundChecks(s: Scenario, ctx: Ctx, i: number, c: Combatant, ids: Map<string, number>): void {
  const allies = s.combatants.filter((x) => x.side === c.side && x.id !== c.id).map((x) => JSON.stringify(x.id))
  s.tactics[i].rounds.forEach((r, k) => {
    const at = ['tactics', i, 'rounds', k]
    if (r.raises > c.void) issue(ctx, [...at, 'raises'], `must be an integer 0–${c.void} (at most Void Ring ${c.void} Raises per roll)`, r.raises)
    if (r.void === 'damage' && !weaponTakesVoid(c.weapon)) {
      const allowed = VOID_USES.filter((u) => u !== 'damage').map((u) => `"${u}"`).join(', ')
      issue(ctx, [...at, 'void'], `must be one of ${allowed}: Void adds to damage only with a katana (weapon "${c.weapon.name}"; set weapon.voidDamage for a katana by another name)`, r.void)
    }
    if (r.void === 'skill' && c.attackSkill > 0) {
      const allowed = VOID_USES.filter((u) => u !== 'skill').map((u) => `"${u}"`).join(', ')
      issue(ctx, [...at, 'void'], `must be one of ${allowed}: Void raises a skill from 0 to 1, and his attackSkill is ${c.attackSkill}`, r.void)
    }
    if (r.void === 'initiative-roll' && k > 0) issue(ctx, [...at, 'void'], `must be one of ${allowedBut('initiative-roll')}: the Initiative roll is made in Round 1 only (rounds[0])`, r.void)
    if (r.void === 'full-defense' && r.stance !== 'full-defense') issue(ctx, [...at, 'void'], `must be one of ${allowedBut('full-defense')}: Void +1k1 on the Full Defense roll needs stance "full-defense" in that Round (got "${r.stance}")`, r.void)
    if (r.stance === 'full-attack' && c.weapon.kind === 'bow') {
      const allowed = STANCES.filter((x) => x !== 'full-attack').map((x) => `"${x}"`).join(', ')
      issue(ctx, [...at, 'stance'], `must be one of ${allowed}: Full Attack allows melee attacks only (weapon "${c.weapon.name}" is a bow)`, r.stance)
    }
    const partner = r.swapWith === undefined ? undefined : ids.get(r.swapWith)
    if (r.void === 'swap-initiative' && (partner === undefined || s.combatants[partner].side !== c.side || r.swapWith === c.id)) {
      issue(ctx, [...at, 'swapWith'], allies.length ? `must be one of his allies ${allies.join(', ')} (a willing character to swap Initiative with)` : 'must name an ally, but he has none on his side', r.swapWith)
    }
    if (r.void !== 'swap-initiative' && r.swapWith !== undefined) issue(ctx, [...at, 'swapWith'], 'must be omitted unless void is "swap-initiative"', r.swapWith)
  })
}

function crossChecks(s: Scenario, ctx: Ctx): void {
  const ids = combatantChecks(s, ctx)
  const known = [...ids.keys()].map((k) => JSON.stringify(k)).join(', ')
  const seen = new Set<string>()
  s.tactics.forEach((t, i) => {
    const c = ids.get(t.combatant)
    if (c === undefined) issue(ctx, ['tactics', i, 'combatant'], `must be one of the combatant ids ${known}`, t.combatant)
    if (seen.has(t.combatant)) issue(ctx, ['tactics', i, 'combatant'], 'must name each combatant once (this one already has a tactic)', t.combatant)
    seen.add(t.combatant)
    if (c !== undefined) roundChecks(s, ctx, i, s.combatants[c], ids)
  })
  for (const id of ids.keys()) {
    if (!seen.has(id)) issue(ctx, ['tactics'], `must give combatant "${id}" a tactic`, undefined)
  }
  s.exactRolls.forEach((r, i) => {
    const { rolled, kept } = parseRoll(r.roll)
    if (rolled < 1 || rolled > 40 || kept < 1 || kept > 40) issue(ctx, ['exactRolls', i, 'roll'], 'must roll 1–40 dice and keep 1–40 dice (the Ten Dice Rule brings them to 10)', r.roll)
  })
}

export const scenarioSchema = baseSchema.superRefine(crossChecks)

export type L5rScenario = z.output<typeof scenarioSchema>
export type Combatant = z.output<typeof combatantSchema>
export type Tactic = z.output<typeof tacticSchema>
export type RoundPlan = z.output<typeof roundPlanSchema>
