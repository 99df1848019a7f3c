import { z } from 'zod'
import { envelope, rulesSchema } from '../../core/scenario'
import { variants } from './variants'
import { crossCheck, flag, ident, int, oneOf, text } from '../../core/schema'

/**
 * Scenario schema for Legend of the Five Rings skirmishes (the L5R skirmish rules (docs/rules/l5r.md section 2), L5R 4e).
 * @see the L5R skirmish rules (docs/rules/l5r.md section 2), docs/rules/l5r.md and docs/rules/l5r.md section 4, docs/rules/l5r.md section 5
 */

export const SYSTEM_ID = 'l5r'

/** The system's name as the app, the command line and saved results show it. */
export const SYSTEM_LABEL = 'Legend of the Five Rings — skirmish'
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
 * When to spend a Void Point this Round (docs/rules/l5r.md section 1): none; attack: +1k1 on his attack roll
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
 * our reading: the Initiative roll, (Rank + Agility) k Agility, counts as a Trait roll); full-defense: +1k1 on
 * his Full Defense roll ((Defense + Agility) k Agility, a Skill roll) in a Round whose Stance is Full
 * Defense (none spent when Defense Mastery 3 keeps the last roll). Both: docs/rules/l5r.md section 1 "+1k1 to a
 * Skill, Trait, Ring … roll (declared before rolling; not damage rolls)".
 */
export const VOID_USES = ['none', 'attack', 'armor', 'wounds', 'damage', 'initiative', 'swap-initiative', 'skill', 'initiative-roll', 'full-defense'] as const
export type VoidUse = (typeof VOID_USES)[number]
export type Armor = (typeof ARMORS)[number]

export { variants } from './variants'

export const WEAPON_KINDS = ['melee', 'bow'] as const

const weaponSchema = z.strictObject({
  name: text(1, 40).default('katana').describe('Weapon name shown in the log. A melee weapon named katana may take a Void Point on damage unless voidDamage says otherwise.'),
  /**
   * melee: damage (Strength + rolled) k kept. bow: a ranged attack, (Agility + skill) k Agility (the
   * skirmish text's Agility is 4e Reflexes), damage (min(bowStrength, Strength) + arrow rolled) k arrow kept,
   * and never in Full Attack ("melee only"). Range and movement are not modelled.
   */
  kind: oneOf(WEAPON_KINDS).default('melee').describe('melee: damage (Strength + rolled) k kept. bow: attack (Agility + skill) k Agility, damage (min(bowStrength, Strength) + rolled) k kept, never in Full Attack; range is not modelled.'),
  /** The bow's strength rating: the archer adds min(bowStrength, Strength) rolled dice (L5R 4th Edition core rulebook pp.82–86, armor). */
  bowStrength: int(1, 10).optional().describe('Bow strength rating, 1–10, bows only (required there): the archer adds min(bowStrength, Strength) rolled dice to damage (L5R 4th Edition core rulebook, bows).'),
  rolled: int(0, 10).describe('Damage dice rolled (the X of the weapon\'s XkY damage), 0–10, added to Strength\'s dice; katana 3 (L5R 4th Edition core rulebook, weapons and damage).'),
  kept: int(1, 10).describe('Damage dice kept (the Y of the weapon\'s XkY damage), 1–10; katana 2 (L5R 4th Edition core rulebook, weapons and damage).'),
  /** A Void Point may add +1k1 to its damage (the katana's property); defaults to yes when named "katana". */
  voidDamage: flag().optional().describe('Whether a Void Point may add +1k1 to this weapon\'s damage (the katana\'s property). Empty: yes if named katana. Never for a bow.'),
})

/** Most weapons one character may list (`weapons`). */
export const MAX_WEAPONS = 8
/** The plan's `using` value for "his best against this foe". */
export const BEST = 'best'

/** One of a character's several weapons (`weapons`): a weapon with a name of its own. */
const listedWeaponSchema = weaponSchema
  .extend({
    name: text(1, 40).describe('Name of the weapon, unique among his weapons: the plan\'s "using" names it, and the log and Tactics show it. A melee weapon named katana may take a Void Point on damage unless voidDamage says otherwise.'),
  })
  .describe('One of his weapons: a melee weapon with its damage dice or a bow, with a name of its own (L5R 4th Edition core rulebook, weapons and damage).')

/** The weapon a combatant's tactics default to: the katana 3k2. */
export const DEFAULT_WEAPON = { name: 'katana', kind: 'melee', rolled: 3, kept: 2 } as const

