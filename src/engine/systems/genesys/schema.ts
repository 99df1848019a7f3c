import { z } from 'zod'
import { envelope, rulesSchema } from '../../core/scenario'
import { crossCheck, flag, ident, int, oneOf, text } from '../../core/schema'
import { MAX_DICE_PER_KIND } from '../../dice/narrative-dice'
import { checkBand, COMBAT_SKILLS, isMelee, RANGE_BANDS } from './combat-check'
import { MANEUVERS } from './maneuvers'
import { variants } from './variants'

/**
 * Scenario schema of the narrative-dice system. `mode: "check"` is one combat check (exact joint
 * distribution, bench); `mode: "fight"` is a fight between two sides, each character following a plan.
 * @see the Star Wars turn rules (docs/rules/genesys.md section 5) and docs/rules/genesys.md
 */
export const SYSTEM_ID = 'genesys'

/** The system's name as the app, the command line and saved results show it. */
export const SYSTEM_LABEL = 'Star Wars RPG / Genesys — narrative dice'
export const MAX_COMBATANTS = 8

const dice = int(0, MAX_DICE_PER_KIND)

/** The dice as rolled (docs/rules/genesys.md section 1): one count per die kind. */
export const poolSchema = z.strictObject({
  proficiency: dice.default(0).describe('Yellow Proficiency dice (d12): upgraded Ability dice, the only ones with a Triumph face.'),
  ability: dice.default(0).describe('Green Ability dice (d8): the positive dice of characteristic and skill.'),
  boost: dice.default(0).describe('Blue Boost dice (d6): help from the situation, such as Aim or an ally\'s Assist.'),
  challenge: dice.default(0).describe('Red Challenge dice (d12): upgraded Difficulty dice, the only ones with a Despair face.'),
  difficulty: dice.default(0).describe('Purple Difficulty dice (d8): 1 Easy, 2 Average, 3 Hard, 4 Daunting, 5 Formidable.'),
  setback: dice.default(0).describe('Black Setback dice (d6): hindrance from the situation, such as cover or defense.'),
})

/** Weapon qualities (EotE item qualities); the ones marked "in a fight" act only in mode "fight". */
export const qualitiesSchema = z
  .strictObject({
    accurate: int(0, 5).default(0).describe('Accurate: this many Boost dice on every check with the weapon (Edge of the Empire core rulebook, item qualities).'),
    inaccurate: int(0, 5).default(0).describe('Inaccurate: this many Setback dice on every check with the weapon (Edge of the Empire core rulebook, item qualities).'),
    pierce: int(0, 20).default(0).describe('Pierce: ignores this much of the target\'s soak (Edge of the Empire core rulebook, item qualities).'),
    breach: int(0, 5).default(0).describe('Breach: ignores this many points of armour, 10 soak each, so in practice all of a character\'s soak (Edge of the Empire core rulebook, item qualities).'),
    vicious: int(0, 5).default(0).describe('Vicious: +10 per rank on its Critical Injury rolls, in a fight (Edge of the Empire core rulebook, item qualities).'),
    stunDamage: flag().default(false).describe('Stun Damage: its damage past soak is suffered as strain instead of wounds, and it inflicts no Critical Injury, in a fight (Edge of the Empire core rulebook, item qualities).'),
    knockdown: flag().default(false).describe('Knockdown: a hit knocks the target prone for a Triumph or for 2 advantage, as rule knockdownCost says, in a fight (Edge of the Empire core rulebook, item qualities).'),
    linked: int(0, 4).default(0).describe('Linked: on a hit, each 2 advantage left after the critical buy an extra hit on the same target (weapon damage + net successes, less soak), up to this many times, in a fight (Edge of the Empire core rulebook, item qualities).'),
    autoFire: flag().default(false).describe('Auto-fire: every attack is one Difficulty die harder; on a hit, each 2 advantage left after the critical buy an extra hit on the same target, as many as he can pay for, in a fight (Edge of the Empire core rulebook, item qualities).'),
    blast: int(0, 20).default(0).describe('Blast: on a hit, 2 advantage make everyone beside the target on his side suffer a hit of this rating + net successes, less soak; not used while an ally of the attacker is engaged with the target, in a fight (Edge of the Empire core rulebook, item qualities).'),
  })
  .default({ accurate: 0, inaccurate: 0, pierce: 0, breach: 0, vicious: 0, stunDamage: false, knockdown: false, linked: 0, autoFire: false, blast: 0 })
  .describe('Weapon qualities: Accurate, Inaccurate, Pierce, Breach, Vicious, Stun Damage, Knockdown, Linked, Auto-fire, Blast (Edge of the Empire core rulebook, item qualities).')

