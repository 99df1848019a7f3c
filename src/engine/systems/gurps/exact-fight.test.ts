import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { fightNote } from '../../core/fight-exact'
import { disagreements, sampledMetrics, exactChance, exactDistribution } from '../../run/exact-agreement'
import { parseScenarioOrThrow } from '../../run/parse'
import type { ExactMetric } from '../rule-system'
import { gurps } from './index'
import { gurpsFightModel } from './exact-fight'
import { solveFight, type FightSolution } from '../../core/fight-chain'
import { scenarioDoc, type Spec } from './test-helpers'

const example = (name: string): unknown => JSON.parse(readFileSync(`resources/examples/gurps-${name}.json`, 'utf8'))
const exactOf = (doc: unknown): ExactMetric[] => gurps.exact(gurps.compile(parseScenarioOrThrow(doc).scenario as never))
const p = exactChance
const dist = exactDistribution

/** Ways out of 216 to roll `t` or less on 3d6. */
const atMost = (t: number): number => [1, 3, 6, 10, 15, 21, 25, 27, 27, 25, 21, 15, 10, 6, 3, 1].slice(0, t - 2).reduce((a, b) => a + b, 0)

/**
 * Every blow that lands kills (thr+40 impaling: at least 2 × 39 injury against 10 HP is past −5×HP, GURPS
 * Basic Set p.B423), nobody retreats, and A is faster (Basic Speed 5.25 against 5, p.B363), so each turn A
 * attacks first and lands with a, else B lands with b. An attack lands on a critical success (3–4) or on
 * another success that the foe's best defence misses (p.B369–B374): A at skill 12 against B's Parry or
 * Dodge 8, B at skill 10 against A's Parry 9 (3 + skill/2). With q = (1−a)(1−b) and a cap of N turns:
 * P(A wins) = a(1−qᴺ)/(1−q), P(B wins) = (1−a)b(1−qᴺ)/(1−q), P(draw at the cap) = qᴺ, P(ends on turn k) = qᵏ⁻¹(1−q).
 */
const deadly = (extra: Partial<Spec> = {}): Spec[] => [
  { id: 'a', dx: 11, skill: 12, damage: 'thr+40', type: 'imp', ...extra },
  { id: 'b', skill: 10, damage: 'thr+40', type: 'imp', ...extra },
]

describe('GURPS whole duel, exact (docs/rules/gurps.md, Exact whole fights)', () => {
  it('hand-reasoned: every blow that lands kills; P(A wins) = a(1−qᴺ)/(1−q) with a and b from the 3d6 table, to 1e-12', () => {
    const N = 6
    const ms = exactOf(scenarioDoc(deadly(), { turnCap: N, rules: { retreat: 'never' } }))
    expect(fightNote(ms)?.solved, fightNote(ms)?.reason).toBe(true)
    const a = 4 / 216 + ((atMost(12) - 4) / 216) * (1 - atMost(8) / 216)
    const b = 4 / 216 + ((atMost(10) - 4) / 216) * (1 - atMost(9) / 216)
    const q = (1 - a) * (1 - b)
    const run = (1 - q ** N) / (1 - q)
    expect(Math.abs(p(ms, 'wins:a') - a * run)).toBeLessThan(1e-12)
    expect(Math.abs(p(ms, 'wins:b') - (1 - a) * b * run)).toBeLessThan(1e-12)
    expect(Math.abs(p(ms, 'draw') - q ** N)).toBeLessThan(1e-12)
    // every landed blow kills outright
    expect(Math.abs(p(ms, 'dies:b') - a * run)).toBeLessThan(1e-12)
    expect(Math.abs(p(ms, 'defeated:a') - (1 - a) * b * run)).toBeLessThan(1e-12)
    const length = dist(ms, 'fight-length')
    for (let k = 1; k < N; k++) expect(Math.abs((length.p.find((x) => x.value === k)?.p ?? 0) - q ** (k - 1) * (1 - q))).toBeLessThan(1e-12)
    // the cap: the fight still going after N turns counts as lasting N turns, as the sampler counts it
    expect(Math.abs((length.p.find((x) => x.value === N)?.p ?? 0) - q ** (N - 1))).toBeLessThan(1e-12)
  })

  it('every shipped GURPS example gets the whole-fight note: solved, or the reason in words', () => {
    const docs = readdirSync('resources/examples')
      .filter((f) => f.endsWith('.json'))
      .map((f) => [f, JSON.parse(readFileSync(`resources/examples/${f}`, 'utf8')) as { system: string }] as const)
      .filter(([, d]) => d.system === 'gurps')
    expect(docs.length).toBeGreaterThan(3)
    for (const [f, d] of docs) {
      const note = fightNote(exactOf(d))
      expect(note, f).toBeDefined()
      if (!note?.solved) expect(note?.reason, f).toMatch(/^the (exact answer|duel|fight) /)
    }
  }, 120_000)

  it('refuses, with the reason, fights it does not solve', () => {
    const reason = (doc: unknown): string | undefined => fightNote(exactOf(doc))?.reason
    expect(reason(example('brawl'))).toMatch(/^the exact answer of a fight of 3 covers fights without Waits/)
    // a full-rules duel with Stop Hits (Waits): HP, shock and stun take too many combinations to replay every one
    expect(reason(example('stop-hit'))).toMatch(/^the duel has too many different situations to follow exactly/)
    expect(fightNote(exactOf(scenarioDoc(deadly(), { turnCap: 6 })))?.solved).toBe(true)
  })

  it('a far bigger duel (HP 60 each, 500-turn cap, Feints and All-Out Attacks) is refused with the reason, not run out of memory', () => {
    const big = (id: string): Spec => ({ id, hp: 60, ht: 13, skill: 14, damage: 'sw+2', type: 'cut', maneuvers: [{ maneuver: 'feint' }, { maneuver: 'all-out-attack', option: 'strong' }, { maneuver: 'attack' }] })
    expect(fightNote(exactOf(scenarioDoc([big('a'), big('b')], { turnCap: 500 })))?.reason).toMatch(/^the duel has too many different situations to follow exactly/)
    // the same without Feints: each turn in two parts, and still refused
    const plain = (id: string): Spec => ({ ...big(id), maneuvers: [{ maneuver: 'attack' }] })
    expect(fightNote(exactOf(scenarioDoc([plain('a'), plain('b')], { turnCap: 500 })))?.reason).toMatch(/^the duel has too many different situations to follow exactly/)
  }, 120_000)
})