/** Whether Void may go on this weapon's damage: never a bow; else its flag, else whether it is named katana. */
export function weaponTakesVoid(w: { name: string; kind?: string; voidDamage?: boolean }): boolean {
  if (w.kind === 'bow') return false
  return w.voidDamage ?? w.name.trim().toLowerCase() === 'katana'
}

export const combatantSchema = z.strictObject({
  id: ident().describe('Short unique id; tactics and swapWith use it to name this character.'),
  name: text(1, 60).describe('Name shown in the combat log and the results.'),
  side: oneOf(['A', 'B']).describe('A or B: a side wins when every member of the other side is defeated (Down by default, Out or dead).'),
  /** Agility (the book's Reflexes): Initiative keep, Armor TN, Full Defense keep. */
  agility: int(1, 10).describe('Agility (the book\'s Reflexes), 1–10: kept on Initiative, Armor TN = 5 + 5×Agility + armor, kept on Full Defense, bow and (default) melee attacks (L5R 4th Edition core rulebook pp.82–86).'),
  /** Class Rank (the book's Insight Rank): rolled, not kept, for Initiative. */
  classRank: int(1, 10).describe('Class Rank (the book\'s Insight Rank), 1–10: dice rolled but not kept on Initiative, (Agility + Class Rank) k Agility (L5R 4th Edition core rulebook, Initiative).'),
  /** Trait kept on the attack roll (the book's Agility); defaults to `agility`. */
  attackTrait: int(1, 10).optional().describe('Trait rolled and kept on melee attacks, (Trait + skill) k Trait, 1–10 (the book\'s Agility); empty: uses agility. Not with a bow.'),
  /** Weapon skill; 0 = unskilled, so the attack roll does not explode. */
  attackSkill: int(0, 10).describe('Weapon skill rank, 0–10, added to the attack\'s rolled dice; 0 is unskilled: 10s on these attack rolls do not explode (L5R 4th Edition core rulebook, unskilled rolls).'),
  strength: int(1, 10).describe('Strength, 1–10: adds rolled damage dice (bows: min(bowStrength, Strength)); none under the rule variant where the weapon entry is the whole damage roll (L5R 4th Edition core rulebook, damage).'),
  air: int(1, 10).default(2).describe('Air Ring, 1–10: in Defense Stance Air + Defense skill are added to the Armor TN (L5R 4th Edition core rulebook pp.81–84, Defense Stance).'),
  defenseSkill: int(0, 10).default(0).describe('Defense skill, 0–10: adds to Armor TN in Defense Stance; Full Defense rolls (Defense + Agility) k Agility; ranks 3 and 5 give Mastery Abilities (a rule variant; L5R 4th Edition core rulebook pp.81–84).'),
  earth: int(1, 10).describe('Earth Ring, 1–10: Healthy holds Earth×5 wounds, each later rank Earth×woundMultiplier more (L5R 4th Edition core rulebook p.86, wound ranks).'),
  void: int(1, 10).default(2).describe('Void Ring, 1–10: most Raises per roll, default Void Points, and the flat bonus of the Center Stance\'s +1k1+Void (L5R 4th Edition core rulebook, Void and Center Stance).'),
  weapon: weaponSchema.default(DEFAULT_WEAPON).describe('His weapon: a melee weapon with its damage dice (default katana 3k2) or a bow. For several, list them in weapons instead: give weapon or weapons, not both (L5R 4th Edition core rulebook, weapons and damage).'),
  weapons: z
    .array(listedWeaponSchema, { error: 'must be a list of weapons' })
    .min(1, { error: `must list 1–${MAX_WEAPONS} weapons` })
    .max(MAX_WEAPONS, { error: `must list 1–${MAX_WEAPONS} weapons` })
    .optional()
    .describe(`His weapons when he carries several (1–${MAX_WEAPONS}, each with a name of its own), instead of weapon: his tactic's "using" says which he attacks with (empty: the first listed). Give weapon or weapons, not both (L5R 4th Edition core rulebook, weapons and damage).`),
  armor: oneOf(ARMORS).default('none').describe('Armor worn, Armor TN bonus / Reduction off every damage total: ashigaru +3/1, light +5/3, heavy +10/5, riding +4/4 (L5R 4th Edition core rulebook pp.82–86, armor).'),
  /** Void Points for the skirmish; defaults to the Void Ring (docs/rules/l5r.md section 1). */
  voidPoints: int(0, 10).optional().describe('Void Points for the whole skirmish, 0–10, normally one spent per Round (a rule variant); empty: the Void Ring (L5R 4th Edition core rulebook, Void Points).'),
  /** Attacks per Turn: 2 for school techniques that make attacks Simple actions. */
  attacksPerTurn: int(1, 2).default(1).describe('Attacks per Turn: 1 (an attack is a Complex action) or 2 with a school technique that makes attacks Simple actions.'),
  /** An Emphasis in his weapon skill: his attack rolls reroll 1s once (docs/rules/l5r.md section 1, optional). */
  joinsRound: int(1, MAX_ROUNDS).default(1).describe('The Round the character joins the skirmish in, 1–30 (1: from the start). A later arrival takes a Stance and rolls Initiative at the start of that Round, and is neither attacked nor acts before it; until then the character keeps the side in the fight (L5R 4th Edition core rulebook, Initiative: rolled in a character\'s first Round).'),
  emphasis: flag().default(false).describe('An Emphasis in the weapon skill: 1s on these attack rolls are rerolled once; needs attackSkill 1 or more (L5R 4th Edition core rulebook, Emphases).'),
})

