import { describe, expect, it } from 'vitest'
import { cascadeScenario } from '../systems/gurps-waits/test-helpers'
import { runJobWithTally, type JobOptions } from './job'
import { mergePartials, partialDocument, type PartialDocument } from './partial'
import { parsePartial } from './partial-schema'
import { withoutTiming } from './result'
import { issueLine } from '../core/schema'
import { runChunk } from './run-chunk'

const scenario = cascadeScenario([{ id: 'a', skill: 13 }, { id: 'b', skill: 12, prevents: ['a'] }, { id: 'late', skill: 12, commit: 'late', interrupts: 'a' }])
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Raw = any
const base: JobOptions = { scenario, trials: 23_456, seed: 77, chunkSize: 1000, concurrency: 2, workers: 1, execute: async (t) => runChunk(t), now: () => 0 }

async function shards(count: number): Promise<PartialDocument[]> {
  const out: PartialDocument[] = []
  for (let index = 0; index < count; index++) {
    const r = await runJobWithTally({ ...base, shard: { index, count } })
    out.push(partialDocument(scenario, r.document, r.tally))
  }
  return out
}

describe('shards and merge', () => {
  it.each([1, 2, 3, 7, 30])('merging all %i shards gives exactly the single-run document', async (count) => {
    const single = withoutTiming((await runJobWithTally(base)).document)
    const parts = await shards(count)
    expect(parts.reduce((s, p) => s + p.tally.trials, 0)).toBe(23_456)
    expect(withoutTiming(mergePartials([...parts].reverse()))).toEqual(single)
  })

  it('refuses a missing, repeated or foreign shard with a clear message', async () => {
    const parts = await shards(3)
    expect(() => mergePartials(parts.slice(0, 2))).toThrow('merge: missing shard 3 of 3')
    expect(() => mergePartials([...parts, parts[1]])).toThrow('merge: shard 2/3 is given 2 times')
    const other = { ...parts[2], seed: 78 }
    expect(() => mergePartials([parts[0], parts[1], other])).toThrow(/has seed 78.*not parts of one run/)
  })
})

/** Issue 16 item 7, fault injection: merge trusted tampered partials and wrote them as done. */
describe('merge refuses partial results that are damaged, tampered with or from another version', () => {
  const issues = (raw: unknown): string[] => {
    const r = parsePartial(raw)
    return r.ok ? [] : r.issues.map(issueLine)
  }

  it.each([
    ['a count given as text', (p: Raw) => (p.tally.counts[0] = '5'), /^tally\.counts\[0\]: must be a whole number of at least 0, got "5"$/],
    ['a negative count', (p: Raw) => (p.tally.bins[0] = -3), /^tally\.bins\[0\]: must be a whole number of at least 0, got -3$/],
    ['a shard count of 1e9 (it aborted V8)', (p: Raw) => (p.shard.count = 1e9), /^shard\.count: must be an integer 1–100000, got 1000000000$/],
    ['a shard index beyond the count', (p: Raw) => (p.shard.index = 5), /^shard\.index: must have index below count/],
    ['no engine version (a partial of an older quickdraw)', (p: Raw) => delete p.engine, /^engine: is required/],
    ['another file format', (p: Raw) => (p.format = 'quickdraw-result/1'), /^format: must be "quickdraw-partial\/1"/],
  ])('%s is refused with its JSON path', async (_, tamper, message) => {
    const [part] = await shards(1)
    const raw = structuredClone(part) as unknown as Raw
    tamper(raw)
    expect(issues(raw)).toEqual([expect.stringMatching(message)])
  })

  it('inflated trials do not add up to the shard\'s chunks and are refused', async () => {
    const parts = await shards(2)
    parts[1].tally.trials += 1000
    expect(() => mergePartials(parts)).toThrow(/merge: shard 2 holds 12456 trials, but its chunks have 11456; the file is damaged or was edited/)
  })

  it('shards made by another engine or rule-system version are refused', async () => {
    const parts = await shards(2)
    expect(() => mergePartials([parts[0], { ...parts[1], engine: { version: '0.0.1' } }])).toThrow(/shard 2 was made by quickdraw engine 0\.0\.1, this is/)
    expect(() => mergePartials([parts[0], { ...parts[1], system: { ...parts[1].system, version: '9.9.9' } }])).toThrow(/shard 2 was made with gurps-waits rules 9\.9\.9/)
  })

  it('a partial records the engine and the rule-system version that made it', async () => {
    const [part] = await shards(1)
    expect(part.engine.version).toMatch(/^\d+\.\d+\.\d+$/)
    expect(part.system).toEqual({ id: 'gurps-waits', version: expect.stringMatching(/^\d+\.\d+\.\d+$/) })
    expect(parsePartial(JSON.parse(JSON.stringify(part)))).toMatchObject({ ok: true })
  })

  it('a claimed shard count of 100000 with one file given says what is missing without walking all of them', async () => {
    const [part] = await shards(1)
    expect(() => mergePartials([{ ...part, shard: { index: 0, count: 100_000 } }])).toThrow(/^merge: missing shards 2, 3, .*, 21 and more of 100000$/)
  })
})