/** Shared by `check.weapon` and `combatants[].weapon`: described once here. */
export const weaponSchema = z
  .strictObject({
    name: text(1, 60).default('weapon').describe('Name of the weapon, as the trace and results show it.'),
    skill: oneOf(COMBAT_SKILLS).describe('Combat skill: ranged-light, ranged-heavy and gunnery shoot at a difficulty set by range band; melee and brawl are always Average and need an engaged target (Edge of the Empire core rulebook p.163 and Table 6-1).'),
    /** Base damage; for Melee/Brawl weapons listed "+X", set addsBrawn and damage X. */
    damage: int(0, 30).describe('Base damage: a hit deals it plus every net success, less the target\'s soak. For a Melee/Brawl weapon listed "+X", give X and set addsBrawn (Edge of the Empire core rulebook pp.214-215).'),
    crit: int(1, 6).describe('Critical rating, 1–6: advantage spent per Critical Injury on a hit that gets past soak; a Triumph also triggers one (Edge of the Empire core rulebook pp.214-215).'),
    addsBrawn: flag().default(false).describe('The weapon is listed "+X": the wielder\'s Brawn is added to its damage (Melee and Brawl weapons; Edge of the Empire core rulebook pp.214-215).'),
    /** Longest band the weapon reaches (blaster pistol medium, rifle long). */
    qualities: qualitiesSchema,
    range: oneOf(RANGE_BANDS).default('long').describe('Longest range band a ranged weapon reaches (blaster pistol medium, rifle long); not used for Melee/Brawl (Edge of the Empire core rulebook p.163 and Table 6-1).'),
  })
  .describe('The weapon: combat skill, base damage, Critical rating and reach (Edge of the Empire core rulebook, Perform a combat check).')

const modifierFields = {
  boost: int(0, 10).default(0).describe('Extra Boost dice from elsewhere, e.g. an ally\'s Assist or advantage an ally spent (Edge of the Empire core rulebook, spending advantage; the Assist maneuver).'),
  setback: int(0, 10).default(0).describe('Extra Setback dice from elsewhere, e.g. darkness or a lasting injury (Edge of the Empire core rulebook pp.26-29).'),
  upgradeAbility: int(0, 5).default(0).describe('Upgrades of the attacker\'s pool: an Ability die becomes Proficiency, or an Ability die is added if none is left (Edge of the Empire core rulebook pp.26-29).'),
  upgradeDifficulty: int(0, 5).default(0).describe('Upgrades of the difficulty, on top of target.adversary: a Difficulty die becomes Challenge, or one is added if none is left (Edge of the Empire core rulebook pp.26-29).'),
  downgradeAbility: int(0, 5).default(0).describe('Downgrades of the attacker\'s pool: a Proficiency die becomes Ability (nothing when none is left; Edge of the Empire core rulebook pp.26-29).'),
  downgradeDifficulty: int(0, 5).default(0).describe('Downgrades of the difficulty: a Challenge die becomes Difficulty (nothing when none is left; Edge of the Empire core rulebook pp.26-29).'),
}

