import { describe, expect, it } from 'vitest'
import { attack, effectiveSkill, Mode } from './attack'
import { bestDefense, type DefenseChoice } from './defense'
import { openingOdds } from './exact'
import { allowance, moveNow, pickTarget } from './maneuver'
import { Defense, Maneuver } from './codes'
import { takeTurn } from './turn'
import { rangePenalty } from './range'
import { d3, freshState, planOf, ScriptedRng, type Spec } from './test-helpers'

const choice = (): DefenseChoice => ({ kind: Defense.None, score: 0, retreat: false })

describe('range penalties (Size and Speed/Range Table)', () => {
  it('0 up to 2 yards, −1 at 3, −2 at 4–5, −3 at 7, −4 at 10, −5 at 15, −6 at 20, −7 at 30, −8 at 50, −10 at 100', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8, 10, 11, 15, 20, 30, 50, 70, 100, 101].map(rangePenalty)).toEqual([0, 0, 0, -1, -2, -2, -3, -3, -4, -4, -5, -5, -6, -7, -8, -9, -10, -11])
  })
  it('a pistol shot at 10 yards rolls against skill −4; a melee blow takes no range penalty', () => {
    const plan = planOf([{ id: 'gun', skill: 14, ranged: 'firearm', distance: 10 }, { id: 'b' }])
    const st = freshState(plan, new ScriptedRng([]))
    expect(effectiveSkill(plan, st, 0, 1, Mode.Normal)).toBe(10)
    expect(effectiveSkill(plan, st, 0, 1, Mode.Determined)).toBe(11)
    expect(effectiveSkill(plan, st, 1, 0, Mode.Normal)).toBe(12)
  })
  it('the attack roll uses the range penalty: 11 hits at skill 14 point-blank but misses at 10 yards', () => {
    const plan = planOf([{ id: 'gun', skill: 14, ranged: 'firearm', distance: 10 }, { id: 'b', basicSpeed: 1 }], { rules: { retreat: 'never' } })
    const st = freshState(plan, new ScriptedRng(d3(11)))
    expect(attack(plan, st, 0, 1, Mode.Normal, false, false)).toBe(false)
  })
  it('Move and Attack with a ranged weapon is at −2 with no cap of 9 (B365); in melee −4 and at most 9', () => {
    const plan = planOf([{ id: 'gun', skill: 16, ranged: 'firearm', distance: 2 }, { id: 'b', skill: 16 }])
    const st = freshState(plan, new ScriptedRng([]))
    expect(effectiveSkill(plan, st, 0, 1, Mode.MoveAndAttack)).toBe(14)
    expect(effectiveSkill(plan, st, 1, 0, Mode.MoveAndAttack)).toBe(9)
  })
  it('"rangePenalties": "none" ignores range; the exact opening odds use the same skill', () => {
    const specs: Spec[] = [{ id: 'gun', skill: 14, ranged: 'firearm', distance: 10 }, { id: 'b' }]
    const plan = planOf(specs, { rules: { rangePenalties: 'none' } })
    expect(effectiveSkill(plan, freshState(plan, new ScriptedRng([])), 0, 1, Mode.Normal)).toBe(14)
    expect(openingOdds(plan)[0].skill).toBe(14)
    expect(openingOdds(planOf(specs))[0].skill).toBe(10)
  })
})

