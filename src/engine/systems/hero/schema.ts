import { z } from 'zod'
import { envelope, rulesSchema } from '../../core/scenario'
import { crossCheck, flag, ident, int, oneOf, text } from '../../core/schema'
import { DICE_FORMAT, parseHeroDice } from '../../dice/hero-damage'
import { minPhaseGap } from './speed-chart'
import { presetRules, variants } from './variants'

/**
 * Scenario schema for HERO System fights: combatants with characteristics, one attack and a plan.
 * @see the campaign house rules (docs/rules/hero.md), docs/rules/hero.md and docs/rules/hero.md section 6, docs/rules/hero.md section 7
 */

export const SYSTEM_ID = 'hero'

/** The system's name as the app, the command line and saved results show it. */
export const SYSTEM_LABEL = 'HERO System — Speed Chart, holds, aborts and fights'
export const MAX_COMBATANTS = 8

const dice = z.string({ error: `must be ${DICE_FORMAT}` }).refine((s) => parseHeroDice(s) !== undefined, { error: `must be ${DICE_FORMAT}` })

export const attackSchema = z.strictObject({
  name: text(1, 60).default('Punch').describe('The attack\'s name, as the combat log shows it.'),
  dice: dice
    .default('2d6')
    .describe('Damage dice such as "12d6" or "2½d6" ("2.5d6"); "+1" pips only on killing attacks, e.g. "1d6+1".'),
  kind: oneOf(['normal', 'killing'])
    .default('normal')
    .describe('normal: STUN is the dice total, BODY counted per die (1→0, 2–5→1, 6→2); killing: BODY is the total, STUN = BODY × a STUN Multiplier.'),
  vs: oneOf(['PD', 'ED'])
    .default('PD')
    .describe('Defence that stops it: PD for physical harm (fists, blades, bullets), ED for energy (blasts, fire).'),
  range: oneOf(['hth', 'ranged'])
    .default('hth')
    .describe('hth: hand-to-hand, can be Blocked; ranged: cannot be Blocked, so a defender set to Block Dodges instead.'),
  ocv: int(-10, 10)
    .default(0)
    .describe('OCV modifier of this attack (weapon, maneuver, range), added to his OCV on the Attack Roll only.'),
  activePoints: int(1, 999)
    .optional()
    .describe('Active Points, for END: 1 END per 10, minimum 1. Empty: 5 per Damage Class of the dice.'),
  endCost: int(0, 99)
    .optional()
    .describe('END per use, overriding the Active Points rule; 0 for an attack with Charges.'),
  reducedEnd: oneOf(['half', 'zero'])
    .optional()
    .describe('Reduced Endurance: half (½ END: 1 END per 20 Active Points, minimum 1) or zero (0 END) (HERO 6E1, Reduced Endurance). Ignored when endCost is given.'),
  dcv: int(-10, 10)
    .optional()
    .describe('DCV modifier of this attack (a maneuver\'s DCV), in force from the moment he makes it until his next Phase begins (HERO 6E2, Combat Maneuvers). Empty: 0.'),
  maneuver: oneOf(['offensive-strike', 'martial-strike', 'defensive-strike'])
    .optional()
    .describe('A Martial Arts strike made with this attack: offensive-strike (−2 OCV, +1 DCV, +4 Damage Classes), martial-strike (+0 OCV, +2 DCV, +2 Damage Classes) or defensive-strike (+1 OCV, +3 DCV, no extra damage); added to the attack\'s own modifiers and dice (HERO 6E2 Martial Arts). Empty: none.'),
  csl: int(0, 20)
    .optional()
    .describe('Combat Skill Levels that apply with this attack (those he bought for a group of attacks it belongs to): +1 OCV each, or +1 DCV each as his plan\'s csl says (HERO 6E1, Combat Skill Levels). Empty: none.'),
  addsStr: flag()
    .optional()
    .describe('His STR adds damage to this hand-to-hand attack: +1 Damage Class per 5 STR above the STR Minimum, at most doubling its dice (HERO 6E2 p.101, Adding Damage). Needs the fighter\'s str.'),
  strMin: int(0, 100)
    .optional()
    .describe('STR Minimum of the weapon: only STR above it adds damage. Empty: 0 (a power such as a Hand-to-Hand Killing Attack, all his STR adds).'),
})