const checkTargetSchema = z
  .strictObject({
    soak: int(0, 20).default(0).describe('Target\'s soak (Brawn + armour soak): taken off each hit\'s damage; the rest are wounds (Edge of the Empire core rulebook pp.214-215).'),
    defense: int(0, 4).default(0).describe('Target\'s defense against this kind of attack (melee or ranged), 0–4: one Setback die per point; cover and stance combine with it as rule defenseStacking says (Edge of the Empire core rulebook, Defense).'),
    cover: flag().default(false).describe('Target has taken cover: one Setback die on ranged attacks against him (ranged defense 1; Edge of the Empire core rulebook, Take Cover).'),
    prone: flag().default(false).describe('Target is prone: one Setback die on ranged attacks, one Boost die on Melee/Brawl attacks against him (Edge of the Empire core rulebook, Drop Prone).'),
    guardedStance: flag().default(false).describe('Target is in Guarded Stance: one Setback die on Melee/Brawl attacks against him (melee defense 1; Edge of the Empire core rulebook, Guarded Stance).'),
    /** Adversary talent rank of the target: the difficulty is upgraded this many times (docs/rules/genesys.md section 3). */
    adversary: int(0, 5).default(0).describe('Target\'s Adversary talent rank: the difficulty of the check is upgraded this many times (Edge of the Empire core rulebook pp.26-29).'),
  })
  .default({ soak: 0, defense: 0, cover: false, prone: false, guardedStance: false, adversary: 0 })
  .describe('The target: his soak, and the defense and situation that add dice to the attack (Edge of the Empire core rulebook, the maneuvers and Defense).')

export const checkSchema = z.strictObject({
  /** The dice as they are, instead of building them from characteristic, skill and situation. */
  pool: poolSchema.optional().describe('The dice exactly as rolled, instead of building them from characteristic, skill and situation; then only weapon, brawn and target soak still count.'),
  characteristic: int(1, 7).optional().describe('Attacker\'s characteristic for the weapon\'s skill (Agility for Ranged, Brawn for Melee/Brawl), 1–7; required unless pool is given (Edge of the Empire core rulebook pp.26-29).'),
  skill: int(0, 5).optional().describe('Attacker\'s rank in the weapon\'s combat skill, 0–5: max(characteristic, skill) positive dice, min of them Proficiency (Edge of the Empire core rulebook pp.26-29).'),
  /** Band of the target; when omitted, "engaged" for a Melee/Brawl weapon, "medium" (or the weapon's range if shorter) for a ranged one. */
  range: oneOf(RANGE_BANDS).optional().describe('Band of the target: ranged difficulty Easy at Engaged/Short, Average Medium, Hard Long, Daunting Extreme. Omitted: Engaged for melee, else Medium or the weapon\'s shorter reach (Edge of the Empire core rulebook p.163 and Table 6-1).'),
  shooterEngaged: flag().default(false).describe('Attacker is engaged with an enemy: a ranged shot gets +1 difficulty (Ranged Light) or +2 (Ranged Heavy); Gunnery cannot fire (Edge of the Empire core rulebook p.163 and Table 6-1).'),
  aims: int(0, 2).default(0).describe('Aim maneuvers taken just before the check, 0–2: one Boost die each (Edge of the Empire core rulebook p.210, Aim).'),
  guardedStance: flag().default(false).describe('Attacker is in Guarded Stance: one Setback die on his own combat check (Edge of the Empire core rulebook, Guarded Stance).'),
  ...modifierFields,
  brawn: int(1, 7).default(2).describe('Attacker\'s Brawn, 1–7: added to the damage of a weapon with addsBrawn (Edge of the Empire core rulebook pp.214-215).'),
  weapon: weaponSchema,
  target: checkTargetSchema,
})

