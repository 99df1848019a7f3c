import { describe, expect, it } from 'vitest'
import { postSegment12, segmentRecoveries } from './recovery'
import { heroPlan, playMany, UNHURT } from './test-helpers'
import { C, PER_COMBATANT } from './layout'
import type { Plan } from './plan'

/** K (SPD 4, REC 4) lies Knocked Out at `stun`; the state is set by hand to test the schedule alone. */
function knockedOut(stun: number, rules: Record<string, string> = { koRecovery: 'bands' }): Plan {
  const plan = heroPlan([
    { id: 'k', side: 'A', spd: 4, rec: 4, stun: 30 },
    { id: 'e', side: 'B', spd: 4 },
  ], rules)
  const st = plan.st
  st.ko[0] = 1
  st.stun[0] = stun
  st.koMinuteAbs[0] = 12
  return plan
}

const phaseMask = (p: Plan, seg: number): number => p.segmentMask[seg]

describe('variants.koRecovery "bands": knocked-out characters recover by how far below 0 STUN they are (docs/rules/hero.md section 1)', () => {
  it('0 to −10: a Recovery every Phase plus Post-12 — at −5 with REC 4 his Phase (Segment 15 = Turn 2, Segment 3) brings him to −1, Post-12 to +3, and he wakes', () => {
    const p = knockedOut(-5)
    p.st.abs = 15
    segmentRecoveries(p, p.st, phaseMask(p, 3))
    expect([p.st.stun[0], p.st.ko[0]]).toEqual([-1, 1])
    p.st.abs = 24
    postSegment12(p, p.st)
    expect([p.st.stun[0], p.st.ko[0]]).toEqual([3, 0])
  })
  it('no Recovery in a Segment where he has no Phase', () => {
    const p = knockedOut(-5)
    p.st.abs = 16
    segmentRecoveries(p, p.st, phaseMask(p, 4))
    expect(p.st.stun[0]).toBe(-5)
  })
  it('−11 to −20: Post-12 only', () => {
    const p = knockedOut(-15)
    p.st.abs = 15
    segmentRecoveries(p, p.st, phaseMask(p, 3))
    expect(p.st.stun[0]).toBe(-15)
    p.st.abs = 24
    postSegment12(p, p.st)
    expect(p.st.stun[0]).toBe(-11)
  })
  it('−21 to −30: once a minute (5 Turns): not at the next Post-12, then at the one 60 Segments after the knockout', () => {
    const p = knockedOut(-25)
    for (const abs of [24, 36, 48, 60]) {
      p.st.abs = abs
      postSegment12(p, p.st)
    }
    expect(p.st.stun[0]).toBe(-25)
    p.st.abs = 72
    postSegment12(p, p.st)
    expect(p.st.stun[0]).toBe(-21)
  })
  it('−31 or worse: no Recovery within a fight (GM\'s discretion, "a long time")', () => {
    const p = knockedOut(-31)
    for (let abs = 24; abs <= 240; abs += 12) {
      p.st.abs = abs
      postSegment12(p, p.st)
    }
    expect(p.st.stun[0]).toBe(-31)
  })
  it('"stay-out" (default): a knocked-out character gets no Recovery at all', () => {
    const p = knockedOut(-1, {})
    p.st.abs = 24
    postSegment12(p, p.st)
    expect([p.st.stun[0], p.st.ko[0]]).toEqual([-1, 1])
  })
  it('in whole fights: with an ally still standing, a knocked-out fighter comes back under "bands" and never under "stay-out"', () => {
    const specs = [
      { id: 'w', side: 'A' as const, spd: 3, stun: 12, con: 30, rec: 10, pd: 0, dcv: 0 },
      { id: 'x', side: 'A' as const, spd: 3, ...UNHURT, attack: { dice: '1d6' } },
      { id: 'e', side: 'B' as const, spd: 3, ...UNHURT, ocv: 10, attack: { dice: '3d6' }, plan: { target: 'w' } },
    ]
    const woke = (rules: Record<string, string>): number => playMany(heroPlan(specs, rules, { turnCap: 6 }), 200).counts[4 + 0 * PER_COMBATANT + C.wokeUp]
    expect(woke({ koRecovery: 'bands' })).toBeGreaterThan(0)
    expect(woke({})).toBe(0)
  })
})
