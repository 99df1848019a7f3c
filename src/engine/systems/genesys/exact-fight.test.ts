import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { exactChance, exactDistribution, sampledMetrics } from '../../run/exact-agreement'
import { fightNote } from '../../core/fight-exact'
import type { Metric } from '../../core/metrics'
import { exactCheck, forEachResult, probabilityOf } from '../../dice/narrative-exact'
import { emptyPool } from '../../dice/narrative-dice'
import { positiveDice } from '../../dice/narrative-pool'
import { parseScenarioOrThrow } from '../../run/parse'
import type { ExactMetric } from '../rule-system'
import { CRIT_REASON, outOfScope } from './exact-fight'
import type { FightPlan } from './fight-plan'
import { genesys } from './index'

/** A 1-vs-1 fight scenario document (tests only): two fighters with the given fields over a plain base. */
function duel(a: Record<string, unknown>, b: Record<string, unknown>, extra: Record<string, unknown> = {}): Record<string, unknown> {
  const base = { brawn: 2, attack: { characteristic: 1, skill: 0 }, initiative: { characteristic: 1, skill: 0 }, weapon: { name: 'hold-out blaster', skill: 'ranged-light', damage: 5, crit: 6, range: 'short' }, soak: 2, woundThreshold: 1, strainThreshold: 30 }
  return {
    schemaVersion: 1,
    name: 'test duel',
    system: 'genesys',
    mode: 'fight',
    range: 'short',
    combatants: [
      { ...base, id: 'a', name: 'Ace', side: 'A', ...a },
      { ...base, id: 'b', name: 'Bo', side: 'B', ...b },
    ],
    plans: [
      { combatant: 'a', turns: [{ maneuvers: [], action: 'attack' }] },
      { combatant: 'b', turns: [{ maneuvers: [], action: 'attack' }] },
    ],
    run: { trials: 1000, seed: 1 },
    ...extra,
  }
}

const planOf = (doc: unknown): FightPlan => genesys.compile(parseScenarioOrThrow(doc).scenario as never) as FightPlan
const exactOf = (doc: unknown): ExactMetric[] => genesys.exact(planOf(doc))
const order = (ms: readonly ExactMetric[], key: string): number => {
  const m = ms.find((x) => x.id === 'winner')
  if (m?.kind !== 'order') throw new Error('no exact winner')
  return m.outcomes.find((o) => o.key === key)?.p ?? 0
}
const p = exactChance
const dist = exactDistribution
/** P(two initiative checks of one Ability die give the same result): the chance of a tie between equal pools. */
const equalInitiative = (): number => {
  const init = exactCheck({ ...emptyPool(), ...positiveDice(1, 0) })
  let equal = 0
  let total = 0
  forEachResult(init, (_net, _adv, _tr, _de, count) => {
    equal += count * count
    total += count
  })
  return equal / (total * total)
}

