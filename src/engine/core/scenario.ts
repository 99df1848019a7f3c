import { z } from 'zod'
import { MAX_SEED } from './rng'
import { int, oneOf, text } from './schema'

/**
 * The parts every scenario file shares: `schemaVersion`, `name`, `system`, `rules` (variants),
 * `combatants`, the system's tactics, and `run: { trials, seed }`.
 */
export const SCHEMA_VERSION = 1

/** Largest trial count one run accepts (ten billion; chunks keep every count exact in doubles). */
export const MAX_TRIALS = 10_000_000_000

export const runSchema = z
  .strictObject({
    trials: int(1, MAX_TRIALS).default(100_000),
    seed: int(0, MAX_SEED).default(1),
  })
  .default({ trials: 100_000, seed: 1 })

export type RunSettings = z.output<typeof runSchema>

export interface VariantDoc {
  key: string
  label: string
  default: string
  values: readonly { value: string; label: string }[]
  /** Where the question comes from: the open-question id in docs/rules/README.md and its sources. */
  source: string
  /** Earlier names of values, still read from older files as the value they became ({ old: new }). */
  renamed?: Readonly<Record<string, string>>
}

/**
 * The `rules` object of a system, built from its variant docs so the schema, the defaults and the
 * documentation can never disagree. Every key is optional in the file and gets its documented default.
 */
export function rulesSchema(variants: readonly VariantDoc[]): z.ZodType<Record<string, string>> {
  const shape: Record<string, z.ZodType> = {}
  const defaults: Record<string, string> = {}
  for (const v of variants) {
    const values = v.values.map((x) => x.value) as [string, ...string[]]
    shape[v.key] = oneOf(values).default(v.default)
    defaults[v.key] = v.default
  }
  return z.strictObject(shape).default(defaults) as unknown as z.ZodType<Record<string, string>>
}

/**
 * The question a scenario answers, shown as the first line of its results: in the user's words, with the
 * results that answer it (result ids such as `interrupt-odds:doc`, or kinds such as `wins` for every
 * fighter's). Optional: without it each system has its usual headline.
 */
export const questionSchema = z
  .strictObject({
    text: text(1, 200).describe('The question, in your words ("Does Doc interrupt the Kid?"); shown above the results.'),
    metrics: z
      .array(text(1, 120))
      .max(8, { error: 'must list at most 8 results' })
      .default([])
      .describe('The results that answer it, shown first: a result such as "interrupt-odds:doc", or a kind of result such as "wins". Leave empty for the usual headline.'),
  })
  .describe('The question this scenario answers; its answer leads the results and the report.')

export type ScenarioQuestion = z.output<typeof questionSchema>

/** Most options one side may list (a tactics matrix of 12 × 12 cells). */
export const MAX_CHOICES = 12

const choiceSchema = z
  .strictObject({
    name: text(1, 60).describe('The option\'s name, as the matrix and the recommendation show it ("hold to interrupt").'),
    patch: z
      .record(z.string(), z.unknown(), { error: 'must be an object: what this option changes in the scenario ({} is the scenario as it is)' })
      .describe('What this option changes, as a JSON Merge Patch of the scenario ({} is the scenario as it is). In the lists of fighters, tactics and plans, name only the fighters it changes, by id.'),
  })
  .describe('One option a side could play.')

/**
 * The options each side could play, kept with the scenario so `quickdraw tactics` and the app's Tactics tab
 * can answer "what should each side do?" without retyping them. Optional.
 */
export const choicesSchema = z
  .strictObject({
    metric: text(1, 120).describe('The result side A wants high and side B low, e.g. "wins:doc" or "wins=A".'),
    a: z.array(choiceSchema).min(1, { error: 'must list at least one option' }).max(MAX_CHOICES, { error: `must list at most ${MAX_CHOICES} options` }).describe('Side A\'s options.'),
    b: z.array(choiceSchema).min(1, { error: 'must list at least one option' }).max(MAX_CHOICES, { error: `must list at most ${MAX_CHOICES} options` }).describe('Side B\'s options.'),
    players: z
      .strictObject({
        a: text(1, 60).describe('Who chooses among side A\'s options ("Doc", "the bandits").'),
        b: text(1, 60).describe('Who chooses among side B\'s options ("the Kid", "the Ryu").'),
      })
      .optional()
      .describe('Who chooses each side\'s options, as the recommendation names them ("Doc should always…"); without it, "side A" and "side B".'),
  })
  .describe('The options each side could play, for the Tactics tab and "quickdraw tactics": every option of A is played against every option of B.')

export type ScenarioChoices = z.output<typeof choicesSchema>

/** Envelope fields common to every system's scenario schema. */
export function envelope<const Id extends string>(systemId: Id) {
  return {
    $schema: z
      .string()
      .max(2000, { error: 'must be a URL or path of at most 2000 characters' })
      .optional()
      .describe('Where editors find this file\'s JSON Schema (for completion and checks while typing); Quickdraw ignores it.'),
    schemaVersion: z.literal(SCHEMA_VERSION, { error: `must be ${SCHEMA_VERSION}` }),
    name: text(1, 120).describe('The scenario\'s title, shown in the library, results and reports.'),
    description: text(0, 4000).optional().describe('What the scenario is about and what to look at in its results, in your own words.'),
    question: questionSchema.optional(),
    choices: choicesSchema.optional(),
    system: z.literal(systemId, { error: `must be "${systemId}"` }),
    run: runSchema,
  }
}

export interface ScenarioBase {
  $schema?: string
  schemaVersion: number
  name: string
  description?: string
  question?: ScenarioQuestion
  choices?: ScenarioChoices
  system: string
  rules: Record<string, string>
  run: RunSettings
}
