import { describe, expect, it } from 'vitest'
import type { DistributionMetric, Metric, ProbabilityMetric } from '../../core/metrics'
import { createStream } from '../../core/rng'
import { createTally } from '../../core/tally'
import { l5r } from './index'
import { compile, type Plan } from './plan'
import { facesRng, skirmish, type FighterSpec } from './test-helpers'

function run(plan: Plan, trials: number): Metric[] {
  const t = createTally(l5r.shape(plan))
  for (let k = 0; k < trials; k++) l5r.simulate(plan, createStream(77, k), t)
  t.trials = trials
  return l5r.summarize(plan, t)
}

const vs = (b: Partial<FighterSpec>, extra = {}): Plan => compile(skirmish([{ id: 'a', earth: 3 }, { id: 'b', earth: 3, ...b }], { roundCap: 3, ...extra }))
const ids = (m: Metric[]): string[] => m.map((x) => x.id)

/** Per-attack metrics ("Attacks that hit", "Wounds per attack") are about attacks; a Stance plan without any has none. */
describe('per-attack metrics of a combatant who never attacks', () => {
  it.each([
    ['Defense Stance every Round', [{ stance: 'defense' }]],
    ['Full Defense, then Center', [{ stance: 'full-defense' }, { stance: 'center' }]],
  ])('%s: no hit-rate or wounds-per-attack for him (they would be 0 of 0), nothing NaN in the JSON', (_what, rounds) => {
    const m = run(vs({ rounds: rounds as FighterSpec['rounds'] }), 200)
    expect(ids(m)).not.toContain('hit-rate:b')
    expect(ids(m)).not.toContain('wounds-per-attack:b')
    expect(ids(m)).toContain('wounds-per-attack:a')
    const json = JSON.stringify(m.filter((x) => x.subjects?.[0] === 'b' && x.metric !== 'rounds-to-defeat'))
    expect(json).not.toMatch(/null/)
  })
  it('a plan that attacks only in a later Round keeps both, over the same attacks: n(wounds per attack) = n(hit-rate)', () => {
    const m = run(vs({ rounds: [{ stance: 'full-defense' }, { stance: 'full-defense' }, { stance: 'attack' }] }), 400)
    const rate = m.find((x) => x.id === 'hit-rate:b') as ProbabilityMetric
    const per = m.find((x) => x.id === 'wounds-per-attack:b') as DistributionMetric
    expect(rate.n).toBeGreaterThan(0)
    expect(per.n).toBe(rate.n)
    expect(per.bins.filter((b) => b.value > 0).reduce((s, b) => s + b.count, 0)).toBeLessThanOrEqual(rate.count)
  })
  it('he could attack but never got to (slower, and Out from the first blow): n 0, the core\'s "never happened"', () => {
    // all 9s: A 4k3 = 27 before B 2k1 = 9; A's 6k3 = 27 hits TN 10, 6k2 = 18 wounds put Earth 1 B Out (18–19)
    const plan = vs({ agility: 1, earth: 1 })
    const t = createTally(l5r.shape(plan))
    for (let k = 0; k < 5; k++) l5r.simulate(plan, facesRng([], 9), t)
    t.trials = 5
    const m = l5r.summarize(plan, t)
    expect((m.find((x) => x.id === 'win:A') as ProbabilityMetric).count).toBe(5)
    const per = m.find((x) => x.id === 'wounds-per-attack:b') as DistributionMetric
    expect(per.n).toBe(0)
    expect((m.find((x) => x.id === 'hit-rate:b') as ProbabilityMetric).n).toBe(0)
  })
})
