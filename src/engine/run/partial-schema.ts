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
