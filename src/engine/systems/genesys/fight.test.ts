import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createStream } from '../../core/rng'
import { createTally } from '../../core/tally'
import type { TraceEvent } from '../../core/trace'
import { parseScenarioOrThrow } from '../../run/parse'
import { playFight } from './fight'
import { COUNTERS_PER_FIGHTER, FC, type FightPlan } from './fight-plan'
import { genesys } from './index'
import { bandAt, MANEUVERS, turnBudget } from './maneuvers'
import { issuesOf } from './test-helpers'

const examples = join(__dirname, '..', '..', '..', '..', 'resources', 'examples')
const load = (file: string): Record<string, unknown> => JSON.parse(readFileSync(join(examples, file), 'utf8')) as Record<string, unknown>
const fightPlan = (doc: Record<string, unknown>): FightPlan => genesys.compile(parseScenarioOrThrow(doc).scenario as never) as FightPlan
const withPlans = (doc: Record<string, unknown>, plans: unknown[], rules: Record<string, string> = {}): Record<string, unknown> => ({ ...doc, plans, rules })
const duel = load('genesys-blaster-duel.json')
const melee = load('genesys-guarded-stance-duel.json')

function traced(plan: FightPlan, seed: number): TraceEvent[] {
  const log: TraceEvent[] = []
  playFight(plan, createStream(seed, 0), createTally({ counters: plan.layout.counters, bins: plan.layout.bins }), log)
  return log
}

describe('turn economy (the Star Wars turn rules (docs/rules/genesys.md section 5))', () => {
  it('"a free maneuver on his turn": one maneuver costs nothing and keeps the action', () => {
    expect(turnBudget(1, 'attack', 0, 10)).toEqual({ maneuvers: 1, strain: 0, actionLeft: true })
  })
  it('"a second maneuver by voluntarily suffering 2 points of strain"', () => {
    expect(turnBudget(2, 'attack', 0, 10)).toEqual({ maneuvers: 2, strain: 2, actionLeft: true })
  })
  it('"exchange his action for another maneuver": the second maneuver costs the action, not strain', () => {
    expect(turnBudget(2, 'exchange', 0, 10)).toEqual({ maneuvers: 2, strain: 0, actionLeft: false })
  })
  it('"may not perform more than 2 maneuvers per turn", even with the action exchanged', () => {
    expect(turnBudget(3, 'exchange', 0, 10).maneuvers).toBe(2)
  })
  it('no one takes a second maneuver that would put his strain past his threshold', () => {
    expect(turnBudget(2, 'attack', 9, 10)).toEqual({ maneuvers: 1, strain: 0, actionLeft: true })
  })
  it('three maneuvers in a plan are rejected with the path and the limit', () => {
    const bad = withPlans(duel, [{ combatant: 'smuggler', turns: [{ maneuvers: ['aim', 'aim', 'aim'] }] }, { combatant: 'hunter', turns: [{}] }])
    expect(issuesOf(bad)).toEqual(['plans[0].turns[0].maneuvers: must list at most 2 maneuvers a turn (one free, a second for 2 strain or in exchange for the action), got ["aim","aim","aim"]'])
  })
  it('an unknown maneuver is rejected with the allowed ones', () => {
    const bad = withPlans(duel, [{ combatant: 'smuggler', turns: [{ maneuvers: ['dodge'] }] }, { combatant: 'hunter', turns: [{}] }])
    expect(issuesOf(bad)[0]).toContain(`plans[0].turns[0].maneuvers[0]: must be one of ${MANEUVERS.map((m) => JSON.stringify(m)).join(', ')}`)
  })
  it('every combatant needs a plan', () => {
    expect(issuesOf(withPlans(duel, [{ combatant: 'smuggler', turns: [{}] }]))).toEqual(['plans: must give combatant "hunter" a plan'])
  })
})

