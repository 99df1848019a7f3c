import { describe, expect, it } from 'vitest'
import { heroPlan, playLogged, playMany, UNHURT } from './test-helpers'
import { C, PER_COMBATANT } from './layout'

const at = (i: number, c: number): number => 4 + i * PER_COMBATANT + c

/** A (SPD 4) swings a 6d6 punch (30 AP, 3 END) with END 5 and REC 2 at an opponent nobody can hurt. */
const tired = (rules: Record<string, string> = {}, a: Record<string, unknown> = {}) =>
  heroPlan(
    [
      { id: 'a', side: 'A', spd: 4, dex: 20, ...UNHURT, end: 5, rec: 2, attack: { dice: '6d6' }, ...a },
      { id: 'b', side: 'B', spd: 2, dex: 10, ...UNHURT, attack: { dice: '1d6' } },
    ],
    rules,
    { turnCap: 2 },
  )

describe('END per attack (docs/rules/hero.md sections 6 and 7)', () => {
  it('an attack costs its END: 5 → 2 after the first 6d6 punch (3 END)', () => {
    const plan = tired()
    expect(plan.endCost[0]).toBe(3)
    const { events } = playLogged(plan, 1)
    expect(events.some((e) => e.at === 12 && e.who[0] === 'a' && /attacks B/.test(e.text))).toBe(true)
    expect(events.find((e) => e.at === 12 && /Post-Segment 12/.test(e.text))?.text).toMatch(/A \d+\/300 STUN, 4\/5 END/)
  })
  it('variants.endurance default: short of END he takes a Recovery instead, which resolves at the end of the Segment (REC to STUN and END)', () => {
    const { events } = playLogged(tired(), 1)
    // END 5 − 3 = 2, +2 Post-12 = 4, − 3 in Segment 3 = 1: short in Segment 6 (abs 18)
    expect(events.some((e) => e.at === 18 && e.who[0] === 'a' && /has 1 END, short of the 3 .* takes a Recovery instead/.test(e.text))).toBe(true)
    expect(events.some((e) => e.at === 18 && e.who[0] === 'a' && /attacks B/.test(e.text))).toBe(false)
    expect(events.find((e) => e.at === 18 && e.kind === 'recovery' && e.who[0] === 'a')?.text).toMatch(/A's Recovery: .*3\/5 END/)
  })
  it('variants.endurance "stun-for-end": the END he lacks costs 1d6 STUN per 2 END, rounded up, and he attacks', () => {
    const { events } = playLogged(tired({ endurance: 'stun-for-end' }), 1)
    const paid = events.find((e) => e.at === 18 && e.who[0] === 'a' && /END short/.test(e.text))
    const m = /is (\d) END short and pays (\d+) STUN for it \((\d)d6\)/.exec(paid?.text ?? '')
    expect(m).not.toBeNull()
    expect(Number(m?.[3])).toBe(Math.ceil(Number(m?.[1]) / 2))
    expect(Number(m?.[2])).toBeGreaterThanOrEqual(Number(m?.[3]))
    expect(Number(m?.[2])).toBeLessThanOrEqual(6 * Number(m?.[3]))
    expect(events.some((e) => e.at === 18 && e.who[0] === 'a' && /attacks B/.test(e.text))).toBe(true)
  })
  it('"off": END is not tracked, he attacks every Phase', () => {
    const tally = playMany(tired({ endurance: 'off' }), 50)
    expect(tally.counts[at(0, C.endRecoveries)]).toBe(0)
    expect(tally.counts[at(0, C.attacks)]).toBe(50 * 5) // Segments 12, 3, 6, 9, 12
  })
  it('an attack with Charges (endCost 0) never runs short', () => {
    const tally = playMany(tired({}, { attack: { dice: '6d6', endCost: 0 } }), 50)
    expect(tally.counts[at(0, C.endRecoveries)]).toBe(0)
    expect(tally.counts[at(0, C.endSpent)]).toBe(0)
  })
})
