import { describe, expect, it } from 'vitest'
import { withinStandardErrors } from '../../../../tests/helpers'
import { createStream } from '../../core/rng'
import { attack, Mode } from './attack'
import { quickContestExact } from '../../dice/quick-contest'
import { openingOdds, standoffExact } from './exact'
import { resetFight } from './fight'
import { F } from './layout'
import { freshState, planOf, type Spec } from './test-helpers'

/**
 * The sampled attack roll, critical, defence and "lands" frequencies of one opening attack against
 * their exact values, within 4 standard errors on a fixed seed.
 */
describe('sampled attack and defence odds vs exact (fixed seed, 4 standard errors)', () => {
  const cases: [string, Spec[]][] = [
    ['Broadsword 13 vs a dodging, retreating target', [{ id: 'a', skill: 13 }, { id: 'b', basicSpeed: 5.5, parry: -5 }]],
    ['skill 16 vs Parry 10 with a shield (Block 9 + DB 1)', [{ id: 'a', skill: 16 }, { id: 'b', skill: 14, basicSpeed: 4, shield: { skill: 12, db: 1 } }]],
    ['skill 10 vs a Combat Reflexes fencer', [{ id: 'a', skill: 10 }, { id: 'b', skill: 15, fencing: true, combatReflexes: true, basicSpeed: 5 }]],
    ['Guns 15 at 7 yards (−3) vs a Dodge 9', [{ id: 'a', skill: 15, ranged: 'firearm', damage: '2d', type: 'pi', distance: 7 }, { id: 'b', basicSpeed: 6 }]],
    ['Broadsword 12 vs a barehanded Brawling 16 parry (12 − 3 + 1 retreat)', [{ id: 'a', skill: 12 }, { id: 'b', skill: 16, damage: 'thr-1', type: 'cr', barehanded: 'yes', basicSpeed: 4 }]],
  ]
  it.each(cases)('%s', (_label, specs) => {
    const plan = planOf(specs, { rules: { criticalHits: 'no-defense-only' } })
    const exact = openingOdds(plan)[0]
    const st = freshState(plan, createStream(31337, 2))
    const n = 60_000
    for (let i = 0; i < n; i++) {
      resetFight(plan, st)
      st.hp[1] = 1000
      attack(plan, st, 0, 1, Mode.Normal, false, false)
    }
    const c = st.tally.counts
    const A = plan.layout.fighter[0]
    const D = plan.layout.fighter[1]
    const ordinary = c[A + F.AttackSuccesses] - c[A + F.Crits]
    expect(withinStandardErrors(c[A + F.AttackSuccesses], n, exact.success)).toBe(true)
    expect(withinStandardErrors(c[A + F.Crits], n, exact.critical)).toBe(true)
    expect(c[D + F.DefenseRolls]).toBe(ordinary)
    expect(withinStandardErrors(c[D + F.DefenseSuccesses], ordinary, exact.defenseSucceeds)).toBe(true)
    expect(withinStandardErrors(c[A + F.Hits], n, exact.lands)).toBe(true)
    // the injury of each landed hit against the exact distribution (criticals give normal damage here)
    const bins = st.tally.bins
    const b0 = plan.layout.attackBins[0]
    exact.injury.forEach((p, inj) => {
      if (inj === 0) return
      expect(withinStandardErrors(bins[b0 + inj], c[A + F.Hits], p), `injury ${inj}`).toBe(true)
    })
  })
})

describe('exact opening standoff', () => {
  it('two fighters on a signal Wait: who strikes first is the Quick Contest of their Wait scores', () => {
    const plan = planOf(
      [
        { id: 'a', skill: 14, basicSpeed: 6, combatReflexes: true, maneuvers: [{ maneuver: 'wait', trigger: 'signal' }] },
        { id: 'b', skill: 15, basicSpeed: 5.75, maneuvers: [{ maneuver: 'wait', trigger: 'signal' }] },
      ],
      { signalTurn: 2 },
    )
    const c = quickContestExact(14 + 1 + 6 + 2, 15 + 5 + 2)
    expect(standoffExact(plan)).toEqual({ first: [c.aFirst / 216 ** 2, c.bFirst / 216 ** 2], tie: c.tie / 216 ** 2 })
  })
  it('Enhanced Time Sense strikes first for certain; any other opening has no exact value', () => {
    const waitSignal = [{ maneuver: 'wait', trigger: 'signal' }]
    expect(standoffExact(planOf([{ id: 'a', enhancedTimeSense: true, maneuvers: waitSignal }, { id: 'b', skill: 18, maneuvers: waitSignal }], { signalTurn: 2 }))).toEqual({ first: [1, 0], tie: 0 })
    expect(standoffExact(planOf([{ id: 'a', maneuvers: waitSignal }, { id: 'b' }], { signalTurn: 2 }))).toBeUndefined()
    expect(standoffExact(planOf([{ id: 'a', maneuvers: waitSignal }, { id: 'b', maneuvers: waitSignal }], { signalTurn: 3 }))).toBeUndefined()
  })
})