/** The hit location table (HERO 6E2 Hit Locations): each location and the 3d6 rolls that hit it. */
export const HIT_LOCATIONS: Record<string, readonly number[]> = {
  head: [3, 4, 5],
  hands: [6],
  arms: [7, 8],
  shoulders: [9],
  chest: [10, 11],
  stomach: [12],
  vitals: [13],
  thighs: [14],
  legs: [15, 16],
  feet: [17, 18],
}

export const armourSchema = z.strictObject({
  pd: int(0, 100).describe('Resistant PD of the armour when it counts.'),
  ed: int(0, 100).default(0).describe('Resistant ED of the armour when it counts.'),
  activation: int(3, 18)
    .optional()
    .describe('Activation roll: the armour counts on a hit only if 3d6 rolls this or less (11- counts 62.5% of the time). Empty: no activation roll.'),
  covers: z
    .array(oneOf(Object.keys(HIT_LOCATIONS) as [string, ...string[]]))
    .min(1, { error: 'must list at least one hit location' })
    .optional()
    .describe('Hit locations it covers (head, hands, arms, shoulders, chest, stomach, vitals, thighs, legs, feet): it counts when the hit location roll, 3d6 on the HERO hit location table, falls on one of them. Empty: it covers him everywhere.'),
})

/** Martial Arts strikes (HERO 6E2 Martial Arts maneuvers): OCV, DCV and extra Damage Classes. */
export const MARTIAL_STRIKES: Record<string, { ocv: number; dcv: number; dc: number }> = {
  'offensive-strike': { ocv: -2, dcv: 1, dc: 4 },
  'martial-strike': { ocv: 0, dcv: 2, dc: 2 },
  'defensive-strike': { ocv: 1, dcv: 3, dc: 0 },
}

/** Most attacks one fighter may list. */
export const MAX_ATTACKS = 8
/** The plan's `using` for "his best against this foe". */
export const BEST = 'best'

/** One of a fighter's several attacks (`attacks`): an attack's fields with a name of its own. */
export const listedAttackSchema = attackSchema
  .extend({
    name: text(1, 60).describe('Name of the attack, unique among his attacks: the plan\'s "using" names it, and the combat log and Tactics show it.'),
  })
  .describe('One of his attacks: its dice, kind, defence, reach, OCV and DCV modifiers, END, and a name of its own.')

export const holdSchema = z.strictObject({
  event: ident().describe('Id of the combatant whose next attack (or Haymaker) is the anticipated event: an enemy, or an ally to act in tandem with (campaign\'s house rules).'),
  mode: oneOf(['interrupt', 'after', 'tandem']).describe(
    'interrupt: both roll DEX (or Fast Draw), larger margin acts first; after: act once his attack is resolved; tandem: on a DEX (or Teamwork) Roll, act at the same instant (campaign\'s house rules).',
  ),
  roll: oneOf(['dex', 'fast-draw', 'teamwork'])
    .default('dex')
    .describe('Roll for the contest or tandem: dex (DEX Roll, 9 + DEX/5), fast-draw (Fast Draw, interrupt only) or teamwork (Teamwork, tandem only).'),
  trained: flag()
    .default(true)
    .describe('Has trained with the partner he acts in tandem with. If not, coordinating takes a Teamwork Roll from both of them (so both need Teamwork), each with the untrained Teamwork penalty of the rules (campaign house rules).'),
  /**
   * the campaign house rules (docs/rules/hero.md): "If you decide to take no action when the anticipated event occurs, you will hold your
   * action for defense". With defend-if-targeted he keeps the action as a hold for defense (used before
   * that attack, or for a later Abort to defense until it expires).
   */
  onEvent: oneOf(['act', 'defend-if-targeted'])
    .default('act')
    .describe('act: always act when the event comes; defend-if-targeted: if that attack is on him (or the ally he protects), take no action and keep it as a hold for defense (campaign\'s house rules).'),
})

