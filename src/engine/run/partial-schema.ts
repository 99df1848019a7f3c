import { z } from 'zod'
import { MAX_SEED } from '../core/rng'
import { MAX_TRIALS } from '../core/scenario'
import { describeIssues, int, type ScenarioIssue } from '../core/schema'
import { MAX_CHUNK_SIZE } from './chunks'
import { MAX_SHARDS } from './shard'

/**
 * The shape of a shard's partial result file, checked before a merge trusts any of it: counts that are
 * whole non-negative numbers, a shard count within what `--shard` accepts, the versions that made it, and
 * the checks of its counts (what each metric adds up to, and a digest of the whole tally) that merge
 * compares the counts with.
 */
const count = z.number({ error: 'must be a whole number of at least 0' }).int({ error: 'must be a whole number of at least 0' }).min(0, { error: 'must be a whole number of at least 0' })
const text = z.string({ error: 'must be text' }).max(200, { error: 'must be text of at most 200 characters' })

export const partialSchema = z
  .object({
    format: z.literal('quickdraw-partial/1', { error: 'must be "quickdraw-partial/1" (a file written by quickdraw run --shard)' }),
    engine: z.strictObject({ version: text }, { error: 'must record the engine version (a file written by quickdraw run --shard)' }),
    system: z.strictObject({ id: text, version: text }, { error: 'must record the rule system and its version' }),
    scenario: z.unknown(),
    scenarioHash: z.string({ error: 'must be the scenario hash' }).regex(/^[0-9a-f]{16}$/, { error: 'must be the scenario hash' }),
    seed: int(0, MAX_SEED),
    trials: int(1, MAX_TRIALS),
    chunkSize: int(1, MAX_CHUNK_SIZE),
    shard: z.strictObject({ index: int(0, MAX_SHARDS - 1), count: int(1, MAX_SHARDS) }),
    tally: z.strictObject({ trials: count, counts: z.array(count, { error: 'must be a list of counts' }), bins: z.array(count, { error: 'must be a list of counts' }) }),
    checks: z.strictObject(
      {
        digest: z.string({ error: 'must be the digest of the tally' }).regex(/^[0-9a-f]{16}$/, { error: 'must be the digest of the tally (16 hex digits)' }),
        metrics: z.array(z.strictObject({ id: text, n: count, count }), { error: 'must list what each metric adds up to' }),
      },
      { error: 'must hold the checks of its counts (a file written by quickdraw run --shard of this version; run the shard again)' },
    ),
    elapsedMs: z.number({ error: 'must be a number of at least 0' }).min(0, { error: 'must be a number of at least 0' }),
    workers: int(1, 100_000),
  })
  .refine((p) => p.shard.index < p.shard.count, { error: 'must have index below count', path: ['shard', 'index'] })

export type PartialDocument = z.output<typeof partialSchema>

/** A partial result read from a file, or every problem with its JSON path. */
export function parsePartial(raw: unknown): { ok: true; partial: PartialDocument } | { ok: false; issues: ScenarioIssue[] } {
  const r = partialSchema.safeParse(raw, { reportInput: true })
  return r.success ? { ok: true, partial: r.data } : { ok: false, issues: describeIssues(r.error.issues) }
}

/** A shard of a sweep (`quickdraw sweep --shard`): every point's partial result. */
export const sweepPartialSchema = z.strictObject({
  format: z.literal('quickdraw-sweep-partial/1'),
  scenario: z.strictObject({ name: z.string({ error: 'must be text' }), hash: z.string({ error: 'must be the scenario hash' }) }),
  params: z.array(z.strictObject({ path: z.string({ error: 'must be text' }), values: z.array(z.number({ error: 'must be a number' })) }), { error: 'must be a list of swept parameters' }).min(1).max(2),
  points: z.array(z.strictObject({ at: z.array(z.number({ error: 'must be a number' })), partial: partialSchema }), { error: 'must be a list of points' }),
})

export type SweepPartialDocument = z.output<typeof sweepPartialSchema>

/** A sweep shard read from a file, or every problem with its JSON path. */
export function parseSweepPartial(raw: unknown): { ok: true; partial: SweepPartialDocument } | { ok: false; issues: ScenarioIssue[] } {
  const r = sweepPartialSchema.safeParse(raw, { reportInput: true })
  return r.success ? { ok: true, partial: r.data } : { ok: false, issues: describeIssues(r.error.issues) }
}

/*
 * The published shapes of the documents the command writes (schemas/result.schema.json,
 * sweep.schema.json, partial.schema.json, sweep-partial.schema.json): a result, a sweep of results, and a
 * shard's partial result. The result and sweep shapes here only describe (the documents are made by
 * result.ts and the sweep command); the partial shapes above are also what merge checks.
 */
