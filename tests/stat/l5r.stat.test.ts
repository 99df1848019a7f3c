import { describe, expect, it } from 'vitest'
import type { DistributionMetric, Metric, ProbabilityMetric } from '../../src/engine/core/metrics'
import { mergeAll } from '../../src/engine/core/tally'
import { compiledFor, runChunk } from '../../src/engine/run/run-chunk'
import { l5r } from '../../src/engine/systems/l5r'
import { example, withinStandardErrors } from '../helpers'

function run(scenario: unknown, trials: number): Metric[] {
  const { plan } = compiledFor(scenario)
  const chunks = [0, 1].map((chunk) => runChunk({ scenario, seed: 20261121, chunk, trials }))
  const tally = mergeAll(l5r.shape(plan as never), chunks)
  return l5r.summarize(plan as never, tally)
}

/**
 * The skirmish sampler against exact values, on a fixed seed, within 4 standard errors: every
 * Initiative total, P(highest Initiative), and — where the TN never changes — hit rate and wounds.
 */
describe('L5R skirmish sampler vs exact (fixed seed, 4 standard errors)', () => {
  it.each(['l5r-bench-skirmish.json', 'l5r-fast-vs-strong.json', 'l5r-initiative-swap.json', 'l5r-void-rolls.json'])('%s: Initiative distributions and P(highest Initiative)', (file) => {
    const metrics = run(example(file), 60_000)
    let checked = 0
    for (const m of metrics) {
      if (m.metric === 'initiative') {
        const d = m as DistributionMetric
        for (const e of d.exact?.p ?? []) {
          if (e.p < 1e-5) continue
          const seen = d.bins.find((b) => b.value === e.value)?.count ?? 0
          expect(withinStandardErrors(seen, d.n, e.p), `${m.id} = ${e.value}: ${seen} of ${d.n} vs ${e.p}`).toBe(true)
          checked++
        }
      }
      if (m.metric === 'initiative-first') {
        const p = m as ProbabilityMetric
        expect(p.exact).toBeDefined()
        expect(withinStandardErrors(p.count, p.n, p.exact as number), `${m.id}: ${p.p} vs ${p.exact}`).toBe(true)
        checked++
      }
    }
    expect(checked).toBeGreaterThan(40)
  })

  it('attacks at a fixed TN (target in Defense Stance all fight): hit rate and wounds per attack equal the exact opening attack', () => {
    const doc = {
      schemaVersion: 1,
      name: 'fixed TN',
      system: 'l5r',
      roundCap: 3,
      combatants: [
        { id: 'a', name: 'Attacker', side: 'A', agility: 3, classRank: 1, attackSkill: 3, strength: 3, earth: 2 },
        { id: 'b', name: 'Wall', side: 'B', agility: 2, classRank: 1, attackSkill: 1, strength: 2, earth: 10, air: 3, defenseSkill: 2, armor: 'light' },
      ],
      tactics: [
        { combatant: 'a', rounds: [{ stance: 'attack' }] },
        { combatant: 'b', rounds: [{ stance: 'defense' }] },
      ],
    }
    const { plan } = compiledFor(doc)
    const exact = l5r.exact(plan as never)
    const hit = exact.find((m) => m.id === 'opening-hit:a')
    const wounds = exact.find((m) => m.id === 'opening-wounds:a')
    if (hit?.kind !== 'probability' || wounds?.kind !== 'mean') throw new Error('no exact opening attack')
    const metrics = run(doc, 50_000)
    const rate = metrics.find((m) => m.id === 'hit-rate:a') as ProbabilityMetric
    expect(rate.n).toBe(300_000)
    expect(withinStandardErrors(rate.count, rate.n, hit.p), `${rate.p} vs ${hit.p}`).toBe(true)
    const perAttack = metrics.find((m) => m.id === 'wounds-per-attack:a') as DistributionMetric
    expect(Math.abs(perAttack.mean - wounds.mean)).toBeLessThanOrEqual((4 * perAttack.sd) / Math.sqrt(perAttack.n))
  })
})

/** The numbers l5r-reinforcements.json states (issue 15 item 18: a late arrival and Full Defense when Hurt). */
describe('l5r-reinforcements.json says what the default rules give', () => {
  const p = (metrics: Metric[], id: string): number => (metrics.find((m) => m.id === id) as ProbabilityMetric).p
  it('with Full Defense when Hurt: Scorpions win about 82%, about 14% undecided at the Round cap; keeping up the attack: about 96% and 2%', () => {
    const doc = example('l5r-reinforcements.json') as { tactics: { hurtStance?: string }[] }
    const hold = run(doc, 10_000)
    expect(p(hold, 'win:B')).toBeGreaterThan(0.8)
    expect(p(hold, 'win:B')).toBeLessThan(0.84)
    expect(p(hold, 'draw')).toBeGreaterThan(0.12)
    expect(p(hold, 'draw')).toBeLessThan(0.16)
    const attack = structuredClone(doc)
    delete attack.tactics[0].hurtStance
    const keep = run(attack, 10_000)
    expect(p(keep, 'win:B')).toBeGreaterThan(0.945)
    expect(p(keep, 'draw')).toBeLessThan(0.03)
  })
})