export const delaySchema = z.strictObject({
  segments: int(0, 11)
    .default(0)
    .describe('Segments to wait: 0 = later in this Segment (at a lower DEX than his own), 1 = the next Segment, and so on (campaign\'s house rules).'),
  dex: int(0, 99).describe(
    'DEX at which the delayed action comes; ties on that DEX follow the tie rule. A higher DEX on the Segment of his next Phase replaces that Phase (campaign\'s house rules).',
  ),
  /**
   * At the chosen DEX and Segment he "must either act, or hold [his] action for defense" (the campaign house rules (docs/rules/hero.md)).
   * "Threatened": an enemy whose target he is still has a Phase or delayed action to come this Segment.
   */
  onArrival: oneOf(['act', 'defend', 'defend-if-threatened'])
    .default('act')
    .describe('At that DEX: act; defend (keep it as a hold for defense); defend-if-threatened (hold for defense only if an enemy aiming at him still acts this Segment, else act) (campaign\'s house rules).'),
})

export const planSchema = z.strictObject({
  onPhase: oneOf(['attack', 'haymaker', 'delay', 'hold', 'hold-defense'])
    .default('attack')
    .describe('Each Phase: attack; haymaker (+4 DC, −5 DCV, lands at the end of the next Segment); delay; hold for an event; hold-defense (keep it to Block/Dodge) (campaign\'s house rules).'),
  delay: delaySchema.optional().describe('The delayed action, required when onPhase is "delay": when he acts instead. He may not delay again (campaign\'s house rules).'),
  hold: holdSchema
    .optional()
    .describe('The held action, required when onPhase is "hold": whose attack he waits for and how he reacts. Lost at his next Phase if it never comes (campaign\'s house rules).'),
  abort: oneOf(['never', 'when-attacked'])
    .default('never')
    .describe('When attacked with no held action for defense: never, or when-attacked (Abort to his defense, using his unused action or next Phase; not when Stunned).'),
  defense: oneOf(['dodge', 'block', 'martial-dodge', 'martial-block'])
    .default('dodge')
    .describe('dodge: +3 DCV against all attacks until his next Phase; block: 3d6 ≤ 11 + his OCV − attacker\'s OCV stops one hand-to-hand attack; martial-dodge: a Martial Dodge, +5 DCV; martial-block: a Martial Block, +2 OCV to the Block roll and +2 DCV until his next Phase (HERO 6E2 Martial Arts).'),
  target: ident()
    .default('first')
    .describe('first: first living enemy in roster order, kept until down (the targeting rule may change it); weakest: least STUN left; or an enemy\'s id (first once he is down).'),
  csl: oneOf(['ocv', 'dcv'])
    .optional()
    .describe('Where his Combat Skill Levels go when he attacks: ocv (to hit) or dcv (defence until his next Phase) (HERO 6E1, Combat Skill Levels). Empty: ocv.'),
  using: text(1, 60)
    .optional()
    .describe('Which of his attacks he makes: an attack\'s name, or "best" for his best against this foe (the attack with the highest expected STUN after defences against his target as they stand when he attacks: chance to hit × mean STUN past PD or ED; ties to the earlier listed). Empty: the first listed.'),
  protect: ident()
    .optional()
    .describe('An ally he guards: his held action for defense Blocks hand-to-hand attacks on that ally. Needs defense "block" (campaign\'s house rules: "defend someone else").'),
})

/** The attack of a fighter who gives none: a normal human's Punch. */
const DEFAULT_ATTACK = { name: 'Punch', dice: '2d6', kind: 'normal' as const, vs: 'PD' as const, range: 'hth' as const, ocv: 0 }

