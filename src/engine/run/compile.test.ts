import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { hero } from '../systems/hero'
import { compiledFor } from './compile'
import { exactAtOnce } from './exact'
import { runJob } from './job'
import { parseScenarioOrThrow } from './parse'
import { runChunk } from './run-chunk'

const bench = JSON.parse(readFileSync(join(__dirname, '../../../resources/examples/hero-bench-2v2.json'), 'utf8')) as { name: string }

describe('a scenario is compiled once per thread (issue 31 item 5)', () => {
  afterEach(() => vi.restoreAllMocks())

  it("a run's summaries, its chunks played on the same thread and its exact values at once share one plan", async () => {
    const scenario = { ...bench, name: 'compiled once' }
    const compile = vi.spyOn(hero, 'compile')
    const doc = await runJob({ scenario, trials: 300, seed: 4, chunkSize: 100, concurrency: 1, workers: 1, execute: async (t) => runChunk(t), now: () => 0 })
    expect(doc.status).toBe('done')
    expect(exactAtOnce(parseScenarioOrThrow(scenario))).toBeDefined()
    // another seed and trial count is the same plan
    compiledFor({ ...scenario, run: { trials: 7, seed: 99 } })
    expect(compile).toHaveBeenCalledTimes(1)
    // a changed scenario is compiled again
    compiledFor({ ...scenario, name: 'another fight' })
    expect(compile).toHaveBeenCalledTimes(2)
  })
})