describe('parrying barehanded (docs/rules/gurps.md section 3)', () => {
  const noRetreat = { rules: { retreat: 'never' } }
  it('a barehanded parry against a swung weapon is at −3 (Brawling 14 parries 10 − 3 = 7)', () => {
    const plan = planOf([{ id: 'sword', damage: 'sw+1' }, { id: 'fist', skill: 14, damage: 'thr-1', type: 'cr', barehanded: 'yes', basicSpeed: 3 }], noRetreat)
    const st = freshState(plan, new ScriptedRng([]))
    const c = choice()
    bestDefense(plan, st, 1, 0, Defense.Dodge, c)
    expect([c.kind, c.score]).toEqual([Defense.Parry, 7])
  })
  it('no −3 against a thrust, against another barehanded fighter, or with Judo or Karate', () => {
    const plan = planOf(
      [
        { id: 'spear', damage: 'thr+2', type: 'imp' },
        { id: 'fist', skill: 14, damage: 'thr-1', type: 'cr', barehanded: 'yes', basicSpeed: 3 },
        { id: 'judoka', side: 'fist', skill: 14, damage: 'thr-1', type: 'cr', barehanded: 'judo-karate', basicSpeed: 3 },
        { id: 'sword', side: 'spear', damage: 'sw+1' },
        { id: 'boxer', side: 'spear', damage: 'thr', type: 'cr', barehanded: 'yes' },
      ],
      noRetreat,
    )
    const st = freshState(plan, new ScriptedRng([]))
    const c = choice()
    const parry = (d: number, a: number): number => (bestDefense(plan, st, d, a, Defense.Dodge, c), c.score)
    expect(parry(1, 0)).toBe(10)
    expect(parry(2, 3)).toBe(10)
    expect(parry(1, 4)).toBe(10)
    expect(parry(1, 3)).toBe(7)
  })
})

describe('target rules (docs/rules/gurps.md section 3, The fight loop)', () => {
  const specs = (rule: string) => [
    { id: 'me', targetRule: rule },
    { id: 'big', side: 'foe', hp: 16, distance: 3 },
    { id: 'small', side: 'foe', hp: 8, distance: 5 },
    { id: 'near', side: 'foe', hp: 12, distance: 1 },
  ]
  const pick = (rule: string, hp?: number[]): number => {
    const plan = planOf(specs(rule))
    const st = freshState(plan, new ScriptedRng([]))
    if (hp) hp.forEach((h, i) => (st.hp[i + 1] = h))
    return pickTarget(plan, st, 0)
  }
  it('"sticky-first" takes the first enemy in roster order and keeps him', () => {
    expect(pick('sticky-first')).toBe(1)
    expect(pick('sticky-first', [2, 8, 12])).toBe(1)
  })
  it('"weakest" takes the enemy with the fewest HP left', () => {
    expect(pick('weakest')).toBe(2)
    expect(pick('weakest', [5, 8, 12])).toBe(1)
  })
  it('"most-injured" takes the enemy with the smallest share of his HP left (8/16 before 5/8)', () => {
    expect(pick('most-injured', [8, 5, 12])).toBe(1)
    expect(pick('most-injured', [16, 5, 12])).toBe(2)
  })
  it('"nearest" takes the closest enemy', () => {
    expect(pick('nearest')).toBe(3)
  })
  it('among equals he keeps his current foe; a preferred target standing comes first', () => {
    const plan = planOf(specs('most-injured'))
    const st = freshState(plan, new ScriptedRng([]))
    st.target[0] = 3
    expect(pickTarget(plan, st, 0)).toBe(3)
    const plan2 = planOf([{ id: 'me', target: 'small', targetRule: 'nearest' }, ...specs('nearest').slice(1)])
    expect(pickTarget(plan2, freshState(plan2, new ScriptedRng([])), 0)).toBe(2)
  })
})

describe('Move below a third of HP (docs/rules/gurps.md section 3)', () => {
  it('Move is halved, rounding up, below a third of HP: Move 5 → 3, so a Move and Attack reaches 3 yards, not 5', () => {
    const plan = planOf([{ id: 'a', basicSpeed: 5, hp: 12, maneuvers: [{ maneuver: 'move-and-attack' }] }, { id: 'b' }], { distance: 6 })
    const st = freshState(plan, new ScriptedRng([]))
    expect(moveNow(plan, st, 0)).toBe(5)
    expect(allowance(plan, st, 0, Maneuver.AllOutAttack)).toBe(2)
    st.hp[0] = 3
    expect(moveNow(plan, st, 0)).toBe(3)
    expect(allowance(plan, st, 0, Maneuver.MoveAndAttack)).toBe(3)
    // 5 yards out of reach: he can only take a Move toward b, 3 yards
    takeTurn(plan, st, 0)
    expect(st.dist[1]).toBe(3)
  })
})
