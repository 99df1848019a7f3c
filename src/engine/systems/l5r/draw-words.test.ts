import { describe, expect, it } from 'vitest'
import { createStream } from '../../core/rng'
import { createTally } from '../../core/tally'
import { headline } from '../../../shared/report/headline'
import { l5r } from './index'
import { drawLabel } from './metrics'
import { compile } from './plan'
import { skirmish } from './test-helpers'

/**
 * Issue 28: a skirmish stopped by its Round cap says what happened ("Both sides still standing after 3
 * Rounds"), as the other systems' results do, never "Draw" or "Neither side wins" (docs/rules/l5r.md section 5).
 */
describe('a skirmish with no winner, in words (docs/rules/l5r.md section 5)', () => {
  // Two duellists who only ever hold Defense Stance never attack: every skirmish reaches the cap with nobody hurt.
  const guarded = (extra: Record<string, unknown>) => compile(skirmish([{ id: 'a', rounds: [{ stance: 'defense' }] }, { id: 'b', rounds: [{ stance: 'defense' }] }], { roundCap: 3, ...extra }))
  const SEED = 28
  const run = (plan: ReturnType<typeof guarded>) => {
    const t = createTally(l5r.shape(plan))
    const rng = createStream(SEED, 0)
    for (let i = 0; i < 20; i++) l5r.simulate(plan, rng, t)
    t.trials = 20
    return l5r.summarize(plan, t)
  }

  it(`the Round cap with nobody down: "Both sides still standing after 3 Rounds", and the headline says so (seed ${SEED})`, () => {
    const metrics = run(guarded({}))
    const draw = metrics.find((m) => m.id === 'draw')
    expect(draw).toMatchObject({ label: 'Both sides still standing after 3 Rounds', count: 20, n: 20 })
    const h = headline('l5r', metrics)
    expect(h.items.map((i) => `${i.label} ${i.value}`)).toEqual(['Both sides still standing after 3 Rounds 100.0%'])
  })

  it('the other ways a skirmish has no winner are named too: equal health left under "most-health", falling together under simultaneous ties', () => {
    expect(drawLabel({ cap: 1, mostHealthOnCap: false, simultaneousTies: false })).toBe('Both sides still standing after 1 Round')
    expect(drawLabel({ cap: 6, mostHealthOnCap: true, simultaneousTies: false })).toBe('Both sides still standing after 6 Rounds with equal health left')
    expect(drawLabel({ cap: 6, mostHealthOnCap: false, simultaneousTies: true })).toBe('Both sides fall together, or both still standing after 6 Rounds')
    const plan = guarded({ onCap: 'most-health', rules: { initiativeTies: 'simultaneous' } })
    expect(run(plan).find((m) => m.id === 'draw')?.label).toBe('Both sides fall together, or both still standing after 3 Rounds with equal health left')
  })
})