describe('GURPS shipped exact duels: each description quotes the exact answer', () => {
  const throwAtOnce = (doc: unknown): unknown => {
    const d = structuredClone(doc) as { tactics: { combatant: string; maneuvers: unknown[] }[] }
    d.tactics[0].maneuvers = [{ maneuver: 'attack' }]
    return d
  }
  const pct = (x: number): string => `${(100 * x).toFixed(1)}%`
  it('deadly blows: Aldo and Bruno\'s chances', () => {
    const d = example('deadly-blows') as { description: string }
    const ms = exactOf(d)
    expect(d.description).toContain(`Aldo wins ${pct(p(ms, 'wins:aldo'))} of the time and Bruno ${pct(p(ms, 'wins:bruno'))}`)
  })
  it('the first exchange: either goes down, and the injury each deals on average', () => {
    const d = example('first-exchange') as { description: string }
    const ms = exactOf(d)
    const mean = (id: string): string => dist(ms, id).mean.toFixed(1)
    expect(d.description).toContain(`Bruno goes down ${pct(p(ms, 'wins:aldo'))} of the time and Aldo ${pct(p(ms, 'wins:bruno'))}`)
    expect(d.description).toContain(`Aldo deals ${mean('damage-per-fight:aldo')} HP of injury on average and Bruno ${mean('damage-per-fight:bruno')}`)
  })
  it('throwing spears against a berserker: Ilse\'s chance opening on defence, and throwing at once', () => {
    const d = example('spears-and-berserker') as { description: string }
    expect(d.description).toContain(`as here, she wins ${pct(p(exactOf(d), 'wins:ilse'))} of the time; throwing at once (make her first maneuver Attack) she wins ${pct(p(exactOf(throwAtOnce(d)), 'wins:ilse'))}`)
    expect(p(exactOf(throwAtOnce(d)), 'wins:ilse')).toBeGreaterThan(p(exactOf(d), 'wins:ilse'))
  })
})

/** The deadly-blows duel from 4 yards, Aldo with throwing spears and his sword ("best"), Bruno retreating only when it keeps his attack. */
function severalAttacks(): unknown {
  const d = structuredClone(example('deadly-blows')) as { distance?: number; combatants: Record<string, unknown>[]; tactics: Record<string, unknown>[] }
  d.distance = 4
  const sword = d.combatants[0].weapon
  delete d.combatants[0].weapon
  d.combatants[0].weapons = [{ name: 'throwing spears', skill: 12, damage: 'thr+40', type: 'imp', ranged: 'muscle-powered' }, sword]
  d.tactics[0].using = 'best'
  d.tactics[1].retreat = 'keep-my-attack'
  return d
}

