import { describe, expect, it } from 'vitest'
import { formatDice, injuryOf, minimumDamage, parseDamage, swing, thrust, WOUNDING_HALVES } from './basic-damage'

const table = (f: (st: number) => { dice: number; add: number }, from: number, to: number): string[] => {
  const out: string[] = []
  for (let st = from; st <= to; st++) out.push(formatDice(f(st)))
  return out
}

describe('thrust and swing by ST (docs/rules/gurps.md section 3 table, ST 5–20)', () => {
  it('thrust: 1d−4 1d−4 1d−3 1d−3 1d−2 1d−2 1d−1 1d−1 1d 1d 1d+1 1d+1 1d+2 1d+2 2d−1 2d−1', () => {
    expect(table(thrust, 5, 20)).toEqual(['1d-4', '1d-4', '1d-3', '1d-3', '1d-2', '1d-2', '1d-1', '1d-1', '1d', '1d', '1d+1', '1d+1', '1d+2', '1d+2', '2d-1', '2d-1'])
  })
  it('swing: 1d−3 1d−3 1d−2 1d−2 1d−1 1d 1d+1 1d+2 2d−1 2d 2d+1 2d+2 3d−1 3d 3d+1 3d+2', () => {
    expect(table(swing, 5, 20)).toEqual(['1d-3', '1d-3', '1d-2', '1d-2', '1d-1', '1d', '1d+1', '1d+2', '2d-1', '2d', '2d+1', '2d+2', '3d-1', '3d', '3d+1', '3d+2'])
  })
  it('ST 27 thrusts 3d−1 and swings 5d+1 (top of the formula range)', () => {
    expect(formatDice(thrust(27))).toBe('3d-1')
    expect(formatDice(swing(27))).toBe('5d+1')
  })
  it('weapon damage adds to the ST base: ST 12 broadsword "sw+1" is 1d+3, ST 10 punch "thr-1" is 1d−3, guns "2d+2"', () => {
    expect(parseDamage('sw+1', 12)).toEqual({ dice: 1, add: 3 })
    expect(parseDamage('thr-1', 10)).toEqual({ dice: 1, add: -3 })
    expect(parseDamage('2d+2', 10)).toEqual({ dice: 2, add: 2 })
    expect(parseDamage('thr', 13)).toEqual({ dice: 1, add: 0 })
  })
})

describe('wounding and injury (docs/rules/gurps.md section 3)', () => {
  it('multipliers: cr ×1, cut ×1.5, imp ×2, pi− ×0.5, pi ×1, pi+ ×1.5, pi++ ×2', () => {
    const x = (t: keyof typeof WOUNDING_HALVES): number => WOUNDING_HALVES[t] / 2
    expect([x('cr'), x('cut'), x('imp'), x('pi-'), x('pi'), x('pi+'), x('pi++'), x('burn')]).toEqual([1, 1.5, 2, 0.5, 1, 1.5, 2, 1])
  })
  it('the multiplier applies after DR: 7 cut vs DR 2 is ⌊5 × 1.5⌋ = 7', () => {
    expect(injuryOf(7, 2, 3, true)).toBe(7)
  })
  it('rounded down, but at least 1 HP when anything penetrates (rules.minimumInjury "one", the Basic Set); 0 with "none"', () => {
    expect(injuryOf(3, 2, 1, true)).toBe(1)
    expect(injuryOf(3, 2, 1, false)).toBe(0)
    expect(injuryOf(2, 2, 4, true)).toBe(0)
  })
  it('minimum basic damage is 0 for crushing and 1 for everything else', () => {
    expect(minimumDamage('cr')).toBe(0)
    expect(minimumDamage('cut')).toBe(1)
    expect(minimumDamage('pi')).toBe(1)
  })
})
