import { describe, expect, it } from 'vitest'
import { formatHeroDice } from '../../dice/hero-damage'
import { heroPlan, playLogged, type Spec } from './test-helpers'

/**
 * The common Martial Arts maneuvers (HERO 6E2 Martial Arts; docs/rules/hero.md section 8): strikes as an
 * attack's maneuver (OCV, DCV, extra Damage Classes), Martial Block and Martial Dodge as his defence.
 */
const TOUGH = { stun: 300, body: 100, con: 99 }
const foe: Spec = { id: 'foe', side: 'B', dex: 10, spd: 2, ocv: 3, dcv: 3, ...TOUGH }

describe('Martial Arts strikes: OCV, DCV and damage added to the attack', () => {
  it('Offensive Strike −2 OCV +1 DCV +4d6, Martial Strike +0 +2 +2d6, Defensive Strike +1 +3 +0, on a 3d6 STR blow', () => {
    const strike = (maneuver: string): Spec => ({ id: 'a', side: 'A', attacks: [{ name: 'Blow', dice: '3d6', maneuver }] })
    const got = ['offensive-strike', 'martial-strike', 'defensive-strike'].map((m) => {
      const p = heroPlan([strike(m), foe])
      return [p.atkOcv[0], p.atkDcv[0], formatHeroDice(p.dice[0])]
    })
    expect(got).toEqual([
      [-2, 1, '7d6'],
      [0, 2, '5d6'],
      [1, 3, '3d6'],
    ])
  })
})

describe('Martial Dodge and Martial Block', () => {
  const rolls = (events: { who: string[]; kind: string; text: string }[], who: string): string[] =>
    events.filter((e) => e.who[0] === who && (e.kind === 'hit' || e.kind === 'miss')).map((e) => /against (\d+)-/.exec(e.text)?.[1] ?? '')
  it('a Martial Dodge is +5 DCV: the foe rolls 11 + 3 − 8 = 6- against him while it runs', () => {
    const { events } = playLogged(heroPlan([{ id: 'a', side: 'A', dex: 5, spd: 2, dcv: 3, ...TOUGH, plan: { abort: 'when-attacked', defense: 'martial-dodge' } }, { ...foe, dex: 20 }], {}, { turnCap: 2 }), 1)
    expect(events.some((e) => /Martial Dodge \(\+5 DCV\)/.test(e.text))).toBe(true)
    expect(new Set(rolls(events, 'foe'))).toEqual(new Set(['6']))
  })
  it('a Martial Block is +2 OCV to the Block roll (11 + 3 + 2 − 3 = 13-) and +2 DCV until his next Phase (a failed Block leaves the foe 11 + 3 − 5 = 9-)', () => {
    let seen = 0
    for (let seed = 1; seed <= 30; seed++) {
      const { events } = playLogged(heroPlan([{ id: 'a', side: 'A', dex: 5, spd: 2, ocv: 3, dcv: 3, ...TOUGH, plan: { abort: 'when-attacked', defense: 'martial-block' } }, { ...foe, dex: 20 }], {}, { turnCap: 1 }), seed)
      const block = events.find((e) => /to Martial Block/.test(e.text))
      expect(block?.text).toMatch(/rolls \d+ against 13-/)
      if (/the Block fails/.test(block?.text ?? '')) {
        seen++
        expect(rolls(events, 'foe')[0]).toBe('9')
      }
    }
    expect(seen).toBeGreaterThan(0)
  })
})
