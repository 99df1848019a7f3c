import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createStream } from '../../core/rng'
import { damageDiceOf, damageTable, damageTotal, expectedWounds, tableWounds, woundsOf, woundWays, WOUND_TABLE, type DamageMods } from './damage'

const plain: DamageMods = { bonus: 0, armour: 0, tough: 0, durable: false }
const MODIFIER_OF_ROW = [-3, -2, -1, -1, 0, 0, 0, 1, 1, 2, 3]

describe('Wound Table / Table des Dégâts (the Bushido reference card (docs/rules/bushido.md), every row)', () => {
  it.each([
    [2, '0 0 0 0 1 2 3 4 5 6 7'],
    [3, '0 0 0 1 2 3 4 5 6 7 8'],
    [4, '0 0 1 2 3 4 5 6 7 8 9'],
    [5, '0 0 1 2 3 4 5 6 7 8 9'],
    [6, '0 1 2 3 4 5 6 7 8 9 10'],
    [7, '0 1 2 3 4 5 6 7 8 9 10'],
    [8, '0 1 2 3 4 5 6 7 8 9 10'],
    [9, '1 2 3 4 5 6 7 8 9 10 11'],
    [10, '1 2 3 4 5 6 7 8 9 10 11'],
    [11, '2 3 4 5 6 7 8 9 10 11 12'],
    [12, '3 4 5 6 7 8 9 10 11 12 13'],
  ])('row %i reads %s at SL 0–10', (row, cells) => {
    const expected = cells.split(' ').map(Number)
    expect(expected.map((_, sl) => tableWounds(row, sl, 'formula'))).toEqual(expected)
  })
  it('every cell obeys wounds = max(0, SL + m(row)) (docs/rules/bushido.md section 4)', () => {
    WOUND_TABLE.forEach((line, r) => line.forEach((w, sl) => expect(w).toBe(Math.max(0, sl + MODIFIER_OF_ROW[r]))))
  })
  it('the row is clamped to 2..12', () => {
    expect(tableWounds(0, 5, 'formula')).toBe(2)
    expect(tableWounds(15, 0, 'formula')).toBe(3)
  })
  it('rules.slAboveTen: above SL 10 "formula" adds one wound per SL, "clamp" reads column 10', () => {
    expect(tableWounds(7, 12, 'formula')).toBe(12)
    expect(tableWounds(7, 12, 'clamp')).toBe(10)
  })
  it('worked example (docs/rules/bushido.md section 6): SL 3, roll 3+5, Strength +1 = 9 → 4 wounds', () => {
    expect(woundsOf(8, 3, { ...plain, bonus: 1 }, 'formula')).toBe(4)
  })
})

describe('Damage Roll modifiers (docs/rules/bushido.md section 4)', () => {
  it('"Strong: roll 3D6 and keep the two highest; Weak: the two lowest"', () => {
    // index 0 + 6·4 + 36·2 = dice 1, 5, 3
    const i = 0 + 6 * 4 + 36 * 2
    expect(damageTotal('strong', i)).toBe(8)
    expect(damageTotal('weak', i)).toBe(4)
  })
  it('"having both cancels"', () => {
    expect(damageDiceOf(true, true)).toBe('normal')
    expect(damageDiceOf(true, false)).toBe('strong')
    expect(damageDiceOf(false, true)).toBe('weak')
  })
  it('"Armour (X) −X" to the roll; "Charge +2" to the roll', () => {
    expect(woundsOf(9, 0, { ...plain, armour: 1 }, 'formula')).toBe(0)
    expect(woundsOf(7, 0, { ...plain, bonus: 2 }, 'formula')).toBe(1)
  })
  it('"Tough (X) reduces the wounds by X (negative X increases)" after the table, never below 0', () => {
    expect(woundsOf(7, 3, { ...plain, tough: 1 }, 'formula')).toBe(2)
    expect(woundsOf(7, 3, { ...plain, tough: -1 }, 'formula')).toBe(4)
    expect(woundsOf(7, 0, { ...plain, tough: 2 }, 'formula')).toBe(0)
  })
  it('"then Durable caps the hit at 1 wound"', () => {
    expect(woundsOf(12, 5, { ...plain, durable: true }, 'formula')).toBe(1)
    expect(woundsOf(12, 5, { ...plain, durable: true, tough: 8 }, 'formula')).toBe(0)
  })
})