describe('Star Wars / Genesys whole fight, exact (docs/rules/genesys.md, exact whole fights)', () => {
  it('hand-reasoned: one Ability die against one Difficulty die (Easy, short range), every hit past the wound threshold (damage 5 + net, soak 2, threshold 1): each Round the first to act hits with a, else the other with b; P(A wins) = P(A first)·a·(1−qᴺ)/(1−q) + P(B first)·(1−b)·a·(1−qᴺ)/(1−q), q = (1−a)(1−b), to 1e-12', () => {
    const N = 6
    const doc = duel({}, {}, { maxRounds: N })
    // both PCs with the same initiative pool: A acts first on a higher result, and on an equal one (roster order)
    const equal = equalInitiative()
    const aFirst = (1 + equal) / 2
    // Edge of the Empire core rulebook p.210: a hit is one net success; short range is an Easy check (one Difficulty die)
    const a = probabilityOf(exactCheck({ ...emptyPool(), ability: 1, difficulty: 1 }), (net) => net >= 1)
    const b = a
    const q = (1 - a) * (1 - b)
    const run = (1 - q ** N) / (1 - q)
    const winA = aFirst * a * run + (1 - aFirst) * (1 - b) * a * run
    const winB = (1 - aFirst) * b * run + aFirst * (1 - a) * b * run
    const ms = exactOf(doc)
    expect(fightNote(ms)?.solved, fightNote(ms)?.reason).toBe(true)
    expect(Math.abs(order(ms, 'A') - winA)).toBeLessThan(1e-12)
    expect(Math.abs(order(ms, 'B') - winB)).toBeLessThan(1e-12)
    expect(Math.abs(order(ms, 'draw') - q ** N)).toBeLessThan(1e-12)
    expect(Math.abs(p(ms, 'defeated:b') - winA)).toBeLessThan(1e-12)
    const rounds = dist(ms, 'rounds')
    expect(Math.abs((rounds.p.find((x) => x.value === 2)?.p ?? 0) - q * (1 - q))).toBeLessThan(1e-12)
    expect(Math.abs((rounds.p.find((x) => x.value === N)?.p ?? 0) - q ** (N - 1))).toBeLessThan(1e-12)
  })

  it("'roll-off' initiative ties (one d1024 each, higher first, roster order on equal draws): with the same pools P(A first) = (1 − e)/2 + e·1025/2048, e = P(equal results), to 1e-12", () => {
    const N = 4
    const doc = duel({}, { npc: true }, { maxRounds: N, rules: { initiativeTies: 'roll-off' } })
    const equal = equalInitiative()
    const aFirst = (1 - equal) / 2 + (equal * 1025) / 2048
    const a = probabilityOf(exactCheck({ ...emptyPool(), ability: 1, difficulty: 1 }), (net) => net >= 1)
    const q = (1 - a) * (1 - a)
    const winA = aFirst * a * ((1 - q ** N) / (1 - q)) + (1 - aFirst) * (1 - a) * a * ((1 - q ** N) / (1 - q))
    const ms = exactOf(doc)
    expect(fightNote(ms)?.solved, fightNote(ms)?.reason).toBe(true)
    expect(Math.abs(order(ms, 'A') - winA)).toBeLessThan(1e-12)
  })

  it('refuses, with the reason, fights it does not solve', () => {
    const three = duel({}, {})
    ;(three.combatants as unknown[]).push({ ...(three.combatants as Record<string, unknown>[])[1], id: 'c', name: 'Cy' })
    ;(three.plans as unknown[]).push({ combatant: 'c', turns: [{ maneuvers: [], action: 'attack' }] })
    expect(fightNote(exactOf(three))?.reason).toBe('more than two fighters')
    const oneSide = duel({}, { side: 'A' })
    ;(oneSide.combatants as Record<string, unknown>[]).push({ ...(oneSide.combatants as Record<string, unknown>[])[1], id: 'c', name: 'Cy', side: 'B' })
    ;(oneSide.plans as unknown[]).push({ combatant: 'c', turns: [{ maneuvers: [], action: 'attack' }] })
    expect(outOfScope(planOf(oneSide))).toBe('more than two fighters')
    // every shipped fight: a Critical Injury can happen (Agility 3 with a skill rank rolls Proficiency dice)
    for (const file of readdirSync('resources/examples').filter((f) => f.startsWith('genesys-'))) {
      const doc = JSON.parse(readFileSync(`resources/examples/${file}`, 'utf8')) as { mode: string; combatants: unknown[] }
      if (doc.mode !== 'fight') continue
      const note = fightNote(exactOf(doc))
      expect(note?.solved, file).toBe(false)
      expect(note?.reason, file).toBe(doc.combatants.length > 2 ? 'more than two fighters' : CRIT_REASON)
    }
    // no crits, but tough fighters and a long cap: too many situations to follow
    const tough = { attack: { characteristic: 3, skill: 0 }, weapon: { name: 'blaster rifle', skill: 'ranged-heavy', damage: 9, crit: 6, range: 'long' }, soak: 3, woundThreshold: 40, strainThreshold: 40 }
    const note = fightNote(exactOf(duel(tough, tough, { range: 'medium', maxRounds: 100 })))
    expect(note?.solved).toBe(false)
    expect(note?.reason).toMatch(/^the fight has more than [\d,]+ (ways for its turns to go|different situations to follow|states to follow)/)
  }, 60_000)
})

