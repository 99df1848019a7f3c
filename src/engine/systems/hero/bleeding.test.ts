import { describe, expect, it } from 'vitest'
import { bleedAtPhase, postSegment12 } from './recovery'
import { segmentOf } from './speed-chart'
import { heroPlan, playLogged, UNHURT } from './test-helpers'

/**
 * variants.bleeding (docs/rules/hero.md sections 6, 7 and 9): a dying character (BODY ≤ 0) loses 1 BODY at each Post-Segment 12
 * (default, 6E2 p.107), or under bleeding "first-phase" every Turn when his first Phase of the Turn comes up.
 */
const specs = [
  { id: 'v', side: 'A' as const, ...UNHURT, body: 10, spd: 3 },
  { id: 'w', side: 'B' as const, ...UNHURT },
]

describe('variants.bleeding: when a dying character bleeds', () => {
  it('default: a character at BODY 0 loses 1 BODY at Post-Segment 12; at his first Phase he does not', () => {
    const p = heroPlan(specs)
    p.st.body[0] = 0
    p.st.stun[0] = 300
    expect(bleedAtPhase(p, p.st, 0, 4)).toBe(false)
    expect(p.st.body[0]).toBe(0)
    postSegment12(p, p.st)
    expect(p.st.body[0]).toBe(-1)
  })
  it('"first-phase": SPD 3 acts in Segments 4, 8, 12; he bleeds 1 BODY in Segment 4 only, not at Post-Segment 12', () => {
    const p = heroPlan(specs, { bleeding: 'first-phase' })
    expect(p.firstPhaseSeg[0]).toBe(4)
    p.st.body[0] = 0
    p.st.stun[0] = 300
    postSegment12(p, p.st)
    expect(p.st.body[0]).toBe(0)
    expect(bleedAtPhase(p, p.st, 0, 8)).toBe(false)
    expect(p.st.body[0]).toBe(0)
    expect(bleedAtPhase(p, p.st, 0, 4)).toBe(false)
    expect(p.st.body[0]).toBe(-1)
  })
  it('"first-phase": a character above 0 BODY does not bleed; at −(full BODY) + 1 the bleed kills him', () => {
    const p = heroPlan(specs, { bleeding: 'first-phase' })
    p.st.body[0] = 1
    expect(bleedAtPhase(p, p.st, 0, 4)).toBe(false)
    expect(p.st.body[0]).toBe(1)
    p.st.body[0] = -9
    expect(bleedAtPhase(p, p.st, 0, 4)).toBe(true)
    expect(p.st.dead[0]).toBe(1)
    expect(p.st.ko[0]).toBe(1)
  })
  it('in a fight: bleeding only in the Segment of his first Phase, once per Turn, and never after his death', () => {
    const fight = [
      { id: 'v', side: 'A' as const, ...UNHURT, body: 4, rpd: 0, pd: 100, spd: 3, dex: 10, plan: { onPhase: 'hold-defense' } },
      { id: 'k', side: 'B' as const, ...UNHURT, dex: 20, spd: 2, ocv: 30, attack: { dice: '2d6', kind: 'killing' } },
    ]
    let bleeds = 0
    for (let seed = 1; seed <= 4; seed++) {
      const { events } = playLogged(heroPlan(fight, { bleeding: 'first-phase' }, { turnCap: 4 }), seed)
      const at = events.filter((e) => e.who[0] === 'v' && /bleeds at his first Phase/.test(e.text)).map((e) => e.at)
      for (const abs of at) expect(segmentOf(abs)).toBe(4)
      expect(new Set(at).size).toBe(at.length)
      const death = events.find((e) => e.who[0] === 'v' && /is dead|and dies/.test(e.text))
      if (death) for (const abs of at) expect(abs).toBeLessThanOrEqual(death.at)
      bleeds += at.length
    }
    expect(bleeds).toBeGreaterThan(0)
  })
})
