import { z } from 'zod'
import { envelope, rulesSchema } from '../../core/scenario'
import { flag, ident, int, oneOf, text } from '../../core/schema'
import { MAX_DICE_PER_KIND } from '../../dice/narrative-dice'
import { checkBand, COMBAT_SKILLS, isMelee, RANGE_BANDS } from './combat-check'
import { MANEUVERS } from './maneuvers'
import { variants } from './variants'

/**
 * Scenario schema of the narrative-dice system. `mode: "check"` is one combat check (exact joint
 * distribution, bench); `mode: "fight"` is a fight between two sides, each character following a plan.
 * @see ../shared/seeds/003_d9879017bb664d48.txt and rules.md §5
 */
export const SYSTEM_ID = 'genesys'
export const MAX_COMBATANTS = 8

const dice = int(0, MAX_DICE_PER_KIND)

export const poolSchema = z.strictObject({
  proficiency: dice.default(0),
  ability: dice.default(0),
  boost: dice.default(0),
  challenge: dice.default(0),
  difficulty: dice.default(0),
  setback: dice.default(0),
})

export const weaponSchema = z.strictObject({
  name: text(1, 60).default('weapon'),
  skill: oneOf(COMBAT_SKILLS),
  /** Base damage; for Melee/Brawl weapons listed "+X", set addsBrawn and damage X. */
  damage: int(0, 30),
  crit: int(1, 6),
  addsBrawn: flag().default(false),
  /** Longest band the weapon reaches (blaster pistol medium, rifle long). */
  range: oneOf(RANGE_BANDS).default('long'),
})

const modifierFields = {
  boost: int(0, 10).default(0),
  setback: int(0, 10).default(0),
  upgradeAbility: int(0, 5).default(0),
  upgradeDifficulty: int(0, 5).default(0),
  downgradeAbility: int(0, 5).default(0),
  downgradeDifficulty: int(0, 5).default(0),
}

export const checkSchema = z.strictObject({
  /** The dice as they are, instead of building them from characteristic, skill and situation. */
  pool: poolSchema.optional(),
  characteristic: int(1, 7).optional(),
  skill: int(0, 5).optional(),
  /** Band of the target; when omitted, "engaged" for a Melee/Brawl weapon, "medium" (or the weapon's range if shorter) for a ranged one. */
  range: oneOf(RANGE_BANDS).optional(),
  shooterEngaged: flag().default(false),
  aims: int(0, 2).default(0),
  guardedStance: flag().default(false),
  ...modifierFields,
  brawn: int(1, 7).default(2),
  weapon: weaponSchema,
  target: z
    .strictObject({
      soak: int(0, 20).default(0),
      defense: int(0, 4).default(0),
      cover: flag().default(false),
      prone: flag().default(false),
      guardedStance: flag().default(false),
      /** Adversary talent rank of the target: the difficulty is upgraded this many times (rules.md §5.3). */
      adversary: int(0, 5).default(0),
    })
    .default({ soak: 0, defense: 0, cover: false, prone: false, guardedStance: false, adversary: 0 }),
})

export const combatantSchema = z.strictObject({
  id: ident(),
  name: text(1, 60),
  side: oneOf(['A', 'B']),
  npc: flag().default(false),
  brawn: int(1, 7),
  /** Characteristic and skill rank of the weapon's combat skill. */
  attack: z.strictObject({ characteristic: int(1, 7), skill: int(0, 5) }),
  /** Cool (Presence) when ready, Vigilance (Willpower) when surprised: give the one that applies. */
  initiative: z.strictObject({ characteristic: int(1, 7), skill: int(0, 5) }),
  weapon: weaponSchema,
  soak: int(0, 20),
  meleeDefense: int(0, 4).default(0),
  rangedDefense: int(0, 4).default(0),
  woundThreshold: int(1, 60),
  strainThreshold: int(1, 60),
  /** Adversary talent rank: combat checks against him upgrade their difficulty this many times (rules.md §5.3). */
  adversary: int(0, 5).default(0),
})