/** The positive dice of a combat check: characteristic and combat skill rank. */
const attackDiceSchema = z.strictObject({
  characteristic: int(1, 7).describe('Characteristic of the weapon\'s skill (Agility for Ranged/Gunnery, Brawn for Melee/Brawl), 1–7 (Edge of the Empire core rulebook pp.26-29).'),
  skill: int(0, 5).describe('Rank in the weapon\'s combat skill, 0–5: max(characteristic, skill) positive dice, min of them Proficiency (Edge of the Empire core rulebook pp.26-29).'),
})

/** Most weapons one fighter may list. */
export const MAX_WEAPONS = 8

/** One of a fighter's several weapons (`weapons`): the weapon's fields, a name of its own, and the dice of its skill when they differ from `attack`. */
export const listedWeaponSchema = weaponSchema
  .extend({
    name: text(1, 60).describe('Name of the weapon, unique among his weapons: the plan\'s "using" names it, and the trace and Tactics show it.'),
    attack: attackDiceSchema.optional().describe('The positive dice of checks with this weapon, when its skill differs from the one in the fighter\'s attack (a vibroknife on Brawn and Melee beside a rifle on Agility and Ranged Heavy); absent: the fighter\'s attack (Edge of the Empire core rulebook pp.26-29).'),
  })
  .describe('One of his weapons: combat skill, base damage, Critical rating, reach, and a name of its own (Edge of the Empire core rulebook, Perform a combat check).')

export const combatantSchema = z.strictObject({
  id: ident().describe('Short id that plans refer to (letters, digits, "-" or "_"); unique in the scenario.'),
  name: text(1, 60).describe('Name of the combatant, as the trace and results show it.'),
  side: oneOf(['A', 'B']).describe('Side A or B: the fight ends when one side has no one standing; initiative slots belong to a side unless rule initiativeSlots says otherwise (Edge of the Empire core rulebook, Initiative).'),
  npc: flag().default(false).describe('Non-player character: under rule initiativeTies "pc-first", player characters win initiative ties; nothing else changes (Edge of the Empire core rulebook, Initiative).'),
  brawn: int(1, 7).describe('Brawn, 1–7: added to the damage of a weapon with addsBrawn; soak is given separately (Edge of the Empire core rulebook pp.214-215).'),
  /** Characteristic and skill rank of the weapon's combat skill. */
  attack: attackDiceSchema.describe('The positive dice of his combat checks: characteristic and rank of the weapon\'s combat skill (Edge of the Empire core rulebook pp.26-29).'),
  /** Cool (Presence) when ready, Vigilance (Willpower) when surprised: give the one that applies. */
  initiative: z
    .strictObject({
      characteristic: int(1, 7).describe('Presence for Cool, Willpower for Vigilance, 1–7 (Edge of the Empire core rulebook, Initiative).'),
      skill: int(0, 5).describe('Rank in Cool or Vigilance, 0–5 (Edge of the Empire core rulebook, Initiative).'),
    })
    .describe('Initiative check: Cool (Presence) when ready, Vigilance (Willpower) when surprised; give the one that applies. Order by successes, then advantage (Edge of the Empire core rulebook, Initiative).'),
  weapon: weaponSchema.optional().describe('His weapon, when he has one: combat skill, base damage, Critical rating and reach. Give weapon or weapons, not both (Edge of the Empire core rulebook, Perform a combat check).'),
  weapons: z
    .array(listedWeaponSchema, { error: 'must be a list of weapons' })
    .min(1, { error: `must list 1–${MAX_WEAPONS} weapons` })
    .max(MAX_WEAPONS, { error: `must list 1–${MAX_WEAPONS} weapons` })
    .optional()
    .describe(`His weapons when he carries several (1–${MAX_WEAPONS}, each with a name of its own), instead of weapon: his plan's "using" says which he attacks with (absent: the first listed). Give weapon or weapons, not both (Edge of the Empire core rulebook, Perform a combat check).`),
  soak: int(0, 20).describe('Soak (Brawn + armour soak), 0–20: taken off each hit\'s damage; the rest are wounds (Edge of the Empire core rulebook pp.214-215).'),
  meleeDefense: int(0, 4).default(0).describe('Melee defense (armour), 0–4: one Setback die per point on Melee/Brawl attacks against him; Guarded Stance combines as rule defenseStacking says (Edge of the Empire core rulebook, Defense).'),
  rangedDefense: int(0, 4).default(0).describe('Ranged defense (armour), 0–4: one Setback die per point on ranged attacks against him; cover combines as rule defenseStacking says (Edge of the Empire core rulebook, Defense).'),
  woundThreshold: int(1, 60).describe('Wound threshold: he is out of the fight when his wounds exceed it (Edge of the Empire core rulebook pp.214-215).'),
  strainThreshold: int(1, 60).describe('Strain threshold: he is out when his strain exceeds it; he never buys a maneuver with strain that would take him past it (Edge of the Empire core rulebook pp.209-210, p.215).'),
  rival: flag().default(false).describe('Rival: an adversary without a strain threshold; strain he would suffer (second maneuvers, threat, Stun Damage, injuries) is suffered as wounds instead (Edge of the Empire core rulebook, adversaries: rivals).'),
  minions: int(1, 10).default(1).describe('A minion group: how many minions fight as this one combatant (1: a single character). The group shares one pool of wounds, woundThreshold for each minion: each time the wounds pass another minion\'s share, one falls. Its combat skill rank is the minions standing − 1 (at most 5; attack.skill is not used); strain is suffered as wounds; a Critical Injury defeats one minion (Edge of the Empire core rulebook, adversaries: minions).'),
  reloads: int(0, 20).default(0).describe('Extra reloads he carries for his ranged weapon, 0–20: after a Despair empties it, each Manage Gear maneuver uses one to reload it; without one it stays empty for the rest of the fight (Edge of the Empire core rulebook, spending Despair in combat).'),
  /** Adversary talent rank: combat checks against him upgrade their difficulty this many times (docs/rules/genesys.md section 3). */
  adversary: int(0, 5).default(0).describe('Adversary talent rank: combat checks against him have their difficulty upgraded this many times (Edge of the Empire core rulebook pp.26-29).'),
})