/**
 * His attack is the default one (he gave none, or wrote exactly it): a fighter who lists attacks still
 * carries it after parsing, and a parsed scenario must parse again unchanged.
 */
function isDefaultAttack(a: z.output<typeof attackSchema>): boolean {
  const keys = Object.keys(a).filter((k) => a[k as keyof typeof a] !== undefined)
  return keys.length === Object.keys(DEFAULT_ATTACK).length && keys.every((k) => a[k as keyof typeof a] === DEFAULT_ATTACK[k as keyof typeof DEFAULT_ATTACK])
}

export const combatantSchema = z.strictObject({
  id: ident().describe('Short unique id, used in plans (hold.event, target, protect) and in results.'),
  name: text(1, 60).describe('Name shown in the combat log and the results.'),
  side: oneOf(['A', 'B']).describe('Side A or B: a side wins when nobody on the other side is still fighting.'),
  dex: int(0, 99).describe('Dexterity: highest DEX acts first in a Segment; DEX Roll 9 + DEX/5. In 6e it does not set OCV or DCV.'),
  spd: int(1, 12).describe('Speed 1–12: the Segments of the 12-Segment Turn in which he has a Phase, per the Speed Chart (SPD 4: Segments 3, 6, 9, 12) (campaign\'s house rules).'),
  lightningReflexes: int(0, 30)
    .default(0)
    .describe('Lightning Reflexes levels: added to DEX for acting order only, never to DEX Rolls (HERO 6E1 p.116).'),
  int: int(0, 99).default(10).describe('Intelligence: used only by the "int-pre" tie rule, where the higher INT acts first on equal DEX (HERO 6E2 p.21).'),
  pre: int(0, 99).default(10).describe('Presence: used only by the "int-pre" tie rule, when DEX and INT are both equal (HERO 6E2 p.21).'),
  fastDraw: int(0, 10)
    .optional()
    .describe('Fast Draw levels beyond the base roll (9 + DEX/5 + levels); empty if he lacks the skill. For a hold with roll "fast-draw" and the "fast-draw" tie rule.'),
  teamwork: int(0, 10)
    .optional()
    .describe('Teamwork levels beyond the base roll (9 + DEX/5 + levels); empty if he lacks the skill. For a tandem hold with roll "teamwork" (campaign\'s house rules).'),
  ocv: int(0, 30)
    .default(3)
    .describe('Offensive Combat Value (6e base 3): he hits on 3d6 ≤ 11 + OCV − target\'s DCV; also sets his Block roll.'),
  dcv: int(0, 30)
    .default(3)
    .describe('Defensive Combat Value (6e base 3), subtracted from attackers\' rolls: +3 Dodging, −5 winding a Haymaker, halved when Stunned, 0 when out.'),
  con: int(1, 99).default(10).describe('Constitution: more STUN than CON from one attack (after defences) Stuns him, and his next Phase goes to recovering.'),
  stun: int(1, 300).default(20).describe('STUN at the start, and its maximum: damage takes it away; at 0 or less he is Knocked Out (6e base 20).'),
  body: int(1, 100).default(10).describe('BODY at the start, and its maximum: at 0 or less he is dying and bleeds 1 BODY a Turn; dead at −BODY (6e base 10).'),
  rec: int(0, 99)
    .default(4)
    .describe('Recovery: STUN and END regained, up to their maximum, at each Post-Segment 12 Recovery or Recovery action (6e base 4).'),
  end: int(0, 300)
    .default(20)
    .describe('Endurance at the start, and its maximum: each attack costs END; the endurance rule says what happens when short (6e base 20).'),
  pd: int(0, 100).default(2).describe('Physical Defense, total (normal + resistant): taken off the STUN of attacks vs PD, and off their BODY if normal (6e base 2).'),
  rpd: int(0, 100).default(0).describe('Resistant part of PD (at most pd): the only PD that stops BODY from killing attacks.'),
  ed: int(0, 100).default(2).describe('Energy Defense, total (normal + resistant): taken off the STUN of attacks vs ED, and off their BODY if normal (6e base 2).'),
  red: int(0, 100).default(0).describe('Resistant part of ED (at most ed): the only ED that stops BODY from killing attacks.'),
  combatLuck: int(0, 3)
    .optional()
    .describe('Combat Luck levels: +3 resistant PD and +3 resistant ED each, on top of pd/rpd and ed/red (HERO 6E1, Combat Luck). Empty: none.'),
  armour: armourSchema
    .optional()
    .describe('Armour that does not always count (it covers some hit locations, or needs an activation roll): played as its chance to count on each hit. Armour that always counts belongs in pd/rpd and ed/red.'),
  str: int(0, 200)
    .optional()
    .describe('Strength, read only by attacks marked addsStr: +1 Damage Class per 5 STR above their STR Minimum (HERO 6E2 p.101, Adding Damage).'),
  attack: attackSchema
    .default(DEFAULT_ATTACK)
    .describe('His one attack, used for every strike and Haymaker; a normal human\'s Punch is 2d6 normal vs PD. Give attack or attacks, not both.'),
  attacks: z
    .array(listedAttackSchema, { error: 'must be a list of attacks' })
    .min(1, { error: `must list 1–${MAX_ATTACKS} attacks` })
    .max(MAX_ATTACKS, { error: `must list 1–${MAX_ATTACKS} attacks` })
    .optional()
    .describe(`His attacks when he has several (1–${MAX_ATTACKS}, each with a name of its own), instead of attack: his plan's "using" says which he makes (empty: the first listed). Give attack or attacks, not both.`),
  plan: planSchema
    .default({ onPhase: 'attack', abort: 'never', defense: 'dodge', target: 'first' })
    .describe('How he fights: what he does with each Phase, how he defends and whom he attacks (campaign\'s house rules).'),
})

