import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createStream } from '../../core/rng'
import { createTally } from '../../core/tally'
import type { TraceEvent } from '../../core/trace'
import { gurps } from './index'
import { planOf, type Spec } from './test-helpers'

/** Fixed seed: fast-check prints it with any counterexample. */
const SEED = 20261124

const stepArb: fc.Arbitrary<Record<string, unknown>> = fc.oneof(
  fc.constant({ maneuver: 'attack' }),
  fc.constantFrom('determined', 'strong', 'double', 'feint').map((option) => ({ maneuver: 'all-out-attack', option })),
  fc.constant({ maneuver: 'move-and-attack' }),
  fc.constant({ maneuver: 'feint' }),
  fc.constant({ maneuver: 'ready' }),
  fc.constantFrom('increased-dodge', 'increased-parry', 'increased-block', 'double').map((option) => ({ maneuver: 'all-out-defense', option })),
  fc
    .record({ trigger: fc.constantFrom('enemy-in-reach', 'enemy-attacks', 'enemy-acts', 'signal'), response: fc.constantFrom('attack', 'all-out-attack', 'ready', 'feint') })
    .map((w) => ({ maneuver: 'wait', ...w, ...(w.response === 'all-out-attack' ? { option: 'determined' } : {}) })),
  fc.constant({ maneuver: 'wait', trigger: 'enemy-attacks', response: 'stop-hit' }),
)

const fighterArb = (id: string): fc.Arbitrary<Spec> =>
  fc.record({
    id: fc.constant(id),
    side: fc.constantFrom('x', 'y', id),
    st: fc.integer({ min: 6, max: 16 }),
    dx: fc.integer({ min: 8, max: 15 }),
    ht: fc.integer({ min: 8, max: 14 }),
    hp: fc.integer({ min: 3, max: 16 }),
    skill: fc.integer({ min: 8, max: 18 }),
    damage: fc.constantFrom('sw+1', 'thr', '2d', 'thr-1'),
    type: fc.constantFrom('cr', 'cut', 'imp', 'pi'),
    reach: fc.integer({ min: 0, max: 2 }),
    enhancedTimeSense: fc.boolean(),
    distance: fc.integer({ min: 0, max: 4 }),
    ranged: fc.constantFrom('no' as const, 'firearm' as const, 'muscle-powered' as const),
    barehanded: fc.constantFrom('no', 'yes', 'judo-karate'),
    unbalanced: fc.boolean(),
    targetRule: fc.constantFrom('sticky-first', 'weakest', 'most-injured', 'nearest'),
    pair: fc.boolean(),
    ambidextrous: fc.boolean(),
    maneuvers: fc.array(stepArb, { minLength: 1, maxLength: 4 }),
    // missiles' Shots, his own defence and retreat choices, encumbrance, and a second attack played by name or by his best
    shots: fc.constantFrom(undefined, 'T(1)', '1(2)', '2(1i)'),
    retreat: fc.constantFrom(undefined, 'always', 'never', 'keep-my-attack'),
    defence: fc.constantFrom(undefined, 'best', 'dodge', 'parry', 'block'),
    encumbrance: fc.integer({ min: 0, max: 4 }),
    several: fc.constantFrom(undefined, 'best', 'knife'),
  }).map(({ several, ...spec }) => withAttacks(fitOptions(spec as Spec), several))

/** Shots only on a missile weapon (T only on a muscle-powered one); with `several`, a knife beside his weapon, used by name or by his best. */
function withAttacks(spec: Spec, several: string | undefined): Spec {
  const shots = spec.ranged === 'no' || (spec.shots === 'T(1)' && spec.ranged !== 'muscle-powered') ? undefined : spec.shots
  const out: Spec = { ...spec, shots }
  if (!several) return out
  // both balanced: the unbalanced-weapon property below reads the fighter's one weapon
  const main = { name: 'sword', skill: spec.skill, damage: spec.damage, type: spec.type, reach: spec.reach, ranged: spec.ranged, unbalanced: false, barehanded: spec.barehanded, pair: spec.pair, ...(shots ? { shots } : {}) }
  return { ...out, unbalanced: false, weapons: [main, { name: 'knife', skill: (spec.skill ?? 12) - 1, damage: 'thr', type: 'imp', reach: 1, parry: -1 }], using: several }
}

/**
 * All-Out Attack options his weapon allows (docs/rules/gurps.md section 3): ranged only Determined; Double (aoaDouble
 * "basic-set", B365) needs two weapons or one balanced weapon.
 */
function fitOptions(spec: Spec): Spec {
  const doubleOk = spec.pair === true || spec.barehanded !== 'no' || spec.unbalanced !== true
  const fits = (o: unknown): boolean => (spec.ranged !== 'no' ? o === 'determined' : o !== 'double' || doubleOk)
  const maneuvers = (spec.maneuvers ?? []).map((m) => {
    const aoa = m.maneuver === 'all-out-attack' || m.response === 'all-out-attack'
    // a Stop Hit is a melee attack into a melee attack (GURPS Martial Arts)
    if (m.response === 'stop-hit' && spec.ranged !== 'no') return { ...m, response: 'attack' }
    return aoa && !fits(m.option) ? { ...m, option: 'determined' } : m
  })
  return { ...spec, maneuvers }
}