describe('GURPS whole duel, exact against the Monte Carlo (seed 7, 20,000 fights, within 4 standard errors)', () => {
  const cases: [string, unknown, string[]][] = [
    // retreat, Parry and Block with a shield, criticals and the critical-hit table, stepping back in after a retreat
    ['the shipped duel of deadly blows', example('deadly-blows'), ['aldo', 'bruno']],
    // All-Out Attack (Determined: +4, no defence), All-Out Defense (Increased Dodge) then Attack, a thrown
    // weapon from 4 yards (range penalty, the Ready to take up the next spear after each throw), closing in
    ['the shipped throwing spears against a charging berserker', example('spears-and-berserker'), ['ilse', 'gorm']],
    // full rules, one blow each: real HP, shock from the first blow on the second, Parry, Block with a
    // shield, Dodge, retreat, criticals and the critical-hit table, major wounds and knockdown (each turn
    // worked out in two parts, the blow and its injury)
    ['the shipped first exchange of sword and shield against axe', example('first-exchange'), ['aldo', 'bruno']],
    // several attacks: Aldo carries throwing spears and his sword and plays his best against this foe from
    // 4 yards (the spear at range, each further throw after a Ready, the sword once Bruno is in reach);
    // Bruno keeps his attack rather than retreat out of it
    ['deadly blows with Aldo\'s throwing spears and sword, his best against this foe', severalAttacks(), ['aldo', 'bruno']],
  ]
  for (const [name, doc, [a, b]] of cases) {
    it(`${name}: who wins, the draw, length, injury dealt, taken out and dies`, async () => {
      const exact = exactOf(doc)
      const note = fightNote(exact)
      expect(note?.solved, note?.reason).toBe(true)
      expect(note?.massError).toBeLessThan(1e-10)
      const metrics = await sampledMetrics(doc, 20_000, 7)
      expect(disagreements(exact, metrics, ['draw', 'fight-length', ...[a, b].flatMap((x) => [`wins:${x}`, `defeated:${x}`, `dies:${x}`, `damage-per-fight:${x}`])])).toEqual([])
    }, 120_000)
  }
})

describe('GURPS exact duel: the turn split at the blow\'s injury and the situations told apart by what can matter give the same answer as replaying whole turns of every full situation', () => {
  const solve = (doc: unknown, limits: Parameters<typeof gurpsFightModel>[1]) => {
    const plan = gurps.compile(parseScenarioOrThrow(doc).scenario as never) as Parameters<typeof gurpsFightModel>[0]
    const model = gurpsFightModel(plan, { distinct: 10_000, runs: 1e6, ...limits })
    const r = solveFight(model, { maxSteps: plan.cap * 2, maxStates: 1e6 })
    if (!r.ok) throw new Error(r.reason)
    return { s: r.solution, distinct: model.distinct(), runs: model.runs() }
  }
  for (const name of ['first-exchange', 'deadly-blows', 'spears-and-berserker']) {
    it(`${name}: every chance, the length and the injury distributions to 1e-12, with fewer replays`, () => {
      const fast = solve(example(name), {})
      const whole = solve(example(name), { split: false, canonical: false })
      const flat = (x: typeof fast.s): number[] => [...x.win, x.draw, x.atCap, ...x.length, ...x.expectedDamage, ...x.expectedFinals, ...x.damageDistribution.flatMap((d) => d.flatMap((e) => [e.value, e.p]))]
      const a = flat(fast.s)
      const b = flat(whole.s)
      expect(a.length).toBe(b.length)
      a.forEach((x, i) => expect(Math.abs(x - b[i]), `value ${i}`).toBeLessThan(1e-12))
      expect(fast.runs).toBeLessThan(whole.runs)
      expect(fast.distinct).toBeLessThanOrEqual(whole.distinct)
    }, 120_000)
  }
})