export const turnSchema = z.strictObject({
  maneuvers: z
    .array(oneOf(MANEUVERS), { error: 'must be a list of maneuvers' })
    .max(2, { error: 'must list at most 2 maneuvers a turn (one free, a second for 2 strain or in exchange for the action)' })
    .default([]),
  action: oneOf(['attack', 'exchange', 'none']).default('attack'),
})

export const planSchema = z.strictObject({
  combatant: ident(),
  /** Turn k follows turns[k] (the last entry repeats): e.g. take cover and aim, then aim and shoot. */
  turns: z.array(turnSchema, { error: 'must be a list of turns' }).min(1, { error: 'must list 1–6 turns' }).max(6, { error: 'must list 1–6 turns' }),
  /** Leftover advantage: recover strain, Boost the next ally, or 2 advantage for a free maneuver (take cover, else Aim). */
  advantage: oneOf(['recover-strain', 'boost-ally', 'free-maneuver']).default('recover-strain'),
  target: oneOf(['sticky-first', 'weakest']).default('sticky-first'),
})

export const scenarioSchema = z
  .strictObject({
    ...envelope(SYSTEM_ID),
    rules: rulesSchema(variants),
    mode: oneOf(['check', 'fight']),
    check: checkSchema.optional(),
    range: oneOf(RANGE_BANDS).default('medium'),
    maxRounds: int(1, 100).default(30),
    combatants: z.array(combatantSchema, { error: 'must be a list of combatants' }).max(MAX_COMBATANTS, { error: `must list 2–${MAX_COMBATANTS} combatants` }).default([]),
    plans: z.array(planSchema, { error: 'must be a list of plans, one per combatant' }).default([]),
  })
  .superRefine((s, ctx) => {
    if (s.mode === 'check') refineCheck(s.check, ctx)
    else refineFight(s, ctx)
  })

type Ctx = z.RefinementCtx

function refineCheck(c: z.output<typeof checkSchema> | undefined, ctx: Ctx): void {
  if (!c) return void ctx.addIssue({ code: 'custom', path: ['check'], message: 'is required when mode is "check"', input: undefined })
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
 * Gunnery never while engaged, a ranged weapon only within its range (rules.md §5.4; seed 003).
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

function refineFight(s: { combatants: z.output<typeof combatantSchema>[]; plans: z.output<typeof planSchema>[] }, ctx: Ctx): void {
  if (s.combatants.length < 2) ctx.addIssue({ code: 'custom', path: ['combatants'], message: `must list 2–${MAX_COMBATANTS} combatants when mode is "fight"`, input: s.combatants.length })
  const ids = new Set<string>()
  s.combatants.forEach((c, i) => {
    if (ids.has(c.id)) ctx.addIssue({ code: 'custom', path: ['combatants', i, 'id'], message: `must be unique, "${c.id}" is used twice`, input: c.id })
    ids.add(c.id)
  })
  for (const side of ['A', 'B']) {
    if (s.combatants.length >= 2 && !s.combatants.some((c) => c.side === side)) ctx.addIssue({ code: 'custom', path: ['combatants'], message: `must include at least one combatant on side "${side}"`, input: undefined })
  }
  const known = [...ids].map((k) => JSON.stringify(k)).join(', ')
  const planned = new Set<string>()
  s.plans.forEach((p, i) => {
    if (!ids.has(p.combatant)) ctx.addIssue({ code: 'custom', path: ['plans', i, 'combatant'], message: `must be one of the combatant ids ${known}`, input: p.combatant })
    if (planned.has(p.combatant)) ctx.addIssue({ code: 'custom', path: ['plans', i, 'combatant'], message: 'must name each combatant once (this one already has a plan)', input: p.combatant })
    planned.add(p.combatant)
  })
  for (const id of ids) if (!planned.has(id)) ctx.addIssue({ code: 'custom', path: ['plans'], message: `must give combatant "${id}" a plan`, input: undefined })
}

export type GenesysScenario = z.output<typeof scenarioSchema>
export type CheckConfig = z.output<typeof checkSchema>
export type Combatant = z.output<typeof combatantSchema>
export type PlanConfig = z.output<typeof planSchema>
export type TurnConfig = z.output<typeof turnSchema>
export type Weapon = z.output<typeof weaponSchema>
