import { z } from 'zod'
import { envelope, rulesSchema } from '../../core/scenario'
import { flag, ident, int, oneOf, text } from '../../core/schema'
import { DICE_FORMAT, parseHeroDice } from '../../dice/hero-damage'
import { variants } from './variants'

/**
 * Scenario schema for HERO System fights: combatants with characteristics, one attack and a plan.
 * @see ../shared/seeds/000_852adc43798ee24e.txt, rules.md §2 and rules-combat.md §C1, §C4
 */

export const SYSTEM_ID = 'hero'
export const MAX_COMBATANTS = 8

const dice = z.string({ error: `must be ${DICE_FORMAT}` }).refine((s) => parseHeroDice(s) !== undefined, { error: `must be ${DICE_FORMAT}` })

export const attackSchema = z.strictObject({
  name: text(1, 60).default('Punch'),
  dice: dice.default('2d6'),
  kind: oneOf(['normal', 'killing']).default('normal'),
  /** Which defence stops it. */
  vs: oneOf(['PD', 'ED']).default('PD'),
  /** Hand-to-hand attacks can be Blocked; ranged ones cannot (a Block against them becomes a Dodge). */
  range: oneOf(['hth', 'ranged']).default('hth'),
  /** OCV modifier of this attack (weapon, maneuver, range). */
  ocv: int(-10, 10).default(0),
  /** Active Points, for END (1 END per 10, rules-combat.md C1.6); absent: 5 per Damage Class of the dice. */
  activePoints: int(1, 999).optional(),
  /** END per use, overriding the Active Points rule (0 for an attack with Charges). */
  endCost: int(0, 99).optional(),
})

export const holdSchema = z.strictObject({
  /** The anticipated event: this combatant starting an attack. */
  event: ident(),
  mode: oneOf(['interrupt', 'after', 'tandem']),
  /** Roll used in the contest or for tandem: DEX Roll, Fast Draw (interrupt) or Teamwork (tandem). */
  roll: oneOf(['dex', 'fast-draw', 'teamwork']).default('dex'),
  /** Has trained with the partner (tandem): otherwise the A7 Teamwork penalty applies. */
  trained: flag().default(true),
  /**
   * What he does when the event comes (seed 000: "If you decide to take no action when the anticipated
   * event occurs, you will hold your action for defense"): always act as declared, or act unless the
   * mover is attacking him, in which case he keeps the action as a hold for defense (used before that
   * attack, or for a later Abort to defense until it expires).
   */
  onEvent: oneOf(['act', 'defend-if-targeted']).default('act'),
})

export const delaySchema = z.strictObject({
  /** 0 = later in this Segment, 1 = the next Segment, ... */
  segments: int(0, 11).default(0),
  dex: int(0, 99),
  /**
   * At the chosen DEX and Segment he "must either act, or hold [his] action for defense" (seed 000):
   * always act, always hold for defense, or hold for defense only when an enemy whose target he is
   * still has an attack to come this Segment (a Phase or delayed action not yet taken), else act.
   */
  onArrival: oneOf(['act', 'defend', 'defend-if-threatened']).default('act'),
})

export const planSchema = z.strictObject({
  onPhase: oneOf(['attack', 'haymaker', 'delay', 'hold', 'hold-defense']).default('attack'),
  delay: delaySchema.optional(),
  hold: holdSchema.optional(),
  /** When attacked with no held action for defense: Abort to the defensive action, or never. */
  abort: oneOf(['never', 'when-attacked']).default('never'),
  defense: oneOf(['dodge', 'block']).default('dodge'),
  /** "first" (sticky, roster order), "weakest" (least STUN left) or an enemy's id. */
  target: ident().default('first'),
  /**
   * An ally he guards: his held action for defense may Block an attack on that ally (seed 000 "You may
   * also use your held action to defend someone else"). Needs defense "block".
   */
  protect: ident().optional(),
})

export const combatantSchema = z.strictObject({
  id: ident(),
  name: text(1, 60),
  side: oneOf(['A', 'B']),
  dex: int(0, 99),
  spd: int(1, 12),
  /** Lightning Reflexes: adds to DEX for acting order only, never to DEX Rolls. */
  lightningReflexes: int(0, 30).default(0),
  int: int(0, 99).default(10),
  pre: int(0, 99).default(10),
  /** Levels in Fast Draw / Teamwork beyond the base roll (absent = does not have the skill). */
  fastDraw: int(0, 10).optional(),
  teamwork: int(0, 10).optional(),
  ocv: int(0, 30).default(3),
  dcv: int(0, 30).default(3),
  con: int(1, 99).default(10),
  stun: int(1, 300).default(20),
  body: int(1, 100).default(10),
  rec: int(0, 99).default(4),
  /** Endurance (6e base 20, rules-combat.md C1.1). */
  end: int(0, 300).default(20),
  pd: int(0, 100).default(2),
  rpd: int(0, 100).default(0),
  ed: int(0, 100).default(2),
  red: int(0, 100).default(0),
  attack: attackSchema.default({ name: 'Punch', dice: '2d6', kind: 'normal', vs: 'PD', range: 'hth', ocv: 0 }),
  plan: planSchema.default({ onPhase: 'attack', abort: 'never', defense: 'dodge', target: 'first' }),
})