describe('range bands (the Star Wars turn rules (docs/rules/genesys.md section 5) "Change range increment")', () => {
  it('Short↔Medium one maneuver, Medium↔Long two, Long↔Extreme two; read fresh, halfway (3, 5) is the farther band (during a move the pair keeps the band it left: fight-range-bands.test.ts)', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(bandAt)).toEqual(['engaged', 'short', 'medium', 'long', 'long', 'extreme', 'extreme'])
  })
})

describe('fights', () => {
  it('Aim: two Aims give two Boost dice to the shot, the second Aim costs 2 strain', () => {
    const plan = fightPlan(withPlans(duel, [{ combatant: 'smuggler', turns: [{ maneuvers: ['aim', 'aim'] }] }, { combatant: 'hunter', turns: [{ action: 'none' }] }]))
    const log = traced(plan, 1)
    const shot = log.find((e) => e.kind === 'roll' && e.who[0] === 'smuggler' && e.text.includes('fires'))
    expect(shot?.text).toMatch(/2Y 1G 2B vs 2P/)
    expect(log.some((e) => e.text.includes('suffers 2 strain for a second maneuver'))).toBe(true)
  })
  it('Aim is lost when another maneuver follows it before the check', () => {
    const plan = fightPlan(withPlans(duel, [{ combatant: 'smuggler', turns: [{ maneuvers: ['aim', 'take-cover'] }] }, { combatant: 'hunter', turns: [{ action: 'none' }] }]))
    const shot = traced(plan, 2).find((e) => e.kind === 'roll' && e.text.includes('fires'))
    expect(shot?.text).toMatch(/2Y 1G vs 2P →/)
  })
  it('variants.aimCarry: two Aims in a turn whose action was exchanged carry into the next turn ("consecutive") or are lost ("same-turn")', () => {
    const plans = [{ combatant: 'smuggler', turns: [{ maneuvers: ['aim', 'aim'], action: 'exchange' }, { maneuvers: [] }] }, { combatant: 'hunter', turns: [{ action: 'none' }] }]
    const carried = traced(fightPlan(withPlans(duel, plans)), 3).find((e) => e.text.includes('fires'))
    expect(carried?.text).toMatch(/2Y 1G 2B vs 2P/)
    const lost = traced(fightPlan(withPlans(duel, plans, { aimCarry: 'same-turn' })), 3).find((e) => e.text.includes('fires'))
    expect(lost?.text).toMatch(/2Y 1G vs 2P →/)
  })
  it('Guarded Stance lasts until the end of his next turn: Setback on his own attacks in both turns, not the third', () => {
    const plans = [{ combatant: 'smuggler', turns: [{ maneuvers: ['guarded-stance'] }, { maneuvers: [] }] }, { combatant: 'hunter', turns: [{ action: 'none' }] }]
    const shots = traced(fightPlan({ ...withPlans(duel, plans), maxRounds: 3 }), 4).filter((e) => e.text.includes('Smuggler fires'))
    expect(shots.map((e) => /vs 2P( 1K)? →/.exec(e.text)?.[1] ?? '')).toEqual([' 1K', ' 1K', ''].slice(0, shots.length))
    expect(shots.length).toBeGreaterThan(1)
  })
  it('a melee fighter closes from short range with a maneuver (engage), then attacks at Average', () => {
    const log = traced(fightPlan(load('genesys-guarded-stance-duel.json')), 5)
    const first = log.find((e) => e.kind === 'roll' && e.text.includes('attacks with'))
    expect(first?.text).toContain('(engaged)')
    expect(first?.text).toMatch(/vs 2P/)
  })
  it('initiative slots belong to sides: a fallen fighter\'s slot is filled by his side', () => {
    const plan = fightPlan(load('genesys-squad-cover.json'))
    const log = traced(plan, 7)
    expect(log.find((e) => e.text.startsWith('Initiative slots'))?.text).toMatch(/side [AB]/)
  })
  it('the trace makes the same draws as simulate (replay relies on it)', () => {
    const plan = fightPlan(load('genesys-squad-cover.json'))
    for (let seed = 0; seed < 10; seed++) {
      const a = createStream(seed, 0)
      genesys.simulate(plan, a, createTally(genesys.shape(plan)))
      const b = createStream(seed, 0)
      genesys.trace(plan, b)
      expect(b.u32()).toBe(a.u32())
    }
  })
})

