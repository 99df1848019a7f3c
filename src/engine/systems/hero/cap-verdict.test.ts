import { describe, expect, it } from 'vitest'
import { DRAW_CAP, WIN_A, WIN_B } from './layout'
import { outcome } from './record'
import { heroPlan, playLogged, playMany, UNHURT } from './test-helpers'

/**
 * The fight-end option of docs/rules/hero.md section 7 (Cap): at the Turn cap the fight is a draw (default), or
 * under onCap "most-health" won by the side with the larger share of its STUN + BODY left.
 */
const specs = [
  { id: 'a', side: 'A' as const, ...UNHURT, stun: 40, body: 10 },
  { id: 'b', side: 'B' as const, ...UNHURT, stun: 40, body: 10 },
  { id: 'c', side: 'B' as const, ...UNHURT, stun: 20, body: 10 },
]

function at(p: ReturnType<typeof heroPlan>, stun: number[], body: number[]): number {
  stun.forEach((s, i) => (p.st.stun[i] = s))
  body.forEach((b, i) => (p.st.body[i] = b))
  return outcome(p)
}

describe('onCap: who wins when the Turn cap is reached', () => {
  it('default "draw": however lopsided the damage, the cap is a draw', () => {
    expect(at(heroPlan(specs), [40, 1, 1], [10, 1, 1])).toBe(DRAW_CAP)
  })
  it('"most-health": side A 40 of 50 (0.8) loses to side B 65 of 80 (0.8125); side A 45 of 50 (0.9) wins', () => {
    const p = heroPlan(specs, { onCap: 'most-health' })
    expect(at(p, [30, 40, 10], [10, 10, 5])).toBe(WIN_B)
    expect(at(p, [35, 40, 10], [10, 10, 5])).toBe(WIN_A)
  })
  it('"most-health": equal shares are a draw; STUN and BODY below 0 count as 0', () => {
    const p = heroPlan(specs, { onCap: 'most-health' })
    expect(at(p, [20, 20, 10], [5, 10, 0])).toBe(DRAW_CAP)
    expect(at(p, [20, 20, 10], [5, 10, -5])).toBe(DRAW_CAP)
    expect(at(p, [20, 35, -10], [5, 10, 0])).toBe(WIN_B)
    expect(at(p, [20, 30, -10], [5, 10, 0])).toBe(DRAW_CAP)
  })
  it('in fights nobody can finish, "most-health" gives nearly every fight to the side that hurts more, and the trace says why', () => {
    const fight = [
      { id: 'big', side: 'A' as const, ...UNHURT, pd: 0, ocv: 30, attack: { dice: '12d6' } },
      { id: 'small', side: 'B' as const, ...UNHURT, pd: 0, ocv: 30, attack: { dice: '1d6' } },
    ]
    const draw = playMany(heroPlan(fight, {}, { turnCap: 1 }), 200)
    expect(draw.counts[DRAW_CAP]).toBe(200)
    const plan = heroPlan(fight, { onCap: 'most-health' }, { turnCap: 1 })
    const most = playMany(plan, 200)
    expect(most.counts[DRAW_CAP] + most.counts[WIN_A] + most.counts[WIN_B]).toBe(200)
    expect(most.counts[WIN_A]).toBeGreaterThan(190)
    const { events } = playLogged(plan, 3)
    expect(events.find((e) => e.kind === 'end')?.text).toMatch(/^The Turn cap is reached: STUN \+ BODY left, side A \d+\/400, side B \d+\/400: (BIG wins on health|SMALL wins on health|a draw)\./)
  })
})
