import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { fightNote } from '../../src/engine/core/fight-exact'
import { exactOf } from '../../src/engine/run/exact'
import { SimulationService } from '../../src/main/services/simulation'
import { example, requireBuild, root } from '../helpers'

/**
 * Issue 29 item 4: a run of a fight whose exact answer is refused costs no more than the run alone. The
 * service works out exact values that come at once (a refusal before any solving, values with no whole
 * fight) on its own thread, on the plan the run compiled, and starts no exact thread for them. The worker
 * here samples as the real one but fails any exact task, so whatever exact value arrives was worked out
 * without the exact thread.
 */
const noExactThread = join(root, 'tests', 'fixtures', 'no-exact-thread-worker.cjs')

describe('exact values that come at once start no exact thread', () => {
  it('a HERO fight of two against two (refused before any solving) gets its refusal without one', async () => {
    requireBuild()
    const service = new SimulationService({ workerPath: noExactThread, defaultWorkers: 1 })
    try {
      const twoOnTwo = example('hero-bench-2v2.json')
      const exact = await service.exact(twoOnTwo)
      expect(fightNote(exact)).toMatchObject({ solved: false })
      expect(fightNote(exact)?.reason).not.toMatch(/^stopped/)
      // the very values a solve on a thread of its own gives
      expect(exact).toEqual(exactOf(twoOnTwo, { fresh: true }))
      const doc = await service.run({ scenario: twoOnTwo, trials: 2_000, seed: 3, workers: 1 })
      expect(doc.status).toBe('done')
    } finally {
      await service.shutdown()
    }
  }, 60_000)

  it("the three Waiters' triangle (no whole fight to solve) gets its exact values on a run's results without one", async () => {
    requireBuild()
    const service = new SimulationService({ workerPath: noExactThread, defaultWorkers: 1 })
    try {
      const triangle = example('gurps-waits-triangle.json')
      const doc = await service.run({ scenario: triangle, trials: 2_000, seed: 3, workers: 1 })
      expect(doc.status).toBe('done')
      const expected = exactOf(triangle, { fresh: true }) ?? []
      const withExact = doc.metrics.filter((m) => expected.some((e) => e.id === m.id))
      expect(withExact.length).toBeGreaterThan(0)
      for (const m of withExact) {
        if (m.kind === 'probability' || m.kind === 'mean') expect(m.exact, m.id).toBeDefined()
        if (m.kind === 'order') expect(m.outcomes.some((o) => o.exact !== undefined), m.id).toBe(true)
      }
    } finally {
      await service.shutdown()
    }
  }, 60_000)

  it('a duel that is solved still goes to the exact thread (here failing: the run settles without its values)', async () => {
    requireBuild()
    const service = new SimulationService({ workerPath: noExactThread, defaultWorkers: 1 })
    try {
      const blows = example('gurps-deadly-blows.json')
      await expect(service.exact(blows)).rejects.toThrow('the exact thread was asked')
      const doc = await service.run({ scenario: blows, trials: 2_000, seed: 3, workers: 1 })
      expect(doc.status).toBe('done')
      const without = await service.run({ scenario: blows, trials: 2_000, seed: 3, workers: 1, exact: false })
      expect(doc.metrics).toEqual(without.metrics)
    } finally {
      await service.shutdown()
    }
  }, 60_000)
})
