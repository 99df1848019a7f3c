import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { solveFight, type FightSolution } from '../../core/fight-chain'
import { fightNote } from '../../core/fight-exact'
import { parseScenarioOrThrow } from '../../run/parse'
import type { ExactMetric } from '../rule-system'
import { HERO_GRID_MAX_WORK, heroFightModel, heroFightSize, tooBig } from './exact-fight'
import { hero } from './index'
import { expectExactAgreesWithSampling } from './test-helpers'
import type { Plan } from './plan'

const example = (name: string): Record<string, unknown> => JSON.parse(readFileSync(`resources/examples/hero-${name}.json`, 'utf8')) as Record<string, unknown>
const planOf = (doc: unknown): Plan => hero.compile(parseScenarioOrThrow(doc).scenario as never) as Plan
const exactOf = (doc: unknown): ExactMetric[] => hero.exact(planOf(doc))
const ids = (doc: Record<string, unknown>): string[] => (doc.combatants as { id: string }[]).map((c) => c.id)

const base = { dex: 13, spd: 3, ocv: 5, dcv: 5, con: 9, stun: 14, body: 8, rec: 4, end: 14, pd: 3, rpd: 0, ed: 2, red: 0 }
const small = (name: string, a: Record<string, unknown>, b: Record<string, unknown>, turnCap: number, rules: Record<string, unknown> = {}): unknown => ({
  schemaVersion: 1,
  name,
  system: 'hero',
  turnCap,
  rules,
  combatants: [
    { ...base, id: 'a', name: 'A', side: 'A', dex: 14, spd: 4, attack: { name: 'Punch', dice: '2d6' }, ...a },
    { ...base, id: 'b', name: 'B', side: 'B', attack: { name: 'Kick', dice: '3d6' }, ...b },
  ],
  run: { trials: 1000, seed: 1 },
})

/** The same fight by the Segment chain, every situation on its own (no grouping). */
const plainSolve = (plan: Plan): FightSolution => {
  const r = solveFight(heroFightModel(plan, { groups: false, maxLive: 1e7, maxRuns: 1e9 }), { maxSteps: plan.endAbs - 11, maxStates: 1e8, dropBelow: 1e-20 })
  if (!r.ok) throw new Error(r.reason)
  return r.solution
}
const gridSolve = (plan: Plan): FightSolution => heroFightModel(plan).solveGrid(plan.endAbs - 11, 1e-20)

/**
 * The grid solve: situations alike but for STUN and BODY carry one table over both fighters' (STUN, BODY), each
 * action played once per situation with stand-in STUN and BODY (out of reach of any hit, or where any hit that
 * hurts knocks out or kills) and hits drawn by class, the Recoveries for each fighter's STUN and BODY on their
 * own. The same answer as the Segment chain playing every situation on its own, to 1e-12.
 */