export const scenarioSchema = z
  .strictObject({
    ...envelope(SYSTEM_ID),
    rules: rulesSchema(variants),
    turnCap: int(1, 100)
      .default(20)
      .describe('Turns played at most (the fight opens in Segment 12 of Turn 1); then the onCap rule calls a draw or the side with most health left.'),
    combatants: z
      .array(combatantSchema, { error: 'must be a list of combatants' })
      .min(2, { error: `must list 2–${MAX_COMBATANTS} combatants` })
      .max(MAX_COMBATANTS, { error: `must list 2–${MAX_COMBATANTS} combatants` })
      .describe('The fighters, 2–8, in roster order (which "first" targeting follows), with at least one on each side.'),
  })
  .check(crossCheck((s, ctx) => {
    const byId = new Map<string, (typeof s.combatants)[number]>()
    s.combatants.forEach((c, i) => {
      if (byId.has(c.id)) ctx.addIssue({ code: 'custom', path: ['combatants', i, 'id'], message: `must be unique, "${c.id}" is used twice`, input: c.id })
      byId.set(c.id, c)
    })
    for (const side of ['A', 'B']) {
      if (!s.combatants.some((c) => c.side === side)) ctx.addIssue({ code: 'custom', path: ['combatants'], message: `must have at least one combatant on side "${side}"`, input: undefined })
    }
    const expiryAtDex = presetRules(s.rules).holdExpiry === 'holder-dex'
    s.combatants.forEach((c, i) => checkCombatant(c, i, byId, ctx, expiryAtDex))
  }))

type Combatant = z.output<typeof combatantSchema>

