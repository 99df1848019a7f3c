import { describe, expect, it } from 'vitest'
import { createStream } from '../../core/rng'
import { createTally } from '../../core/tally'
import { Defense } from './codes'
import { bestDefense, type DefenseChoice } from './defense'
import { gurps } from './index'
import { F } from './layout'
import { freshState, planOf, ScriptedRng, type Spec } from './test-helpers'

/**
 * Missiles as the Basic Set has them: Shots on the weapon tables (B269: "T(1)" a thrown weapon, one Ready to
 * take up the next; "1(2)" a bow, two Ready turns to reload), and defending against ranged attacks (B375–B376:
 * Dodge always; Block against thrown weapons and muscle-powered missiles, not bullets; Parry only thrown
 * weapons, at −1, −2 for small ones; no retreat bonus, B377).
 */
const choice = (): DefenseChoice => ({ kind: Defense.None, score: 0, retreat: false })

/** Defender with Dodge 8 (+DB), sword Parry 3 + 6 = 9, shield skill 14: Block 3 + 7 = 10, DB 2. */
const shieldBearer = (extra: Partial<Spec> = {}): Spec => ({ id: 'b', basicSpeed: 5, skill: 12, shield: { skill: 14, db: 2 }, ...extra })

function defenceAgainst(attacker: Spec, defender: Spec, setup: (st: ReturnType<typeof freshState>) => void = () => {}): [Defense, number, boolean] {
  const plan = planOf([attacker, defender])
  const st = freshState(plan, new ScriptedRng([]))
  setup(st)
  const c = choice()
  bestDefense(plan, st, 1, 0, Defense.None, c)
  return [c.kind, c.score, c.retreat]
}

describe('defending against missiles (GURPS Basic Set pp.B375–B377)', () => {
  it('a shield-bearer on All-Out Defense (Increased Block, Block 14) blocks arrows at 14: 90.7% per arrow, not a Dodge of 10', () => {
    const archer: Spec = { id: 'a', skill: 14, ranged: 'muscle-powered', shots: '1(2)', damage: 'thr+1', type: 'imp', distance: 2 }
    const bearer = shieldBearer({ maneuvers: [{ maneuver: 'all-out-defense', option: 'increased-block' }] })
    // Block 10 + DB 2 + Increased Block 2 = 14; Dodge 8 + DB 2 = 10 (no retreat against a missile); no Parry of an arrow
    expect(defenceAgainst(archer, bearer, (st) => (st.aod[1] = 2))).toEqual([Defense.Block, 14, false])
    // the bearer acts first (Basic Speed 5 against 5, DX 10 against 10: the order is rolled), so put him first by speed
    const plan = planOf([{ ...archer, basicSpeed: 4.75 }, bearer], { turnCap: 1 })
    const tally = createTally(plan.layout.shape)
    const seed = 31
    const rng = createStream(seed, 0)
    const n = 20_000
    for (let i = 0; i < n; i++) gurps.simulate(plan, rng, tally)
    const rolls = tally.counts[plan.layout.fighter[1] + F.DefenseRolls]
    const saved = tally.counts[plan.layout.fighter[1] + F.DefenseSuccesses]
    const p = 196 / 216
    console.log(`seed ${seed}: ${saved} of ${rolls} arrows blocked`)
    expect(rolls).toBeGreaterThan(n / 2)
    expect(Math.abs(saved - rolls * p)).toBeLessThanOrEqual(4 * Math.sqrt(rolls * p * (1 - p)))
    const log = gurps.trace(plan, createStream(seed, 1))
    expect(log.some((e) => e.text.includes('blocks (14)'))).toBe(true)
  })

  it('a thrown weapon can be blocked, and parried at −1; a small one (a knife) at −2', () => {
    const thrower: Spec = { id: 'a', ranged: 'muscle-powered', damage: 'thr+1', type: 'imp' }
    // sword skill 16: Parry 3 + 8 + DB 2 − 1 = 12, Block 10 + 2 = 12, Dodge 8 + 2 = 10: he parries (on equal
    // scores the one found first is kept); unable to parry he blocks; his Block spent, he parries a knife at
    // 11; with neither he dodges at 10
    const bearer = shieldBearer({ skill: 16 })
    expect(defenceAgainst(thrower, bearer)).toEqual([Defense.Parry, 12, false])
    expect(defenceAgainst(thrower, bearer, (st) => (st.noParry[1] = 1))).toEqual([Defense.Block, 12, false])
    expect(defenceAgainst({ ...thrower, small: true }, bearer, (st) => (st.blocks[1] = 1))).toEqual([Defense.Parry, 11, false])
    expect(defenceAgainst(thrower, bearer, (st) => ((st.blocks[1] = 1), (st.noParry[1] = 1)))).toEqual([Defense.Dodge, 10, false])
  })

  it('arrows can be blocked but never parried; bullets only dodged, and the shield DB does not count', () => {
    const archer: Spec = { id: 'a', ranged: 'muscle-powered', shots: '1(2)', damage: 'thr+1', type: 'imp' }
    expect(defenceAgainst(archer, shieldBearer(), (st) => (st.blocks[1] = 1))).toEqual([Defense.Dodge, 10, false])
    expect(defenceAgainst({ id: 'a', ranged: 'firearm', damage: '2d', type: 'pi' }, shieldBearer())).toEqual([Defense.Dodge, 8, false])
  })

  it('no retreat bonus against a missile, though the same defender retreats from a sword', () => {
    expect(defenceAgainst({ id: 'a', ranged: 'muscle-powered', shots: '1(2)' }, { id: 'b', basicSpeed: 5, parry: -5 })).toEqual([Defense.Dodge, 8, false])
    expect(defenceAgainst({ id: 'a' }, { id: 'b', basicSpeed: 5, parry: -5 })).toEqual([Defense.Dodge, 11, true])
  })
})

