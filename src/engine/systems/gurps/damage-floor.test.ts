import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createStream } from '../../core/rng'
import { createTally } from '../../core/tally'
import type { DistributionMetric } from '../../core/metrics'
import { gurps } from './index'
import { F } from './layout'
import { planOf, type Spec } from './test-helpers'

/**
 * Basic damage has a floor: 0 for crushing, 1 for every other type, however large the penalty (GURPS
 * Basic Set, damage rolls). Histograms are sized from the largest damage a hit can do, so that size must
 * respect the floor too, or a large negative add corrupts every histogram after it.
 */
const SEED = 20261124

function runFight(attacker: Spec, trials: number, seed: number): { plan: ReturnType<typeof planOf>; tally: ReturnType<typeof createTally> } {
  const plan = planOf([attacker, { id: 'b', hp: 6, skill: 12, damage: 'thr', type: 'cr' }], { turnCap: 12 })
  const tally = createTally(plan.layout.shape)
  const rng = createStream(seed, 0)
  for (let t = 0; t < trials; t++) {
    tally.trials++
    gurps.simulate(plan, rng, tally)
  }
  return { plan, tally }
}

const total = (m: DistributionMetric): number => m.bins.reduce((s, b) => s + b.count, 0)

function checkHistograms(plan: ReturnType<typeof planOf>, tally: ReturnType<typeof createTally>, trials: number): void {
  const metrics = gurps.summarize(plan, tally)
  const dist = (id: string): DistributionMetric => metrics.find((m) => m.id === id) as DistributionMetric
  expect(total(dist('fight-length'))).toBe(trials)
  plan.fighters.forEach((f, i) => {
    const o = plan.layout.fighter[i]
    expect(total(dist(`damage-per-attack:${f.id}`)), `injury per attack of ${f.id}`).toBe(tally.counts[o + F.Attacks])
    expect(total(dist(`damage-per-fight:${f.id}`)), `injury per fight of ${f.id}`).toBe(trials)
    expect(total(dist(`turns-to-incapacitation:${f.id}`)), `turn taken out of ${f.id}`).toBe(tally.counts[o + F.Defeated])
    for (const b of dist(`damage-per-attack:${f.id}`).bins) expect(b.value).toBeGreaterThanOrEqual(0)
  })
  for (const b of dist('fight-length').bins) expect(b.value).toBeLessThanOrEqual(12)
}

describe('damage floor (GURPS Basic Set: basic damage is at least 0 crushing, 1 otherwise)', () => {
  it('a ST 1 fighter with "sw-10" (1d−15) still fills every histogram once per sample', () => {
    const { plan, tally } = runFight({ id: 'a', st: 1, hp: 10, damage: 'sw-10', type: 'cut' }, 200, SEED)
    checkHistograms(plan, tally, 200)
  })

  it('"1d-68" runs (it used to fail with "Invalid typed array length") and every cutting hit does at least 1 injury', () => {
    const { plan, tally } = runFight({ id: 'a', hp: 10, damage: '1d-68', type: 'cut', skill: 18 }, 200, SEED)
    checkHistograms(plan, tally, 200)
    const metrics = gurps.summarize(plan, tally)
    const perAttack = metrics.find((m) => m.id === 'damage-per-attack:a') as DistributionMetric
    expect(perAttack.bins.some((b) => b.value === 1)).toBe(true)
  })

  it('property: for damage strings 1d-99 … 20d+50, every histogram\'s total equals its sample count', () => {
    const damage = fc.record({ dice: fc.integer({ min: 1, max: 20 }), add: fc.integer({ min: -99, max: 50 }), type: fc.constantFrom('cr', 'cut', 'imp', 'pi-') })
    fc.assert(
      fc.property(damage, fc.integer({ min: 0, max: 1000 }), ({ dice, add, type }, seed) => {
        const spec = `${dice}d${add > 0 ? `+${add}` : add < 0 ? `${add}` : ''}`
        const { plan, tally } = runFight({ id: 'a', hp: 8, damage: spec, type }, 20, seed)
        checkHistograms(plan, tally, 20)
      }),
      { seed: SEED, numRuns: 120, verbose: true },
    )
  })
})