export const roundPlanSchema = z.strictObject({
  stance: oneOf(STANCES).default('attack').describe('attack: plain; full-attack: +2k1 to hit, own TN −10, melee only; defense: TN +Air+Defense; full-defense: TN + half a Defense roll; center: +10 Init, +1k1+Void next Round. Last three: no attacks (L5R 4th Edition core rulebook pp.81–84).'),
  delay: oneOf(DELAYS).default('never').describe('never: acts when reached. once: lets the next character act, then acts. after-target: waits until the target has acted. to-last: waits while anyone else can act (L5R 4th Edition core rulebook, delaying).'),
  /** Raises for increased damage on each attack, +5 TN and +1k0 damage each (at most Void). */
  raises: int(0, 10).default(0).describe('Raises for increased damage on each attack, 0 to the Void Ring: +5 to the TN and +1k0 damage each; missing the raised TN misses (L5R 4th Edition core rulebook, Raises).'),
  /** Best Raises (docs/rules/l5r.md section 4): ignore `raises` and call the Raises that maximise expected wounds against the TN he faces, capped at Void. */
  bestRaises: flag().default(false).describe('Ignore raises: at each attack call the Raises (up to Void) that maximise expected wounds against the TN faced.'),
  /** When to spend a Void Point this Round (docs/rules/l5r.md section 1). */
  void: oneOf(VOID_USES).default('none').describe('Void this Round: +1k1 on attack, initiative-roll (Round 1) or full-defense roll; armor +10 Armor TN; wounds −10 off a hit of 10+; damage +1k1 (katana); initiative +10 for the skirmish; swap-initiative (swapWith); skill 0→1 (L5R 4th Edition core rulebook, Void Points).'),
  /** With void "swap-initiative": the willing ally whose Initiative Score he takes in exchange for his own. */
  swapWith: ident().optional().describe('With void swap-initiative only: id of the willing ally on the same side whose Initiative Score is exchanged at Round start.'),
})

export const tacticSchema = z.strictObject({
  combatant: ident().describe('Id of the combatant following this plan; each combatant has exactly one.'),
  using: text(1, 40).optional().describe('Which of his weapons he attacks with: a weapon\'s name, or "best" for his best against this foe (the weapon with the highest expected wounds an attack against his target as they stand when he attacks: chance to hit the Armor TN with the Raises he calls × mean damage past Reduction; a bow left out in Full Attack; ties to the earlier listed). Empty: the first listed (L5R 4th Edition core rulebook, weapons and damage).'),
  target: oneOf(['sticky-first', 'random']).default('sticky-first').describe('sticky-first: the first undefeated enemy in roster order; random: a random undefeated enemy. The target is kept until it is defeated.'),
  /**
   * A conditional tactic (issue 15 item 18): once Hurt or worse, take this Stance instead of the Round's
   * (chosen at the start of each Turn from Round 2, as every Stance change is).
   */
  hurtStance: oneOf(STANCES).optional().describe('When Hurt: from the Turn after the character reaches Hurt (or a worse wound rank), take this Stance instead of the planned one, e.g. full-defense to hold on. Empty: keep to the plan (L5R 4th Edition core rulebook pp.81–84, Stances).'),
  /** Round 1, Round 2, ...; the last entry repeats. Round 1's stance is chosen before Initiative. */
  rounds: z.array(roundPlanSchema, { error: 'must be a list of round plans' }).min(1, { error: `must list 1–${MAX_ROUNDS} round plans` }).max(MAX_ROUNDS, { error: `must list 1–${MAX_ROUNDS} round plans` }).describe('What the character does in Round 1, Round 2, …; the last entry repeats. Round 1\'s Stance is taken before the Initiative roll (L5R 4th Edition core rulebook, Initiative).'),
})

