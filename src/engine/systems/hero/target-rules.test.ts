import { describe, expect, it } from 'vitest'
import { withinStandardErrors } from '../../../../tests/helpers'
import { createStream } from '../../core/rng'
import { chooseTarget, peekTarget } from './common'
import { heroPlan, playLogged, UNHURT } from './test-helpers'

/**
 * The target options of docs/rules/hero.md section 7 beside the default sticky-first, as the targeting variant
 * (variants.targeting) for plans whose target is "first": "random" (a living enemy picked at random, kept until defeated)
 * and "highest-threat" (the enemy who has dealt the most damage so far, here STUN after defences,
 * re-chosen at each attack); both are our readings.
 */
const roster = [
  { id: 'me', side: 'A' as const, ...UNHURT },
  { id: 'x', side: 'B' as const, ...UNHURT },
  { id: 'y', side: 'B' as const, ...UNHURT },
  { id: 'z', side: 'B' as const, ...UNHURT },
]

describe('target "random"', () => {
  it('picks each of three living enemies with probability 1/3 (fixed seed, 4 standard errors) and never a defeated one', () => {
    const p = heroPlan(roster, { targeting: 'random' })
    const rng = createStream(11, 0)
    const n = 30_000
    const seen = [0, 0, 0, 0]
    for (let t = 0; t < n; t++) {
      p.st.target[0] = -1
      seen[chooseTarget(p, p.st, 0, rng)]++
    }
    expect(seen[0]).toBe(0)
    for (const j of [1, 2, 3]) expect(withinStandardErrors(seen[j], n, 1 / 3), `enemy ${j}: ${seen[j]}`).toBe(true)
    p.st.ko[2] = 1
    const two = [0, 0, 0, 0]
    for (let t = 0; t < n; t++) {
      p.st.target[0] = -1
      two[chooseTarget(p, p.st, 0, rng)]++
    }
    expect(two[2]).toBe(0)
    expect(withinStandardErrors(two[1], n, 1 / 2)).toBe(true)
  })
  it('keeps its target until that enemy is defeated, without another roll; peeking never rolls', () => {
    const p = heroPlan(roster, { targeting: 'random' })
    p.st.target[0] = -1
    const rng = createStream(12, 0)
    expect(peekTarget(p, p.st, 0)).toBe(-1)
    const first = chooseTarget(p, p.st, 0, rng)
    for (let k = 0; k < 5; k++) expect(chooseTarget(p, p.st, 0, rng)).toBe(first)
    expect(peekTarget(p, p.st, 0)).toBe(first)
    const oneRoll = createStream(12, 0)
    oneRoll.below(3)
    expect(rng.u32(), 'only the first choice rolled').toBe(oneRoll.u32())
    p.st.ko[first] = 1
    expect(chooseTarget(p, p.st, 0, rng)).not.toBe(first)
  })
  it('with one enemy left it takes him without drawing', () => {
    const p = heroPlan(roster, { targeting: 'random' })
    p.st.target[0] = -1
    p.st.ko[1] = p.st.ko[2] = 1
    const rng = createStream(13, 0)
    expect(chooseTarget(p, p.st, 0, rng)).toBe(3)
    expect(rng.u32()).toBe(createStream(13, 0).u32())
  })
})

describe('target "highest-threat"', () => {
  it('attacks the living enemy who has dealt the most STUN, first in roster order on ties, and re-chooses each attack', () => {
    const p = heroPlan(roster, { targeting: 'highest-threat' })
    p.st.target[0] = -1
    const rng = createStream(14, 0)
    expect(chooseTarget(p, p.st, 0, rng)).toBe(1)
    p.st.stunDealt[3] = 12
    p.st.stunDealt[2] = 7
    expect(chooseTarget(p, p.st, 0, rng)).toBe(3)
    p.st.stunDealt[2] = 12
    expect(chooseTarget(p, p.st, 0, rng)).toBe(2)
    p.st.ko[2] = 1
    expect(chooseTarget(p, p.st, 0, rng)).toBe(3)
    expect(peekTarget(p, p.st, 0)).toBe(3)
  })
  it('in a fight: after the 8d6 puncher hits him in Segment 12, his next attack goes at the puncher, not the 1d6 weakling first in the roster', () => {
    const plan = heroPlan(
      [
        { id: 'me', side: 'A', ...UNHURT, pd: 5, dex: 20, ocv: 30, attack: { dice: '2d6' } },
        { id: 'weak', side: 'B', ...UNHURT, dex: 10, ocv: 30, attack: { dice: '1d6' } },
        { id: 'strong', side: 'B', ...UNHURT, dex: 10, ocv: 30, attack: { dice: '8d6' } },
      ],
      { targeting: 'highest-threat' },
      { turnCap: 2 },
    )
    let checked = 0
    for (let seed = 1; seed <= 6; seed++) {
      const { events } = playLogged(plan, seed)
      const mine = events.filter((e) => (e.kind === 'hit' || e.kind === 'miss') && e.who[0] === 'me')
      expect(mine[0]?.who[1], 'nobody has dealt anything yet: roster order').toBe('weak')
      if (!events.some((e) => e.at === 12 && e.kind === 'hit' && e.who[0] === 'strong')) continue
      expect(mine.find((e) => e.at > 12)?.who[1]).toBe('strong')
      checked++
    }
    expect(checked).toBeGreaterThan(3)
  })
})

describe('targeting variant: scope', () => {
  it('default "sticky-first" keeps today\'s first living enemy; plans naming "weakest" or an enemy keep their choice under any targeting', () => {
    const rng = createStream(16, 0)
    const p = heroPlan(roster)
    p.st.target[0] = -1
    p.st.stunDealt[3] = 50
    expect(chooseTarget(p, p.st, 0, rng)).toBe(1)
    const named = heroPlan([{ ...roster[0], plan: { target: 'z' } }, ...roster.slice(1)], { targeting: 'random' })
    named.st.target[0] = -1
    expect(chooseTarget(named, named.st, 0, rng)).toBe(3)
    const weakest = heroPlan([{ ...roster[0], plan: { target: 'weakest' } }, ...roster.slice(1)], { targeting: 'highest-threat' })
    weakest.st.stun.set([300, 300, 120, 300])
    weakest.st.stunDealt[3] = 50
    expect(chooseTarget(weakest, weakest.st, 0, rng)).toBe(2)
  })
})