describe('Star Wars / Genesys whole fight, the bench duel (resources/bench)', () => {
  it('two untrained gunmen (no Critical Injury possible) are solved, with an error bound below 1e-10', () => {
    const doc = JSON.parse(readFileSync('resources/bench/scenarios/genesys-exact-duel.json', 'utf8')) as unknown
    const ms = exactOf(doc)
    const note = fightNote(ms)
    expect(note?.solved, note?.reason).toBe(true)
    expect(note?.massError).toBeLessThan(1e-10)
    expect(order(ms, 'A') + order(ms, 'B') + order(ms, 'draw')).toBeCloseTo(1, 12)
  }, 60_000)
})

/** |exact − sampled| within 4 standard errors: who wins (and the draw), defeated, and the mean Rounds. */
function agrees(exact: readonly ExactMetric[], metrics: readonly Metric[]): number {
  let checked = 0
  for (const m of metrics) {
    const e = exact.find((x) => x.id === m.id)
    if (!e || m.id.startsWith('opening')) continue
    if (m.kind === 'order' && e.kind === 'order') {
      for (const o of e.outcomes) {
        const s = m.outcomes.find((x) => x.key === o.key)?.p ?? 0
        const se = Math.sqrt(Math.max(o.p * (1 - o.p), 1e-6) / m.n)
        expect(Math.abs(s - o.p), `${m.id} ${o.key}: sampled ${s}, exact ${o.p}`).toBeLessThan(4 * se)
        checked++
      }
    } else if (m.kind === 'probability' && e.kind === 'probability') {
      const se = Math.sqrt(Math.max(e.p * (1 - e.p), 1e-6) / m.n)
      expect(Math.abs(m.p - e.p), `${m.id}: sampled ${m.p}, exact ${e.p}`).toBeLessThan(4 * se)
      checked++
    } else if (m.kind === 'distribution' && e.kind === 'distribution') {
      const se = m.sd / Math.sqrt(m.n)
      expect(Math.abs(m.mean - e.mean), `${m.id}: sampled mean ${m.mean}, exact ${e.mean}`).toBeLessThan(4 * Math.max(se, 1e-3))
      checked++
    }
  }
  return checked
}

/**
 * Small fights where no Critical Injury can happen (no Proficiency die, so no Triumph; advantage never
 * reaches Critical 6) but everything else of a turn does: advantage recovering strain, threat suffered as
 * strain, soak against damage + net successes, Aim, cover, strain for a second maneuver, initiative ties.
 */
const SMALL: Record<string, Record<string, unknown>> = {
  'blaster duel at short range, advantage and threat': duel(
    { attack: { characteristic: 2, skill: 0 }, soak: 3, woundThreshold: 6, strainThreshold: 8 },
    { attack: { characteristic: 2, skill: 0 }, soak: 2, woundThreshold: 6, strainThreshold: 8, npc: true },
    { maxRounds: 10 },
  ),
  'aim twice (2 strain) against taking cover, ties rolled off': {
    ...duel(
      { attack: { characteristic: 1, skill: 0 }, soak: 3, woundThreshold: 4, strainThreshold: 7 },
      { attack: { characteristic: 2, skill: 0 }, soak: 3, woundThreshold: 4, strainThreshold: 7 },
      { maxRounds: 8, rules: { initiativeTies: 'roll-off' } },
    ),
    plans: [
      { combatant: 'a', turns: [{ maneuvers: ['aim', 'aim'], action: 'attack' }] },
      { combatant: 'b', turns: [{ maneuvers: ['take-cover'], action: 'attack' }, { maneuvers: [], action: 'attack' }] },
    ],
  },
}

describe('Star Wars / Genesys whole fight, exact against the Monte Carlo (seed 20, 20,000 fights, within 4 standard errors)', () => {
  for (const [name, doc] of Object.entries(SMALL)) {
    it(`${name}: who wins, the draw, defeated and Rounds fought`, async () => {
      const exact = exactOf(doc)
      const note = fightNote(exact)
      expect(note?.solved, note?.reason).toBe(true)
      expect(note?.massError).toBeLessThan(1e-10)
      const metrics = await sampledMetrics(doc, 20_000, 20)
      expect(agrees(exact, metrics)).toBeGreaterThanOrEqual(6)
    }, 120_000)
  }
})
