import { describe, expect, it } from 'vitest'
import { exactRoll } from '../../dice/roll-and-keep'
import { bestRaises, bestRaisesAt, RAISE_TN_MAX, raiseTable } from './best-raises'

/**
 * Issue 16 item 4: the decision tables share one exact roll per XkY across bonuses and fighters (a bonus
 * only shifts the roll). The shared rolls must give exactly the choices of rolls computed one by one.
 */
describe('best-Raises tables from shared rolls', () => {
  it('10k10 with bonuses (the Ten Dice Rule at high ranks) picks what each roll computed alone picks', () => {
    const attacks = [{ rolled: 10, kept: 10, bonus: 0 }, { rolled: 10, kept: 10, bonus: 4 }, { rolled: 10, kept: 8, bonus: 2 }]
    const damage = [{ rolled: 10, kept: 2, bonus: 0 }, { rolled: 10, kept: 3, bonus: 2 }, { rolled: 10, kept: 4, bonus: 6 }]
    const reductions = [0, 3, 5]
    const t = raiseTable(attacks, () => true, damage, true, reductions)
    const again = raiseTable(attacks, () => true, damage, true, reductions)
    expect(again.table).toEqual(t.table)
    const dmg = damage.map((d) => exactRoll(d, true, 6))
    let raised = 0
    attacks.forEach((a, k) => {
      const atk = exactRoll(a, true, 6)
      reductions.forEach((red, r) => {
        for (let tn = 0; tn <= RAISE_TN_MAX; tn += 5) {
          const want = bestRaises(atk, dmg, red, tn)
          raised += want
          expect(bestRaisesAt(t, k, r, tn), `attack ${k}, Reduction ${red}, TN ${tn}`).toBe(want)
        }
      })
    })
    expect(raised).toBeGreaterThan(0)
  })
})