describe('property tests', () => {
  const maneuver = fc.constantFrom(...MANEUVERS)
  const turn = fc.record({ maneuvers: fc.array(maneuver, { maxLength: 2 }), action: fc.constantFrom('attack', 'exchange', 'none') })
  const plans = fc.tuple(fc.array(turn, { minLength: 1, maxLength: 3 }), fc.array(turn, { minLength: 1, maxLength: 3 }))
  it('never more than two maneuvers a turn, and exactly 2 strain is paid for each second maneuver kept with the action', () => {
    fc.assert(
      fc.property(plans, fc.nat(1000), ([ta, tb], seed) => {
        const plan = fightPlan({ ...withPlans(duel, [{ combatant: 'smuggler', turns: ta }, { combatant: 'hunter', turns: tb }]), maxRounds: 6 })
        const log = traced(plan, seed)
        let turnOf = ''
        let count = 0
        for (const e of log) {
          if (e.kind !== 'maneuver') continue
          const key = `${e.at}:${e.who[0]}`
          count = key === turnOf ? count + 1 : 1
          turnOf = key
          expect(count).toBeLessThanOrEqual(2)
        }
        const tally = createTally(genesys.shape(plan))
        playFight(plan, createStream(seed, 0), tally)
        plan.fighters.forEach((f) => {
          const paid = tally.counts[3 + f.index * COUNTERS_PER_FIGHTER + FC.SecondManeuvers]
          expect(plan.state.strainSpent[f.index]).toBe(2 * paid)
          const exchanged = f.turns.every((t) => t.maneuvers.length < 2 || t.action === 'exchange')
          // Distracted or Hamstrung take the free maneuver away: then even one maneuver may cost strain
          const lostFree = log.some((e) => e.kind === 'crit' && e.who[0] === f.c.id && /Distracted|Hamstrung/.test(e.text))
          if (exchanged && !lostFree) expect(paid).toBe(0)
          // strain buys at most one maneuver a turn
          expect(paid).toBeLessThanOrEqual(tally.counts[3 + f.index * COUNTERS_PER_FIGHTER + FC.Turns])
        })
      }),
      { numRuns: 80, seed: 6 },
    )
  })
  it('same seed, same summary', () => {
    const plan = fightPlan(duel)
    const run = (): number[] => {
      const t = createTally(genesys.shape(plan))
      const rng = createStream(9, 0)
      for (let i = 0; i < 200; i++) genesys.simulate(plan, rng, t)
      return [...t.counts, ...t.bins]
    }
    expect(run()).toEqual(run())
  })
})

describe('the fight log in a GM\'s words', () => {
  it('"1 success", "1 wound" (never "1 successes", "1 wounds"), and initiative slots named by their fighters: the fighter alone on his side, else the side with its members (seeds 0–39)', () => {
    const lines = Array.from({ length: 40 }, (_, seed) => traced(fightPlan(duel), seed)).flat().map((e) => e.text)
    // knives against soak 4: hits of 1 wound are common
    const knives = Array.from({ length: 10 }, (_, seed) => traced(fightPlan(melee), seed)).flat().map((e) => e.text)
    expect([...lines, ...knives].filter((t) => /\b1 (successes|wounds)\b/.test(t))).toEqual([])
    expect(lines.some((t) => /\b1 success\b/.test(t))).toBe(true)
    expect(knives.some((t) => /takes 1 wound \(/.test(t))).toBe(true)
    for (const t of lines.filter((x) => x.startsWith('Initiative slots:'))) expect(['Initiative slots: Smuggler, Bounty hunter.', 'Initiative slots: Bounty hunter, Smuggler.']).toContain(t)
    const squad = traced(fightPlan(load('genesys-squad-cover.json')), 1).find((e) => e.text.startsWith('Initiative slots:'))
    expect(squad?.text).toMatch(/^Initiative slots: (side [AB] \([^)]+\), ){5}side [AB] \([^)]+\)\.$/)
  })
})
