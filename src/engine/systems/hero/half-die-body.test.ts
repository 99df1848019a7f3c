import { describe, expect, it } from 'vitest'
import { withinStandardErrors } from '../../../../tests/helpers'
import { perHitExact } from './exact'
import { C } from './layout'
import { heroPlan, playMany, UNHURT } from './test-helpers'

/**
 * variants.halfDieBody (docs/rules/hero.md sections 6 and 9): BODY from the half die of normal damage — 1 on a raw 4–6 (the
 * default) or always 0 — through the fight: the per-hit BODY the fight samples against its exact value.
 */
describe('variants.halfDieBody: BODY from a normal-damage half die in a fight', () => {
  const specs = [
    { id: 'puncher', side: 'A' as const, ...UNHURT, ocv: 30, attack: { dice: '1½d6' } },
    { id: 'bag', side: 'B' as const, ...UNHURT, pd: 0, plan: { onPhase: 'hold-defense' } },
  ]
  it('1½d6 normal vs PD 0 deals 1.5 BODY per hit by default and 1 under "none"', () => {
    expect(perHitExact(heroPlan(specs), 0)?.meanBody).toBeCloseTo(1.5, 12)
    expect(perHitExact(heroPlan(specs, { halfDieBody: 'none' }), 0)?.meanBody).toBeCloseTo(1, 12)
  })
  it('under "none" the sampled BODY per hit matches the exact distribution (fixed seed, 4 standard errors)', () => {
    const plan = heroPlan(specs, { halfDieBody: 'none' }, { turnCap: 3 })
    const tally = playMany(plan, 2000, 21)
    const hits = tally.counts[plan.layout.counter(0, C.hits)]
    expect(hits).toBeGreaterThan(10_000)
    const exact = perHitExact(plan, 0)?.body ?? []
    expect(exact.length, "BODY 0–2: one whole die, nothing from the half die").toBe(3)
    for (let v = 0; v < exact.length; v++) {
      expect(withinStandardErrors(tally.bins[plan.layout.bodyPerHit(0) + v], hits, exact[v]), `BODY ${v}`).toBe(true)
    }
    expect(tally.bins[plan.layout.bodyPerHit(0) + 3], 'no hit of 1½d6 gives 3 BODY without the half die').toBe(0)
  })
})
