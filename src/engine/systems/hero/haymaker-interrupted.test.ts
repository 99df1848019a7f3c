import { describe, expect, it } from 'vitest'
import { heroPlan, playLogged, UNHURT } from './test-helpers'

/**
 * variants.haymakerInterrupted (docs/rules/hero.md sections 6 and 9): a Haymaker whose attacker is Stunned or Knocked Out before it lands
 * is lost (default; stunned.test.ts) or, under haymakerInterrupted "lands", still lands at the end of
 * the next Segment and uses his Phase there; a knocked-out attacker makes it at OCV 0 (docs/rules/hero.md section 6).
 */
describe('variants.haymakerInterrupted "lands": a Stunned attacker\'s Haymaker still lands', () => {
  const plan = heroPlan(
    [
      { id: 'hay', side: 'A', dex: 20, spd: 12, ...UNHURT, pd: 0, con: 1, attack: { dice: '1d6' }, plan: { onPhase: 'haymaker' } },
      { id: 'foe', side: 'B', dex: 10, spd: 12, ocv: 30, ...UNHURT, attack: { dice: '10d6' } },
    ],
    { haymakerInterrupted: 'lands' },
    { turnCap: 2 },
  )
  it('it lands at the end of Segment 1, takes his Phase there, and he recovers from Stunned in his next Phase', () => {
    let seen = 0
    for (let seed = 1; seed <= 5; seed++) {
      const { events } = playLogged(plan, seed)
      const stunned = events.find((e) => e.kind === 'status' && e.who[0] === 'hay' && /Stunned/.test(e.text))
      if (!stunned || stunned.at !== 12) continue
      seen++
      expect(events.some((e) => e.kind === 'lose' && /Haymaker is lost/.test(e.text))).toBe(false)
      expect(events.some((e) => e.at === 13 && e.who[0] === 'hay' && /taken by his Haymaker/.test(e.text))).toBe(true)
      expect(events.some((e) => e.at === 13 && (e.kind === 'hit' || e.kind === 'miss') && e.who[0] === 'hay' && /a Haymaker/.test(e.text))).toBe(true)
      expect(events.some((e) => e.at === 13 && /recovering from being Stunned/.test(e.text))).toBe(false)
      expect(events.some((e) => e.at > 13 && e.who[0] === 'hay' && /recovering from being Stunned|still Stunned/.test(e.text))).toBe(true)
    }
    expect(seen).toBeGreaterThan(2)
  })
})

describe('variants.haymakerInterrupted: a Haymaker of an attacker Knocked Out before it lands', () => {
  const specs = [
    { id: 'hay', side: 'A' as const, dex: 20, spd: 12, ...UNHURT, stun: 1, pd: 0, ocv: 8, attack: { dice: '1d6' }, plan: { onPhase: 'haymaker' } },
    { id: 'pal', side: 'A' as const, dex: 5, spd: 2, ...UNHURT, plan: { onPhase: 'hold-defense' } },
    { id: 'foe', side: 'B' as const, dex: 10, spd: 2, ocv: 30, ...UNHURT, attack: { dice: '10d6' } },
  ]
  const knockedOutAt12 = (events: { at: number; kind: string; who: string[]; text: string }[]): boolean =>
    events.some((e) => e.at === 12 && e.kind === 'status' && e.who[0] === 'hay' && /Knocked Out/.test(e.text))
  it('is lost by default', () => {
    const { events } = playLogged(heroPlan(specs, {}, { turnCap: 2 }), 1)
    expect(knockedOutAt12(events)).toBe(true)
    expect(events.some((e) => e.who[0] === 'hay' && (e.kind === 'hit' || e.kind === 'miss'))).toBe(false)
  })
  it('under "lands" it is made at the end of Segment 1 at OCV 0: 11 + 0 − DCV 3 = 8-, not his OCV 8', () => {
    const { events } = playLogged(heroPlan(specs, { haymakerInterrupted: 'lands' }, { turnCap: 2 }), 1)
    expect(knockedOutAt12(events)).toBe(true)
    const strike = events.find((e) => e.at === 13 && e.who[0] === 'hay' && (e.kind === 'hit' || e.kind === 'miss'))
    expect(strike?.text).toMatch(/with a Haymaker \(Punch\): rolls \d+ against 8-/)
    expect(events.some((e) => e.at === 13 && e.kind === 'note' && /lands although he is Knocked Out/.test(e.text))).toBe(true)
  })
})