function checkCombatant(c: Combatant, i: number, byId: Map<string, Combatant>, ctx: z.RefinementCtx, expiryAtDex: boolean): void {
  const at = (...p: (string | number)[]): (string | number)[] => ['combatants', i, ...p]
  const issue = (path: (string | number)[], message: string, input: unknown): void => ctx.addIssue({ code: 'custom', path, message, input })
  if (c.armour && c.armour.activation === undefined && c.armour.covers === undefined) {
    issue(at('armour'), 'must have an activation roll or cover some hit locations (armour that always counts belongs in pd/rpd and ed/red)', undefined)
  }
  if (c.rpd > c.pd) issue(at('rpd'), `must be at most pd (${c.pd}): resistant PD is part of total PD`, c.rpd)
  if (c.red > c.ed) issue(at('red'), `must be at most ed (${c.ed}): resistant ED is part of total ED`, c.red)
  if (c.attacks && !isDefaultAttack(c.attack)) issue(at('attacks'), 'must not be given together with attack (give attack for one attack, or attacks for several)', undefined)
  const listed = c.attacks ?? [c.attack]
  const field = c.attacks ? (j: number) => at('attacks', j) : () => at('attack')
  const seen = new Set<string>()
  listed.forEach((a, j) => {
    const d = parseHeroDice(a.dice)
    if (d && d.plus !== 0 && a.kind === 'normal') issue([...field(j), 'dice'], 'must not add pips ("+1") to normal damage: use whole or half dice', a.dice)
    if (a.addsStr && c.str === undefined) issue([...field(j), 'addsStr'], `needs ${c.name}'s str (his STR adds the damage)`, undefined)
    if (a.addsStr && a.range === 'ranged') issue([...field(j), 'addsStr'], 'must be false for a ranged attack: STR adds only to hand-to-hand attacks', undefined)
    if (c.attacks && seen.has(a.name)) issue([...field(j), 'name'], `must be unique among his attacks, "${a.name}" is used twice`, undefined)
    if (c.attacks && a.name === BEST) issue([...field(j), 'name'], `must not be "${BEST}" (the plan's "using" reads it as his best attack)`, a.name)
    seen.add(a.name)
  })
  if (c.plan.using !== undefined && c.plan.using !== BEST && !seen.has(c.plan.using)) {
    issue(at('plan', 'using'), `must be "${BEST}" or the name of one of ${c.name}'s attacks: ${[...seen].map((k) => JSON.stringify(k)).join(', ')}`, c.plan.using)
  }
  const p = c.plan
  if ((p.onPhase === 'hold') !== (p.hold !== undefined)) issue(at('plan', 'hold'), p.hold ? 'only applies when onPhase is "hold"' : 'is required when onPhase is "hold"', p.hold)
  if ((p.onPhase === 'delay') !== (p.delay !== undefined)) issue(at('plan', 'delay'), p.delay ? 'only applies when onPhase is "delay"' : 'is required when onPhase is "delay"', p.delay)
  if (p.delay && p.delay.segments === 0 && p.delay.dex >= c.dex + c.lightningReflexes) {
    issue(at('plan', 'delay', 'dex'), `must be below ${c.name}'s DEX ${c.dex + c.lightningReflexes} to delay later in the same Segment (or set segments ≥ 1)`, p.delay.dex)
  }
  if (p.delay) checkDelayReach(c, p.delay, at, issue, expiryAtDex)
  if (p.hold) {
    const ev = byId.get(p.hold.event)
    if (!ev || ev.id === c.id) issue(at('plan', 'hold', 'event'), `must be the id of another combatant: ${[...byId.keys()].filter((k) => k !== c.id).map((k) => JSON.stringify(k)).join(', ')}`, p.hold.event)
    if (p.hold.roll === 'fast-draw' && c.fastDraw === undefined) issue(at('plan', 'hold', 'roll'), 'needs the combatant to have fastDraw', p.hold.roll)
    if (p.hold.roll === 'teamwork' && c.teamwork === undefined) issue(at('plan', 'hold', 'roll'), 'needs the combatant to have teamwork', p.hold.roll)
    if (p.hold.roll === 'fast-draw' && p.hold.mode !== 'interrupt') issue(at('plan', 'hold', 'roll'), 'Fast Draw only replaces the DEX Roll when interrupting', p.hold.roll)
    if (p.hold.roll === 'teamwork' && p.hold.mode !== 'tandem') issue(at('plan', 'hold', 'roll'), 'Teamwork only replaces the DEX Roll when acting in tandem', p.hold.roll)
    // the campaign house rules (docs/rules/hero.md): a Teamwork Roll "is required to Coordinate Attacks with a character you have not trained with and is required by both characters".
    if (p.hold.mode === 'tandem' && !p.hold.trained) {
      if (p.hold.roll !== 'teamwork') issue(at('plan', 'hold', 'roll'), 'must be "teamwork" when trained is false: coordinating with someone he has not trained with takes a Teamwork Roll from both', p.hold.roll)
      else if (ev && ev.id !== c.id && ev.teamwork === undefined) issue(at('plan', 'hold', 'event'), `"${ev.id}" needs teamwork too: with someone he has not trained with, both make a Teamwork Roll`, p.hold.event)
    }
  }
  if (p.protect !== undefined) {
    const allies = [...byId.values()].filter((e) => e.side === c.side && e.id !== c.id).map((e) => JSON.stringify(e.id))
    const ally = byId.get(p.protect)
    if (!ally || ally.side !== c.side || ally.id === c.id) issue(at('plan', 'protect'), allies.length ? `must be the id of an ally: ${allies.join(', ')}` : 'must be the id of an ally, and he has none', p.protect)
    if (p.defense !== 'block' && p.defense !== 'martial-block') issue(at('plan', 'defense'), 'must be "block" or "martial-block" to protect an ally (a Dodge only covers himself)', p.defense)
  }
  const enemies = [...byId.values()].filter((e) => e.side !== c.side).map((e) => e.id)
  if (p.target !== 'first' && p.target !== 'weakest' && !enemies.includes(p.target)) {
    issue(at('plan', 'target'), `must be "first", "weakest" or an enemy id: ${enemies.map((k) => JSON.stringify(k)).join(', ')}`, p.target)
  }
}

