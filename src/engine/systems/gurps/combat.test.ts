import { describe, expect, it } from 'vitest'
import { attack, Mode } from './attack'
import { Aod, Cond, Defense } from './codes'
import { bestDefense, dodgeBase, type DefenseChoice } from './defense'
import { injuryDistribution, landsExact } from './exact'
import { applyInjury, consciousnessRoll } from './injury'
import { F } from './layout'
import { d3, freshState, planOf, ScriptedRng } from './test-helpers'
import { takeTurn } from './turn'

const choice = (): DefenseChoice => ({ kind: Defense.None, score: 0, retreat: false })

describe('active defences (docs/rules/gurps.md section 3)', () => {
  const noRetreat = { rules: { retreat: 'never' } }
  it('Dodge = ⌊Basic Speed⌋ + 3: Basic Speed 5.75 dodges 8; +1 with Combat Reflexes', () => {
    const plan = planOf([{ id: 'a' }, { id: 'b', basicSpeed: 5.75, combatReflexes: true, parry: -5 }], noRetreat)
    const st = freshState(plan, new ScriptedRng([]))
    const c = choice()
    bestDefense(plan, st, 1, 0, Defense.None, c)
    expect([c.kind, c.score]).toEqual([Defense.Dodge, 8 + 1])
  })
  it('Dodge is halved, rounding up, below a third of HP (Dodge 9 → 5 at 3 of 10 HP)', () => {
    const plan = planOf([{ id: 'a' }, { id: 'b', basicSpeed: 6, hp: 10 }])
    const st = freshState(plan, new ScriptedRng([]))
    st.hp[1] = 4
    expect(dodgeBase(plan, st, 1)).toBe(9)
    st.hp[1] = 3
    expect(dodgeBase(plan, st, 1)).toBe(5)
  })
  it('Parry = 3 + ⌊skill/2⌋ + the weapon parry modifier: Broadsword 13 parries 9, a knife (−1) at 14 parries 9', () => {
    const plan = planOf([{ id: 'a' }, { id: 'b', skill: 13, basicSpeed: 4 }, { id: 'c', side: 'b', skill: 14, parry: -1, basicSpeed: 4 }], noRetreat)
    const st = freshState(plan, new ScriptedRng([]))
    const c = choice()
    bestDefense(plan, st, 1, 0, Defense.None, c)
    expect([c.kind, c.score]).toEqual([Defense.Parry, 9])
    bestDefense(plan, st, 2, 0, Defense.None, c)
    expect([c.kind, c.score]).toEqual([Defense.Parry, 9])
  })
  it('Block = 3 + ⌊Shield/2⌋, and the shield DB adds to every defence', () => {
    const plan = planOf([{ id: 'a' }, { id: 'b', skill: 10, parry: -5, basicSpeed: 4, shield: { skill: 14, db: 2 } }], noRetreat)
    const st = freshState(plan, new ScriptedRng([]))
    const c = choice()
    bestDefense(plan, st, 1, 0, Defense.None, c)
    expect([c.kind, c.score]).toEqual([Defense.Block, 10 + 2])
    bestDefense(plan, st, 1, 0, Defense.Block, c)
    expect([c.kind, c.score]).toEqual([Defense.Dodge, 7 + 2])
  })
  it('retreat: +3 Dodge, +1 Parry, +3 Parry with a fencing weapon', () => {
    const plan = planOf([{ id: 'a' }, { id: 'b', basicSpeed: 5 }, { id: 'c', side: 'b', skill: 16, basicSpeed: 3 }, { id: 'd', side: 'b', skill: 14, basicSpeed: 3, fencing: true }])
    const st = freshState(plan, new ScriptedRng([]))
    const c = choice()
    bestDefense(plan, st, 1, 0, Defense.Parry, c)
    expect([c.kind, c.score, c.retreat]).toEqual([Defense.Dodge, 8 + 3, true])
    bestDefense(plan, st, 2, 0, Defense.None, c)
    expect([c.kind, c.score]).toEqual([Defense.Parry, 11 + 1])
    bestDefense(plan, st, 3, 0, Defense.None, c)
    expect([c.kind, c.score]).toEqual([Defense.Parry, 10 + 3])
  })
  it('retreat: +3 Parry with Judo or Karate too (rules-combat docs/rules/gurps.md section 3 "fencing weapons, Boxing, Judo or Karate"), +1 for a plain barehanded parry', () => {
    const fists = { damage: 'thr-1', type: 'cr' as const, skill: 16, basicSpeed: 3 }
    const plan = planOf([{ id: 'a', barehanded: 'yes', ...fists }, { id: 'b', barehanded: 'yes', ...fists }, { id: 'c', barehanded: 'judo-karate', ...fists }])
    const st = freshState(plan, new ScriptedRng([]))
    const c = choice()
    bestDefense(plan, st, 1, 0, Defense.None, c)
    expect([c.kind, c.score, c.retreat]).toEqual([Defense.Parry, 11 + 1, true])
    bestDefense(plan, st, 2, 0, Defense.None, c)
    expect([c.kind, c.score, c.retreat]).toEqual([Defense.Parry, 11 + 3, true])
  })
  it('a retreat is a step back, once per turn; its bonus covers later defences without another step', () => {
    const plan = planOf([{ id: 'a' }, { id: 'b', basicSpeed: 5, parry: -5 }])
    const st = freshState(plan, new ScriptedRng(d3(10, 10, 5, 10, 10)))
    attack(plan, st, 0, 1, Mode.Normal, false, false)
    expect(st.dist[0 * 2 + 1]).toBe(2)
    st.dist[1] = st.dist[2] = 1
    attack(plan, st, 0, 1, Mode.Normal, false, false)
    expect(st.dist[1]).toBe(1)
    const c = choice()
    bestDefense(plan, st, 1, 0, Defense.None, c)
    expect(c.score).toBe(11)
  })
  it('All-Out Defense (Increased) gives +2 to the chosen defence; an All-Out Attacker has no defence at all', () => {
    const plan = planOf([{ id: 'a' }, { id: 'b', basicSpeed: 5, parry: -5 }], noRetreat)
    const st = freshState(plan, new ScriptedRng([]))
    const c = choice()
    st.aod[1] = Aod.IncreasedDodge
    bestDefense(plan, st, 1, 0, Defense.None, c)
    expect(c.score).toBe(10)
    st.noDefense[1] = 1
    bestDefense(plan, st, 1, 0, Defense.None, c)
    expect(c.kind).toBe(Defense.None)
  })
  it('repeated parries with the same weapon are at −4 each (fencing −2); stunned defends at −4', () => {
    const plan = planOf([{ id: 'a' }, { id: 'b', skill: 16, basicSpeed: 2 }], noRetreat)
    const st = freshState(plan, new ScriptedRng([]))
    const c = choice()
    st.parries[1] = 1
    bestDefense(plan, st, 1, 0, Defense.Dodge, c)
    expect(c.score).toBe(11 - 4)
    st.parries[1] = 0
    st.stunned[1] = 1
    bestDefense(plan, st, 1, 0, Defense.Dodge, c)
    expect(c.score).toBe(11 - 4)
  })
  it('one Block per turn by default; under variants.multipleBlocks "martial-arts" each further Block is at a cumulative −5', () => {
    const shield = { id: 'b', skill: 3, parry: -5, basicSpeed: 1, shield: { skill: 14, db: 1 } }
    const c = choice()
    const book = planOf([{ id: 'a' }, shield], noRetreat)
    const st = freshState(book, new ScriptedRng([]))
    st.blocks[1] = 1
    bestDefense(book, st, 1, 0, Defense.None, c)
    expect(c.kind).not.toBe(Defense.Block)
    const ma = planOf([{ id: 'a' }, shield], { rules: { retreat: 'never', multipleBlocks: 'martial-arts' } })
    const st2 = freshState(ma, new ScriptedRng([]))
    bestDefense(ma, st2, 1, 0, Defense.None, c)
    expect([c.kind, c.score]).toEqual([Defense.Block, 10 + 1])
    st2.blocks[1] = 1
    bestDefense(ma, st2, 1, 0, Defense.None, c)
    expect([c.kind, c.score]).toEqual([Defense.Block, 10 + 1 - 5])
    st2.blocks[1] = 2
    bestDefense(ma, st2, 1, 0, Defense.Block, c)
    expect(c.kind).toBe(Defense.Dodge)
    bestDefense(ma, st2, 1, 0, Defense.Dodge, c)
    expect([c.kind, c.score]).toEqual([Defense.Block, 10 + 1 - 10])
  })
  it('bullets cannot be parried or blocked: only Dodge, and the shield DB does not count "against firearms"', () => {
    const plan = planOf([{ id: 'a', ranged: 'firearm' }, { id: 'b', skill: 18, basicSpeed: 4, shield: { skill: 16, db: 2 } }], noRetreat)
    const st = freshState(plan, new ScriptedRng([]))
    const c = choice()
    bestDefense(plan, st, 1, 0, Defense.None, c)
    expect([c.kind, c.score]).toEqual([Defense.Dodge, 7])
  })
  it('the shield\'s DB counts against bows and thrown weapons ("muscle-powered"), not firearms', () => {
    const dodge = (ranged: 'firearm' | 'muscle-powered'): [Defense, number] => {
      const plan = planOf([{ id: 'a', ranged }, { id: 'b', skill: 18, basicSpeed: 4, shield: { skill: 16, db: 2 } }], noRetreat)
      const st = freshState(plan, new ScriptedRng([]))
      const c = choice()
      // his Dodge alone: the Parry and Block he may also have against a thrown weapon are left out here
      st.blocks[1] = 1
      st.noParry[1] = 1
      bestDefense(plan, st, 1, 0, Defense.None, c)
      return [c.kind, c.score]
    }
    expect(dodge('firearm')).toEqual([Defense.Dodge, 7])
    expect(dodge('muscle-powered')).toEqual([Defense.Dodge, 7 + 2])
  })
})