export const turnSchema = z.strictObject({
  maneuvers: z
    .array(oneOf(MANEUVERS), { error: 'must be a list of maneuvers' })
    .max(2, { error: 'must list at most 2 maneuvers a turn (one free, a second for 2 strain or in exchange for the action)' })
    .default([])
    .describe('Up to 2 maneuvers, in order; the 2nd costs the idle action or 2 strain. aim +1 Boost (max 2); move/retreat 1 step nearer/farther; assist +1 Boost to an ally beside him (one per assisting character, until that ally\'s next turn ends; not taken with no ally beside him); take-cover, drop-prone, stand, guarded-stance; manage-gear reloads; interact picks up a dropped weapon (Edge of the Empire core rulebook pp.209-210).'),
  action: oneOf(['attack', 'exchange', 'none'])
    .default('attack')
    .describe('"attack": attack the target (when he cannot, even after his maneuvers, the action pays for a maneuver instead of strain: close in, reload or pick up his weapon); "exchange" and "none": no attack, the action pays for a 2nd maneuver (Edge of the Empire core rulebook pp.209-210).'),
})

export const planSchema = z.strictObject({
  combatant: ident().describe('Id of the combatant who follows this plan.'),
  /** Turn k follows turns[k] (the last entry repeats): e.g. take cover and aim, then aim and shoot. */
  turns: z
    .array(turnSchema, { error: 'must be a list of turns' })
    .min(1, { error: 'must list 1–6 turns' })
    .max(6, { error: 'must list 1–6 turns' })
    .describe('1–6 turns: his k-th turn follows entry k and the last entry repeats, e.g. take cover and aim, then aim and shoot (Edge of the Empire core rulebook pp.209-210).'),
  /** Leftover advantage: recover strain, Boost the next ally, or 2 advantage for a free maneuver (take cover, else Aim). */
  advantage: oneOf(['recover-strain', 'boost-ally', 'free-maneuver', 'defense'])
    .default('recover-strain')
    .describe('Advantage left after crits: "recover-strain" 1 strain each; "boost-ally" 1 Boost die on an ally\'s next check; "free-maneuver" 2 for a maneuver (cover, else Aim); "defense" 3 for a Setback die on attacks against him until the end of his next turn. The rest recovers strain (Edge of the Empire core rulebook, spending advantage in combat).'),
  using: text(1, 60)
    .optional()
    .describe('Which of his weapons he attacks with: a weapon\'s name, or "best" for his best against this foe (the weapon with the highest expected damage against his target as they stand when he attacks: chance to hit × mean damage past soak, a weapon that cannot reach the target there left out, ties to the earlier listed). Absent: the first listed (Edge of the Empire core rulebook, Perform a combat check).'),
  target: oneOf(['sticky-first', 'weakest'])
    .default('sticky-first')
    .describe('Whom he attacks, among the enemies he can attack this turn (after his maneuvers), or all standing enemies when none is in reach: "sticky-first" keeps his target while it stands and is in reach, else the first in roster order; "weakest" takes the one with the fewest wounds left before his threshold.'),
})

