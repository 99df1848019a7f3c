import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { solveFight } from '../../core/fight-chain'
import { fightNote } from '../../core/fight-exact'
import { exactChance } from '../../run/exact-agreement'
import { parseScenarioOrThrow } from '../../run/parse'
import type { ExactMetric } from '../rule-system'
import { heroFightModel } from './exact-fight'
import { hero } from './index'
import { type Spec, expectExactAgreesWithSampling } from './test-helpers'

const example = (name: string): unknown => JSON.parse(readFileSync(`resources/examples/hero-${name}.json`, 'utf8'))
const exactOf = (doc: unknown): ExactMetric[] => hero.exact(hero.compile(parseScenarioOrThrow(doc).scenario as never))
const doc = (specs: Spec[], extra: Record<string, unknown> = {}): unknown => ({
  schemaVersion: 1,
  name: 'test',
  system: 'hero',
  combatants: specs.map((s) => ({ name: s.id.toUpperCase(), dex: 15, spd: 3, ...s })),
  run: { trials: 1000, seed: 1 },
  ...extra,
})
const p = exactChance
const outcome = (ms: readonly ExactMetric[], key: string): number => {
  const m = ms.find((x) => x.id === 'wins')
  if (m?.kind !== 'order') throw new Error('no exact wins')
  return m.outcomes.find((o) => o.key === key)?.p ?? NaN
}
const at = (ms: readonly ExactMetric[], id: string, value: number): number => {
  const m = ms.find((x) => x.id === id)
  if (m?.kind !== 'distribution') throw new Error(`no exact distribution ${id}`)
  return m.p.find((x) => x.value === value)?.p ?? 0
}

/** Ways out of 216 to roll `t` or less on 3d6. */
const atMost = (t: number): number => [1, 3, 6, 10, 15, 21, 25, 27, 27, 25, 21, 15, 10, 6, 3, 1].slice(0, t - 2).reduce((a, b) => a + b, 0)

/**
 * Every hit knocks out (a 6d6 killing attack: at least 6 STUN against 3 STUN and no defences), no END is spent, both SPD 2 (Phases in
 * Segments 6 and 12, HERO 6E2 Speed Chart) and A has the higher DEX, so in each Segment with Phases A
 * attacks first and hits with a = P(3d6 ≤ 11 + OCV − DCV), else B hits with b (HERO 6E2 Attack Roll). Over
 * a cap of N Turns there are M = 2N − 1 such Segments (12, 18, …, 12N): with q = (1−a)(1−b), P(A wins) =
 * a(1−qᴹ)/(1−q), P(B wins) = (1−a)b(1−qᴹ)/(1−q), a draw at the cap qᴹ, and the fight ends after 6j + 1
 * Segments with q^j(1−q).
 */
const deadly = (extra: Record<string, unknown> = {}): Spec[] => [
  { id: 'a', side: 'A', dex: 18, spd: 2, ocv: 3, dcv: 3, stun: 3, body: 10, con: 10, pd: 0, ed: 0, attack: { name: 'Blow', dice: '6d6', kind: 'killing', endCost: 0 }, ...extra },
  { id: 'b', side: 'B', dex: 12, spd: 2, ocv: 2, dcv: 3, stun: 3, body: 10, con: 10, pd: 0, ed: 0, attack: { name: 'Blow', dice: '6d6', kind: 'killing', endCost: 0 }, ...extra },
]

/**
 * A small fight through the rules the street brawl does not reach: A winds up a Haymaker every Phase (−5 DCV,
 * lands at the end of the next Segment, +4d6), B Aborts to Block when attacked (Block roll 11 + OCV − OCV)
 * and otherwise attacks; SPD 4 against SPD 3, END spent and recovered, 3 Turns.
 */
const haymakerAgainstBlock = (turnCap = 3): unknown => {
  const base = { dex: 13, spd: 3, ocv: 5, dcv: 5, con: 9, stun: 14, body: 8, rec: 4, end: 14, pd: 3, rpd: 0, ed: 2, red: 0 }
  return {
    schemaVersion: 1,
    name: 'Haymakers against Blocks',
    system: 'hero',
    turnCap,
    rules: {},
    combatants: [
      { ...base, id: 'a', name: 'A', side: 'A', dex: 14, spd: 4, attack: { name: 'Punch', dice: '2d6' }, plan: { onPhase: 'haymaker' } },
      { ...base, id: 'b', name: 'B', side: 'B', attack: { name: 'Kick', dice: '3d6' }, plan: { onPhase: 'attack', abort: 'when-attacked', defense: 'block' } },
    ],
    run: { trials: 1000, seed: 1 },
  }
}

/** The street brawl with Mack as quick as Vince (DEX 14): every shared Segment starts with a 1d6 roll-off. */
const sameDex = (): unknown => {
  const d = example('street-brawl') as { combatants: { dex: number }[]; turnCap: number }
  d.combatants[0].dex = 14
  d.turnCap = 3
  return d
}

