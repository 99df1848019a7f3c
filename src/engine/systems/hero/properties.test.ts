import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createStream } from '../../core/rng'
import { createTally } from '../../core/tally'
import { hero } from './index'
import { C, PER_COMBATANT } from './layout'
import { heroPlan, type Spec } from './test-helpers'
import { runFight } from './fight'
import { minPhaseGap } from './speed-chart'

const planArb = fc.oneof(
  fc.constant({ onPhase: 'attack' }),
  fc.constant({ onPhase: 'haymaker' }),
  fc.constant({ onPhase: 'hold-defense' }),
  fc.record({
    onPhase: fc.constant('delay'),
    delay: fc.record({ segments: fc.integer({ min: 1, max: 6 }), dex: fc.integer({ min: 0, max: 30 }), onArrival: fc.constantFrom('act', 'defend', 'defend-if-threatened') }),
  }),
  fc.record({
    onPhase: fc.constant('hold'),
    hold: fc.record({ event: fc.constantFrom('c0', 'c1', 'c2', 'c3'), mode: fc.constantFrom('interrupt', 'after', 'tandem'), onEvent: fc.constantFrom('act', 'defend-if-targeted') }),
  }),
)

const fighterArb = fc.record({
  dex: fc.integer({ min: 5, max: 25 }),
  spd: fc.integer({ min: 1, max: 12 }),
  stun: fc.integer({ min: 10, max: 60 }),
  end: fc.integer({ min: 0, max: 30 }),
  con: fc.integer({ min: 5, max: 25 }),
  plan: planArb,
  abort: fc.constantFrom('never', 'when-attacked'),
  defense: fc.constantFrom('dodge', 'block'),
})

const rulesArb = fc.record({
  ruleset: fc.constantFrom('hero6e-raw', 'tlot3-house'),
  tieRule: fc.constantFrom('ruleset', 'dex-roll', 'd6', 'holder-first', 'fixed'),
  contestTie: fc.constantFrom('reroll', 'simultaneous'),
  holdAcrossTurn: fc.constantFrom('persist', 'cancel'),
  blockFirst: fc.constantFrom('off', 'on'),
  multipleBlocks: fc.constantFrom('continue', 'one'),
  endurance: fc.constantFrom('recover', 'stun-for-end', 'off'),
  koRecovery: fc.constantFrom('stay-out', 'bands'),
})

/** Random 4-combatant fights under random rules; holds that name themselves are redirected. */
const scenarioArb = fc.record({ fighters: fc.array(fighterArb, { minLength: 4, maxLength: 4 }), rules: rulesArb, seed: fc.integer({ min: 0, max: 1e6 }) }).map(({ fighters, rules, seed }) => {
  const specs: Spec[] = fighters.map((f, i) => {
    const plan: Record<string, unknown> = { ...f.plan, abort: f.abort, defense: f.defense }
    // A delay that would run past his next Phase is refused by validation: keep it short of that Phase.
    const delay = plan.delay as { segments: number; dex: number } | undefined
    if (delay) {
      delay.segments = Math.min(delay.segments, minPhaseGap(f.spd) - 1)
      if (delay.segments === 0) delay.dex = 0
    }
    const hold = plan.hold as { event: string } | undefined
    if (hold && hold.event === `c${i}`) hold.event = `c${(i + 1) % 4}`
    return { id: `c${i}`, side: i % 2 === 0 ? 'A' : 'B', dex: f.dex, spd: f.spd, stun: f.stun, end: f.end, con: f.con, plan }
  })
  return { plan: heroPlan(specs, rules, { turnCap: 4 }), seed }
})

describe('properties of whole fights (random plans and rules)', () => {
  it('no one acts more often than SPD allows in a Turn, and each Phase yields at most one action (a held action is used at most once)', () => {
    fc.assert(
      fc.property(scenarioArb, ({ plan, seed }) => {
        const rng = createStream(seed, 0)
        for (let trial = 0; trial < 5; trial++) {
          plan.st.tally = createTally(hero.shape(plan))
          runFight(plan, rng)
          const st = plan.st
          for (let i = 0; i < plan.n; i++) {
            let taken = 0
            let fromPhases = 0
            for (let t = 0; t < st.turnSlots; t++) {
              expect(st.originTurnActions[i * st.turnSlots + t]).toBeLessThanOrEqual(plan.spd[i])
              // counted where taken, a Turn can also hold one action carried in from the Turn before and one Abort of a Phase of the Turn after
              expect(st.turnActions[i * st.turnSlots + t]).toBeLessThanOrEqual(plan.spd[i] + 2)
              taken += st.turnActions[i * st.turnSlots + t]
              fromPhases += st.originTurnActions[i * st.turnSlots + t]
            }
            expect(taken).toBe(fromPhases)
            for (let a = 0; a < st.absSlots; a++) expect(st.originUses[i * st.absSlots + a]).toBeLessThanOrEqual(1)
          }
        }
      }),
      { numRuns: 150 },
    )
  })
  it('an Abort always costs exactly one action: the held action or the next Phase', () => {
    fc.assert(
      fc.property(scenarioArb, ({ plan, seed }) => {
        const tally = createTally(hero.shape(plan))
        const rng = createStream(seed, 1)
        for (let trial = 0; trial < 20; trial++) hero.simulate(plan, rng, tally)
        for (let i = 0; i < plan.n; i++) {
          const at = (c: number): number => tally.counts[4 + i * PER_COMBATANT + c]
          expect(at(C.abortCostHeld) + at(C.abortCostPhase)).toBe(at(C.aborts))
          expect(at(C.phasesLostToAbort)).toBeLessThanOrEqual(at(C.abortCostPhase))
          expect(at(C.holdsUsed) + at(C.holdsExpired)).toBeLessThanOrEqual(at(C.holdsTaken))
        }
      }),
      { numRuns: 100 },
    )
  })
  it('trace makes the same draws as simulate and tells the same winner', () => {
    fc.assert(
      fc.property(scenarioArb, ({ plan, seed }) => {
        const a = createStream(seed, 2)
        const b = createStream(seed, 2)
        const events = hero.trace(plan, a)
        const tally = createTally(hero.shape(plan))
        hero.simulate(plan, b, tally)
        expect(a.u32()).toBe(b.u32())
        const end = events.find((e) => e.kind === 'end')?.text ?? ''
        const winner = tally.counts[0] ? 'A' : tally.counts[1] ? 'B' : 'draw'
        expect(winner === 'draw' ? /draw/.test(end) : /win/.test(end)).toBe(true)
      }),
      { numRuns: 100 },
    )
  })
  it('the same seed gives the same tally', () => {
    fc.assert(
      fc.property(scenarioArb, ({ plan, seed }) => {
        const run = (): number[] => {
          const t = createTally(hero.shape(plan))
          const rng = createStream(seed, 3)
          for (let k = 0; k < 10; k++) hero.simulate(plan, rng, t)
          return [...t.counts, ...t.bins]
        }
        expect(run()).toEqual(run())
      }),
      { numRuns: 30 },
    )
  })
})
