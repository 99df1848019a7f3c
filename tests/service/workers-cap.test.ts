import { availableParallelism } from 'node:os'
import { describe, expect, it } from 'vitest'
import { SimulationService } from '../../src/main/services/simulation'
import { example, requireBuild, workerPath } from '../helpers'

/** Issue 16 item 4: a run asked for 64 workers got 64 threads on any machine, each compiling the scenario. */
describe('worker threads are capped at the core count', () => {
  it('asking for 64 workers runs on one per core, and the document records how many', async () => {
    requireBuild()
    const cores = availableParallelism()
    const service = new SimulationService({ workerPath, defaultWorkers: 64 })
    try {
      expect(service.defaultWorkers).toBe(Math.min(64, cores))
      const doc = await service.run({ scenario: example('gurps-waits-triangle.json'), trials: 2000, workers: 64 })
      expect(doc.status).toBe('done')
      expect(doc.timing.workers).toBe(Math.min(64, cores))
    } finally {
      await service.shutdown()
    }
  })
})
