import { describe, expect, it } from 'vitest'
import { mergeAll } from '../../src/engine/core/tally'
import { compiledFor, runChunk } from '../../src/engine/run/run-chunk'
import { hero } from '../../src/engine/systems/hero'
import { example, withinStandardErrors } from '../helpers'

/**
 * HERO samplers against their exact values on a fixed seed, within 4 standard errors, through the
 * summaries the user sees: interrupt odds (DEX Roll / Fast Draw contest), tandem rolls, and the STUN
 * and BODY of each hit (dice, STUN Multiplier and defences enumerated).
 */
/** Metrics each example must carry exact values for (interrupt/tandem odds and per-hit damage of each attacker). */
const MIN_EXACT: Record<string, number> = {
  'hero-gunfighters.json': 5,
  'hero-coordinated-tandem.json': 5,
  'hero-abort-dodge.json': 4,
  'hero-brick-vs-speedster.json': 4,
}

/** Expected count below which a value joins the pooled tail bin. */
const RARE = 5

describe('HERO sampled vs exact (fixed seed, 4 standard errors)', () => {
  it.each(['hero-gunfighters.json', 'hero-coordinated-tandem.json', 'hero-abort-dodge.json', 'hero-brick-vs-speedster.json'])('%s', (file) => {
    const scenario = example(file)
    const { plan } = compiledFor(scenario)
    const chunks = [0, 1].map((chunk) => runChunk({ scenario, seed: 20261121, chunk, trials: 25_000 }))
    const tally = mergeAll(hero.shape(plan as never), chunks.map((c) => ({ trials: c.trials, counts: c.counts, bins: c.bins })))
    let checked = 0
    for (const m of hero.summarize(plan as never, tally)) {
      if (m.kind === 'probability' && m.exact !== undefined) {
        expect(withinStandardErrors(m.count, m.n, m.exact), `${m.id}: ${m.p} vs ${m.exact}`).toBe(true)
        checked++
      }
      if (m.kind === 'distribution' && m.exact) {
        // Values expected fewer than 5 times are pooled into one tail bin, so a single rare hit cannot
        // fail the check and a missing rare tail still can; the rest are checked value by value.
        let tailCount = 0
        let tailP = 0
        for (const { value, p } of m.exact.p) {
          const count = m.bins.find((b) => b.value === value)?.count ?? 0
          if (m.n * p < RARE) {
            tailCount += count
            tailP += p
            continue
          }
          expect(withinStandardErrors(count, m.n, p), `${m.id} = ${value}: ${count}/${m.n} vs ${p}`).toBe(true)
        }
        expect(withinStandardErrors(tailCount, m.n, Math.min(1, tailP)), `${m.id} pooled rare values: ${tailCount}/${m.n} vs ${tailP}`).toBe(true)
        // and nothing was sampled that the exact distribution calls impossible
        const possible = new Set(m.exact.p.filter((x) => x.p > 0).map((x) => x.value))
        expect(m.bins.filter((b) => !possible.has(b.value)), `${m.id}: impossible values sampled`).toEqual([])
        checked++
      }
    }
    expect(checked, 'metrics with exact values').toBeGreaterThanOrEqual(MIN_EXACT[file])
  })
})

describe('shipped HERO examples answer their own question', () => {
  it('hero-brick-vs-speedster.json: either fighter can win, and the fight rarely reaches the Turn cap (fixed seed)', () => {
    const scenario = example('hero-brick-vs-speedster.json')
    const { plan } = compiledFor(scenario)
    const c = runChunk({ scenario, seed: 20261124, chunk: 0, trials: 4000 })
    const tally = mergeAll(hero.shape(plan as never), [{ trials: c.trials, counts: c.counts, bins: c.bins }])
    const wins = hero.summarize(plan as never, tally).find((m) => m.id === 'wins')
    if (wins?.kind !== 'order') throw new Error('no wins metric')
    const p = (key: string): number => wins.outcomes.find((o) => o.key === key)?.p ?? 0
    expect(p('A'), 'Grond wins').toBeGreaterThan(0.2)
    expect(p('B'), 'Blur wins').toBeGreaterThan(0.2)
    expect(p('cap'), 'draws at the Turn cap').toBeLessThan(0.05)
  })
})