export const scenarioSchema = z
  .strictObject({
    ...envelope(SYSTEM_ID),
    rules: rulesSchema(variants),
    mode: oneOf(['check', 'fight']).describe('"check": one combat check, exact odds and sampled; "fight": two sides fight round by round, each combatant following his plan (Edge of the Empire core rulebook, combat).'),
    check: checkSchema
      .optional()
      .describe('The combat check of mode "check": the attacker\'s dice (a pool, or built from characteristic, skill and situation), his weapon and the target (Edge of the Empire core rulebook, Perform a combat check).'),
    range: oneOf(RANGE_BANDS)
      .default('medium')
      .describe('Band between every pair of opponents when a fight starts. Moving costs maneuvers: Engaged↔Short 1, Short↔Medium 1, Medium↔Long 2, Long↔Extreme 2 (Edge of the Empire core rulebook, the Move maneuver).'),
    ranges: z
      .array(
        z.strictObject({
          between: z.tuple([ident(), ident()], { error: 'must be two combatant ids' }).describe('The two opponents, by combatant id (one on each side).'),
          range: oneOf(RANGE_BANDS).describe('The range band between these two when the fight starts.'),
        }),
        { error: 'must be a list of {between, range}' },
      )
      .max(16, { error: 'must list at most 16 pairs' })
      .default([])
      .describe('Starting range band for particular pairs of opponents, instead of range (e.g. a sniper at long range from everyone while two brawlers start engaged). Everyone moves on one line between the sides, so a pair closes as either of them moves (Edge of the Empire core rulebook, range bands).'),
    maxRounds: int(1, 100).default(30).describe('Most rounds a fight lasts; if both sides still have someone standing after them, it counts as a draw.'),
    combatants: z
      .array(combatantSchema, { error: 'must be a list of combatants' })
      .max(MAX_COMBATANTS, { error: `must list 2–${MAX_COMBATANTS} combatants` })
      .default([])
      .describe(`Everyone in a fight (mode "fight"): 2–${MAX_COMBATANTS} characters on sides A and B, each with one plan.`),
    plans: z
      .array(planSchema, { error: 'must be a list of plans, one per combatant' })
      .default([])
      .describe('How each combatant fights (mode "fight"): exactly one plan per combatant, naming him by id.'),
  })
  .check(crossCheck((s, ctx) => {
    if (s.mode === 'check') refineCheck(s.check, ctx)
    else refineFight(s, ctx)
  }))

type Ctx = z.RefinementCtx