describe('Shots and the Ready after a throw (GURPS Basic Set p.B269 Shots, p.B366 Ready)', () => {
  /** Attacks the shooter makes in a fight of `turns` turns against a target out of reach who cannot be hurt. */
  const attacksIn = (shooter: Partial<Spec>, turns: number): number => {
    const plan = planOf([{ id: 'a', basicSpeed: 6, ranged: 'muscle-powered', damage: 'thr', type: 'cr', ...shooter }, { id: 'b', dr: 100, distance: 10, maneuvers: [{ maneuver: 'all-out-defense' }] }], { turnCap: turns })
    const tally = createTally(plan.layout.shape)
    gurps.simulate(plan, createStream(3, 0), tally)
    return tally.counts[plan.layout.fighter[0] + F.Attacks]
  }

  it('a thrown weapon (T(1), the default for a muscle-powered weapon) takes a Ready before each further throw', () => {
    expect(attacksIn({}, 4)).toBe(2)
    expect(attacksIn({ shots: 'T(1)' }, 5)).toBe(3)
    const log = gurps.trace(planOf([{ id: 'a', basicSpeed: 6, ranged: 'muscle-powered' }, { id: 'b', dr: 100, distance: 10, maneuvers: [{ maneuver: 'all-out-defense' }] }], { turnCap: 2 }), createStream(3, 0))
    expect(log.some((e) => e.text.includes('A readies another sword (a thrown weapon needs a Ready before the next throw).'))).toBe(true)
  })

  it('a bow (1(2)) shoots, then spends two Ready turns reloading; a firearm with no shots given never reloads', () => {
    expect(attacksIn({ shots: '1(2)' }, 4)).toBe(2)
    expect(attacksIn({ shots: '1(2)' }, 6)).toBe(2)
    expect(attacksIn({ shots: '1(2)' }, 7)).toBe(3)
    expect(attacksIn({ ranged: 'firearm' }, 5)).toBe(5)
    // a revolver: 2 shots, then 1 turn per shot to reload (2 turns): shoot, shoot, reload, reload, shoot
    expect(attacksIn({ ranged: 'firearm', shots: '2(1i)' }, 5)).toBe(3)
  })
})
