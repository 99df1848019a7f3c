import { describe, expect, it } from 'vitest'
import { heroPlan, playLogged, UNHURT } from './test-helpers'

/**
 * Stunned and the Haymaker (docs/rules/hero.md section 6, variants.haymakerInterrupted): a Stunned character takes no actions, so a
 * Haymaker he is winding up is lost at once, and his next Phase is free to be spent recovering.
 */
describe('Stunned while winding up a Haymaker', () => {
  const plan = heroPlan(
    [
      { id: 'hay', side: 'A', dex: 20, spd: 12, ...UNHURT, pd: 0, con: 1, attack: { dice: '1d6' }, plan: { onPhase: 'haymaker' } },
      { id: 'foe', side: 'B', dex: 10, spd: 12, ocv: 30, ...UNHURT, attack: { dice: '10d6' } },
    ],
    {},
    { turnCap: 2 },
  )
  it('the Haymaker is lost when he is Stunned, and his Phase in the landing Segment is spent recovering', () => {
    let seen = 0
    for (let seed = 1; seed <= 5; seed++) {
      const { events } = playLogged(plan, seed)
      const stunned = events.find((e) => e.kind === 'status' && e.who[0] === 'hay' && /Stunned/.test(e.text))
      if (!stunned || stunned.at !== 12) continue
      seen++
      expect(events.some((e) => e.at === 12 && e.kind === 'lose' && /Haymaker is lost/.test(e.text))).toBe(true)
      expect(events.some((e) => e.at === 13 && e.who[0] === 'hay' && /recovering from being Stunned/.test(e.text))).toBe(true)
      expect(events.some((e) => e.at === 13 && e.who[0] === 'hay' && /taken by his Haymaker/.test(e.text))).toBe(false)
      expect(events.some((e) => e.at === 13 && e.kind === 'hit' && e.who[0] === 'hay')).toBe(false)
    }
    expect(seen).toBeGreaterThan(2)
  })
})