/**
 * Most dice one check may roll in all: its exact distribution is computed when the scenario is
 * compiled, and the work grows steeply with the pool (120 dice took 18 s and 400 MB; 40 take well under
 * a second). Real pools stay far below.
 */
export const MAX_CHECK_DICE = 40

function refineCheck(c: z.output<typeof checkSchema> | undefined, ctx: Ctx): void {
  if (!c) return void ctx.addIssue({ code: 'custom', path: ['check'], message: 'is required when mode is "check"', input: undefined })
  const dice = c.pool ? Object.values(c.pool).reduce((sum, n) => sum + n, 0) : 0
  if (dice > MAX_CHECK_DICE) ctx.addIssue({ code: 'custom', path: ['check', 'pool'], message: `must hold at most ${MAX_CHECK_DICE} dice in all, got ${dice} (the exact odds of a larger pool take too long to compute)`, input: undefined })
  const built = c.characteristic !== undefined || c.skill !== undefined
  if (c.pool && built) ctx.addIssue({ code: 'custom', path: ['check', 'pool'], message: 'must not be given together with characteristic and skill (give one or the other)', input: c.pool })
  if (!c.pool && (c.characteristic === undefined || c.skill === undefined)) {
    ctx.addIssue({ code: 'custom', path: ['check', c.characteristic === undefined ? 'characteristic' : 'skill'], message: 'is required unless the dice are given as check.pool', input: undefined })
  }
  if (!c.pool) refineSituation(c, ctx)
}

const quoted = (xs: readonly string[]): string => xs.map((x) => `"${x}"`).join(', ')

/**
 * A check built from the situation must be an attack the rules allow: Melee/Brawl only at Engaged,
 * Gunnery never while engaged, a ranged weapon only within its range (docs/rules/genesys.md section 4; the Star Wars turn rules (docs/rules/genesys.md section 5)).
 */
function refineSituation(c: z.output<typeof checkSchema>, ctx: Ctx): void {
  const w = c.weapon
  // the band the check fires at, defaulted as checkPool defaults it, so a default is checked too
  const band = checkBand(c.range, w)
  if (isMelee(w.skill)) {
    if (band !== 'engaged') ctx.addIssue({ code: 'custom', path: ['check', 'range'], message: `must be "engaged" for a ${w.skill} weapon (a melee attack needs an engaged target)`, input: band })
    return
  }
  const reach = RANGE_BANDS.slice(0, RANGE_BANDS.indexOf(w.range) + 1)
  if (!reach.includes(band)) ctx.addIssue({ code: 'custom', path: ['check', 'range'], message: `must be within the weapon's range "${w.range}": one of ${quoted(reach)}`, input: band })
  if (w.skill !== 'gunnery') return
  if (band === 'engaged') ctx.addIssue({ code: 'custom', path: ['check', 'range'], message: `must be one of ${quoted(RANGE_BANDS.slice(1))} for a gunnery weapon (Gunnery cannot fire while engaged)`, input: band })
  else if (c.shooterEngaged) ctx.addIssue({ code: 'custom', path: ['check', 'shooterEngaged'], message: 'must be false for a gunnery weapon (Gunnery cannot fire while engaged)', input: true })
}

/** The plan's `using` for "his best against this foe". */
export const BEST = 'best'

/** A fighter gives weapon or weapons (not both, not neither); his weapons' names are unique. */
function refineWeapons(c: z.output<typeof combatantSchema>, i: number, ctx: Ctx): void {
  if (c.weapon && c.weapons) ctx.addIssue({ code: 'custom', path: ['combatants', i, 'weapons'], message: 'must not be given together with weapon (give weapon for one weapon, or weapons for several)', input: undefined })
  if (!c.weapon && !c.weapons) ctx.addIssue({ code: 'custom', path: ['combatants', i, 'weapon'], message: 'is required unless his weapons are listed in weapons (give weapon or weapons)', input: undefined })
  const seen = new Set<string>()
  c.weapons?.forEach((w, j) => {
    if (seen.has(w.name)) ctx.addIssue({ code: 'custom', path: ['combatants', i, 'weapons', j, 'name'], message: `must be unique among his weapons, "${w.name}" is used twice`, input: w.name })
    if (w.name === BEST) ctx.addIssue({ code: 'custom', path: ['combatants', i, 'weapons', j, 'name'], message: `must not be "${BEST}" (the plan's "using" reads it as his best weapon)`, input: w.name })
    seen.add(w.name)
  })
}

