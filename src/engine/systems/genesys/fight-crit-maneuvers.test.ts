import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { Rng } from '../../core/rng'
import { createStream } from '../../core/rng'
import { createTally } from '../../core/tally'
import type { TraceEvent } from '../../core/trace'
import { parseScenarioOrThrow } from '../../run/parse'
import { critEffectOf, critRow } from './crit-effects'
import { playFight } from './fight'
import { criticalInjury, spendAdvantage } from './fight-aftermath'
import type { FightPlan } from './fight-plan'
import { genesys } from './index'
import { turnBudget, type ManeuverLimits } from './maneuvers'

/** The Critical Injury rows that limit maneuvers, as a GM recalls EotE Table 6-10 (crit-effects.ts), and a Gunnery user engaged. */

const examples = join(__dirname, '..', '..', '..', '..', 'resources', 'examples')
const load = (file: string): Record<string, unknown> => JSON.parse(readFileSync(join(examples, file), 'utf8')) as Record<string, unknown>
const fightPlan = (doc: Record<string, unknown>): FightPlan => genesys.compile(parseScenarioOrThrow(doc).scenario as never) as FightPlan
const duel = load('genesys-blaster-duel.json')
const fixedD100 = (d100: number): Rng => ({ u32: () => 0, below: () => 0, die: () => d100 })

function traced(plan: FightPlan, seed: number): TraceEvent[] {
  const log: TraceEvent[] = []
  playFight(plan, createStream(seed, 0), createTally({ counters: plan.layout.counters, bins: plan.layout.bins }), log)
  return log
}

const apply = (d100: number, rules: Record<string, string> = {}): FightPlan => {
  const plan = fightPlan({ ...duel, rules })
  criticalInjury(plan, fixedD100(d100), createTally({ counters: plan.layout.counters, bins: plan.layout.bins }), 0, 1, 1, 2)
  return plan
}

const HAMSTRUNG: ManeuverLimits = { free: 0, max: 2, strain: true }
const WINDED: ManeuverLimits = { free: 1, max: 2, strain: false }
const LAME: ManeuverLimits = { free: 1, max: 1, strain: true }

describe('Critical Injury rows that limit maneuvers (EotE Table 6-10 as a GM recalls it)', () => {
  it('table rows: 16–20 Distracted, 71–75 Hamstrung, 81–85 Winded, 111–115 Temporarily Lame', () => {
    expect([16, 20, 71, 75, 81, 85, 111, 115].map((r) => critRow(r).name)).toEqual(['Distracted', 'Distracted', 'Hamstrung', 'Hamstrung', 'Winded', 'Winded', 'Temporarily Lame', 'Temporarily Lame'])
    expect([18, 73, 83, 113].map((r) => critEffectOf(r, true))).toEqual(['distracted', 'hamstrung', 'winded', 'temporarily-lame'])
  })
  it('"severity-only" leaves the maneuver rows without effect', () => {
    const s = apply(73, { criticalEffects: 'severity-only' }).state
    expect([s.noFree[1], s.winded[1], s.lame[1]]).toEqual([0, 0, 0])
  })
  it('Distracted: no free maneuver on his next turn only; Hamstrung: for the rest of the fight', () => {
    expect(apply(18).state.noFree[1]).toBe(1)
    expect(apply(73).state.noFree[1]).toBeGreaterThan(1000)
  })
  it('Winded: marked unable to suffer strain for maneuvers; Temporarily Lame: marked to one maneuver a turn', () => {
    expect(apply(83).state.winded[1]).toBe(1)
    expect(apply(113).state.lame[1]).toBe(1)
  })
  it('without the free maneuver, one maneuver alongside an attack costs 2 strain', () => {
    expect(turnBudget(1, 'attack', 0, 10, HAMSTRUNG)).toEqual({ maneuvers: 1, strain: 2, actionLeft: true })
  })
  it('without the free maneuver, an attack turn keeps at most one maneuver (strain buys only one)', () => {
    expect(turnBudget(2, 'attack', 0, 10, HAMSTRUNG)).toEqual({ maneuvers: 1, strain: 2, actionLeft: true })
  })
  it('without the free maneuver, two maneuvers take the action and 2 strain', () => {
    expect(turnBudget(2, 'exchange', 0, 10, HAMSTRUNG)).toEqual({ maneuvers: 2, strain: 2, actionLeft: false })
  })
  it('Winded: no second maneuver for strain while attacking; the action can still be exchanged', () => {
    expect(turnBudget(2, 'attack', 0, 10, WINDED)).toEqual({ maneuvers: 1, strain: 0, actionLeft: true })
    expect(turnBudget(2, 'exchange', 0, 10, WINDED)).toEqual({ maneuvers: 2, strain: 0, actionLeft: false })
  })
  it('Hamstrung and Winded together: no maneuver at all beside an attack', () => {
    expect(turnBudget(1, 'attack', 0, 10, { free: 0, max: 2, strain: false }).maneuvers).toBe(0)
  })
  it('Temporarily Lame: one maneuver a turn even with the action exchanged', () => {
    expect(turnBudget(2, 'exchange', 0, 10, LAME)).toEqual({ maneuvers: 1, strain: 0, actionLeft: false })
  })
  it('Temporarily Lame: 2 advantage buy no free maneuver once he has made his one maneuver', () => {
    const plan = fightPlan({ ...duel, plans: [{ combatant: 'smuggler', turns: [{}], advantage: 'free-maneuver' }, { combatant: 'hunter', turns: [{}] }] })
    plan.state.lame[0] = 1
    plan.state.turnManeuvers[0] = 1
    spendAdvantage(plan, 0, 1, 2, 1)
    expect(plan.state.cover[0]).toBe(0)
  })
  it('property: at most two maneuvers (one when Lame), at most 2 strain, and strain paid exactly when the free maneuver and the idle action do not cover them', () => {
    const limits = fc.record({ free: fc.constantFrom<0 | 1>(0, 1), max: fc.constantFrom<1 | 2>(1, 2), strain: fc.boolean() })
    fc.assert(
      fc.property(fc.nat(3), fc.constantFrom('attack', 'exchange', 'none') as fc.Arbitrary<'attack' | 'exchange' | 'none'>, fc.nat(12), limits, (planned, action, strain, l) => {
        const b = turnBudget(planned, action, strain, 12, l)
        expect(b.maneuvers).toBeLessThanOrEqual(Math.min(2, l.max, planned))
        expect([0, 2]).toContain(b.strain)
        const covered = l.free + (action === 'attack' ? 0 : 1)
        expect(b.strain).toBe(b.maneuvers > covered ? 2 : 0)
        if (b.strain > 0) expect(l.strain && strain + 2 <= 12).toBe(true)
      }),
      { numRuns: 300, seed: 16 },
    )
  })
})

