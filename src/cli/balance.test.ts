import { describe, expect, it } from 'vitest'
import type { BalanceAnswer } from '../engine/run/balance'
import { balanceMethod } from './balance'

/** A balance answer as the search gives it, with how its values were found. */
const answer = (values: BalanceAnswer['values'], exact: boolean): BalanceAnswer => ({
  param: 'combatants[0].weapon.skill',
  metric: 'wins:aldo',
  label: 'Aldo wins',
  percent: true,
  target: 0.5,
  value: 12.07,
  bracket: [],
  interval: [12.07, 12.07],
  integer: true,
  step: 1,
  exact,
  values,
  direction: 'increasing',
  from: 7,
  to: 19,
  bounded: { from: false, to: false },
  trials: values.how === 'exact' ? 0 : 1_000_000,
  seed: 4,
})

describe('balance says how it found its values', () => {
  it('all exact, sampled, or exact at the bracket with the rest sampled, and why exact values were left out', () => {
    expect(balanceMethod(answer({ how: 'exact' }, true))).toBe('Exact values: no sampling. Searched 7 to 19.')
    expect(balanceMethod(answer({ how: 'mixed', why: 'at 7 the exact answer did not come in time' }, true))).toBe(
      'Exact values at the bracketing values; the other points sampled with seed 4 (common random numbers: 1,000,000 trials at an end, a tenth of that while bisecting). Searched 7 to 19. Exact values left out: at 7 the exact answer did not come in time.',
    )
    expect(balanceMethod(answer({ how: 'sampled', why: 'working out an exact answer takes longer than sampling' }, false))).toBe(
      'Searched 7 to 19 with seed 4 at every point (common random numbers): 1,000,000 trials at the ends and at the bracketing values, a tenth of that in between. Exact values left out: working out an exact answer takes longer than sampling.',
    )
  })
})
