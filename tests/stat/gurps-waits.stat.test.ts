import { describe, expect, it } from 'vitest'
import { mergeAll } from '../../src/engine/core/tally'
import { compiledFor, runChunk } from '../../src/engine/run/run-chunk'
import { gurpsWaits } from '../../src/engine/systems/gurps-waits'
import { example, withinStandardErrors } from '../helpers'

/**
 * The sampler against the exact ordering distribution: every outcome's sampled frequency within
 * 4 standard errors of its exact probability, on a fixed seed so the test never flakes.
 */
describe('GURPS Cascading Waits sampler vs exact (fixed seed, 4 standard errors)', () => {
  it.each(['gurps-waits-triangle.json', 'gurps-waits-standoff.json', 'gurps-waits-late-interrupter.json', 'gurps-waits-ets.json'])('%s', (file) => {
    const scenario = example(file)
    const { plan } = compiledFor(scenario)
    const chunks = [0, 1, 2, 3].map((chunk) => runChunk({ scenario, seed: 20261121, chunk, trials: 100_000 }))
    const shape = gurpsWaits.shape(plan as never)
    const tally = mergeAll(shape, chunks.map((c) => ({ trials: c.trials, counts: c.counts, bins: c.bins })))
    const exact = gurpsWaits.exact(plan as never)
    const ordering = exact.find((m) => m.id === 'ordering')
    if (!ordering || ordering.kind !== 'order') throw new Error('no exact ordering')
    const outcomes = (plan as { outcomes: { key: string }[] }).outcomes
    let checked = 0
    outcomes.forEach((o, k) => {
      const p = ordering.outcomes.find((x) => x.key === o.key)?.p ?? 0
      expect(withinStandardErrors(tally.bins[k], tally.trials, p), `${o.key}: ${tally.bins[k]} of ${tally.trials} vs exact ${p}`).toBe(true)
      checked++
    })
    expect(checked).toBeGreaterThan(0)
    // and every per-fighter probability, through the same summaries the user sees
    for (const m of gurpsWaits.summarize(plan as never, tally)) {
      if (m.kind !== 'probability' || m.exact === undefined) continue
      expect(withinStandardErrors(m.count, m.n, m.exact), `${m.id}: ${m.p} vs ${m.exact}`).toBe(true)
    }
  })
})
