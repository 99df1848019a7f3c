import { describe, expect, it } from 'vitest'
import { parseScenario } from '../../run/parse'
import { currentDcv } from './attack'
import { hitExact } from './damage-exact'
import { heroPlan, playLogged, UNHURT } from './test-helpers'
import { parseHeroDice, type HeroDice } from '../../dice/hero-damage'

/** G (DEX 20) holds for defense guarding W; E (DEX 15) attacks W every Phase. */
const bodyguard = (range = 'hth', g: Record<string, unknown> = {}) =>
  heroPlan(
    [
      { id: 'w', side: 'A', dex: 10, ...UNHURT, attack: { dice: '1d6' } },
      { id: 'g', side: 'A', dex: 20, ...UNHURT, ocv: 9, plan: { onPhase: 'hold-defense', defense: 'block', protect: 'w' }, ...g },
      { id: 'e', side: 'B', dex: 15, ...UNHURT, ocv: 5, attack: { dice: '1d6', range }, plan: { target: 'w' } },
    ],
    { ruleset: 'tlot3-house' },
    { turnCap: 1 },
  )

describe('the campaign house rules (docs/rules/hero.md): "You may also use your held action to defend someone else if you wish"', () => {
  it('the guard Blocks the attack on his ally before the attack roll, at 11 + his OCV − the attacker\'s OCV (15-)', () => {
    const { events } = playLogged(bodyguard(), 1)
    const k = events.findIndex((e) => e.at === 12 && /G uses his held action to Block E's attack on W: rolls \d+ against 15-/.test(e.text))
    expect(k).toBeGreaterThan(0)
    const attack = events.findIndex((e) => e.at === 12 && (e.kind === 'hit' || e.kind === 'miss') && e.who[0] === 'e')
    if (/ — blocked/.test(events[k].text)) expect(attack).toBe(-1)
    else expect(attack).toBeGreaterThan(k)
  })
  it('a ranged attack cannot be Blocked: the guard keeps his held action', () => {
    const { events } = playLogged(bodyguard('ranged'), 1)
    expect(events.some((e) => /to Block/.test(e.text))).toBe(false)
    expect(events.some((e) => e.who[0] === 'e' && (e.kind === 'hit' || e.kind === 'miss'))).toBe(true)
  })
  it('the protected ally must be on his side, and he must Block (a Dodge only covers himself)', () => {
    const doc = (plan: Record<string, unknown>) => ({
      schemaVersion: 1, name: 't', system: 'hero',
      combatants: [
        { id: 'a', name: 'A', side: 'A', dex: 10, spd: 3, plan },
        { id: 'b', name: 'B', side: 'A', dex: 10, spd: 3 },
        { id: 'c', name: 'C', side: 'B', dex: 10, spd: 3 },
      ],
    })
    const issues = (d: unknown): string[] => {
      const r = parseScenario(d)
      return r.ok ? [] : r.issues.map((i) => `${i.path}: ${i.message}`)
    }
    expect(issues(doc({ onPhase: 'hold-defense', defense: 'block', protect: 'c' }))).toEqual(['combatants[0].plan.protect: must be the id of an ally: "b", got "c"'])
    expect(issues(doc({ onPhase: 'hold-defense', protect: 'b' }))).toEqual(['combatants[0].plan.defense: must be "block" or "martial-block" to protect an ally (a Dodge only covers himself), got "dodge"'])
  })
})

describe('docs/rules/hero.md section 9: variants.minStunEqualsBody and variants.stunnedDcv', () => {
  it('variants.minStunEqualsBody "off": a 2d6 KA 6e against 20 PD / 8 rPD can do BODY with 0 STUN, and E[STUN] falls below the docs/rules/hero.md section 8 value 1.537', () => {
    const spec = { dice: parseHeroDice('2d6') as HeroDice, killing: true, multiplier: '6e-half-d6' as const, total: 20, resistant: 8, con: 20 }
    expect(hitExact(spec).meanStun).toBeCloseTo(1.537, 3)
    const off = hitExact({ ...spec, minStunEqualsBody: false })
    expect(off.meanStun).toBeLessThan(1.537)
    expect(off.meanBody).toBeCloseTo(0.556, 3)
    const plan = heroPlan([{ id: 'a', side: 'A' }, { id: 'b', side: 'B' }], { minStunEqualsBody: 'off' })
    expect(plan.rules.minStunEqualsBody).toBe(false)
  })
  it('variants.minStunEqualsBody in the fight itself: a 2d6 KA through 20 PD / 8 rPD can log "0 STUN, n BODY" under "off", and never STUN below BODY under "on"', () => {
    const hits = (rule: string): [number, number][] => {
      const plan = heroPlan(
        [
          { id: 'a', side: 'A', spd: 12, ocv: 30, ...UNHURT, attack: { dice: '2d6', kind: 'killing' } },
          { id: 'b', side: 'B', spd: 2, dcv: 0, stun: 300, body: 100, pd: 20, rpd: 8, con: 99, attack: { dice: '1d6' } },
        ],
        { minStunEqualsBody: rule, endurance: 'off' },
        { turnCap: 2 },
      )
      const out: [number, number][] = []
      for (const seed of [1, 2, 3]) {
        for (const e of playLogged(plan, seed).events) {
          const m = /A attacks B .* after defences (\d+) STUN, (\d+) BODY/.exec(e.text)
          if (m) out.push([Number(m[1]), Number(m[2])])
        }
      }
      return out
    }
    const off = hits('off')
    const on = hits('on')
    expect(on.length).toBeGreaterThan(30)
    expect(on.filter(([stun, body]) => stun < body)).toEqual([])
    expect(off.some(([stun, body]) => stun === 0 && body > 0)).toBe(true)
  })
  it('variants.stunnedDcv: a Stunned DCV 5 halves to 3 (round-up, default) or 2 (round-down)', () => {
    for (const [rule, dcv] of [['round-up', 3], ['round-down', 2]] as const) {
      const plan = heroPlan([{ id: 'a', side: 'A', dcv: 5 }, { id: 'b', side: 'B' }], { stunnedDcv: rule })
      plan.st.stunned[0] = 1
      expect(currentDcv(plan, plan.st, 0)).toBe(dcv)
    }
  })
})
