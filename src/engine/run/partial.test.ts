import { describe, expect, it } from 'vitest'
import { cascadeScenario } from '../systems/gurps-waits/test-helpers'
import { runJobWithTally, type JobOptions } from './job'
import { mergePartials, partialDocument, type PartialDocument } from './partial'
import { withoutTiming } from './result'
import { runChunk } from './run-chunk'

const scenario = cascadeScenario([{ id: 'a', skill: 13 }, { id: 'b', skill: 12, prevents: ['a'] }, { id: 'late', skill: 12, commit: 'late', interrupts: 'a' }])
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
