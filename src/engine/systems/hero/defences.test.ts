import { describe, expect, it } from 'vitest'
import { fightNote } from '../../core/fight-exact'
import { hero } from './index'
import { armourChance } from './plan'
import { heroPlan, heroScenario, playLogged, type Spec } from './test-helpers'

/**
 * Combat Luck, Combat Skill Levels and armour that counts only on some hits (docs/rules/hero.md section 6).
 */
const TOUGH = { stun: 300, body: 100, con: 99 }
const foe: Spec = { id: 'foe', side: 'B', dex: 10, spd: 2, dcv: 3, ...TOUGH }

describe('Combat Luck (6E1): +3 resistant PD and ED a level', () => {
  it('two levels on PD 4 (2 resistant) and ED 3 (0 resistant): PD 10 (8 resistant), ED 9 (6 resistant)', () => {
    const p = heroPlan([{ id: 'a', side: 'A', pd: 4, rpd: 2, ed: 3, red: 0, combatLuck: 2 }, foe])
    expect([p.pd[0], p.rpd[0], p.ed[0], p.red[0]]).toEqual([10, 8, 9, 6])
  })
})

describe('Combat Skill Levels with an attack (6E1): to OCV or to DCV, as his plan says', () => {
  const rolls = (who: string, events: { who: string[]; kind: string; text: string }[]): string[] =>
    events.filter((e) => e.who[0] === who && (e.kind === 'hit' || e.kind === 'miss')).map((e) => /against (\d+)-/.exec(e.text)?.[1] ?? '')
  const fighter = (csl: 'ocv' | 'dcv'): Spec => ({ id: 'a', side: 'A', dex: 20, spd: 2, ocv: 3, dcv: 3, ...TOUGH, attack: { name: 'Sword', dice: '2d6', csl: 2 }, plan: { csl } })
  it('to OCV: his Attack Roll is 11 + 3 + 2 − 3 = 13-', () => {
    const { events } = playLogged(heroPlan([fighter('ocv'), { ...foe, ocv: 3 }], {}, { turnCap: 2 }), 1)
    expect(new Set(rolls('a', events))).toEqual(new Set(['13']))
  })
  it('to DCV: his own roll stays 11-, and the foe, acting after him in each Segment, rolls 11 + 3 − 5 = 9-', () => {
    const { events } = playLogged(heroPlan([fighter('dcv'), { ...foe, ocv: 3 }], {}, { turnCap: 2 }), 1)
    expect(new Set(rolls('a', events))).toEqual(new Set(['11']))
    expect(new Set(rolls('foe', events))).toEqual(new Set(['9']))
  })
})

describe('armour that counts only on some hits, as its chance per hit', () => {
  const worn = (armour: Record<string, unknown>): number => armourChance(heroScenario([{ id: 'a', side: 'A', armour }, foe]).combatants[0])
  it('an activation roll of 11- counts 62.5%; the chest (hit location rolls 10 and 11) 54/216 = 25%; both 15.625%; head and legs (3–5, 15–16): 26/216', () => {
    expect(worn({ pd: 6, activation: 11 })).toBeCloseTo(0.625, 12)
    expect(worn({ pd: 6, covers: ['chest'] })).toBeCloseTo(0.25, 12)
    expect(worn({ pd: 6, activation: 11, covers: ['chest'] })).toBeCloseTo(0.15625, 12)
    expect(worn({ pd: 6, covers: ['head', 'legs'] })).toBeCloseTo(26 / 216, 12)
  })
  it('an armour that covers nowhere in particular and needs no roll is refused (it belongs in pd)', () => {
    expect(() => heroScenario([{ id: 'a', side: 'A', armour: { pd: 6 } }, foe])).toThrow(/must have an activation roll or cover some hit locations/)
  })
  const SEED = 4
  it(`sampled: it counts on about 62.5% of hits with an activation roll of 11- (within 4 standard errors, seeds ${SEED}–${SEED + 39}), and a hit it stops takes no STUN`, () => {
    let counted = 0
    let hits = 0
    for (let seed = SEED; seed < SEED + 40; seed++) {
      const { events } = playLogged(heroPlan([{ id: 'a', side: 'A', ocv: 30, spd: 6, ...TOUGH, attack: { dice: '3d6' } }, { ...foe, pd: 0, armour: { pd: 50, activation: 11 } }], {}, { turnCap: 2 }), seed)
      events.forEach((e, i) => {
        if (e.kind !== 'note' || !/the armour (counts|does not count)/.test(e.text)) return
        hits++
        const counts = /the armour counts/.test(e.text)
        if (counts) counted++
        const hit = events.slice(i + 1).find((x) => x.kind === 'hit')
        expect(hit?.text, hit?.text).toMatch(counts ? /after defences 0 STUN, 0 BODY/ : /after defences [1-9]\d* STUN/)
      })
    }
    expect(hits).toBeGreaterThan(250)
    const se = Math.sqrt((0.625 * 0.375) / hits)
    expect(Math.abs(counted / hits - 0.625)).toBeLessThan(4 * se)
  })
  it('the exact whole fight refuses it, saying why', () => {
    const plan = heroPlan([{ id: 'a', side: 'A' }, { ...foe, armour: { pd: 6, covers: ['chest', 'stomach'] } }])
    const note = fightNote(hero.exact(plan))
    expect(note?.solved).toBe(false)
    expect(note?.reason).toMatch(/armour that counts only on some hits/)
  })
})
