import { describe, expect, it } from 'vitest'
import { parseHeroDice, type HeroDice, type StunMultiplierRule } from '../../dice/hero-damage'
import { hitExact } from './damage-exact'

const d = (s: string): HeroDice => parseHeroDice(s) as HeroDice

describe('one hit after defences: docs/rules/hero.md section 8 exact test vectors', () => {
  const rows: [string, boolean, StunMultiplierRule, number, number, number, number, number, number][] = [
    // dice, killing, multiplier, total def, resistant def, CON, E[STUN], E[BODY], P(Stunned)
    ['12d6', false, '6e-half-d6', 27, 0, 23, 15.008, 0.0, 0.076],
    ['12d6', false, '6e-half-d6', 20, 0, 20, 22.0, 0.0, 0.5989],
    ['6d6', false, '6e-half-d6', 10, 0, 10, 11.003, 0.001, 0.5464],
    ['3d6', false, '6e-half-d6', 2, 0, 10, 8.5, 1.065, 0.2593],
    ['4d6', false, '6e-half-d6', 2, 0, 10, 12.0, 2.014, 0.6644],
    ['2d6', true, '6e-half-d6', 20, 8, 20, 1.537, 0.556, 0],
    ['2d6', true, '5e-d6-minus-1', 20, 8, 20, 4.972, 0.556, 0.0602],
    ['1d6+1', true, '6e-half-d6', 4, 0, 10, 6.5, 4.5, 0.1667],
    ['1d6+1', true, '6e-half-d6', 5, 3, 10, 4.778, 1.667, 0.1111],
    ['1½d6', true, '6e-half-d6', 2, 0, 10, 9.667, 5.5, 0.3333],
  ]
  it.each(rows)('%s (killing %s, %s) vs %i / %i r, CON %i', (dice, killing, multiplier, total, resistant, con, stun, body, stunned) => {
    const h = hitExact({ dice: d(dice), killing, multiplier, total, resistant, con })
    expect(h.meanStun).toBeCloseTo(stun, 3)
    expect(h.meanBody).toBeCloseTo(body, 3)
    expect(h.stunned).toBeCloseTo(stunned, 4)
    expect(h.stun.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12)
  })
})

describe('variants.halfDieBody: BODY from a normal-damage half die', () => {
  it('1½d6 normal vs no defence: E[BODY] is 1.5 with the raw 4–6 rule (default) and 1 when the half die never gives BODY', () => {
    const spec = { dice: d('1½d6'), killing: false, multiplier: '6e-half-d6' as const, total: 0, resistant: 0, con: 10 }
    expect(hitExact(spec).meanBody).toBeCloseTo(1.5, 12)
    const none = hitExact({ ...spec, halfDieBody: false })
    expect(none.meanBody).toBeCloseTo(1, 12)
    expect(none.meanStun).toBeCloseTo(3.5 + 2, 12)
  })
})