describe('HERO exact fight on grids of STUN and BODY: the same answer as every situation on its own', () => {
  const cases: [string, unknown][] = [
    // normal damage, Stunned over CON, knocked out, Post-Segment 12 Recovery (STUN back up to full)
    ['street brawl, 2 Turns', { ...example('street-brawl'), turnCap: 2 }],
    // Haymakers landing a Segment later, Aborts to Dodge, END spent and recovered
    ['Haymakers against Aborts to Dodge, 2 Turns', small('Haymakers against Dodges', { plan: { onPhase: 'haymaker' } }, { plan: { onPhase: 'attack', abort: 'when-attacked', defense: 'dodge' } }, 2)],
    // Aborts to Block and the Block roll
    ['Haymakers against Aborts to Block, 2 Turns', small('Haymakers against Blocks', { plan: { onPhase: 'haymaker' } }, { plan: { onPhase: 'attack', abort: 'when-attacked', defense: 'block' } }, 2)],
    // killing blows past rPD, the STUN Multiplier, dying below 0 BODY and bleeding at Post-Segment 12, dead at −BODY
    ['killing blows, bleeding and death, 2 Turns', small('Bleeding', { stun: 30, body: 4, spd: 3, attack: { name: 'Knife', dice: '1d6+1', kind: 'killing' } }, { stun: 30, body: 4, attack: { name: 'Knife', dice: '1d6', kind: 'killing' } }, 2)],
    // the interrupt contest rolled again on equal margins: Doc's shot inside Kid's action, a hit on each in one action
    ['the gunfighters, 1 Turn', { ...example('gunfighters'), turnCap: 1 }],
    // two attacks and "his best against this foe", SPD 12 against SPD 4
    ['Haymaker or two punches, 1 Turn', { ...example('haymaker-or-punches'), turnCap: 1 }],
    // a Dodge Aborted to every time he is attacked, SPD 5 against SPD 2
    ['brick against speedster, 1 Turn', { ...example('brick-vs-speedster'), turnCap: 1 }],
    // equal DEX: a 1d6 roll-off every Segment, rolled again on a tie
    ['the rivalry on a 1d6 roll-off, 1 Turn', { ...example('rivalry-d6'), turnCap: 1 }],
    // knocked-out fighters coming to by the HERO 6E2 p.131 bands (a Recovery in his Phase at 0 to −10 STUN)
    ['knocked out and coming to, 2 Turns', small('Coming to', { stun: 10 }, { stun: 10 }, 2, { koRecovery: 'bands' })],
    // simultaneous blows on equal DEX: both hit in one instant (the grid plays that action cell by cell)
    ['simultaneous blows on equal DEX, 1 Turn', small('Simultaneous', { dex: 13, spd: 3 }, {}, 1, { tieRule: 'dex-roll', contestTie: 'simultaneous' })],
  ]
  for (const [name, d] of cases) {
    it(`${name}: each ending, length, BODY taken and knocked out, to 1e-12`, () => {
      const plan = planOf(d)
      const a = gridSolve(plan)
      const b = plainSolve(plan)
      // blows land: some BODY is taken
      expect(a.expectedDamage[0] + a.expectedDamage[1]).toBeGreaterThan(1e-5)
      const pairs = [[a.win[0], b.win[0]], [a.win[1], b.win[1]], [a.draw, b.draw], [a.atCap, b.atCap], ...a.length.map((v, k) => [v, b.length[k]]), ...a.expectedDamage.map((v, k) => [v, b.expectedDamage[k]]), ...a.expectedFinals.map((v, k) => [v, b.expectedFinals[k]])]
      for (const [u, v] of pairs) expect(Math.abs(u - v)).toBeLessThan(1e-12)
      for (let i = 0; i < 2; i++) {
        const byValue = new Map(a.damageDistribution[i].map((x) => [x.value, x.p]))
        for (const x of b.damageDistribution[i]) expect(Math.abs((byValue.get(x.value) ?? 0) - x.p)).toBeLessThan(1e-12)
        for (const x of a.damageDistribution[i]) expect(b.damageDistribution[i].some((y) => y.value === x.value) || x.p < 1e-12).toBe(true)
      }
      expect(a.massError).toBeLessThan(1e-12)
    }, 120_000)
  }
})

describe('HERO exact fight on grids: which fights it takes, estimated before the solve', () => {
  it('a fight whose estimated work is above the bound is refused at once, with the Segment where it passes it', () => {
    const plan = planOf(example('brick-vs-speedster'))
    const size = heroFightSize(plan, Infinity, HERO_GRID_MAX_WORK)
    expect(size.work).toBeGreaterThan(HERO_GRID_MAX_WORK)
    expect(tooBig(plan)).toMatch(/^the fight has too many ways to go to follow them all exactly: following every hit on every pair of the two fighters' STUN and BODY would take more than 100 million steps of work by Turn \d+, Segment \d+, more than the solver follows \(an estimate made before any of it is played\); the sampled answer stands alone$/)
  })

  it('the shipped Abort to Dodge is under the bound (about 92 million) and the brick and gunfighters over it', () => {
    expect(tooBig(planOf(example('abort-dodge')))).toBeUndefined()
    for (const name of ['brick-vs-speedster', 'gunfighters', 'rivalry-d6', 'rivalry-dex-roll', 'rivalry-int-pre']) expect(tooBig(planOf(example(name))), name).toMatch(/^the fight has too many ways to go/)
  })

  it('the same fight cut to 2 Turns is under the bound and solved', () => {
    const d = { ...example('brick-vs-speedster'), turnCap: 2 }
    expect(tooBig(planOf(d))).toBeUndefined()
    expect(fightNote(exactOf(d))?.solved).toBe(true)
  })
})

describe('HERO whole fight on grids against the Monte Carlo (seed 9, 20,000 fights, within 4 standard errors)', () => {
  const cases: [string, unknown, string[]][] = [
    // a SPD 5 speedster Aborting to Dodge against a SPD 2 brick's 14d6 (the shipped fight cut to 2 Turns: the whole one is refused for its size)
    ['brick against speedster, 2 Turns', { ...example('brick-vs-speedster'), turnCap: 2 }, ['brick', 'speedster']],
    // the interrupt contest every Phase of the Kid's, 1½d6 killing shots (the shipped fight cut to 2 Turns)
    ['the gunfighters, 2 Turns', { ...example('gunfighters'), turnCap: 2 }, ['doc', 'kid']],
    // newly solved whole: Aborts to Dodge against killing blows (cut to 3 Turns here to keep the test short)
    ['Abort to Dodge, 3 Turns', { ...example('abort-dodge'), turnCap: 3 }, ids(example('abort-dodge'))],
  ]
  for (const [name, d, ids] of cases) {
    it(`${name}: who wins, length, knocked out, BODY taken`, async () => {
      await expectExactAgreesWithSampling(name, d, ids)
    }, 120_000)
  }
})
