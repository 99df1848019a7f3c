import { describe, expect, it } from 'vitest'
import { THREE_D6_WAYS } from '../../dice/three-d6'
import { characteristicTarget, margin, rollLabel, rollSucceeds, skillTarget } from './characteristic-roll'

const successWays = (target: number): number => THREE_D6_WAYS.reduce((s, w, i) => (rollSucceeds(target, i + 3) ? s + w : s), 0)

describe('Characteristic Rolls (docs/rules/hero.md section 3)', () => {
  it('9 + CHAR/5 rounded: the table 3–7 → 10-, 8–12 → 11-, 13–17 → 12-, 18–22 → 13-, 23–27 → 14-, 28–32 → 15-, 33–37 → 16-', () => {
    const table: [number, number, number][] = [[3, 7, 10], [8, 12, 11], [13, 17, 12], [18, 22, 13], [23, 27, 14], [28, 32, 15], [33, 37, 16]]
    for (const [lo, hi, roll] of table) for (let c = lo; c <= hi; c++) expect(characteristicTarget(c), `CHAR ${c}`).toBe(roll)
  })
  it('an exact .5 never arises for integer CHAR, and .6/.8 round up (CHAR 13 → 12-, CHAR 14 → 12-)', () => {
    expect(characteristicTarget(13)).toBe(12)
    expect(characteristicTarget(12)).toBe(11)
    expect(characteristicTarget(0)).toBe(9)
  })
  it('a 3 always succeeds and an 18 always fails', () => {
    expect(rollSucceeds(0, 3)).toBe(true)
    expect(rollSucceeds(30, 18)).toBe(false)
    expect(rollSucceeds(11, 11)).toBe(true)
    expect(rollSucceeds(11, 12)).toBe(false)
  })
  it('docs/rules/hero.md section 8 vectors: CHAR 5 → 50.00%, 10 → 62.50%, 13 → 74.07%, 18 → 83.80%, 23 → 90.74%, 28 → 95.37%', () => {
    expect(successWays(characteristicTarget(5))).toBe(108)
    expect(successWays(characteristicTarget(10))).toBe(135)
    expect(successWays(characteristicTarget(13))).toBe(160)
    expect(successWays(characteristicTarget(18))).toBe(181)
    expect(successWays(characteristicTarget(23))).toBe(196)
    expect(successWays(characteristicTarget(28))).toBe(206)
  })
  it('margins: "made it by X" is target − roll; DEX skills add their levels', () => {
    expect(margin(13, 9)).toBe(4)
    expect(margin(11, 14)).toBe(-3)
    expect(skillTarget(18, 2)).toBe(15)
    expect(rollLabel(13)).toBe('13-')
  })
})