describe('attack roll and damage (docs/rules/gurps.md section 3, docs/rules/gurps.md section 3)', () => {
  it('a critical hit (3 or 4) allows no defence and rolls on the critical-hit table', () => {
    const plan = planOf([{ id: 'a', st: 10, damage: 'sw', type: 'cr' }, { id: 'b', hp: 30, ht: 30 }])
    // attack 4 (critical), table 10 (normal damage), damage 1d = 4
    const rng = new ScriptedRng([...d3(4, 10), { raw: 3 }])
    const st = freshState(plan, rng)
    expect(attack(plan, st, 0, 1, Mode.Normal, false, false)).toBe(true)
    expect(rng.left).toBe(0)
    expect(st.hp[1]).toBe(26)
  })
  it('critical-hit table 3 triples basic damage; 17 halves DR', () => {
    const plan = planOf([{ id: 'a', st: 10, damage: 'sw', type: 'cr' }, { id: 'b', hp: 60, ht: 30, dr: 5 }])
    const st = freshState(plan, new ScriptedRng([...d3(3, 3), { raw: 5 }, ...d3(4, 17), { raw: 5 }]))
    attack(plan, st, 0, 1, Mode.Normal, false, false)
    expect(st.hp[1]).toBe(60 - (6 * 3 - 5))
    attack(plan, st, 0, 1, Mode.Normal, false, false)
    expect(st.hp[1]).toBe(60 - 13 - (6 - 2))
  })
  it('effective skill: All-Out Attack (Determined) +4; Move and Attack −4 and at most 9; shock lowers it', () => {
    const plan = planOf([{ id: 'a', skill: 15 }, { id: 'b' }])
    const st = freshState(plan, new ScriptedRng(d3(18, 18, 18)))
    st.shock[0] = 2
    attack(plan, st, 0, 1, Mode.Determined, false, false)
    attack(plan, st, 0, 1, Mode.MoveAndAttack, false, false)
    expect(st.tally.counts[plan.layout.fighter[0] + F.Attacks]).toBe(2)
    const st2 = freshState(plan, new ScriptedRng(d3(17)))
    // 17 always fails, even at skill 19
    expect(attack(plan, st2, 0, 1, Mode.Determined, false, false)).toBe(false)
  })
  it('E[injury] per hit matches docs/rules/gurps.md section 4: ST 10 broadsword 1d+1 cut 6.5 / 3.5 / 1.333 at DR 0 / 2 / 4', () => {
    const mean = (dr: number): number => injuryDistribution(1, 1, 1, dr, 3, true).reduce((s, p, i) => s + p * i, 0)
    expect(mean(0)).toBeCloseTo(6.5, 10)
    expect(mean(2)).toBeCloseTo(3.5, 10)
    expect(mean(4)).toBeCloseTo(4 / 3, 10)
  })
  it('E[injury] per hit: ST 14 axe 2d+2 cut 13.25 vs DR 0, ST 10 punch 1d−3 cr 1.0 / 0.167 / 0', () => {
    expect(injuryDistribution(2, 2, 1, 0, 3, true).reduce((s, p, i) => s + p * i, 0)).toBeCloseTo(13.25, 10)
    const punch = (dr: number): number => injuryDistribution(1, -3, 0, dr, 2, true).reduce((s, p, i) => s + p * i, 0)
    expect(punch(0)).toBeCloseTo(1, 10)
    expect(punch(2)).toBeCloseTo(1 / 6, 10)
    expect(punch(4)).toBe(0)
  })
  it.each([
    [10, 6, 0.4554],
    [10, 10, 0.2593],
    [12, 8, 0.5535],
    [14, 9, 0.5741],
    [16, 12, 0.323],
    [18, 6, 0.8992],
  ])('P(attack lands), skill %i vs defence %i = %f (docs/rules/gurps.md section 4 table)', (skill, defense, p) => {
    expect(landsExact(skill, defense)).toBeCloseTo(p, 4)
  })
})

