import { z } from 'zod'
import { envelope, rulesSchema, type VariantDoc } from '../../core/scenario'
import { crossCheck, flag, ident, int, oneOf, stepped, text } from '../../core/schema'
import { belowThreeVariant, yardPenaltyVariant } from '../gurps-common/wait-variants'

/**
 * Scenario schema for GURPS Cascading Waits (GURPS Martial Arts p.108 (docs/rules/gurps.md section 2), GURPS Martial Arts p.108).
 * @see GURPS Martial Arts p.108 (docs/rules/gurps.md section 2) and docs/rules/gurps.md section 2
 */

export const SYSTEM_ID = 'gurps-waits'

/** The system's name as the app, the command line and saved results show it. */
export const SYSTEM_LABEL = 'GURPS — Cascading Waits'

export const MAX_FIGHTERS = 6

/** Whether an earlier action prevents a later one only if it works. */
export const preventionVariant: VariantDoc = {
  key: 'prevention',
  label: 'An earlier action makes a later one impossible',
  default: 'if-it-succeeds',
  values: [
    {
      value: 'if-it-succeeds',
      label: 'only if it works: he rolls against his skill, and against an attack or a grab the target also gets his defence roll (the knife is only out of reach once the grab succeeds)',
    },
    { value: 'acting-first', label: 'acting first is enough (Quickdraw 1.x)' },
  ],
  source: 'GURPS Martial Arts p.108 (Cascading Waits); GURPS Basic Set p.B366 (Wait)',
}

export const variants: readonly VariantDoc[] = [yardPenaltyVariant, belowThreeVariant, preventionVariant]

export const combatantSchema = z.strictObject({
  id: ident().describe('Short id that tactics use to refer to this combatant (letters, digits, "-" or "_").'),
  name: text(1, 60).describe('His name in the results and in the trial log.'),
  /** The score he will actually use: weapon skill to attack, DX to grab or press, Wrestling, ... */
  skill: int(3, 30).describe(
    'The score he rolls in the Quick Contest, the one his action uses: weapon skill to attack, DX to grab or press a button, Wrestling… (3–30).',
  ),
  skillName: text(1, 40).default('DX').describe('What that score is called in the trial log ("Knife", "DX", "Wrestling"); a label only, the number is the skill field.'),
  basicSpeed: stepped(1, 20, 0.25).describe('Basic Speed, (DX+HT)/4 in steps of 0.25: its whole part is added to his Wait contest score.'),
  combatReflexes: flag().default(false).describe('Combat Reflexes: +1 to his Wait contest score.'),
  enhancedTimeSense: flag()
    .default(false)
    .describe('Enhanced Time Sense: he and other ETS waiters are resolved before everyone without it; includes Combat Reflexes (+1), so leave that off.'),
})

export const tacticSchema = z.strictObject({
  combatant: ident().describe('Id of the combatant whose choice this is; every combatant has exactly one tactic.'),
  /** "proceed" commits now; "keep-waiting" stays out; "late" is an uninvolved waiter who may cut in. */
  commit: oneOf(['proceed', 'keep-waiting', 'late'])
    .default('proceed')
    .describe(
      '"proceed": acts now and rolls; "keep-waiting": stays out and keeps his Wait; "late": an uninvolved waiter who may cut in at −2 when his trigger comes.',
    ),
  action: text(1, 80).describe('What he does when his turn in the sequence comes ("stabs Bruno", "closes the door"), as the trial log tells it; it does not change the rolls.'),
  /** 0 = no movement (+2), 1 = a single step (+0), 2+ = yards moved by All-Out Attack (−1 per yard). */
  yards: int(0, 30)
    .default(0)
    .describe('Yards he must move to act: 0 gives +2, 1 (a step) +0, 2 or more (All-Out Attack) −1 per yard; the yardPenalty rule says which yards count.'),
  /** Any other situational modifier the GM applies to this roll. */
  modifier: int(-10, 10).default(0).describe('Any other modifier the GM applies to his contest score, −10 to +10.'),
  /** The combatant this action attacks, if any (mutual attacks in a tie cannot be parried with the weapon). */
  attacks: ident()
    .optional()
    .describe('Id of the combatant his action attacks, if any: two who attack each other in the same slot cannot parry with the weapons they attack with.'),
  /** Combatants whose action becomes impossible if this one acts first. */
  prevents: z
    .array(ident(), { error: 'must be a list of combatant ids' })
    .default([])
    .describe('Ids of combatants whose action becomes impossible if he acts before them: they lose their action and their Wait.'),
  /** The target's active defence against this action, if it is an attack or a grab; only with `prevents`. */
  defense: int(3, 30)
    .optional()
    .describe(
      'If his action is an attack or a grab, the defence roll (Dodge, Parry or Block) his target gets against it, 3–30: under the prevention rule "if-it-succeeds" his action prevents others only if his skill roll succeeds and this defence fails. Leave it out for an action nobody can defend against (pressing a button).',
    ),
  /** For a late joiner: the combatant whose action triggers his Wait and whom he tries to interrupt. */
  interrupts: ident()
    .optional()
    .describe('For commit "late" only: id of the combatant whose action sets off his Wait; he interrupts if his roll puts him before that one.'),
})

