import { describe, expect, it } from 'vitest'
import { createStream } from '../../core/rng'
import { createTally } from '../../core/tally'
import type { TraceEvent } from '../../core/trace'
import { attack, feint, Mode } from './attack'
import { Aod, Cond, Defense } from './codes'
import { bestDefense, type DefenseChoice } from './defense'
import { C_CAP, C_DRAW } from './layout'
import { gurps } from './index'
import { d3, freshState, planOf, ScriptedRng } from './test-helpers'
import { takeTurn } from './turn'
import { applyInjury } from './injury'
import { Ev, interrupt } from './waits'

const choice = (): DefenseChoice => ({ kind: Defense.None, score: 0, retreat: false })

describe('maneuvers (docs/rules/gurps.md section 3, B365–B366)', () => {
  it('All-Out Attack: no active defence until his next turn', () => {
    const plan = planOf([{ id: 'a', basicSpeed: 6, maneuvers: [{ maneuver: 'all-out-attack', option: 'determined' }] }, { id: 'b' }])
    const st = freshState(plan, new ScriptedRng(d3(18)))
    takeTurn(plan, st, 0)
    expect(st.noDefense[0]).toBe(1)
    const c = choice()
    bestDefense(plan, st, 0, 1, Defense.None, c)
    expect(c.kind).toBe(Defense.None)
    const st2 = freshState(plan, new ScriptedRng(d3(18, 18)))
    takeTurn(plan, st2, 0)
    takeTurn(plan, st2, 0)
    expect(st2.noDefense[0]).toBe(1)
  })
  it('All-Out Attack (Strong): +2 damage or +1 per die, whichever is more', () => {
    const plan = planOf([{ id: 'a', st: 10, damage: 'sw', type: 'cr', maneuvers: [{ maneuver: 'all-out-attack', option: 'strong' }] }, { id: 'b', hp: 30, ht: 30, parry: -5, basicSpeed: 1 }], { rules: { retreat: 'never' } })
    // attack 10 hits, b's dodge 4 fails on 16, 1d = 3 → 3 + 2
    const st = freshState(plan, new ScriptedRng([...d3(10, 16), { raw: 2 }]))
    takeTurn(plan, st, 0)
    expect(st.hp[1]).toBe(25)
  })
  it('All-Out Attack (Double): two attacks on the same foe with two ready weapons (a pair, or two fists)', () => {
    const plan = planOf([{ id: 'a', pair: true, maneuvers: [{ maneuver: 'all-out-attack', option: 'double' }] }, { id: 'b' }])
    const rng = new ScriptedRng(d3(18, 18))
    takeTurn(plan, freshState(plan, rng), 0)
    expect(rng.left).toBe(0)
  })
  it('All-Out Defense (Double): a second, different defence if the first fails', () => {
    const plan = planOf([{ id: 'a' }, { id: 'b', skill: 14, basicSpeed: 5 }], { rules: { retreat: 'never' } })
    const log: TraceEvent[] = []
    const st = freshState(plan, new ScriptedRng(d3(10, 12, 8)), log)
    st.aod[1] = Aod.Double
    expect(attack(plan, st, 0, 1, Mode.Normal, false, false)).toBe(false)
    expect(log.filter((e) => /parries|dodges/.test(e.text)).map((e) => e.text.split(' ')[1])).toEqual(['parries', 'dodges'])
  })
  it('an unbalanced weapon cannot parry on a turn in which it attacked', () => {
    const plan = planOf([{ id: 'a', unbalanced: true, skill: 16, basicSpeed: 3 }, { id: 'b' }], { rules: { retreat: 'never' } })
    const st = freshState(plan, new ScriptedRng(d3(18)))
    takeTurn(plan, st, 0)
    const c = choice()
    bestDefense(plan, st, 0, 1, Defense.None, c)
    expect(c.kind).toBe(Defense.Dodge)
  })
  it('Move and Attack: a full Move to reach the foe, then dodge or block only', () => {
    const plan = planOf([{ id: 'a', basicSpeed: 5, maneuvers: [{ maneuver: 'move-and-attack' }], skill: 16 }, { id: 'b' }], { distance: 5 })
    const st = freshState(plan, new ScriptedRng(d3(18)))
    takeTurn(plan, st, 0)
    expect(st.dist[1]).toBe(1)
    const c = choice()
    bestDefense(plan, st, 0, 1, Defense.None, c)
    expect(c.kind).toBe(Defense.Dodge)
  })
  it('out of reach for his maneuver, he takes a Move toward the foe instead', () => {
    const plan = planOf([{ id: 'a', basicSpeed: 5 }, { id: 'b' }], { distance: 4 })
    const rng = new ScriptedRng([])
    const st = freshState(plan, rng)
    takeTurn(plan, st, 0)
    expect(st.dist[1]).toBe(1)
  })
  it('Feint: the margin of success (foe failed) or of victory (both succeeded) comes off his next defence', () => {
    const plan = planOf([{ id: 'a', skill: 14 }, { id: 'b', skill: 12, dx: 10 }], { rules: { retreat: 'never' } })
    const st = freshState(plan, new ScriptedRng(d3(9, 14, 9, 10)))
    feint(plan, st, 0, 1)
    expect([st.feintOn[0], st.feintMargin[0]]).toEqual([1, 5])
    feint(plan, st, 0, 1)
    expect(st.feintMargin[0]).toBe(5 - 2)
    const c = choice()
    bestDefense(plan, st, 1, 0, Defense.None, c)
    expect([c.kind, c.score]).toEqual([Defense.Parry, 9 - 3])
  })
  it('stunned: Do Nothing, then an HT roll at the end of the turn to recover', () => {
    const plan = planOf([{ id: 'a', ht: 11 }, { id: 'b' }])
    const st = freshState(plan, new ScriptedRng(d3(12, 11)))
    st.stunned[0] = 1
    takeTurn(plan, st, 0)
    expect(st.stunned[0]).toBe(1)
    takeTurn(plan, st, 0)
    expect(st.stunned[0]).toBe(0)
  })
  it('after a knockdown (variants.knockdown): one turn to stand up, one to ready the dropped weapon', () => {
    const plan = planOf([{ id: 'a' }, { id: 'b' }])
    const st = freshState(plan, new ScriptedRng(d3(18)))
    st.prone[0] = 1
    st.ready[0] = 0
    takeTurn(plan, st, 0)
    expect([st.prone[0], st.ready[0]]).toEqual([0, 0])
    takeTurn(plan, st, 0)
    expect(st.ready[0]).toBe(1)
    takeTurn(plan, st, 0)
    expect(st.tally.counts[plan.layout.fighter[0]]).toBe(1)
  })
  it('shockFrom "next-turn": shock lasts through his next turn only, from choosing that maneuver until he chooses the next', () => {
    const plan = planOf([{ id: 'a', maneuvers: [{ maneuver: 'all-out-defense' }] }, { id: 'b' }], { rules: { shockFrom: 'next-turn' } })
    const st = freshState(plan, new ScriptedRng([]))
    applyInjury(plan, st, 1, 0, 3, false, false)
    expect(st.shock[0]).toBe(0)
    takeTurn(plan, st, 0)
    expect(st.shock[0]).toBe(3)
    takeTurn(plan, st, 0)
    expect(st.shock[0]).toBe(0)
  })
  it('shock taken before his turn also penalises the Wait he chose on it when it fires later (his turn lasts until his next choice)', () => {
    const plan = planOf([{ id: 'a', skill: 12, maneuvers: [{ maneuver: 'wait', trigger: 'enemy-attacks', response: 'attack' }] }, { id: 'b' }])
    const log: TraceEvent[] = []
    // b's hit of 2 injury before a's turn; a's Wait then fires on b's attack: a rolls 18 (a miss) at 12 − 2
    const st = freshState(plan, new ScriptedRng(d3(18)), log)
    applyInjury(plan, st, 1, 0, 2, false, false)
    takeTurn(plan, st, 0)
    interrupt(plan, st, Ev.Attack, 1, 0)
    expect(log.some((e) => e.text.startsWith("A's turn (HP 8/10, shock −2)"))).toBe(true)
    expect(log.some((e) => e.text.startsWith('A attacks B with the sword (skill 10)')), log.map((e) => e.text).join('\n')).toBe(true)
  })
  it('shockFrom "next-turn": injury takes effect as shock on his next turn, not in the middle of the present one', () => {
    const plan = planOf([{ id: 'a', skill: 12 }, { id: 'b', hp: 20, ht: 18 }], { rules: { shockFrom: 'next-turn' } })
    const log: TraceEvent[] = []
    const st = freshState(plan, new ScriptedRng(d3(18, 18)), log)
    attack(plan, st, 1, 0, Mode.Normal, false, false)
    applyInjury(plan, st, 1, 0, 3, false, false)
    attack(plan, st, 0, 1, Mode.Normal, false, false)
    expect(log.some((e) => e.text.startsWith('A attacks B with the sword (skill 12)'))).toBe(true)
  })
  it('"if a faster fighter\'s action renders that of a slower fighter impossible, the slower one loses his action (and his Wait)"', () => {
    const plan = planOf([
      { id: 'fast', skill: 16, basicSpeed: 6, damage: '3d', type: 'imp', maneuvers: [{ maneuver: 'wait', trigger: 'signal' }] },
      { id: 'slow', skill: 10, basicSpeed: 4, hp: 8, ht: 8, maneuvers: [{ maneuver: 'wait', trigger: 'signal' }] },
    ], { signalTurn: 2 })
    const log: TraceEvent[] = []
    // contest: fast 10 vs 24, slow 16 vs 16 → fast first; critical hit 3, table 10, damage 3d = 18 → 36 imp;
    // knockdown 18 (out cold), then death checks at −8, −16, −24 (all made)
    const st = freshState(plan, new ScriptedRng(d3(10, 16, 3, 10, 18, 18, 3, 3, 3)), log)
    st.waiting.fill(1)
    interrupt(plan, st, Ev.Signal, -1, -1)
    expect(st.cond[1]).not.toBe(Cond.Ok)
    expect(log.some((e) => e.kind === 'interrupt' && e.who[0] === 'slow')).toBe(false)
    expect(st.waiting[1]).toBe(0)
  })
  it('the fight ends at the turn cap as a draw, or by "most-health" for the side with more HP left (variants.onCap)', () => {
    const specs = [{ id: 'a', maneuvers: [{ maneuver: 'all-out-defense' }] }, { id: 'b', maneuvers: [{ maneuver: 'all-out-defense' }] }]
    for (const [rule, draws] of [['draw', 1], ['most-health', 1]] as const) {
      const plan = planOf(specs, { turnCap: 3, rules: { onCap: rule } })
      const tally = createTally(plan.layout.shape)
      gurps.simulate(plan, createStream(1, 1), tally)
      expect(tally.counts[C_CAP]).toBe(1)
      // nobody was hurt: equal HP shares are a draw under both rules
      expect(tally.counts[C_DRAW]).toBe(draws)
    }
  })
  it('"most-health" at the turn cap (variants.onCap): the side with the larger share of HP left wins; under "draw" it stays a draw', () => {
    // a attacks a tough, purely defensive b: at the cap a is unhurt (share 1) and b often hurt (share < 1)
    const specs = [{ id: 'a', skill: 16, damage: 'thr-2', type: 'cr' }, { id: 'b', hp: 40, maneuvers: [{ maneuver: 'all-out-defense' }] }]
    let decided = 0
    for (let seed = 1; seed <= 30; seed++) {
      for (const onCap of ['most-health', 'draw'] as const) {
        const plan = planOf(specs, { turnCap: 2, rules: { onCap } })
        const tally = createTally(plan.layout.shape)
        gurps.simulate(plan, createStream(seed, 0), tally)
        expect(tally.counts[C_CAP]).toBe(1)
        const bShare = Math.max(0, plan.state.hp[1]) / plan.fighters[1].hpMax
        const aWins = onCap === 'most-health' && bShare < 1 ? 1 : 0
        expect(tally.counts[plan.layout.sideWins + plan.fighters[0].side], `seed ${seed}, ${onCap}, b at ${plan.state.hp[1]} HP`).toBe(aWins)
        expect(tally.counts[C_DRAW]).toBe(1 - aWins)
        decided += aWins
      }
    }
    expect(decided).toBeGreaterThan(0)
  })
})