export const scenarioSchema = z
  .strictObject({
    ...envelope(SYSTEM_ID),
    rules: rulesSchema(variants),
    /** The fight stops as a draw after Segment 12 of this Turn. */
    turnCap: int(1, 100).default(20),
    combatants: z
      .array(combatantSchema, { error: 'must be a list of combatants' })
      .min(2, { error: `must list 2–${MAX_COMBATANTS} combatants` })
      .max(MAX_COMBATANTS, { error: `must list 2–${MAX_COMBATANTS} combatants` }),
  })
  .superRefine((s, ctx) => {
    const byId = new Map<string, (typeof s.combatants)[number]>()
    s.combatants.forEach((c, i) => {
      if (byId.has(c.id)) ctx.addIssue({ code: 'custom', path: ['combatants', i, 'id'], message: `must be unique, "${c.id}" is used twice`, input: c.id })
      byId.set(c.id, c)
    })
    for (const side of ['A', 'B']) {
      if (!s.combatants.some((c) => c.side === side)) ctx.addIssue({ code: 'custom', path: ['combatants'], message: `must have at least one combatant on side "${side}"`, input: undefined })
    }
    s.combatants.forEach((c, i) => checkCombatant(c, i, byId, ctx))
  })

type Combatant = z.output<typeof combatantSchema>

function checkCombatant(c: Combatant, i: number, byId: Map<string, Combatant>, ctx: z.RefinementCtx): void {
  const at = (...p: (string | number)[]): (string | number)[] => ['combatants', i, ...p]
  const issue = (path: (string | number)[], message: string, input: unknown): void => ctx.addIssue({ code: 'custom', path, message, input })
  if (c.rpd > c.pd) issue(at('rpd'), `must be at most pd (${c.pd}): resistant PD is part of total PD`, c.rpd)
  if (c.red > c.ed) issue(at('red'), `must be at most ed (${c.ed}): resistant ED is part of total ED`, c.red)
  const d = parseHeroDice(c.attack.dice)
  if (d && d.plus !== 0 && c.attack.kind === 'normal') issue(at('attack', 'dice'), 'must not add pips ("+1") to normal damage: use whole or half dice', c.attack.dice)
  const p = c.plan
  if ((p.onPhase === 'hold') !== (p.hold !== undefined)) issue(at('plan', 'hold'), p.hold ? 'only applies when onPhase is "hold"' : 'is required when onPhase is "hold"', p.hold)
  if ((p.onPhase === 'delay') !== (p.delay !== undefined)) issue(at('plan', 'delay'), p.delay ? 'only applies when onPhase is "delay"' : 'is required when onPhase is "delay"', p.delay)
  if (p.delay && p.delay.segments === 0 && p.delay.dex >= c.dex + c.lightningReflexes) {
    issue(at('plan', 'delay', 'dex'), `must be below ${c.name}'s DEX ${c.dex + c.lightningReflexes} to delay later in the same Segment (or set segments ≥ 1)`, p.delay.dex)
  }
  if (p.hold) {
    const ev = byId.get(p.hold.event)
    if (!ev || ev.id === c.id) issue(at('plan', 'hold', 'event'), `must be the id of another combatant: ${[...byId.keys()].filter((k) => k !== c.id).map((k) => JSON.stringify(k)).join(', ')}`, p.hold.event)
    if (p.hold.roll === 'fast-draw' && c.fastDraw === undefined) issue(at('plan', 'hold', 'roll'), 'needs the combatant to have fastDraw', p.hold.roll)
    if (p.hold.roll === 'teamwork' && c.teamwork === undefined) issue(at('plan', 'hold', 'roll'), 'needs the combatant to have teamwork', p.hold.roll)
    if (p.hold.roll === 'fast-draw' && p.hold.mode !== 'interrupt') issue(at('plan', 'hold', 'roll'), 'Fast Draw only replaces the DEX Roll when interrupting', p.hold.roll)
    if (p.hold.roll === 'teamwork' && p.hold.mode !== 'tandem') issue(at('plan', 'hold', 'roll'), 'Teamwork only replaces the DEX Roll when acting in tandem', p.hold.roll)
  }
  if (p.protect !== undefined) {
    const allies = [...byId.values()].filter((e) => e.side === c.side && e.id !== c.id).map((e) => JSON.stringify(e.id))
    const ally = byId.get(p.protect)
    if (!ally || ally.side !== c.side || ally.id === c.id) issue(at('plan', 'protect'), allies.length ? `must be the id of an ally: ${allies.join(', ')}` : 'must be the id of an ally, and he has none', p.protect)
    if (p.defense !== 'block') issue(at('plan', 'defense'), 'must be "block" to protect an ally (a Dodge only covers himself)', p.defense)
  }
  const enemies = [...byId.values()].filter((e) => e.side !== c.side).map((e) => e.id)
  if (p.target !== 'first' && p.target !== 'weakest' && !enemies.includes(p.target)) {
    issue(at('plan', 'target'), `must be "first", "weakest" or an enemy id: ${enemies.map((k) => JSON.stringify(k)).join(', ')}`, p.target)
  }
}

export type HeroScenario = z.output<typeof scenarioSchema>
export type HeroCombatant = Combatant
