import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { solveFight } from '../../core/fight-chain'
import { fightNote } from '../../core/fight-exact'
import { disagreements, sampledMetrics } from '../../run/exact-agreement'
import { parseScenarioOrThrow } from '../../run/parse'
import type { ExactMetric } from '../rule-system'
import { heroFightModel } from './exact-fight'
import { hero } from './index'

const example = (name: string): Record<string, unknown> => JSON.parse(readFileSync(`resources/examples/hero-${name}.json`, 'utf8')) as Record<string, unknown>
const exactOf = (doc: unknown): ExactMetric[] => hero.exact(hero.compile(parseScenarioOrThrow(doc).scenario as never))

/** A small fight of Haymakers against Aborts to Dodge (Haymakers landing a Segment later, Dodges from Aborts, END spent and recovered). */
const haymakerAgainstDodge = (turnCap: number): unknown => {
  const base = { dex: 13, spd: 3, ocv: 5, dcv: 5, con: 9, stun: 14, body: 8, rec: 4, end: 14, pd: 3, rpd: 0, ed: 2, red: 0 }
  return {
    schemaVersion: 1,
    name: 'Haymakers against Dodges',
    system: 'hero',
    turnCap,
    rules: {},
    combatants: [
      { ...base, id: 'a', name: 'A', side: 'A', dex: 14, spd: 4, attack: { name: 'Punch', dice: '2d6' }, plan: { onPhase: 'haymaker' } },
      { ...base, id: 'b', name: 'B', side: 'B', attack: { name: 'Kick', dice: '3d6' }, plan: { onPhase: 'attack', abort: 'when-attacked', defense: 'dodge' } },
    ],
    run: { trials: 1000, seed: 1 },
  }
}

/**
 * Situations equal but for STUN and BODY play an action once for all those it cannot tell apart (the same hits knock
 * out and kill, or none can), the others following with STUN and BODY moved: the same answer as playing every
 * situation on its own.
 */
describe('HERO exact fight: situations equal but for STUN and BODY played together', () => {
  const cases: [string, unknown][] = [
    // normal damage, Stunned, Post-Segment 12 Recovery
    ['street brawl, 2 Turns', { ...example('street-brawl'), turnCap: 2 }],
    // Haymakers landing a Segment later, Aborts to Dodge, END
    ['Haymakers against Aborts to Dodge, 2 Turns', haymakerAgainstDodge(2)],
    // an interrupt contest rolled again on equal margins, killing shots hitting both fighters in one action
    ['the gunfighters, 1 Turn', { ...example('gunfighters'), turnCap: 1 }],
    // two attacks and "his best against this foe", SPD 12 against SPD 4
    ['Haymaker or two punches, 1 Turn', { ...example('haymaker-or-punches'), turnCap: 1 }],
  ]
  for (const [name, d] of cases) {
    it(`the same chances of each ending, length, BODY taken and knocked out as each situation on its own (${name}), to 1e-12`, () => {
      const plan = hero.compile(parseScenarioOrThrow(d).scenario as never)
      const options = { maxSteps: plan.endAbs - 11, maxStates: 1e6, dropBelow: 1e-20 }
      const together = heroFightModel(plan)
      const alone = heroFightModel(plan, { groups: false })
      const x = solveFight(together, options)
      const y = solveFight(alone, options)
      if (!x.ok || !y.ok) throw new Error('not solved')
      const a = x.solution
      const b = y.solution
      // the grouping is really used: fewer replays
      expect(together.runs()).toBeLessThan(alone.runs())
      // blows land: BODY is taken
      expect(a.expectedDamage[0] + a.expectedDamage[1]).toBeGreaterThan(0.01)
      const pairs = [[a.win[0], b.win[0]], [a.win[1], b.win[1]], [a.draw, b.draw], [a.atCap, b.atCap], ...a.length.map((v, k) => [v, b.length[k]]), ...a.expectedDamage.map((v, k) => [v, b.expectedDamage[k]]), ...a.expectedFinals.map((v, k) => [v, b.expectedFinals[k]])]
      for (const [u, v] of pairs) expect(Math.abs(u - v)).toBeLessThan(1e-12)
      for (let i = 0; i < 2; i++) {
        expect(a.damageDistribution[i].length).toBe(b.damageDistribution[i].length)
        for (const [k, v] of a.damageDistribution[i].entries()) expect(Math.abs(v.p - b.damageDistribution[i][k].p)).toBeLessThan(1e-12)
      }
    }, 120_000)
  }
})

describe('HERO whole fight, newly solved shipped example against the Monte Carlo (seed 9, 20,000 fights, within 4 standard errors)', () => {
  it('Haymaker or two punches (3 Turns): who wins, length, knocked out, BODY taken', async () => {
    const d = example('haymaker-or-punches')
    const exact = exactOf(d)
    const note = fightNote(exact)
    expect(note?.solved, note?.reason).toBe(true)
    expect(note?.massError).toBeLessThan(1e-10)
    const ids = (d.combatants as { id: string }[]).map((c) => c.id)
    const metrics = await sampledMetrics(d, 20_000, 9)
    expect(disagreements(exact, metrics, ['wins', 'fight-length', ...ids.flatMap((x) => [`knocked-out:${x}`, `body-taken:${x}`])])).toEqual([])
  }, 120_000)
})
