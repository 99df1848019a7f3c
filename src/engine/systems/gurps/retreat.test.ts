import { describe, expect, it } from 'vitest'
import type { TraceEvent } from '../../core/trace'
import { Defense } from './codes'
import { bestDefense, type DefenseChoice } from './defense'
import { d3, freshState, planOf, ScriptedRng, type Spec } from './test-helpers'
import { takeTurn } from './turn'

/**
 * When a defender may retreat. GURPS Basic Set p.B377 forbids it only while stunned, sitting or kneeling
 * (lying down here); GURPS Martial Arts adds that a fighter who moved more than a step toward a foe may
 * not retreat from that foe's stop thrust. No book bans it while a Wait interrupts his turn.
 */
const choice = (): DefenseChoice => ({ kind: Defense.None, score: 0, retreat: false })
const dodger: Spec = { id: 'b', basicSpeed: 5, parry: -5 }

describe('retreat (GURPS Basic Set p.B377; Martial Arts stop thrusts)', () => {
  it('Basic Set p.B377 (default): a fighter whose own turn is interrupted by a Wait attack may retreat (+3 Dodge)', () => {
    const plan = planOf([{ id: 'a' }, dodger])
    const st = freshState(plan, new ScriptedRng([]))
    st.current = 1
    const c = choice()
    bestDefense(plan, st, 1, 0, Defense.None, c)
    expect([c.kind, c.score, c.retreat]).toEqual([Defense.Dodge, 8 + 3, true])
  })

  it('Basic Set p.B377 (default): a waiter whose place in a Cascading Waits sequence is still to come may retreat', () => {
    const plan = planOf([{ id: 'a' }, dodger])
    const st = freshState(plan, new ScriptedRng([]))
    st.engaged[1] = 1
    const c = choice()
    bestDefense(plan, st, 1, 0, Defense.None, c)
    expect(c.retreat).toBe(true)
  })

  it('variant "not-while-acting" keeps the earlier ban: no retreat in his own turn or before his cascade slot', () => {
    const plan = planOf([{ id: 'a' }, dodger], { rules: { retreat: 'not-while-acting' } })
    const st = freshState(plan, new ScriptedRng([]))
    const c = choice()
    st.current = 1
    bestDefense(plan, st, 1, 0, Defense.None, c)
    expect([c.score, c.retreat]).toEqual([8, false])
    st.current = -1
    st.engaged[1] = 1
    bestDefense(plan, st, 1, 0, Defense.None, c)
    expect(c.retreat).toBe(false)
    st.engaged[1] = 2
    bestDefense(plan, st, 1, 0, Defense.None, c)
    expect(c.retreat).toBe(true)
  })

  it('still no retreat while stunned or lying down, under every variant', () => {
    for (const retreat of ['whenever-allowed', 'not-against-stop-thrust', 'not-while-acting']) {
      const plan = planOf([{ id: 'a' }, dodger], { rules: { retreat } })
      const st = freshState(plan, new ScriptedRng([]))
      const c = choice()
      st.stunned[1] = 1
      bestDefense(plan, st, 1, 0, Defense.None, c)
      expect(c.retreat).toBe(false)
      st.stunned[1] = 0
      st.prone[1] = 1
      bestDefense(plan, st, 1, 0, Defense.None, c)
      expect(c.retreat).toBe(false)
    }
  })

  describe('variant "not-against-stop-thrust" (GURPS Martial Arts)', () => {
    // b (Move 5) runs 3 yards at the spearman a, who waits for him to come within reach (2) and thrusts
    const spear: Spec = { id: 'a', skill: 14, damage: 'thr+2', type: 'imp', reach: 2, basicSpeed: 4, maneuvers: [{ maneuver: 'wait', trigger: 'enemy-in-reach' }] }
    const runner = (distance: number): Spec => ({ id: 'b', basicSpeed: 5, parry: -5, distance })
    function dodgeText(retreat: string, distance: number): string | undefined {
      const plan = planOf([{ ...spear, distance }, runner(distance)], { rules: { retreat } })
      const log: TraceEvent[] = []
      // a hits with 10; b's dodge rolls 3
      const st = freshState(plan, new ScriptedRng(d3(10, 3)), log)
      st.waiting[0] = 1
      takeTurn(plan, st, 1)
      return log.find((e) => e.kind === 'roll' && e.who[0] === 'b')?.text
    }
    it('after moving 2 yards toward the spearman he may not retreat from the stop thrust; after a single step he may', () => {
      expect(dodgeText('not-against-stop-thrust', 4)).toMatch(/^B dodges \(8\)/)
      expect(dodgeText('not-against-stop-thrust', 3)).toMatch(/^B dodges with a retreat \(11\)/)
    })
    it('by default (Basic Set p.B377) he may retreat from it, though it interrupts his turn', () => {
      expect(dodgeText('whenever-allowed', 4)).toMatch(/^B dodges with a retreat \(11\)/)
    })
  })
})
