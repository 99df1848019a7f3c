import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createStream } from '../core/rng'
import { createTally } from '../core/tally'
import { parseScenario } from '../run/parse'
import { runChunk } from '../run/run-chunk'
import { systems } from './registry'

/** The RuleSystem contract, checked for every registered system and every shipped example. */
const examplesDir = join(__dirname, '..', '..', '..', 'resources', 'examples')
const examples = readdirSync(examplesDir)
  .filter((f) => f.endsWith('.json'))
  .map((file) => ({ file, doc: JSON.parse(readFileSync(join(examplesDir, file), 'utf8')) as { system: string } }))

describe.each(systems.map((s) => [s.id, s] as const))('rule system %s', (id, system) => {
  const mine = examples.filter((e) => e.doc.system === id)

  it('ships at least one example, and every example is valid', () => {
    expect(mine.length).toBeGreaterThan(0)
    for (const e of mine) {
      const r = parseScenario(e.doc)
      expect(r.ok ? [] : r.issues, e.file).toEqual([])
    }
  })

  it('documents every rule variant with a default among its allowed values', () => {
    for (const v of system.variants) expect(v.values.map((x) => x.value)).toContain(v.default)
    expect(new Set(system.variants.map((v) => v.key)).size).toBe(system.variants.length)
    expect(system.metrics.length).toBeGreaterThan(0)
  })

  it.each(mine.map((e) => [e.file, e.doc] as const))('%s: same seed and chunk give the same tally; metrics have unique ids', (_file, doc) => {
    const a = runChunk({ scenario: doc, seed: 5, chunk: 3, trials: 2000 })
    const b = runChunk({ scenario: doc, seed: 5, chunk: 3, trials: 2000 })
    expect(Array.from(a.counts)).toEqual(Array.from(b.counts))
    expect(Array.from(a.bins)).toEqual(Array.from(b.bins))
    const parsed = parseScenario(doc)
    if (!parsed.ok) throw new Error('invalid')
    const plan = system.compile(parsed.scenario)
    const metrics = system.summarize(plan, { trials: a.trials, counts: a.counts, bins: a.bins })
    expect(new Set(metrics.map((m) => m.id)).size).toBe(metrics.length)
  })

  it.each(mine.map((e) => [e.file, e.doc] as const))('%s: trace makes the same draws as simulate (replay contract)', (_file, doc) => {
    const parsed = parseScenario(doc)
    if (!parsed.ok) throw new Error('invalid')
    const plan = system.compile(parsed.scenario)
    for (let trial = 0; trial < 20; trial++) {
      const traced = createStream(11, trial)
      const simulated = createStream(11, trial)
      const events = system.trace(plan, traced)
      expect(events.length).toBeGreaterThan(0)
      system.simulate(plan, simulated, createTally(system.shape(plan)))
      expect(traced.u32()).toBe(simulated.u32())
    }
  })
})