describe('expected wounds per SL (docs/rules/bushido.md section 6, exact)', () => {
  const table = (strong: boolean, weak: boolean, mods: DamageMods) => damageTable(damageDiceOf(strong, weak), mods, 12, 'formula')
  const normal = table(false, false, plain)
  const strong = table(true, false, plain)
  const weak = table(false, true, plain)
  const armour = table(false, false, { ...plain, armour: 1 })
  const strength = table(false, false, { ...plain, bonus: 1 })
  it.each([
    [0, 0.389, 0.796, 0.13, 0.194, 0.667],
    [1, 1.111, 1.69, 0.606, 0.778, 1.5],
    [2, 2.028, 2.671, 1.407, 1.611, 2.472],
  ])('SL %i: normal %f, Strong %f, Weak %f, Armour 1 %f, Strength +1 %f', (sl, n, s, w, a, st) => {
    expect(expectedWounds(normal, sl)).toBeCloseTo(n, 3)
    expect(expectedWounds(strong, sl)).toBeCloseTo(s, 3)
    expect(expectedWounds(weak, sl)).toBeCloseTo(w, 3)
    expect(expectedWounds(armour, sl)).toBeCloseTo(a, 3)
    expect(expectedWounds(strength, sl)).toBeCloseTo(st, 3)
  })
  it('SL 3..10: SL + 0 | +0.667 | −0.667 | −0.472 | +0.472', () => {
    for (let sl = 3; sl <= 10; sl++) {
      expect(expectedWounds(normal, sl)).toBeCloseTo(sl, 10)
      expect(expectedWounds(strong, sl) - sl).toBeCloseTo(0.667, 3)
      expect(expectedWounds(weak, sl) - sl).toBeCloseTo(-0.667, 3)
      expect(expectedWounds(armour, sl) - sl).toBeCloseTo(-0.472, 3)
      expect(expectedWounds(strength, sl) - sl).toBeCloseTo(0.472, 3)
    }
  })
  it('property: more SL, more Strength or less Armour never lowers the wounds of any roll', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 12 }), fc.integer({ min: 0, max: 12 }), fc.integer({ min: -2, max: 4 }), fc.integer({ min: 0, max: 3 }), (raw, sl, bonus, armour) => {
        const m = { ...plain, bonus, armour }
        const w = woundsOf(raw, sl, m, 'formula')
        expect(woundsOf(raw, sl + 1, m, 'formula')).toBeGreaterThanOrEqual(w)
        expect(woundsOf(raw, sl, { ...m, bonus: bonus + 1 }, 'formula')).toBeGreaterThanOrEqual(w)
        expect(woundsOf(raw, sl, { ...m, armour: armour + 1 }, 'formula')).toBeLessThanOrEqual(w)
      }),
    )
  })
  it('sampled Strong damage rolls match the exact wound distribution (fixed seed, 4 standard errors)', () => {
    const rng = createStream(3, 3)
    const n = 100_000
    const seen: number[] = []
    for (let i = 0; i < n; i++) {
      const w = strong.wounds[2 * strong.faces + rng.below(strong.faces)]
      seen[w] = (seen[w] ?? 0) + 1
    }
    woundWays(strong, 2).forEach((ways, w) => {
      const p = ways / strong.faces
      expect(Math.abs((seen[w] ?? 0) - n * p)).toBeLessThanOrEqual(4 * Math.sqrt(n * p * (1 - p)))
    })
  })
})