describe('injury (docs/rules/gurps.md section 3)', () => {
  it('shock: −1 per HP of injury, at most −4; per 2 HP at 20–29 HP; none with High Pain Threshold', () => {
    const plan = planOf([{ id: 'a' }, { id: 'b', hp: 10, ht: 18 }, { id: 'c', side: 'b', hp: 24, ht: 18 }, { id: 'd', side: 'b', hp: 10, highPainThreshold: true }])
    const st = freshState(plan, new ScriptedRng(d3(10, 10)))
    applyInjury(plan, st, 0, 1, 3, false, false)
    expect(st.shockCarry[1]).toBe(3)
    applyInjury(plan, st, 0, 1, 2, false, false)
    expect(st.shockCarry[1]).toBe(4)
    applyInjury(plan, st, 0, 2, 5, false, false)
    expect(st.shockCarry[2]).toBe(2)
    applyInjury(plan, st, 0, 3, 4, false, false)
    expect(st.shockCarry[3]).toBe(0)
  })
  it('a major wound (injury > HP/2) calls for an HT roll: failure stuns, knocks down and drops the weapon', () => {
    const plan = planOf([{ id: 'a' }, { id: 'b', hp: 10, ht: 10 }])
    const st = freshState(plan, new ScriptedRng(d3(12)))
    applyInjury(plan, st, 0, 1, 5, false, false)
    expect(st.stunned[1]).toBe(0)
    applyInjury(plan, st, 0, 1, 1, false, false)
    const st2 = freshState(plan, new ScriptedRng(d3(12)))
    applyInjury(plan, st2, 0, 1, 6, false, false)
    expect([st2.stunned[1], st2.prone[1], st2.ready[1], st2.cond[1]]).toEqual([1, 1, 0, Cond.Ok])
  })
  it('variants.painThresholdRolls "basic-set" (default): the major-wound HT roll is at +3 with High Pain Threshold and −4 with Low Pain Threshold (GURPS Basic Set p.B59, p.B142)', () => {
    const plan = planOf([{ id: 'a' }, { id: 'b', hp: 10, ht: 10, highPainThreshold: true }, { id: 'c', side: 'b', hp: 10, ht: 10, lowPainThreshold: true }])
    const st = freshState(plan, new ScriptedRng(d3(13, 7)))
    applyInjury(plan, st, 0, 1, 6, false, false)
    expect(st.stunned[1]).toBe(0)
    applyInjury(plan, st, 0, 2, 6, false, false)
    expect([st.stunned[2], st.prone[2]]).toEqual([1, 1])
  })
  it('painThresholdRolls "shock-only": docs/rules/gurps.md section 3 gives the pain thresholds only their shock effects, so the major-wound HT roll is plain HT', () => {
    const specs = [{ id: 'a' }, { id: 'b', hp: 10, ht: 10, highPainThreshold: true }, { id: 'c', side: 'b', hp: 10, ht: 10, lowPainThreshold: true }]
    const plan = planOf(specs, { rules: { painThresholdRolls: 'shock-only' } })
    // 12 fails HT 10 (it would pass at 13 with +3); 8 passes HT 10 (it would fail at 6 with −4)
    const st = freshState(plan, new ScriptedRng(d3(12, 8)))
    applyInjury(plan, st, 0, 1, 6, false, false)
    expect([st.stunned[1], st.prone[1]]).toEqual([1, 1])
    applyInjury(plan, st, 0, 2, 6, false, false)
    expect([st.stunned[2], st.prone[2]]).toEqual([0, 0])
    expect(st.shockCarry[1]).toBe(0)
    expect(st.shockCarry[2]).toBe(8)
  })
  it('failing the major-wound roll by 5 or more knocks him out', () => {
    const plan = planOf([{ id: 'a' }, { id: 'b', hp: 10, ht: 10 }, { id: 'c', side: 'a' }])
    const st = freshState(plan, new ScriptedRng(d3(15)))
    applyInjury(plan, st, 0, 1, 6, false, false)
    expect(st.cond[1]).toBe(Cond.Unconscious)
  })
  it('at 0 HP or less: HT roll at the start of each turn, −1 per full multiple of HP below zero', () => {
    const plan = planOf([{ id: 'a' }, { id: 'b', hp: 10, ht: 12 }])
    const st = freshState(plan, new ScriptedRng(d3(11, 12)))
    st.hp[1] = -10
    expect(consciousnessRoll(plan, st, 1)).toBe(true)
    expect(consciousnessRoll(plan, st, 1)).toBe(false)
    expect(st.cond[1]).toBe(Cond.Unconscious)
  })
  it('at 0 HP or less, a turn of Do Nothing (stunned) with no defence roll needs no consciousness roll', () => {
    const plan = planOf([{ id: 'a' }, { id: 'b', hp: 10, ht: 12 }])
    // the only draw is the end-of-turn HT roll to shake off the stun (13: still stunned)
    const rng = new ScriptedRng(d3(13))
    const st = freshState(plan, rng)
    st.hp[1] = -3
    st.stunned[1] = 1
    takeTurn(plan, st, 1)
    expect([st.cond[1], st.stunned[1], rng.left]).toEqual([Cond.Ok, 1, 0])
  })
  it('a defence roll after such a turn calls for the consciousness roll first; failing it, he passes out and gets no defence', () => {
    const plan = planOf([{ id: 'a' }, { id: 'b', hp: 10, ht: 12, dr: 100 }])
    // end-of-turn stun roll 13; attack 10 hits; consciousness 13 fails (HT 12); damage die, stopped by DR 100
    const rng = new ScriptedRng([...d3(13, 10, 13), { raw: 0 }])
    const st = freshState(plan, rng)
    st.hp[1] = -3
    st.stunned[1] = 1
    takeTurn(plan, st, 1)
    expect(attack(plan, st, 0, 1, Mode.Normal, false, false)).toBe(true)
    expect([st.cond[1], st.tally.counts[plan.layout.fighter[1] + F.DefenseRolls], rng.left]).toEqual([Cond.Unconscious, 0, 0])
  })
  it('passing that consciousness roll, he defends (stunned, −4); the roll is not asked again before his next turn', () => {
    const plan = planOf([{ id: 'a' }, { id: 'b', hp: 10, ht: 12 }])
    // stun roll 13; attack 10; consciousness 12 made; Parry 9 − 4 = 5: 5 parries; attack 10; Dodge 8 − 4 = 4 now beats a second parry: 3
    const rng = new ScriptedRng(d3(13, 10, 12, 5, 10, 3))
    const st = freshState(plan, rng)
    st.hp[1] = -3
    st.stunned[1] = 1
    takeTurn(plan, st, 1)
    expect(attack(plan, st, 0, 1, Mode.Normal, false, false)).toBe(false)
    expect(attack(plan, st, 0, 1, Mode.Normal, false, false)).toBe(false)
    expect([st.cond[1], rng.left]).toEqual([Cond.Ok, 0])
  })
  it('death checks at each −k×HP crossed; automatic death at −5×HP', () => {
    const plan = planOf([{ id: 'a' }, { id: 'b', hp: 10, ht: 12 }, { id: 'c', side: 'b', hp: 10, ht: 12 }])
    // from 0 to −25 crosses −10 and −20: two HT rolls after the major-wound roll; then one more major-wound roll
    const rng = new ScriptedRng(d3(10, 10, 10, 10))
    const st = freshState(plan, rng)
    st.hp[1] = 0
    applyInjury(plan, st, 0, 1, 25, false, false)
    expect(st.cond[1]).toBe(Cond.Ok)
    st.hp[1] = -45
    applyInjury(plan, st, 0, 1, 5, false, true)
    expect(st.cond[1]).toBe(Cond.Dead)
    expect(rng.left).toBe(0)
  })
  it('a failed death check by 1–2 is death by default, a mortal wound under variants.failedDeathCheck "mortal-wound"', () => {
    for (const [rule, cond] of [['dead', Cond.Dead], ['mortal-wound', Cond.Mortal]] as const) {
      const plan = planOf([{ id: 'a' }, { id: 'b', hp: 10, ht: 12 }], { rules: { failedDeathCheck: rule } })
      const st = freshState(plan, new ScriptedRng(d3(10, 14)))
      st.hp[1] = 0
      applyInjury(plan, st, 0, 1, 10, false, false)
      expect(st.cond[1]).toBe(cond)
    }
  })
})