describe('GURPS exact duel, two-part turns and merged situations against whole replays, under the rule variants and maneuvers they touch (to 1e-12)', () => {
  // small HP (4) so that three turns reach consciousness rolls, death checks at −1×…−4×HP and −5×HP
  const small = (extra: Partial<Spec> = {}, other: Partial<Spec> = {}): Spec[] => [
    { id: 'a', hp: 4, ht: 10, dx: 11, skill: 12, damage: '1d-1', type: 'cut', shield: { skill: 11, db: 1 }, ...extra },
    { id: 'b', hp: 5, ht: 11, skill: 11, damage: '1d-1', type: 'cr', unbalanced: true, ...other },
  ]
  const cases: [string, Spec[], Record<string, unknown>][] = [
    ['the Basic Set defaults', small(), {}],
    [
      'shock from the next turn, mortal wounds, no posture, criticals without the table, no minimum injury, most health at the cap, unbalanced both ways',
      small(),
      { rules: { shockFrom: 'next-turn', failedDeathCheck: 'mortal-wound', knockdown: 'ignore-posture', criticalHits: 'no-defense-only', minimumInjury: 'none', onCap: 'most-health', unbalancedWeapon: 'both-ways' } },
    ],
    // equal Basic Speed and DX: the opening roll orders them, and each situation keeps its own sequence
    ['fighters tied on Basic Speed and DX', small({ dx: 10, damage: '1d-2' }, { hp: 4, dx: 10, ht: 10 }), { rules: { criticalHits: 'no-defense-only' } }],
    ['High and Low Pain Threshold, Combat Reflexes, never retreating', small({ highPainThreshold: true, combatReflexes: true }, { lowPainThreshold: true }), { rules: { retreat: 'never' } }],
    [
      'All-Out Defense, All-Out Attack (Strong, Determined), Move and Attack from 3 yards',
      small({ maneuvers: [{ maneuver: 'all-out-defense', option: 'increased-dodge' }, { maneuver: 'all-out-attack', option: 'strong' }, { maneuver: 'attack' }] }, { maneuvers: [{ maneuver: 'move-and-attack' }, { maneuver: 'all-out-attack', option: 'determined' }] }),
      { distance: 3 },
    ],
    [
      'several attacks played by his best against this foe (a thrown knife, then a sword), a shield-only defence, retreat to keep his attack',
      small(
        { weapons: [{ name: 'knife', skill: 12, damage: '1d-1', type: 'imp', ranged: 'muscle-powered', small: true }, { name: 'sword', skill: 12, damage: '1d-1', type: 'cut' }], using: 'best' },
        { retreat: 'keep-my-attack', defence: 'block', shield: { skill: 12, db: 1 } },
      ),
      { distance: 2 },
    ],
  ]
  for (const [name, specs, extra] of cases) {
    it(name, () => {
      const plan = gurps.compile(parseScenarioOrThrow(scenarioDoc(specs, { turnCap: 2, ...extra })).scenario as never) as Parameters<typeof gurpsFightModel>[0]
      const solve = (limits: Parameters<typeof gurpsFightModel>[1]) => {
        // three turns: A's, B's (with the shock of A's blow), A's again (with B's, his defences spent)
        const r = solveFight(gurpsFightModel(plan, { distinct: 200_000, runs: 2e6, ...limits }), { maxSteps: 3, maxStates: 1e6 })
        if (!r.ok) throw new Error(r.reason)
        return r.solution
      }
      const fast = solve({})
      // each shortcut on its own against the same solve without it (both off together is the slowest)
      for (const whole of [solve({ split: false }), solve({ canonical: false })]) same(fast, whole)
      // the fight goes past the first blows: someone is taken out in some of them, not in all
      expect(fast.expectedFinals[0] + fast.expectedFinals[1]).toBeGreaterThan(0.01)
      expect(fast.atCap).toBeGreaterThan(0.01)
    }, 120_000)
  }
  function same(fast: FightSolution, whole: FightSolution): void {
      expect(Math.abs(fast.win[0] - whole.win[0])).toBeLessThan(1e-12)
      expect(Math.abs(fast.win[1] - whole.win[1])).toBeLessThan(1e-12)
      expect(Math.abs(fast.draw - whole.draw)).toBeLessThan(1e-12)
      fast.length.forEach((x, k) => expect(Math.abs(x - whole.length[k]), `length ${k}`).toBeLessThan(1e-12))
      fast.expectedFinals.forEach((x, k) => expect(Math.abs(x - whole.expectedFinals[k]), `final ${k}`).toBeLessThan(1e-12))
      fast.expectedDamage.forEach((x, k) => expect(Math.abs(x - whole.expectedDamage[k]), `injury ${k}`).toBeLessThan(1e-12))
  }
})

describe('a fight refused for its size names its place in turns, as a GM counts them', () => {
  it('the deadly-blows duel held to 3 situations is refused "by turn 1 of …" (a step is one fighter\'s turn; two fighters share a turn)', () => {
    const plan = gurps.compile(parseScenarioOrThrow(example('deadly-blows')).scenario as never) as Parameters<typeof gurpsFightModel>[0]
    const r = solveFight(gurpsFightModel(plan), { maxSteps: 40, maxStates: 3 })
    expect(r.ok).toBe(false)
    if (!r.ok) expect(r.reason).toMatch(/by turn \d+ of 20\)$/)
  })
})
