import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { withoutTiming } from '../../src/engine/run/result'
import { SimulationService } from '../../src/main/services/simulation'
import { example, requireBuild, root } from '../helpers'

/**
 * Issue 31 item 5: a plan slow to compile (the heaviest Star Wars pools take seconds) is compiled once, by
 * the service, and the workers read it from shared memory instead of compiling it again. The fixture worker
 * samples as the real one; its "find" task says how many plans its thread compiled and how many it read.
 */
const planCounting = join(root, 'tests', 'fixtures', 'plan-counting-worker.cjs')
const counts = (service: SimulationService): Promise<unknown> => service.find({ jobId: 'plan-counts', scenario: {}, seed: 1, trials: 1, chunkSize: 1, metric: 'x' })

async function runWith(scenario: unknown, sharePlansCompiledOverMs: number): Promise<{ doc: unknown; counts: unknown }> {
  const service = new SimulationService({ workerPath: planCounting, defaultWorkers: 1, sharePlansCompiledOverMs })
  try {
    const doc = await service.run({ scenario, trials: 3_000, seed: 5, workers: 1, chunkSize: 1_000, exact: false })
    return { doc: withoutTiming(doc), counts: await counts(service) }
  } finally {
    await service.shutdown()
  }
}

describe('a plan compiled once, read by the workers', () => {
  it('a Star Wars check read from main gives the very same results as one the worker compiles itself', async () => {
    requireBuild()
    const check = example('genesys-check-bench.json')
    const read = await runWith(check, 0)
    const compiled = await runWith(check, Infinity)
    expect(read.counts).toEqual({ compiled: 0, adopted: 1 })
    expect(compiled.counts).toEqual({ compiled: 1, adopted: 0 })
    expect(read.doc).toEqual(compiled.doc)
  }, 60_000)

  it('a plan that is not plain data (a HERO fight, with functions in it) is compiled by the worker', async () => {
    requireBuild()
    const fight = await runWith(example('hero-gunfighters.json'), 0)
    expect(fight.counts).toEqual({ compiled: 1, adopted: 0 })
  }, 60_000)
})
