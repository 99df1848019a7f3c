import { describe, expect, it } from 'vitest'
import { parseHeroDice, type HeroDice } from '../../dice/hero-damage'
import { activePointsOf, endCostOf } from './end-cost'

const dice = (s: string): HeroDice => parseHeroDice(s) as HeroDice

describe('END cost of an attack (docs/rules/hero.md section 6)', () => {
  it('"1 END per 10 Active Points, rounded in the player\'s favour, minimum 1": 60 → 6, 25 → 2, 26 → 3, 35 → 3, 5 → 1', () => {
    expect([60, 25, 26, 35, 5, 14, 16].map(endCostOf)).toEqual([6, 2, 3, 3, 1, 1, 2])
  })
  it('Active Points at 5 per Damage Class (docs/rules/hero.md section 6): normal 1 DC per d6, ½d6 = 3 points (13 STR → 2½d6)', () => {
    expect(activePointsOf(dice('12d6'), false)).toBe(60)
    expect(activePointsOf(dice('2½d6'), false)).toBe(13)
  })
  it('killing damage: 3 DC per d6, ½d6 = 2 DC, a pip = 1 DC (1d6+1 = 4 DC, 2½d6 = 8 DC, 4d6 = 12 DC)', () => {
    expect(activePointsOf(dice('1d6+1'), true)).toBe(20)
    expect(activePointsOf(dice('2½d6'), true)).toBe(40)
    expect(activePointsOf(dice('4d6'), true)).toBe(60)
    expect(activePointsOf(dice('½d6'), true)).toBe(10)
  })
})