/** Issue 30: merge trusted edited tallies ("230,001 of 230,000" merged with exit 0). */
describe('merge checks every count of a partial against what the shard recorded', () => {
  it('a count changed by one, anywhere in the tally, is refused naming the shard (and the metric where one shows it)', async () => {
    const parts = await shards(2)
    const messages: string[] = []
    const places = [...parts[1].tally.counts.map((_, i) => ['counts', i] as const), ...parts[1].tally.bins.map((_, i) => ['bins', i] as const)]
    expect(places.length).toBeGreaterThan(5)
    for (const [list, i] of places) {
      const edited = structuredClone(parts[1])
      edited.tally[list][i] += 1
      try {
        mergePartials([parts[0], edited])
        messages.push(`${list}[${i}] merged`)
      } catch (e) {
        messages.push((e as Error).message)
      }
    }
    expect(messages.filter((m) => !m.startsWith('merge: shard 2 of 2: '))).toEqual([])
    // a chance that now happened once more than the shard recorded names that metric and its counts
    expect(messages).toContainEqual(expect.stringMatching(/^merge: shard 2 of 2: "[^"]+" adds up to [\d,]+ of [\d,]+, but the shard recorded [\d,]+ of [\d,]+; the file was edited or damaged: run that shard again$/))
  })

  it('a count moved between two outcomes, every metric still adding up, is refused by the digest', async () => {
    const parts = await shards(2)
    const edited = structuredClone(parts[1])
    const bins = edited.tally.bins
    const k = bins.findIndex((c, i) => c > 0 && i + 1 < bins.length && bins[i + 1] > 0)
    expect(k).toBeGreaterThanOrEqual(0)
    bins[k] -= 1
    bins[k + 1] += 1
    expect(() => mergePartials([parts[0], edited])).toThrow(/^merge: shard 2 of 2: its counts do not match their digest \(a count was changed or moved between outcomes\); the file was edited or damaged: run that shard again$/)
  })

  it('a partial without its checks (an older file) is refused with the reason', async () => {
    const [part] = await shards(1)
    const raw = structuredClone(part) as unknown as Raw
    delete raw.checks
    const r = parsePartial(raw)
    expect(r.ok ? [] : r.issues.map(issueLine)).toEqual([expect.stringMatching(/^checks: is required \(must hold the checks of its counts \(a file written by quickdraw run --shard of this version; run the shard again\)/)])
  })

  it('the checks travel with the file: a partial written and read back merges to the single-run document', async () => {
    const single = withoutTiming((await runJobWithTally(base)).document)
    const parts = (await shards(3)).map((p) => {
      const r = parsePartial(JSON.parse(JSON.stringify(p)))
      if (!r.ok) throw new Error(r.issues.map(issueLine).join('; '))
      return r.partial
    })
    expect(withoutTiming(mergePartials(parts))).toEqual(single)
    expect(parts[0].checks.metrics.map((m) => m.id)).toEqual(single.metrics.map((m) => m.id))
  })
})

describe('exact values in result documents (issue 30)', () => {
  it('are written with 15 significant digits, so Node 22 and 24 give the same document', async () => {
    const { roundExact, withRoundedExact, EXACT_DIGITS } = await import('./result')
    expect(EXACT_DIGITS).toBe(15)
    // two doubles that differ only past the 15th digit, as Math.exp may give them on two platforms
    const a = 0.46402877697841205
    const b = a * (1 + 2 ** -51)
    expect(a).not.toBe(b)
    expect(roundExact(a)).toBe(roundExact(b))
    expect(roundExact(a)).toBe(0.464028776978412)
    expect(roundExact(0)).toBe(0)
    const m = withRoundedExact({ id: 'x', metric: 'x', label: 'x', kind: 'order', n: 10, outcomes: [{ key: 'k', label: 'k', count: 5, p: 0.5, ci: [0.2, 0.8], exact: a }] })
    expect(m.kind === 'order' && m.outcomes[0].exact).toBe(0.464028776978412)
    // every exact value of a run's document has at most 15 significant digits
    const doc = (await runJobWithTally(base)).document
    const exacts = doc.metrics.flatMap((x) => (x.kind === 'order' ? x.outcomes.map((o) => o.exact) : x.kind === 'distribution' ? (x.exact?.p.map((e) => e.p) ?? []) : [x.exact])).filter((v): v is number => v !== undefined)
    expect(exacts.length).toBeGreaterThan(0)
    for (const v of exacts) expect(v).toBe(Number(v.toPrecision(15)))
  })
})