describe('maneuver rows in a fight', () => {
  // both aim before every shot: one maneuver a turn, free when unhurt
  const aimers = { ...duel, maxRounds: 8, plans: [{ combatant: 'smuggler', turns: [{ maneuvers: ['aim'] }] }, { combatant: 'hunter', turns: [{ maneuvers: ['aim'] }] }] }
  /** For each crit of `row` in the first n fights: the victim's events of his next two turns. */
  function afterCrit(row: string, n: number): { next: string[]; later: string[] }[] {
    const out: { next: string[]; later: string[] }[] = []
    for (let seed = 0; seed < n; seed++) {
      const log = traced(fightPlan(aimers), seed)
      const i = log.findIndex((e) => e.kind === 'crit' && e.text.includes(row))
      if (i < 0) continue
      const who = log[i].who[0]
      // up to his next Critical Injury: a later row (e.g. Sudden Jolt: an Interact first) changes his turns too
      const j = log.findIndex((e, k) => k > i && e.kind === 'crit' && e.who[0] === who)
      const turns = log.slice(i + 1, j < 0 ? undefined : j).filter((e) => e.who[0] === who && (e.kind === 'maneuver' || e.kind === 'roll' || e.text.includes('2 strain for')))
      const mine = turns.map((e) => e.text)
      const first = mine.findIndex((t) => t.includes(' fires '))
      if (first < 0 || first === mine.length - 1) continue
      out.push({ next: mine.slice(0, first + 1), later: mine.slice(first + 1, mine.findIndex((t, k) => k > first && t.includes(' fires ')) + 1) })
    }
    return out
  }
  it('Distracted: his next Aim costs 2 strain; the one after is free again', () => {
    // a next turn with any maneuver in it (with too much strain already he just fires)
    const seen = afterCrit('Distracted', 1500).filter((x) => x.next.length > 1 && x.later.length > 0)
    expect(seen.length).toBeGreaterThan(0)
    for (const x of seen) {
      expect(x.next[0]).toMatch(/suffers 2 strain for a maneuver \(he has no free maneuver\)/)
      expect(x.later.some((t) => t.includes('2 strain'))).toBe(false)
    }
  })
  it('Hamstrung: every later Aim costs 2 strain', () => {
    let aims = 0
    for (const x of afterCrit('Hamstrung', 3000)) {
      for (const turn of [x.next, x.later]) {
        const aim = turn.findIndex((t) => t.includes(': aim'))
        if (aim < 0) continue
        expect(turn[aim - 1]).toMatch(/suffers 2 strain for a maneuver \(he has no free maneuver\)/)
        aims++
      }
    }
    expect(aims).toBeGreaterThan(0)
  })
})

describe('Gunnery while engaged (docs/rules/genesys.md section 4, EotE p.163)', () => {
  const gunner = {
    ...duel,
    range: 'engaged',
    maxRounds: 2,
    combatants: [
      { id: 'gunner', name: 'Gunner', side: 'A', brawn: 3, attack: { characteristic: 3, skill: 2 }, initiative: { characteristic: 3, skill: 3 }, weapon: { name: 'heavy repeating blaster', skill: 'gunnery', damage: 15, crit: 2, range: 'long' }, soak: 4, woundThreshold: 15, strainThreshold: 12 },
      { id: 'thug', name: 'Thug', side: 'B', npc: true, brawn: 2, attack: { characteristic: 2, skill: 1 }, initiative: { characteristic: 1, skill: 0 }, weapon: { name: 'fists', skill: 'brawl', damage: 0, crit: 5, addsBrawn: true, range: 'engaged' }, soak: 2, woundThreshold: 30, strainThreshold: 10 },
    ],
    plans: [
      { combatant: 'gunner', turns: [{ action: 'attack' }] },
      { combatant: 'thug', turns: [{ action: 'none' }] },
    ],
  }
  it('a Gunnery user engaged with a foe cannot fire: he exchanges his action to disengage, then fires at short range', () => {
    for (let seed = 0; seed < 10; seed++) {
      const mine = traced(fightPlan(gunner), seed).filter((e) => e.who[0] === 'gunner' && (e.kind === 'maneuver' || e.kind === 'roll') && e.at > 0)
      expect(mine[0]).toMatchObject({ at: 1, kind: 'maneuver', text: 'Gunner: retreat.' })
      expect(mine.filter((e) => e.at === 1)).toHaveLength(1)
      expect(mine[1].at).toBe(2)
      expect(mine[1].text).toMatch(/^Gunner fires with heavy repeating blaster at Thug \(short\)/)
    }
  })
})
