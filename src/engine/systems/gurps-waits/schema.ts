import { z } from 'zod'
import { envelope, rulesSchema, type VariantDoc } from '../../core/scenario'
import { flag, ident, int, oneOf, stepped, text } from '../../core/schema'
import { belowThreeVariant, yardPenaltyVariant } from '../gurps-common/wait-variants'

/**
 * Scenario schema for GURPS Cascading Waits (seed 001, GURPS Martial Arts p.108).
 * @see ../shared/seeds/001_9ed8a4c4e658c7df.txt and rules.md §3.6
 */

export const SYSTEM_ID = 'gurps-waits'

export const MAX_FIGHTERS = 6

export const variants: readonly VariantDoc[] = [yardPenaltyVariant, belowThreeVariant]

export const combatantSchema = z.strictObject({
  id: ident(),
  name: text(1, 60),
  /** The score he will actually use: weapon skill to attack, DX to grab or press, Wrestling, ... */
  skill: int(3, 30),
  skillName: text(1, 40).default('DX'),
  basicSpeed: stepped(1, 20, 0.25),
  combatReflexes: flag().default(false),
  enhancedTimeSense: flag().default(false),
})

export const tacticSchema = z.strictObject({
  combatant: ident(),
  /** "proceed" commits now; "keep-waiting" stays out; "late" is an uninvolved waiter who may cut in. */
  commit: oneOf(['proceed', 'keep-waiting', 'late']).default('proceed'),
  action: text(1, 80),
  /** 0 = no movement (+2), 1 = a single step (+0), 2+ = yards moved by All-Out Attack (−1 per yard). */
  yards: int(0, 30).default(0),
  /** Any other situational modifier the GM applies to this roll. */
  modifier: int(-10, 10).default(0),
  /** The combatant this action attacks, if any (mutual attacks in a tie cannot be parried with the weapon). */
  attacks: ident().optional(),
  /** Combatants whose action becomes impossible if this one acts first. */
  prevents: z.array(ident(), { error: 'must be a list of combatant ids' }).default([]),
  /** For a late joiner: the combatant whose action triggers his Wait and whom he tries to interrupt. */
  interrupts: ident().optional(),
})

export const scenarioSchema = z
  .strictObject({
    ...envelope(SYSTEM_ID),
    rules: rulesSchema(variants),
    combatants: z
      .array(combatantSchema, { error: 'must be a list of combatants' })
      .min(2, { error: `must list 2–${MAX_FIGHTERS} combatants` })
      .max(MAX_FIGHTERS, { error: `must list 2–${MAX_FIGHTERS} combatants` }),
    tactics: z.array(tacticSchema, { error: 'must be a list of tactics, one per combatant' }),
  })
  .superRefine((s, ctx) => {
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
  })

export type GurpsWaitsScenario = z.output<typeof scenarioSchema>
export type Combatant = z.output<typeof combatantSchema>
export type Tactic = z.output<typeof tacticSchema>
