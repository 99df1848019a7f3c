import { describe, expect, it } from 'vitest'
import { mergeAll } from '../../src/engine/core/tally'
import type { Metric } from '../../src/engine/core/metrics'
import { compiledFor, runChunk } from '../../src/engine/run/run-chunk'
import { bushido } from '../../src/engine/systems/bushido'
import { example, withinStandardErrors } from '../helpers'

/**
 * The Bushido samplers against their exact values: every probability and every wound-distribution bin
 * within 4 standard errors, on a fixed seed so the test never flakes.
 */
function sampled(file: string, trials: number): Metric[] {
  const scenario = example(file)
  const { plan } = compiledFor(scenario)
  const chunks = [0, 1, 2, 3].map((chunk) => runChunk({ scenario, seed: 20261121, chunk, trials: trials / 4 }))
  const tally = mergeAll(bushido.shape(plan as never), chunks.map((c) => ({ trials: c.trials, counts: c.counts, bins: c.bins })))
  return bushido.summarize(plan as never, tally)
}

function checkAll(metrics: Metric[]): number {
  let checked = 0
  for (const m of metrics) {
    if (m.kind === 'probability' && m.exact !== undefined) {
      expect(withinStandardErrors(m.count, m.n, m.exact), `${m.id}: ${m.p} vs ${m.exact}`).toBe(true)
      checked++
    }
    if (m.kind === 'distribution' && m.exact) {
      for (const { value, p } of m.exact.p) {
        const count = m.bins.find((b) => b.value === value)?.count ?? 0
        expect(withinStandardErrors(count, m.n, p), `${m.id} = ${value}: ${count / m.n} vs ${p}`).toBe(true)
        checked++
      }
    }
    if (m.kind === 'order') {
      for (const o of m.outcomes) {
        if (o.exact === undefined) continue
        expect(withinStandardErrors(o.count, m.n, o.exact), `${m.id} ${o.key}: ${o.p} vs ${o.exact}`).toBe(true)
        checked++
      }
    }
  }
  return checked
}