function refineFight(s: { combatants: z.output<typeof combatantSchema>[]; plans: z.output<typeof planSchema>[]; ranges: { between: [string, string]; range: string }[] }, ctx: Ctx): void {
  if (s.combatants.length < 2) ctx.addIssue({ code: 'custom', path: ['combatants'], message: `must list 2–${MAX_COMBATANTS} combatants when mode is "fight"`, input: s.combatants.length })
  const ids = new Set<string>()
  s.combatants.forEach((c, i) => {
    if (ids.has(c.id)) ctx.addIssue({ code: 'custom', path: ['combatants', i, 'id'], message: `must be unique, "${c.id}" is used twice`, input: c.id })
    ids.add(c.id)
  })
  for (const side of ['A', 'B']) {
    if (s.combatants.length >= 2 && !s.combatants.some((c) => c.side === side)) ctx.addIssue({ code: 'custom', path: ['combatants'], message: `must include at least one combatant on side "${side}"`, input: undefined })
  }
  s.combatants.forEach((c, i) => refineWeapons(c, i, ctx))
  const known = [...ids].map((k) => JSON.stringify(k)).join(', ')
  const planned = new Set<string>()
  s.plans.forEach((p, i) => {
    if (!ids.has(p.combatant)) ctx.addIssue({ code: 'custom', path: ['plans', i, 'combatant'], message: `must be one of the combatant ids ${known}`, input: p.combatant })
    if (planned.has(p.combatant)) ctx.addIssue({ code: 'custom', path: ['plans', i, 'combatant'], message: 'must name each combatant once (this one already has a plan)', input: p.combatant })
    planned.add(p.combatant)
    const c = s.combatants.find((x) => x.id === p.combatant)
    if (c && p.using !== undefined && p.using !== BEST) {
      const names = [...new Set((c.weapons ?? (c.weapon ? [c.weapon] : [])).map((w) => w.name))]
      if (!names.includes(p.using)) ctx.addIssue({ code: 'custom', path: ['plans', i, 'using'], message: `must be "${BEST}" or the name of one of ${c.name}'s weapons: ${quoted(names)}`, input: p.using })
    }
  })
  s.ranges.forEach((r, i) => {
    const sides = r.between.map((id) => s.combatants.find((c) => c.id === id)?.side)
    r.between.forEach((id, j) => {
      if (!ids.has(id)) ctx.addIssue({ code: 'custom', path: ['ranges', i, 'between', j], message: `must be one of the combatant ids ${known}`, input: id })
    })
    if (sides[0] && sides[1] && sides[0] === sides[1]) ctx.addIssue({ code: 'custom', path: ['ranges', i, 'between'], message: 'must name two opponents (one on side A, one on side B)', input: r.between })
  })
  for (const id of ids) if (!planned.has(id)) ctx.addIssue({ code: 'custom', path: ['plans'], message: `must give combatant "${id}" a plan`, input: undefined })
}

export type GenesysScenario = z.output<typeof scenarioSchema>
export type CheckConfig = z.output<typeof checkSchema>
export type Combatant = z.output<typeof combatantSchema>
export type PlanConfig = z.output<typeof planSchema>
export type TurnConfig = z.output<typeof turnSchema>
export type Weapon = z.output<typeof weaponSchema>
export type ListedWeapon = z.output<typeof listedWeaponSchema>
export type Qualities = z.output<typeof qualitiesSchema>