const described = <T extends z.ZodType>(t: T, d: string): T => t.describe(d) as T
/** A number in a document; a mean over no trials is NaN, which JSON writes as null. */
const num = z.number().nullable()
const interval = z.tuple([num, num]).describe('The 95% interval, lowest and highest.')
const metricBase = {
  id: described(z.string(), 'Unique within the result: the metric, plus ":fighter" for a metric of one fighter or pair.'),
  metric: described(z.string(), 'The metric (quickdraw systems lists them).'),
  label: described(z.string(), 'The metric in words.'),
  subjects: z.array(z.string()).optional().describe('The fighters the metric is about.'),
}
const metricSchema = z.discriminatedUnion('kind', [
  z.strictObject({ ...metricBase, kind: z.literal('probability'), count: z.number().int().min(0), n: z.number().int().min(0), p: z.number(), ci: interval, exact: z.number().optional().describe('The exact chance, 15 significant digits.') }),
  z.strictObject({
    ...metricBase,
    kind: z.literal('distribution'),
    n: z.number().int().min(0),
    mean: num,
    sd: num,
    min: num,
    max: num,
    quantiles: z.strictObject({ p05: num, p25: num, p50: num, p75: num, p95: num }),
    bins: z.array(z.strictObject({ value: z.number(), count: z.number().int().min(0) })),
    exact: z.strictObject({ mean: z.number(), p: z.array(z.strictObject({ value: z.number(), p: z.number() })) }).optional(),
  }),
  z.strictObject({ ...metricBase, kind: z.literal('mean'), n: z.number().int().min(0), mean: num, sd: num, ci: interval, exact: z.number().optional() }),
  z.strictObject({
    ...metricBase,
    kind: z.literal('order'),
    n: z.number().int().min(0),
    outcomes: z.array(z.strictObject({ key: z.string(), label: z.string(), count: z.number().int().min(0), p: z.number(), ci: interval, exact: z.number().optional() })),
  }),
])

export const resultDocumentSchema = z
  .strictObject({
    format: z.literal('quickdraw-result/1'),
    status: z.enum(['done', 'aborted', 'error']).describe('done: every trial played.'),
    error: z.string().optional(),
    engine: z.strictObject({ version: z.string() }),
    system: z.strictObject({ id: z.string(), label: z.string(), version: z.string() }),
    scenario: z.strictObject({ name: z.string(), hash: z.string().describe('Hash of the scenario: the same scenario gives the same hash everywhere.') }),
    rules: z.record(z.string(), z.string()).describe('Every rule variant in force.'),
    run: z.strictObject({
      seed: z.number().int().min(0),
      trials: z.number().int().min(1),
      trialsDone: z.number().int().min(0),
      chunkSize: z.number().int().min(1),
      chunks: z.number().int().min(1),
      shard: z.strictObject({ index: z.number().int().min(0), count: z.number().int().min(1) }).optional(),
    }),
    metrics: z.array(metricSchema),
    notModelled: z.array(z.string()).optional().describe('What the scenario touches that Quickdraw does not play as the books have it, in a GM\'s words.'),
    timing: z.strictObject({ elapsedMs: z.number().min(0), workers: z.number().int().min(0), trialsPerSecond: z.number().min(0) }).describe('The only part that differs between two runs of the same request.'),
  })
  .describe('The result of a run (quickdraw run --json, the app\'s Export JSON).')

export const sweepDocumentSchema = z
  .strictObject({
    format: z.literal('quickdraw-sweep/1'),
    scenario: z.strictObject({ name: z.string(), hash: z.string() }),
    params: z.array(z.strictObject({ path: z.string(), values: z.array(z.number()) })).min(1).max(2),
    points: z.array(z.strictObject({ at: z.array(z.number()), document: resultDocumentSchema })),
  })
  .describe('A sweep: one result document per point (quickdraw sweep --json).')

/** The published document schemas: file name in schemas/, its $id and title, and the zod shape. */
export const DOCUMENT_SCHEMAS = [
  { file: 'result.schema.json', id: 'urn:quickdraw:result:v1', title: 'Quickdraw result document', schema: resultDocumentSchema as z.ZodType },
  { file: 'sweep.schema.json', id: 'urn:quickdraw:sweep:v1', title: 'Quickdraw sweep document', schema: sweepDocumentSchema as z.ZodType },
  { file: 'partial.schema.json', id: 'urn:quickdraw:partial:v1', title: 'Quickdraw partial result (one shard)', schema: partialSchema as z.ZodType },
  { file: 'sweep-partial.schema.json', id: 'urn:quickdraw:sweep-partial:v1', title: 'Quickdraw partial sweep (one shard)', schema: sweepPartialSchema as z.ZodType },
] as const

/** One document schema as published JSON Schema (draft-07, which every validator reads). */
export function documentJsonSchema(d: (typeof DOCUMENT_SCHEMAS)[number]): Record<string, unknown> {
  const generated = z.toJSONSchema(d.schema, { target: 'draft-7', io: 'output', unrepresentable: 'any' }) as Record<string, unknown>
  const { $schema, ...rest } = generated
  return { $schema, $id: d.id, title: d.title, ...rest }
}
