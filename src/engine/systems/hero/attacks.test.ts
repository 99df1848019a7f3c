import { describe, expect, it } from 'vitest'
import { fightNote } from '../../core/fight-exact'
import { parseHeroDice, formatHeroDice } from '../../dice/hero-damage'
import { disagreements, sampledMetrics } from '../../run/exact-agreement'
import { parseScenario, parseScenarioOrThrow } from '../../run/parse'
import { hero } from './index'
import { diceWithStr } from './plan'
import { heroPlan, heroScenario, playLogged, playMany, type Spec } from './test-helpers'

/**
 * Fighters with several attacks (docs/rules/hero.md section 6): the list `attacks`, the plan's `using` (an
 * attack's name, or "best": his best against this foe), each attack's own dice, kind, OCV and DCV
 * modifiers, END and Reduced Endurance, and STR added to a hand-to-hand attack.
 */
const doc = (specs: Spec[], extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  schemaVersion: 1,
  name: 'test',
  system: 'hero',
  combatants: specs.map((s) => ({ name: s.id.toUpperCase(), dex: 15, spd: 3, ...s })),
  run: { trials: 1000, seed: 1 },
  ...extra,
})
const issues = (specs: Spec[]): string[] => {
  const r = parseScenario(doc(specs))
  return r.ok ? [] : r.issues.map((i) => `${i.path}: ${i.message}`)
}
const JAB = { name: 'Jab', dice: '2d6', ocv: 2 }
const HEAVY = { name: 'Heavy', dice: '4d6', ocv: -2 }
const foe: Spec = { id: 'foe', side: 'B', dcv: 3, stun: 300, body: 100, con: 99, pd: 3 }

describe('the attacks list in a scenario', () => {
  it('a fighter gives attack or attacks, not both; names are unique and not "best"; using names one of them', () => {
    expect(issues([{ id: 'a', side: 'A', attack: { dice: '3d6' }, attacks: [JAB] }, foe])).toEqual(['combatants[0].attacks: must not be given together with attack (give attack for one attack, or attacks for several)'])
    expect(issues([{ id: 'a', side: 'A', attacks: [JAB, JAB] }, foe])).toEqual(['combatants[0].attacks[1].name: must be unique among his attacks, "Jab" is used twice'])
    expect(issues([{ id: 'a', side: 'A', attacks: [{ ...JAB, name: 'best' }] }, foe])[0]).toMatch(/must not be "best"/)
    expect(issues([{ id: 'a', side: 'A', attacks: [JAB, HEAVY], plan: { using: 'Kick' } }, foe])).toEqual(['combatants[0].plan.using: must be "best" or the name of one of A\'s attacks: "Jab", "Heavy", got "Kick"'])
    expect(issues([{ id: 'a', side: 'A', attacks: [] }, foe])).toEqual(['combatants[0].attacks: must list 1–8 attacks, got []'])
    expect(issues([{ id: 'a', side: 'A', attacks: [{ name: 'Claws', dice: '1d6+1', kind: 'killing', addsStr: true }] }, foe])).toEqual(["combatants[0].attacks[0].addsStr: needs A's str (his STR adds the damage)"])
  })
  it('a scenario without the list parses as before: no attacks, str or new attack fields are filled in (same hash)', () => {
    const s = heroScenario([{ id: 'a', side: 'A' }, foe])
    expect(Object.keys(s.combatants[0])).not.toContain('attacks')
    expect(Object.keys(s.combatants[0])).not.toContain('str')
    expect(Object.keys(s.combatants[0].attack).sort()).toEqual(['dice', 'kind', 'name', 'ocv', 'range', 'vs'])
    expect(Object.keys(s.combatants[0].plan)).not.toContain('using')
    // the parsed scenario parses again unchanged
    expect(parseScenarioOrThrow(JSON.parse(JSON.stringify(s))).scenario).toEqual(s)
    const listed = parseScenarioOrThrow(doc([{ id: 'a', side: 'A', attacks: [JAB, HEAVY] }, foe])).scenario
    expect(parseScenarioOrThrow(JSON.parse(JSON.stringify(listed))).scenario).toEqual(listed)
  })
})