/** The same, Mack at DEX 11 with Lightning Reflexes +3, under the 6th Edition book: ties by DEX Rolls, rolled again. */
const sameDexByRolls = (): unknown => {
  const d = example('street-brawl') as { combatants: { dex: number; lightningReflexes?: number }[]; turnCap: number; rules: Record<string, string> }
  d.combatants[0].lightningReflexes = 3
  d.combatants[0].dex = 11
  d.rules = { ruleset: 'hero6e-raw', tieRule: 'dex-roll', contestTie: 'reroll' }
  d.turnCap = 3
  return d
}

describe('HERO whole fight, exact (docs/rules/hero.md, Exact whole fights)', () => {
  it('hand-reasoned: every hit knocks out; P(A wins) = a(1−qᴹ)/(1−q) with a, b from the 3d6 table, to 1e-12', () => {
    const N = 3
    const M = 2 * N - 1
    const ms = exactOf(doc(deadly(), { turnCap: N }))
    expect(fightNote(ms)?.solved, fightNote(ms)?.reason).toBe(true)
    const a = atMost(11) / 216
    const b = atMost(10) / 216
    const q = (1 - a) * (1 - b)
    const run = (1 - q ** M) / (1 - q)
    expect(Math.abs(outcome(ms, 'A') - a * run)).toBeLessThan(1e-12)
    expect(Math.abs(outcome(ms, 'B') - (1 - a) * b * run)).toBeLessThan(1e-12)
    expect(outcome(ms, 'mutual')).toBe(0)
    expect(Math.abs(outcome(ms, 'cap') - q ** M)).toBeLessThan(1e-12)
    expect(Math.abs(p(ms, 'knocked-out:b') - a * run)).toBeLessThan(1e-12)
    for (let j = 0; j < M - 1; j++) expect(Math.abs(at(ms, 'fight-length', 6 * j + 1) - q ** j * (1 - q))).toBeLessThan(1e-12)
    // the last Segment with Phases is the cap: the fights still going count there, as the sampler counts them
    expect(Math.abs(at(ms, 'fight-length', 12 * N - 11) - q ** (M - 1))).toBeLessThan(1e-12)
  })

  it.each([
    ['a 1d6 roll-off (house rules)', { ruleset: 'tlot3-house', tieRule: 'd6' }],
    ['DEX Rolls, equal margins rolled again (HERO 6E2 p.21)', { ruleset: 'hero6e-raw', tieRule: 'dex-roll', contestTie: 'reroll' }],
  ])('hand-reasoned, equal DEX: %s, rolled again on ties, puts each first half the time; P(A wins) = (a + (1−b)a)/2 · (1−qᴹ)/(1−q), to 1e-12', (_, rules) => {
    const N = 3
    const M = 2 * N - 1
    const specs = deadly().map((x) => ({ ...x, dex: 15 }))
    const ms = exactOf(doc(specs, { turnCap: N, rules }))
    expect(fightNote(ms)?.solved, fightNote(ms)?.reason).toBe(true)
    const a = atMost(11) / 216
    const b = atMost(10) / 216
    const q = (1 - a) * (1 - b)
    const run = (1 - q ** M) / (1 - q)
    expect(Math.abs(outcome(ms, 'A') - ((a + (1 - b) * a) / 2) * run)).toBeLessThan(1e-12)
    expect(Math.abs(outcome(ms, 'B') - ((b + (1 - a) * b) / 2) * run)).toBeLessThan(1e-12)
    expect(Math.abs(outcome(ms, 'cap') - q ** M)).toBeLessThan(1e-12)
  })

  it('every shipped HERO example gets the whole-fight note: solved, or the reason in words', () => {
    const docs = readdirSync('resources/examples')
      .filter((f) => f.endsWith('.json'))
      .map((f) => [f, JSON.parse(readFileSync(`resources/examples/${f}`, 'utf8')) as { system: string }] as const)
      .filter(([, d]) => d.system === 'hero')
    expect(docs.length).toBeGreaterThan(3)
    for (const [f, d] of docs) {
      const note = fightNote(exactOf(d))
      expect(note, f).toBeDefined()
      if (!note?.solved) expect(note?.reason, f).toMatch(/^the (exact answer|duel|fight) /)
    }
  }, 120_000)

  it('refuses, with the reason, fights it does not solve', () => {
    const reason = (d: unknown): string | undefined => fightNote(exactOf(d))?.reason
    expect(reason(example('bench-2v2'))).toBe('the exact answer covers 1-vs-1 fights, and this fight has 4 combatants')
    // estimated before the solve from the two fighters' STUN and BODY: the rivalries (on equal DEX by a 1d6 roll-off or
    // DEX Rolls rolled again on ties, or by INT), brick against speedster and the gunfighters (whose interrupt contest,
    // rolled again on equal margins, is followed) are refused for the work of their grid solve at once
    const tooMany = /^the fight has too many ways to go to follow them all exactly: following every hit on every pair of the two fighters' STUN and BODY would take more than 100 million steps of work by Turn \d+, Segment \d+, more than the solver follows \(an estimate made before any of it is played\); the sampled answer stands alone$/
    for (const name of ['rivalry-d6', 'rivalry-dex-roll', 'rivalry-int-pre', 'brick-vs-speedster', 'gunfighters']) expect(reason(example(name)), name).toMatch(tooMany)
    expect(reason(doc(deadly(), { turnCap: 3, rules: { onCap: 'most-health' } }))).toMatch(/^the exact answer calls a fight still going at the Turn cap a draw/)
  })
})

