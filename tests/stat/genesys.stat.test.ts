import { describe, expect, it } from 'vitest'
import { mergeAll } from '../../src/engine/core/tally'
import { compiledFor, runChunk } from '../../src/engine/run/run-chunk'
import { genesys } from '../../src/engine/systems/genesys'
import { example, withinStandardErrors } from '../helpers'

/**
 * The sampled check against its exact joint distribution through the summaries the user sees: every
 * probability and every distribution bin within 4 standard errors, on a fixed seed.
 */
describe('Genesys check sampler vs exact (fixed seed, 4 standard errors)', () => {
  it('genesys-check-bench.json', () => {
    const scenario = example('genesys-check-bench.json')
    const { plan } = compiledFor(scenario)
    const chunks = [0, 1, 2, 3].map((chunk) => runChunk({ scenario, seed: 20260601, chunk, trials: 100_000 }))
    const tally = mergeAll(genesys.shape(plan as never), chunks.map((c) => ({ trials: c.trials, counts: c.counts, bins: c.bins })))
    let checked = 0
    for (const m of genesys.summarize(plan as never, tally)) {
      if (m.kind === 'probability' && m.exact !== undefined) {
        expect(withinStandardErrors(m.count, m.n, m.exact), `${m.id}: ${m.p} vs ${m.exact}`).toBe(true)
        checked++
      }
      if (m.kind === 'order') {
        for (const o of m.outcomes) {
          if (o.exact === undefined) continue
          expect(withinStandardErrors(o.count, m.n, o.exact), `${m.id} = ${o.key}: ${o.count} vs ${o.exact * m.n}`).toBe(true)
          checked++
        }
      }
      if (m.kind === 'distribution' && m.exact) {
        for (const e of m.exact.p) {
          const seen = m.bins.find((b) => b.value === e.value)?.count ?? 0
          expect(withinStandardErrors(seen, m.n, e.p), `${m.id} = ${e.value}: ${seen} vs ${e.p * m.n}`).toBe(true)
          checked++
        }
      }
    }
    expect(checked).toBeGreaterThan(50)
  })
})