describe('Bushido sampler vs exact (fixed seed, 4 standard errors)', () => {
  it.each([
    'bushido-melee-3v3-all-attack.json',
    'bushido-melee-3v3-2-1.json',
    'bushido-melee-3v3-1-2.json',
    'bushido-melee-3v3-all-defence.json',
    'bushido-charge.json',
    'bushido-surprised.json',
    'bushido-shoot-into-melee.json',
    'bushido-special-attacks.json',
    'bushido-ki-boost.json',
    'bushido-unblockable.json',
  ])('%s: every probability, wound bin and split frequency', (file) => {
    expect(checkAll(sampled(file, 400_000))).toBeGreaterThan(5)
  })

  it('a mixed strategy is sampled with its exact weights (Melee 1 against Melee 3 has no saddle point)', () => {
    const doc = example('bushido-melee-3v3-recommended.json') as { models: Record<string, unknown>[] }
    doc.models = doc.models.map((m, i) => ({ ...m, melee: i === 0 ? 1 : 3 }))
    const { plan } = compiledFor(doc)
    const mix = (plan as { matrix: { mix: { row: number[] } } }).matrix.mix.row
    expect(mix.filter((p) => p > 1e-9).length).toBeGreaterThan(1)
    const chunks = [0, 1].map((chunk) => runChunk({ scenario: doc, seed: 7, chunk, trials: 150_000 }))
    const tally = mergeAll(bushido.shape(plan as never), chunks.map((c) => ({ trials: c.trials, counts: c.counts, bins: c.bins })))
    expect(checkAll(bushido.summarize(plan as never, tally))).toBeGreaterThan(5)
  })

  it('fixed splits with specials: Sweep Attack (1) 2/1 against Grapple Defence (1) 1/2, Push Attack against Sidestep Defence', () => {
    for (const [mine, theirs] of [
      [{ special: 'sweep-attack', split: { attack: 2 } }, { special: 'grapple-defence', split: { attack: 1 } }],
      [{ special: 'push-attack', split: { attack: 3 } }, { special: 'sidestep-defence', split: { attack: 2 } }],
    ]) {
      const doc = example('bushido-special-attacks.json') as { models: Record<string, unknown>[]; plans: Record<string, unknown>[] }
      doc.models[0].specials = [{ ability: mine.special, cost: 1 }]
      doc.models[1].specials = [{ ability: theirs.special, cost: 1 }]
      doc.plans = [{ model: 'monk', ...mine }, { model: 'ronin', ...theirs }]
      const { plan } = compiledFor(doc)
      const chunks = [0, 1].map((chunk) => runChunk({ scenario: doc, seed: 31, chunk, trials: 100_000 }))
      const tally = mergeAll(bushido.shape(plan as never), chunks.map((c) => ({ trials: c.trials, counts: c.counts, bins: c.bins })))
      const metrics = bushido.summarize(plan as never, tally)
      expect(metrics.some((m) => m.id === 'special-triggers:monk' && m.kind === 'probability' && m.count > 0)).toBe(true)
      expect(checkAll(metrics)).toBeGreaterThan(5)
    }
  })

  it('a ranged weapon with Brutal (2) (docs/rules/bushido.md section 4 "ranged always"): hits, friendly fire and wounds match exact', () => {
    const doc = example('bushido-shoot-into-melee.json') as { models: Record<string, unknown>[] }
    doc.models[0].rangedBrutal = 2
    const { plan } = compiledFor(doc)
    expect((plan as { brutal: number }).brutal).toBe(2)
    const chunks = [0, 1].map((chunk) => runChunk({ scenario: doc, seed: 13, chunk, trials: 100_000 }))
    const tally = mergeAll(bushido.shape(plan as never), chunks.map((c) => ({ trials: c.trials, counts: c.counts, bins: c.bins })))
    expect(checkAll(bushido.summarize(plan as never, tally))).toBeGreaterThan(5)
  })

  it('pools above 5 (Attack and Defence rolled in chunks) match exact too: Melee 6 vs 7', () => {
    const doc = example('bushido-melee-3v3-2-1.json') as { models: Record<string, unknown>[]; plans: Record<string, unknown>[] }
    doc.models = doc.models.map((m, i) => ({ ...m, melee: 6 + i }))
    doc.plans = [{ model: 'samurai', split: { attack: 4 } }, { model: 'bandit', split: { attack: 3 } }]
    const { plan } = compiledFor(doc)
    const chunks = [0, 1].map((chunk) => runChunk({ scenario: doc, seed: 9, chunk, trials: 100_000 }))
    const tally = mergeAll(bushido.shape(plan as never), chunks.map((c) => ({ trials: c.trials, counts: c.counts, bins: c.bins })))
    expect(checkAll(bushido.summarize(plan as never, tally))).toBeGreaterThan(5)
  })

  it('the Variable (4) example lasts long enough for the roll to matter: most games reach Turn 4, and the Turn-4 roll ends about half of those', () => {
    const metrics = sampled('bushido-variable-length.json', 8_000)
    const len = metrics.find((m) => m.id === 'game-length')
    if (!len || len.kind !== 'distribution') throw new Error('no game-length metric')
    const at = (turns: number): number => (len.bins.find((b) => b.value === turns)?.count ?? 0) / len.n
    const reached = at(4) + at(5) + at(6) + at(7)
    expect(reached).toBeGreaterThan(0.75)
    // with no wipe-out after Turn 4 a game reaching it stops there with P 1/2 (wipe-outs in Turn 4 only add to it)
    expect(at(4) / reached).toBeGreaterThan(0.45)
    expect(at(7) / reached).toBeGreaterThan(0.05)
  })

  it('the Tactical Test of the skirmish example (2 dice with Tactician 1 vs 1 die)', () => {
    const metrics = sampled('bushido-skirmish.json', 40_000)
    const t = metrics.find((m) => m.id === 'tactical-test')
    if (!t || t.kind !== 'probability' || t.exact === undefined) throw new Error('no tactical test metric')
    expect(withinStandardErrors(t.count, t.n, t.exact)).toBe(true)
  })
})