describe('the attack he makes', () => {
  it('using an attack by name plays exactly as that attack given alone (same seed, same tally)', () => {
    const listed = playMany(heroPlan([{ id: 'a', side: 'A', attacks: [JAB, HEAVY], plan: { using: 'Heavy' } }, { ...foe, stun: 30 }]), 2000, 5)
    const alone = playMany(heroPlan([{ id: 'a', side: 'A', attack: HEAVY }, { ...foe, stun: 30 }]), 2000, 5)
    expect(listed.counts).toEqual(alone.counts)
    expect(listed.bins).toEqual(alone.bins)
  })
  it('absent using: the first listed', () => {
    const { events } = playLogged(heroPlan([{ id: 'a', side: 'A', attacks: [HEAVY, JAB] }, foe], {}, { turnCap: 1 }), 1)
    expect(events.filter((e) => e.who[0] === 'a' && (e.kind === 'hit' || e.kind === 'miss')).every((e) => / with Heavy:/.test(e.text))).toBe(true)
  })
  /**
   * Hand-worked "best": OCV 3 against DCV 3 is 11-; Jab (+2 OCV) hits on 13- = 181/216, Heavy (−2) on 9- = 81/216.
   * Against PD 0, Jab 0.838 × 7 = 5.87 beats Heavy 0.375 × 14 = 5.25. Against PD 3, Jab's 2d6 − 3 averages
   * 4 + 1/36 (a roll of 2 leaves 0, not −1): 0.838 × 4.028 = 3.38; Heavy's 4d6 − 3 averages 11: 0.375 × 11 = 4.13.
   */
  it('"best": the highest chance to hit × mean STUN past his defence, worked out by hand (PD 0: Jab 5.9 against 5.3; PD 3: Heavy 4.1 against 3.4)', () => {
    const note = (pd: number): string | undefined =>
      playLogged(heroPlan([{ id: 'a', side: 'A', ocv: 3, attacks: [JAB, HEAVY], plan: { using: 'best' } }, { ...foe, pd }], {}, { turnCap: 1 }), 1).events.find((e) => / uses /.test(e.text))?.text
    expect(note(0)).toBe('A uses Jab: his best against FOE, 5.9 expected STUN a blow against 5.3 for Heavy.')
    expect(note(3)).toBe('A uses Heavy: his best against FOE, 4.1 expected STUN a blow against 3.4 for Jab.')
  })
  it('"best" on equal expectations: the earlier listed', () => {
    const note = playLogged(heroPlan([{ id: 'a', side: 'A', attacks: [{ ...JAB, name: 'Left' }, { ...JAB, name: 'Right' }], plan: { using: 'best' } }, foe], {}, { turnCap: 1 }), 1).events.find((e) => / uses /.test(e.text))
    expect(note?.text).toMatch(/^A uses Left: /)
  })
  it('an attack\'s DCV modifier holds from his attack until his next Phase (a +2 DCV strike: the foe\'s roll 11 + 3 − 5 = 9-)', () => {
    const { events } = playLogged(heroPlan([{ id: 'a', side: 'A', dex: 20, spd: 4, ocv: 30, stun: 300, body: 100, con: 99, attack: { name: 'Martial Strike', dice: '2d6', dcv: 2 } }, { ...foe, dex: 10, spd: 4, ocv: 3 }], {}, { turnCap: 2 }), 1)
    const rolls = events.filter((e) => e.who[0] === 'foe' && (e.kind === 'hit' || e.kind === 'miss')).map((e) => /against (\d+)-/.exec(e.text)?.[1])
    expect(rolls.length).toBeGreaterThan(2)
    expect(new Set(rolls)).toEqual(new Set(['9']))
  })
  it('END per attack: Reduced Endurance ½ costs 1 per 20 Active Points (minimum 1), 0 END none, endCost as given', () => {
    const plan = heroPlan([{ id: 'a', side: 'A', attacks: [{ name: 'Blast', dice: '12d6', vs: 'ED', range: 'ranged' }, { name: 'Half', dice: '12d6', reducedEnd: 'half' }, { name: 'Free', dice: '12d6', reducedEnd: 'zero' }, { name: 'Given', dice: '12d6', endCost: 4 }] }, foe])
    expect([...plan.endCost.subarray(0, 4)]).toEqual([6, 3, 0, 4])
  })
})

describe('STR added to a hand-to-hand attack (6E2 Adding Damage: +1 DC per 5 STR above the STR Minimum, at most doubling)', () => {
  const hka = parseHeroDice('1d6+1')!
  it('Hero Designer\'s "1d6+1 (1½d6 w/STR)": a 1d6+1 HKA with STR 15 against a STR Minimum of 10 is 1½d6', () => {
    expect(formatHeroDice(diceWithStr(hka, true, 15, 10))).toBe('1½d6')
    expect(formatHeroDice(diceWithStr(hka, true, 14, 10))).toBe('1d6+1')
    // with no STR Minimum all of it adds: STR 10 is +2 DC, 1d6+1 (4 DC) to 2d6 (6 DC)
    expect(formatHeroDice(diceWithStr(hka, true, 10, 0))).toBe('2d6')
    // at most doubling: 4 DC at most +4, however strong (2½d6)
    expect(formatHeroDice(diceWithStr(hka, true, 60, 0))).toBe('2½d6')
    // a normal attack: +1d6 per 5 STR, at most doubling its dice
    expect(formatHeroDice(diceWithStr(parseHeroDice('3d6')!, false, 40, 10))).toBe('6d6')
  })
  it('in the fight, the hit is rolled with the STR added', () => {
    const { events } = playLogged(heroPlan([{ id: 'a', side: 'A', ocv: 30, str: 15, attacks: [{ name: 'Claws', dice: '1d6+1', kind: 'killing', addsStr: true, strMin: 10 }] }, foe], {}, { turnCap: 1 }), 1)
    expect(events.find((e) => e.kind === 'hit')?.text).toMatch(/with Claws: rolls \d+ against \d+- — hits for 1½d6:/)
  })
})

describe('the exact whole fight follows several attacks (against the Monte Carlo, seed 9, 20,000 fights, within 4 standard errors)', () => {
  const duel = (using: string): Record<string, unknown> =>
    doc(
      [
        { id: 'a', side: 'A', dex: 14, spd: 2, ocv: 4, dcv: 4, stun: 10, body: 8, con: 8, pd: 2, attacks: [{ ...JAB, endCost: 0 }, { ...HEAVY, endCost: 0, dcv: -1 }], plan: { using } },
        { id: 'b', side: 'B', dex: 12, spd: 2, ocv: 4, dcv: 5, stun: 10, body: 8, con: 8, pd: 4, attack: { dice: '3d6', endCost: 0 } },
      ],
      { turnCap: 2 },
    )
  it.each(['best', 'Heavy'])('using %s: who wins, length, knocked out, BODY taken', async (using) => {
    const d = duel(using)
    const exact = hero.exact(hero.compile(parseScenarioOrThrow(d).scenario as never))
    const note = fightNote(exact)
    expect(note?.solved, note?.reason).toBe(true)
    const metrics = await sampledMetrics(d, 20_000, 9)
    expect(disagreements(exact, metrics, ['wins', 'fight-length', 'knocked-out:a', 'knocked-out:b', 'body-taken:a', 'body-taken:b'])).toEqual([])
  }, 120_000)
})