export const exactRollSchema = z.strictObject({
  roll: z.string({ error: 'must be a roll such as "6k3" or "12k4+5"' }).regex(/^(0|[1-9]\d?)k(0|[1-9]\d?)([+-]\d{1,2})?$/, { error: 'must be a roll such as "6k3" or "12k4+5"' }).describe('A roll written XkY or XkY+B, e.g. 6k3 or 12k4+5: roll X d10, keep the Y highest, add B; the Ten Dice Rule applies (L5R 4th Edition core rulebook, the Ten Dice Rule).'),
  explode: flag().default(true).describe('Whether 10s explode (rolled again and added); off for an unskilled roll, skill 0.'),
  /** An Emphasis: 1s rerolled once. */
  emphasis: flag().default(false).describe('An Emphasis: dice showing 1 are rerolled once.'),
  tns: z.array(int(1, 200), { error: 'must be a list of TNs' }).max(20, { error: 'must list at most 20 TNs' }).default([]).describe('Target numbers, up to 20: exact gives the chance the roll reaches each (15 average, 25 difficult, 40 heroic).'),
})

const baseSchema = z.strictObject({
    ...envelope(SYSTEM_ID),
    rules: rulesSchema(variants),
    traitNames: z
      .strictObject({
        initiative: text(1, 30).default('Agility').describe('Log name of the Trait kept on Initiative: the book\'s Reflexes, which this skirmish calls Agility. A label only.'),
        rank: text(1, 30).default('Class Rank').describe('Log name of the rank rolled but not kept on Initiative: the book\'s Insight Rank, which this skirmish calls Class Rank. A label only.'),
      })
      .default({ initiative: 'Agility', rank: 'Class Rank' }).describe('Names the combat log gives the two Initiative numbers (the skirmish text\'s names against the book\'s); they change no roll.'),
    roundCap: int(1, MAX_ROUNDS).default(MAX_ROUNDS).describe('Most Rounds a skirmish may last, 1–30; a fight still going then ends as onCap says.'),
    onCap: oneOf(['draw', 'most-health']).default('draw').describe('At the Round cap: draw; or most-health: the side with the larger share of its wounds-to-Out left wins (equal shares draw).'),
    woundMultiplier: int(2, 5).default(2).describe('Wounds per rank after Healthy, as a multiple of Earth: 2 is the 4e core default, 3–5 tougher campaigns (L5R 4th Edition core rulebook p.86, wound ranks).'),
    combatants: z.array(combatantSchema, { error: 'must be a list of combatants' }).min(2, { error: `must list 2–${MAX_COMBATANTS} combatants` }).max(MAX_COMBATANTS, { error: `must list 2–${MAX_COMBATANTS} combatants` }).describe('The characters in the skirmish, 2–8, each on side A or B with at least one per side.'),
    tactics: z.array(tacticSchema, { error: 'must be a list of tactics, one per combatant' }).describe('One plan per combatant: target choice and, Round by Round, Stance, delay, Raises and Void Point use.'),
    exactRolls: z.array(exactRollSchema, { error: 'must be a list of rolls' }).max(20, { error: 'must list at most 20 rolls' }).default([]).describe('Up to 20 extra XkY rolls that quickdraw exact computes exactly: distribution, mean and the chance to reach listed TNs (L5R 4th Edition core rulebook, the Ten Dice Rule).'),
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

/** Bows (L5R 4th Edition core rulebook pp.82–86, armor): a strength rating, Agility kept (4e Reflexes), no attackTrait; an Emphasis needs a skill rank. */
function combatantChecks(s: Scenario, ctx: Ctx): Map<string, number> {
  const ids = new Map<string, number>()
  s.combatants.forEach((c, i) => {
    if (ids.has(c.id)) issue(ctx, ['combatants', i, 'id'], `must be unique, "${c.id}" is used twice`, c.id)
    ids.set(c.id, i)
    if (c.weapons) weaponListChecks(ctx, i, c)
    const list = c.weapons ?? [c.weapon]
    list.forEach((w, k) => {
      const at = c.weapons ? ['combatants', i, 'weapons', k] : ['combatants', i, 'weapon']
      const bow = w.kind === 'bow'
      if (bow && w.bowStrength === undefined) issue(ctx, [...at, 'bowStrength'], 'must be an integer 1–10 for a bow (its strength rating; damage adds min(bowStrength, Strength) dice)', undefined)
      if (!bow && w.bowStrength !== undefined) issue(ctx, [...at, 'bowStrength'], `must be omitted unless ${c.weapons ? 'its' : 'weapon.'}kind is "bow"`, w.bowStrength)
    })
    if (list.every((w) => w.kind === 'bow') && c.attackTrait !== undefined) issue(ctx, ['combatants', i, 'attackTrait'], 'must be omitted with a bow: a ranged attack rolls (Agility + skill) k Agility (4e Reflexes)', c.attackTrait)
    if (c.emphasis && c.attackSkill === 0) issue(ctx, ['combatants', i, 'emphasis'], 'must be false when attackSkill is 0 (an Emphasis belongs to a skill he has)', c.emphasis)
  })
  for (const side of ['A', 'B']) {
    if (!s.combatants.some((c) => c.side === side)) issue(ctx, ['combatants'], `must have at least one combatant on side "${side}"`, undefined)
  }
  return ids
}

/** `weapons` instead of `weapon` (not both), names unique and never "best". */
function weaponListChecks(ctx: Ctx, i: number, c: Combatant): void {
  const w = c.weapon
  const defaulted = w.name === DEFAULT_WEAPON.name && w.kind === DEFAULT_WEAPON.kind && w.rolled === DEFAULT_WEAPON.rolled && w.kept === DEFAULT_WEAPON.kept && w.bowStrength === undefined && w.voidDamage === undefined
  if (!defaulted) issue(ctx, ['combatants', i, 'weapons'], 'must not be given together with weapon (give weapon for one weapon, or weapons for several)', undefined)
  const seen = new Set<string>()
  c.weapons?.forEach((x, k) => {
    if (seen.has(x.name)) issue(ctx, ['combatants', i, 'weapons', k, 'name'], `must be unique among his weapons, "${x.name}" is used twice`, x.name)
    if (x.name === BEST) issue(ctx, ['combatants', i, 'weapons', k, 'name'], `must not be "${BEST}" (his tactic's "using" reads it as his best weapon)`, x.name)
    seen.add(x.name)
  })
}

/** His weapons: the list, or the one weapon. */
export function weaponsOf(c: Combatant): Weapon[] {
  return c.weapons ?? [c.weapon]
}

/** Index of the weapon his tactic's `using` names (0 when absent), or −1 for "best". Assumes a valid scenario. */
export function usingIndex(c: Combatant, t: { using?: string }): number {
  if (t.using === undefined) return 0
  if (t.using === BEST) return weaponsOf(c).length > 1 ? -1 : 0
  return Math.max(0, weaponsOf(c).findIndex((w) => w.name === t.using))
}

/** The weapons he may attack with under his tactic: the one named, or all of them for "best". */
function usableWeapons(c: Combatant, t: { using?: string }): Weapon[] {
  const k = usingIndex(c, t)
  return k < 0 ? weaponsOf(c) : [weaponsOf(c)[k]]
}

/** The Void uses other than `use`, quoted, for messages that name the allowed values. */
function allowedBut(use: VoidUse): string {
  return VOID_USES.filter((u) => u !== use).map((u) => `"${u}"`).join(', ')
}

function usingCheck(ctx: Ctx, i: number, c: Combatant, t: Tactic): void {
  if (t.using === undefined || t.using === BEST) return
  const names = weaponsOf(c).map((w) => w.name)
  if (!names.includes(t.using)) issue(ctx, ['tactics', i, 'using'], `must be one of ${[...names, BEST].map((x) => JSON.stringify(x)).join(', ')} (the name of one of his weapons, or his best against this foe)`, t.using)
}

function roundChecks(s: Scenario, ctx: Ctx, i: number, c: Combatant, ids: Map<string, number>): void {
  const allies = s.combatants.filter((x) => x.side === c.side && x.id !== c.id).map((x) => JSON.stringify(x.id))
  const usable = usableWeapons(c, s.tactics[i])
  const named = usable.length === 1 ? `his ${usable[0].name} is not one` : 'none of his weapons is one'
  s.tactics[i].rounds.forEach((r, k) => {
    const at = ['tactics', i, 'rounds', k]
    if (r.raises > c.void) issue(ctx, [...at, 'raises'], `must be an integer 0–${c.void} (at most Void Ring ${c.void} Raises per roll)`, r.raises)
    if (r.void === 'damage' && !usable.some(weaponTakesVoid)) {
      const allowed = VOID_USES.filter((u) => u !== 'damage').map((u) => `"${u}"`).join(', ')
      const why = c.weapons ? `${named}; set a weapon's voidDamage for a katana by another name` : `weapon "${c.weapon.name}"; set weapon.voidDamage for a katana by another name`
      issue(ctx, [...at, 'void'], `must be one of ${allowed}: Void adds to damage only with a katana (${why})`, r.void)
    }
    if (r.void === 'skill' && c.attackSkill > 0) {
      const allowed = VOID_USES.filter((u) => u !== 'skill').map((u) => `"${u}"`).join(', ')
      issue(ctx, [...at, 'void'], `must be one of ${allowed}: Void raises a skill from 0 to 1, and his attackSkill is ${c.attackSkill}`, r.void)
    }
    if (r.void === 'initiative-roll' && k > 0) issue(ctx, [...at, 'void'], `must be one of ${allowedBut('initiative-roll')}: the Initiative roll is made in Round 1 only (rounds[0])`, r.void)
    if (r.void === 'full-defense' && r.stance !== 'full-defense') issue(ctx, [...at, 'void'], `must be one of ${allowedBut('full-defense')}: Void +1k1 on the Full Defense roll needs stance "full-defense" in that Round (got "${r.stance}")`, r.void)
    if (r.stance === 'full-attack' && usable.every((w) => w.kind === 'bow')) {
      const allowed = STANCES.filter((x) => x !== 'full-attack').map((x) => `"${x}"`).join(', ')
      issue(ctx, [...at, 'stance'], `must be one of ${allowed}: Full Attack allows melee attacks only (${usable.length === 1 ? `weapon "${usable[0].name}" is a bow` : 'all his weapons are bows'})`, r.stance)
    }
    const partner = r.swapWith === undefined ? undefined : ids.get(r.swapWith)
    if (r.void === 'swap-initiative' && (partner === undefined || s.combatants[partner].side !== c.side || r.swapWith === c.id)) {
      issue(ctx, [...at, 'swapWith'], allies.length ? `must be one of his allies ${allies.join(', ')} (a willing character to swap Initiative with)` : 'must name an ally, but he has none on his side', r.swapWith)
    }
    if (r.void !== 'swap-initiative' && r.swapWith !== undefined) issue(ctx, [...at, 'swapWith'], 'must be omitted unless void is "swap-initiative"', r.swapWith)
  })
}

function hurtStanceCheck(s: Scenario, ctx: Ctx, i: number, c: Combatant): void {
  const usable = usableWeapons(c, s.tactics[i])
  if (s.tactics[i].hurtStance === 'full-attack' && usable.every((w) => w.kind === 'bow')) {
    const allowed = STANCES.filter((x) => x !== 'full-attack').map((x) => `"${x}"`).join(', ')
    issue(ctx, ['tactics', i, 'hurtStance'], `must be one of ${allowed}: Full Attack allows melee attacks only (${usable.length === 1 ? `weapon "${usable[0].name}" is a bow` : 'all his weapons are bows'})`, 'full-attack')
  }
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
    if (c !== undefined) usingCheck(ctx, i, s.combatants[c], t)
    if (c !== undefined) roundChecks(s, ctx, i, s.combatants[c], ids)
    if (c !== undefined) hurtStanceCheck(s, ctx, i, s.combatants[c])
  })
  for (const id of ids.keys()) {
    if (!seen.has(id)) issue(ctx, ['tactics'], `must give combatant "${id}" a tactic`, undefined)
  }
  s.exactRolls.forEach((r, i) => {
    const { rolled, kept } = parseRoll(r.roll)
    if (rolled < 1 || rolled > 40 || kept < 1 || kept > 40) issue(ctx, ['exactRolls', i, 'roll'], 'must roll 1–40 dice and keep 1–40 dice (the Ten Dice Rule brings them to 10)', r.roll)
  })
}

export const scenarioSchema = baseSchema.check(crossCheck(crossChecks))

export type L5rScenario = z.output<typeof scenarioSchema>
export type Combatant = z.output<typeof combatantSchema>
export type Tactic = z.output<typeof tacticSchema>
export type RoundPlan = z.output<typeof roundPlanSchema>
export type Weapon = z.output<typeof weaponSchema>