export type HeroScenario = z.output<typeof scenarioSchema>
export type HeroCombatant = Combatant
export type HeroAttack = z.output<typeof attackSchema>

/** His attacks in order: the list, or his one attack. */
export function attacksOf(c: Combatant): HeroAttack[] {
  return c.attacks ?? [c.attack]
}

/**
 * A delayed action is lost when his next Phase comes (the campaign house rules (docs/rules/hero.md); the book: when that Segment begins), so a
 * delay that would reach past it from any of his Phases is refused rather than silently lost. Under the
 * house rules a delay into the Segment of his next Phase stands only at his own DEX or higher (it then
 * replaces that Phase, as the fight loop plays it). docs/rules/hero.md#4-delayed-and-held-actions
 */
function checkDelayReach(
  c: Combatant,
  d: z.output<typeof delaySchema>,
  at: (...p: (string | number)[]) => (string | number)[],
  issue: (path: (string | number)[], message: string, input: unknown) => void,
  expiryAtDex: boolean,
): void {
  const gap = minPhaseGap(c.spd)
  const own = c.dex + c.lightningReflexes
  if (d.segments > gap) {
    issue(at('plan', 'delay', 'segments'), `must be at most ${expiryAtDex ? gap : gap - 1}: at SPD ${c.spd} his Phases can be ${gap} Segments apart, and a delayed action is lost when his next Phase comes`, d.segments)
  } else if (d.segments === gap && !expiryAtDex) {
    issue(at('plan', 'delay', 'segments'), `must be at most ${gap - 1} under this rule set: a delayed action is lost when the Segment of his next Phase begins`, d.segments)
  } else if (d.segments === gap && d.dex < own) {
    issue(at('plan', 'delay', 'dex'), `must be at least his DEX ${own} when he delays into the Segment of his next Phase (the delayed action then replaces that Phase; lower, it is lost when his DEX comes up)`, d.dex)
  }
}
