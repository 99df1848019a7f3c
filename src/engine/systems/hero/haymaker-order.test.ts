import { describe, expect, it } from 'vitest'
import { fightNote } from '../../core/fight-exact'
import { disagreements, sampledMetrics } from '../../run/exact-agreement'
import { parseScenarioOrThrow } from '../../run/parse'
import { hero } from './index'
import { DRAW_MUTUAL, WIN_A, WIN_B } from './layout'
import { heroPlan, playLogged, playMany, type Spec } from './test-helpers'

/**
 * Haymakers landing at the end of the same Segment (docs/rules/hero.md section 6, variants.haymakerLanding):
 * one after the other in DEX order, equal DEX by the tie rule (HERO 6E2 p.19, p.21, pp.68–69), or all at
 * the same instant. Two identical fighters winding up Haymakers in the same Phase land them together; before
 * this rule the first in the roster always landed first and won about 99% of the fights.
 */
const twin = (id: string, side: 'A' | 'B'): Spec => ({ id, side, dex: 13, spd: 3, ocv: 5, dcv: 5, stun: 22, con: 11, pd: 3, attack: { dice: '3d6' }, plan: { onPhase: 'haymaker' } })
const MIRROR = [twin('ann', 'A'), twin('bea', 'B')]
const FIGHTS = 4000
const SEED = 20261127

/** Share of fights won by A and by B, and the standard error of their difference. */
function shares(rules: Record<string, string>): { a: number; b: number; both: number; se: number } {
  const plan = heroPlan(MIRROR, rules, { turnCap: 3 })
  const t = playMany(plan, FIGHTS, SEED)
  const a = t.counts[WIN_A] / FIGHTS
  const b = t.counts[WIN_B] / FIGHTS
  return { a, b, both: t.counts[DRAW_MUTUAL] / FIGHTS, se: Math.sqrt((a + b - (a - b) ** 2) / FIGHTS) }
}

describe('mirrored Haymakers landing in the same Segment: each side wins half the decided fights', () => {
  const TIE_RULES = ['dex-roll', 'd6', 'int-pre', 'fast-draw', 'holder-first', 'fixed']
  it.each(TIE_RULES)(`tie rule %s: A and B within 4 standard errors of each other (seed ${SEED})`, (tieRule) => {
    const r = shares({ tieRule })
    expect(r.a + r.b).toBeGreaterThan(0.5)
    expect(Math.abs(r.a - r.b)).toBeLessThan(4 * r.se)
    expect(r.both).toBe(0)
  })
  it(`landing simultaneously: A and B within 4 standard errors, and both out together happens (seed ${SEED})`, () => {
    const r = shares({ haymakerLanding: 'simultaneous' })
    expect(Math.abs(r.a - r.b)).toBeLessThan(4 * r.se)
    expect(r.both).toBeGreaterThan(0.01)
  })
})

describe('Haymakers landing in the same Segment, in DEX order', () => {
  const slow = { ...twin('slow', 'A'), dex: 10, stun: 200, con: 99 }
  const quick = { ...twin('quick', 'B'), dex: 18, stun: 200, con: 99 }
  const landings = (rules: Record<string, string>, seed: number): string[] =>
    playLogged(heroPlan([slow, quick], rules, { turnCap: 2 }), seed)
      .events.filter((e) => e.at === 13 && (e.kind === 'hit' || e.kind === 'miss'))
      .map((e) => e.who[0])
  it('the higher DEX lands first although he is listed second', () => {
    for (let seed = 1; seed <= 5; seed++) expect(landings({}, seed)).toEqual(['quick', 'slow'])
  })
  it('landing simultaneously, a Haymaker knocking out its target does not stop his own', () => {
    const hard = (t: Spec): Spec => ({ ...t, stun: 1, ocv: 30, attack: { dice: '6d6' } })
    const { events } = playLogged(heroPlan([hard(slow), hard(quick)], { haymakerLanding: 'simultaneous' }, { turnCap: 2 }), 3)
    expect(events.filter((e) => e.kind === 'hit' && e.at === 13).length).toBe(2)
    expect(events.filter((e) => e.kind === 'status' && /Knocked Out/.test(e.text)).length).toBe(2)
    expect(events.some((e) => /Haymaker is lost/.test(e.text))).toBe(false)
  })
})

describe('the exact whole fight follows Haymakers landing together (against the Monte Carlo, seed 9, 20,000 fights, within 4 standard errors)', () => {
  const mirrorDoc = (rules: Record<string, string>): unknown => ({
    schemaVersion: 1,
    name: 'mirrored Haymakers',
    system: 'hero',
    rules,
    turnCap: 2,
    combatants: MIRROR.map((s) => ({ name: s.id.toUpperCase(), ...s, spd: 2, stun: 9, body: 6, con: 7, pd: 2, attack: { dice: '2d6', endCost: 0 } })),
    run: { trials: 1000, seed: 1 },
  })
  const cases: [string, Record<string, string>][] = [
    ['equal DEX by a 1d6 roll-off', { tieRule: 'd6' }],
    ['equal DEX by DEX Rolls', { tieRule: 'dex-roll' }],
    ['landing simultaneously', { haymakerLanding: 'simultaneous' }],
  ]
  it.each(cases)('%s: who wins (each side the same to 1e-12), length, knocked out, BODY taken', async (_, rules) => {
    const d = mirrorDoc(rules)
    const exact = hero.exact(hero.compile(parseScenarioOrThrow(d).scenario as never))
    const note = fightNote(exact)
    expect(note?.solved, note?.reason).toBe(true)
    const wins = exact.find((m) => m.id === 'wins')
    if (wins?.kind !== 'order') throw new Error('no exact wins')
    const [a, b, both] = ['A', 'B', 'mutual'].map((k) => wins.outcomes.find((o) => o.key === k)?.p ?? NaN)
    expect(Math.abs(a - b)).toBeLessThan(1e-12)
    if (rules.haymakerLanding === 'simultaneous') expect(both).toBeGreaterThan(0.01)
    else expect(both).toBe(0)
    const metrics = await sampledMetrics(d, 20_000, 9)
    expect(disagreements(exact, metrics, ['wins', 'fight-length', 'knocked-out:ann', 'knocked-out:bea', 'body-taken:ann', 'body-taken:bea'])).toEqual([])
  }, 120_000)
})