describe('HERO exact fight: a hit\'s damage by class', () => {
  const cases: [string, unknown][] = [
    ['street brawl, 2 Turns', { ...(example('street-brawl') as object), turnCap: 2 }],
    ['Haymakers against Aborts to Block, 2 Turns', haymakerAgainstBlock(2)],
  ]
  for (const [name, d] of cases) {
    it(`playing one damage outcome per class and moving STUN and BODY gives the same answer as every outcome on its own (${name}), to 1e-12`, () => {
      const plan = hero.compile(parseScenarioOrThrow(d).scenario as never)
      const options = { maxSteps: plan.endAbs - 11, maxStates: 1e6, dropBelow: 1e-20 }
      const byClass = solveFight(heroFightModel(plan), options)
      const plain = solveFight(heroFightModel(plan, { byClass: false }), options)
      if (!byClass.ok || !plain.ok) throw new Error('not solved')
      const a = byClass.solution
      const b = plain.solution
      expect(a.win[0]).toBeGreaterThan(0.1)
      for (const [x, y] of [[a.win[0], b.win[0]], [a.win[1], b.win[1]], [a.draw, b.draw], [a.atCap, b.atCap], ...a.length.map((x, k) => [x, b.length[k]]), ...a.expectedDamage.map((x, k) => [x, b.expectedDamage[k]]), ...a.expectedFinals.map((x, k) => [x, b.expectedFinals[k]])]) {
        expect(Math.abs(x - y)).toBeLessThan(1e-12)
      }
      for (let i = 0; i < 2; i++) for (const [k, x] of a.damageDistribution[i].entries()) expect(Math.abs(x.p - b.damageDistribution[i][k].p)).toBeLessThan(1e-12)
    }, 120_000)
  }
})

describe('HERO shipped exact fight: the description quotes the exact answer', () => {
  it('Abort to Dodge when any hit ends it: the Acrobat\'s chance when he Aborts, and when he never does', () => {
    const d = example('abort-deadly') as { description: string; combatants: { plan?: Record<string, unknown> }[] }
    const never = structuredClone(d)
    never.combatants[1].plan = { ...never.combatants[1].plan, abort: 'never' }
    const pct = (x: number): string => `${(100 * x).toFixed(1)}%`
    const aborts = outcome(exactOf(d), 'B')
    expect(d.description).toContain(`he wins ${pct(aborts)} of the time when he Aborts to Dodge, and ${pct(outcome(exactOf(never), 'B'))} when he never Aborts`)
    expect(aborts).toBeGreaterThan(outcome(exactOf(never), 'B'))
  })

  it('street brawl: the bouncer\'s, the boxer\'s and the cap\'s chances, exact', () => {
    const d = example('street-brawl') as { description: string }
    const ms = exactOf(d)
    const pct = (x: number): string => `${(100 * x).toFixed(1)}%`
    expect(d.description).toContain(`Mack wins ${pct(outcome(ms, 'A'))} of the time, Vince ${pct(outcome(ms, 'B'))}, and ${pct(outcome(ms, 'cap'))} of fights are still going after 5 Turns`)
  }, 120_000)
})

describe('HERO whole fight, exact against the Monte Carlo (seed 9, 20,000 fights, within 4 standard errors)', () => {
  const cases: [string, unknown, string[]][] = [
    // killing attacks (BODY and the STUN Multiplier past every defence), SPD 3 against SPD 4 on the Speed Chart
    ['the shipped deadly duel', example('deadly-duel'), ['hatchet', 'rapier']],
    // the Acrobat Aborts his next Phase to Dodge when attacked (house rules: even after acting), killing blows that knock out
    ['the shipped Abort to Dodge when any hit ends it', example('abort-deadly'), ['thug', 'acrobat']],
    // normal damage against PD, STUN and BODY, Stunned over CON, Post-Segment 12 Recovery, SPD 2 against SPD 3, 5 Turns
    ['the shipped street brawl', example('street-brawl'), ['bouncer', 'boxer']],
    // Haymakers landing a Segment later, Aborts to Block and the Block roll, END
    ['Haymakers against Aborts to Block', haymakerAgainstBlock(), ['a', 'b']],
    // both on DEX 14: who goes first settled by a 1d6 roll-off every Segment, rolled again on a tie (house rules)
    ['the street brawl on equal DEX', sameDex(), ['bouncer', 'boxer']],
    // DEX 11 with Lightning Reflexes +3 against DEX 14: the same DEX for the order, DEX Rolls 11- and 12- for its ties (6E)
    ['the street brawl on equal DEX by DEX Rolls of 11- and 12-', sameDexByRolls(), ['bouncer', 'boxer']],
  ]
  for (const [name, d, ids] of cases) {
    it(`${name}: who wins, length, knocked out, BODY taken`, async () => {
      await expectExactAgreesWithSampling(name, d, ids)
    }, 120_000)
  }
})
