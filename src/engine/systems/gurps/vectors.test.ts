import { describe, expect, it } from 'vitest'
import { minimumDamage, parseDamage, WOUNDING_HALVES, type DamageType } from '../gurps-common/basic-damage'
import { injuryDistribution, landsExact } from './exact'

/**
 * Every exact test vector of docs/rules/gurps.md section 4, computed by the same functions the fight and its
 * exact metrics use.
 */

/** docs/rules/gurps.md section 4 "P(attack lands)" table: rows skill 10, 12, 14, ≥16 (16 and 18 checked); columns defence 6..12. */
const LANDS: [number, number[]][] = [
  [10, [0.4554, 0.422, 0.3752, 0.3194, 0.2593, 0.1991, 0.1433]],
  [12, [0.6739, 0.6237, 0.5535, 0.4699, 0.3796, 0.2894, 0.2058]],
  [14, [0.8251, 0.7634, 0.677, 0.5741, 0.463, 0.3519, 0.249]],
  [16, [0.8992, 0.8374, 0.751, 0.6481, 0.537, 0.4259, 0.323]],
  [18, [0.8992, 0.8374, 0.751, 0.6481, 0.537, 0.4259, 0.323]],
]

describe('docs/rules/gurps.md section 4: P(attack lands) = P(critical) + P(ordinary success) × P(defence fails)', () => {
  it.each(LANDS)('skill %i against defences 6–12', (skill, row) => {
    row.forEach((p, k) => expect(landsExact(skill, 6 + k), `defence ${6 + k}`).toBeCloseTo(p, 4))
  })
  it('skill above 16 does not raise the chance to hit (the ≥16 row)', () => {
    for (let d = 6; d <= 12; d++) expect(landsExact(20, d)).toBe(landsExact(16, d))
  })
})

/** Mean injury of one ordinary hit by a weapon "spec" at this ST against DR. */
function meanInjury(st: number, spec: string, type: DamageType, dr: number): number {
  const { dice, add } = parseDamage(spec, st)
  return injuryDistribution(dice, add, minimumDamage(type), dr, WOUNDING_HALVES[type], true).reduce((s, p, i) => s + p * i, 0)
}

describe('docs/rules/gurps.md section 4: E[injury] per hit at DR 0 / 2 / 4, from ST and the weapon line', () => {
  const cases: [string, number, string, DamageType, [number, number, number]][] = [
    ['ST 10 broadsword (sw+1 = 1d+1 cut)', 10, 'sw+1', 'cut', [6.5, 3.5, 4 / 3]],
    ['ST 12 broadsword (sw+1 = 1d+3 cut)', 12, 'sw+1', 'cut', [9.5, 6.5, 3.5]],
    ['ST 12 spear (thr+2 = 1d+1 imp)', 12, 'thr+2', 'imp', [9, 5, 2]],
    ['ST 14 axe (sw+2 = 2d+2 cut)', 14, 'sw+2', 'cut', [13.25, 10.25, 7.25]],
    ['ST 10 mace (sw+3 = 1d+3 cr)', 10, 'sw+3', 'cr', [6.5, 4.5, 2.5]],
    ['ST 10 punch (thr−1 = 1d−3 cr)', 10, 'thr-1', 'cr', [1, 1 / 6, 0]],
  ]
  it.each(cases)('%s', (_label, st, spec, type, means) => {
    ;[0, 2, 4].forEach((dr, k) => expect(meanInjury(st, spec, type, dr), `DR ${dr}`).toBeCloseTo(means[k], 3))
  })
  it('the ST 12 broadsword against DR 0 and HP 10 is a major wound on every hit (minimum 4 × 1.5 = 6 > 5)', () => {
    const p = injuryDistribution(1, 3, 1, 0, WOUNDING_HALVES.cut, true)
    const minInjury = p.findIndex((x) => x > 0)
    expect(minInjury).toBe(6)
    expect(2 * minInjury > 10).toBe(true)
  })
})