const scenarioArb = fc
  .integer({ min: 2, max: 4 })
  .chain((n) => fc.tuple(...['a', 'b', 'c', 'd'].slice(0, n).map(fighterArb)))
  .filter((specs) => new Set(specs.map((s) => s.side)).size > 1)

function traced(specs: Spec[], seed: number, rules: Record<string, string> = {}): { events: TraceEvent[]; hpMax: Map<string, number> } {
  const plan = planOf(specs, { signalTurn: 2, turnCap: 30, rules })
  return { events: gurps.trace(plan, createStream(seed, 0)), hpMax: new Map(plan.fighters.map((f) => [f.id, f.hpMax])) }
}

describe('fight invariants (fast-check)', () => {
  it('a fighter acts at most once per turn plus at most one converted Wait', () => {
    fc.assert(
      fc.property(scenarioArb, fc.integer({ min: 0, max: 1000 }), (specs, seed) => {
        const { events } = traced(specs as Spec[], seed)
        const acts = new Map<string, number>()
        const converted = new Map<string, number>()
        for (const e of events) {
          const who = e.who[0]
          if (e.kind === 'turn') {
            acts.set(who, 0)
            converted.set(who, 0)
          } else if (e.kind === 'act') acts.set(who, (acts.get(who) ?? 0) + 1)
          else if (e.kind === 'interrupt') converted.set(who, (converted.get(who) ?? 0) + 1)
          expect(acts.get(who) ?? 0).toBeLessThanOrEqual(1)
          expect(converted.get(who) ?? 0).toBeLessThanOrEqual(1)
        }
      }),
      { numRuns: 150, seed: SEED },
    )
  })

  it('a fighter at −5×HP or below is dead and takes no action', () => {
    fc.assert(
      fc.property(scenarioArb, fc.integer({ min: 0, max: 1000 }), (specs, seed) => {
        const { events, hpMax } = traced(specs as Spec[], seed)
        const gone = new Set<string>()
        for (const e of events) {
          const who = e.who[0]
          if ((e.kind === 'turn' || e.kind === 'act' || e.kind === 'interrupt') && gone.has(who)) throw new Error(`${who} acts after being taken out: ${e.text}`)
          if (e.kind === 'out') gone.add(who)
          const m = /takes \d+ injury \(HP (-?\d+)\//.exec(e.text)
          if (m && Number(m[1]) <= -5 * (hpMax.get(who) as number)) {
            const rest = events.slice(events.indexOf(e))
            expect(rest.some((x) => x.kind === 'out' && x.who[0] === who && x.text.includes('dies'))).toBe(true)
          }
        }
      }),
      { numRuns: 150, seed: SEED },
    )
  })

  it('an unbalanced weapon never attacks and parries between two of its wielder\'s turns (the reverse only under "both-ways")', () => {
    fc.assert(
      fc.property(scenarioArb, fc.integer({ min: 0, max: 1000 }), fc.constantFrom('no-parry-after-attack', 'both-ways'), (specs, seed, rule) => {
        const { events } = traced(specs as Spec[], seed, { unbalancedWeapon: rule })
        const attacked = new Set<string>()
        const parried = new Set<string>()
        // a Stop Hit and the parry that goes with it are one move (GURPS Martial Arts): he may parry in it
        let stopHitter = ''
        for (const e of events) {
          const who = e.who[0]
          if (e.kind === 'interrupt' || e.kind === 'act' || e.kind === 'turn') stopHitter = e.kind === 'interrupt' && e.text.includes('makes a Stop Hit') ? who : ''
          if (!(specs as Spec[]).find((f) => f.id === who)?.unbalanced) continue
          if (e.kind === 'turn') {
            attacked.delete(who)
            parried.delete(who)
          } else if (e.kind === 'roll' && e.text.startsWith(`${who.toUpperCase()} attacks `)) {
            if (rule === 'both-ways') expect(parried.has(who), e.text).toBe(false)
            attacked.add(who)
          } else if (e.kind === 'roll' && e.text.startsWith(`${who.toUpperCase()} parries`)) {
            if (who !== stopHitter) expect(attacked.has(who), e.text).toBe(false)
            parried.add(who)
          }
        }
      }),
      { numRuns: 150, seed: SEED },
    )
  })

  it('trace makes the same draws as simulate, and the same seed gives the same tally', () => {
    fc.assert(
      fc.property(scenarioArb, fc.integer({ min: 0, max: 1000 }), (specs, seed) => {
        const plan = planOf(specs as Spec[], { signalTurn: 2, turnCap: 30 })
        const a = createStream(seed, 1)
        const b = createStream(seed, 1)
        gurps.trace(plan, a)
        const t1 = createTally(plan.layout.shape)
        gurps.simulate(plan, b, t1)
        expect(a.u32()).toBe(b.u32())
        const t2 = createTally(plan.layout.shape)
        gurps.simulate(plan, createStream(seed, 1), t2)
        expect(Array.from(t2.counts)).toEqual(Array.from(t1.counts))
        expect(Array.from(t2.bins)).toEqual(Array.from(t1.bins))
      }),
      { numRuns: 100, seed: SEED },
    )
  })
})