export const scenarioSchema = z
  .strictObject({
    ...envelope(SYSTEM_ID),
    rules: rulesSchema(variants),
    combatants: z
      .array(combatantSchema, { error: 'must be a list of combatants' })
      .min(2, { error: `must list 2–${MAX_FIGHTERS} combatants` })
      .max(MAX_FIGHTERS, { error: `must list 2–${MAX_FIGHTERS} combatants` })
      .describe(`The waiters whose Waits go off at the same moment, 2–${MAX_FIGHTERS}, with the score each will roll.`),
    tactics: z
      .array(tacticSchema, { error: 'must be a list of tactics, one per combatant' })
      .describe('What each combatant does when the moment comes, one tactic per combatant; at least one must proceed.'),
  })
  .check(crossCheck((s, ctx) => {
    const ids = new Map<string, number>()
    s.combatants.forEach((c, i) => {
      if (ids.has(c.id)) ctx.addIssue({ code: 'custom', path: ['combatants', i, 'id'], message: `must be unique, "${c.id}" is used twice`, input: c.id })
      ids.set(c.id, i)
      if (c.combatReflexes && c.enhancedTimeSense) {
        ctx.addIssue({
          code: 'custom',
          path: ['combatants', i, 'combatReflexes'],
          message: 'must be false when enhancedTimeSense is true (Enhanced Time Sense already includes Combat Reflexes)',
          input: true,
        })
      }
    })
    const known = [...ids.keys()].map((k) => JSON.stringify(k)).join(', ')
    const refer = (value: string | undefined, path: (string | number)[]): void => {
      if (value !== undefined && !ids.has(value)) ctx.addIssue({ code: 'custom', path, message: `must be one of the combatant ids ${known}`, input: value })
    }
    const seen = new Set<string>()
    s.tactics.forEach((t, i) => {
      refer(t.combatant, ['tactics', i, 'combatant'])
      if (seen.has(t.combatant)) ctx.addIssue({ code: 'custom', path: ['tactics', i, 'combatant'], message: 'must name each combatant once (this one already has a tactic)', input: t.combatant })
      seen.add(t.combatant)
      refer(t.attacks, ['tactics', i, 'attacks'])
      refer(t.interrupts, ['tactics', i, 'interrupts'])
      t.prevents.forEach((p, j) => refer(p, ['tactics', i, 'prevents', j]))
      const self = (v: string | undefined): boolean => v === t.combatant
      if (self(t.attacks) || self(t.interrupts) || t.prevents.some(self)) {
        ctx.addIssue({ code: 'custom', path: ['tactics', i], message: 'must not attack, interrupt or prevent its own combatant', input: t.combatant })
      }
      if (t.commit === 'late' && t.interrupts === undefined) {
        ctx.addIssue({ code: 'custom', path: ['tactics', i, 'interrupts'], message: 'is required for a late joiner: the combatant whose action triggers his Wait', input: undefined })
      }
      if (t.defense !== undefined && t.prevents.length === 0) {
        ctx.addIssue({ code: 'custom', path: ['tactics', i, 'defense'], message: 'only applies when prevents lists whose action his makes impossible', input: t.defense })
      }
      if (t.commit !== 'late' && t.interrupts !== undefined) {
        ctx.addIssue({ code: 'custom', path: ['tactics', i, 'interrupts'], message: 'only applies when commit is "late"', input: t.interrupts })
      }
    })
    for (const id of ids.keys()) {
      if (!seen.has(id)) ctx.addIssue({ code: 'custom', path: ['tactics'], message: `must give combatant "${id}" a tactic`, input: undefined })
    }
    if (!s.tactics.some((t) => t.commit === 'proceed')) {
      ctx.addIssue({ code: 'custom', path: ['tactics'], message: 'must have at least one combatant whose commit is "proceed"', input: undefined })
    }
  }))

export type GurpsWaitsScenario = z.output<typeof scenarioSchema>
export type Combatant = z.output<typeof combatantSchema>
export type Tactic = z.output<typeof tacticSchema>
