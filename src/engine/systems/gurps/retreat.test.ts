import { describe, expect, it } from 'vitest'
import { createStream } from '../../core/rng'
import { createTally } from '../../core/tally'
import type { TraceEvent } from '../../core/trace'
import { Defense } from './codes'
import { bestDefense, type DefenseChoice } from './defense'
import { gurps } from './index'
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

describe('each fighter\'s own retreat policy (tactics "retreat")', () => {
  /** A knife-fighter on a Wait for the foe to step into his reach, and a knife-fighter who steps in to attack. */
  const knives = (retreat?: string): Spec[] => [
    { id: 'a', basicSpeed: 5, skill: 12, damage: 'thr', type: 'imp', parry: -1, maneuvers: [{ maneuver: 'wait', trigger: 'enemy-in-reach' }] },
    { id: 'b', basicSpeed: 5.5, skill: 12, damage: 'thr', type: 'imp', parry: -1, distance: 2, ...(retreat ? { retreat } : {}) },
  ]

  it('the knife-fighter who steps in keeps his attack with "keep-my-attack": he wins 37% retreating whenever allowed, 55% keeping his attack (seed 5, 4,000 fights each)', () => {
    const winsOfB = (retreat?: string): number => {
      const plan = planOf(knives(retreat))
      const tally = createTally(plan.layout.shape)
      const rng = createStream(5, 0)
      for (let i = 0; i < 4000; i++) gurps.simulate(plan, rng, tally)
      return tally.counts[plan.layout.sideWins + 1] / 4000
    }
    console.log('seed 5')
    const always = winsOfB()
    const keep = winsOfB('keep-my-attack')
    expect(always).toBeLessThan(0.4)
    expect(keep).toBeGreaterThan(0.5)
    expect(winsOfB('always')).toBe(always)
  })

  it('"keep-my-attack": no step back that takes his foe out of reach of the attack under way, but one that leaves it in reach', () => {
    const plan = planOf(knives('keep-my-attack'))
    const st = freshState(plan, new ScriptedRng([]))
    const c = choice()
    // B has used his step to come within reach (1 yard) and is attacked by A's Wait: a retreat would cost his attack
    st.current = 1
    st.target[1] = 0
    st.dist[1] = st.dist[2] = 1
    st.moveLeft[1] = 0
    bestDefense(plan, st, 1, 0, Defense.None, c)
    expect([c.kind, c.score, c.retreat]).toEqual([Defense.Dodge, 8, false])
    // with a yard of movement left (an All-Out Attack's half Move) he can step back in: he retreats
    st.moveLeft[1] = 1
    bestDefense(plan, st, 1, 0, Defense.None, c)
    expect([c.score, c.retreat]).toEqual([11, true])
    // attacked outside his turn: his next Attack has a step, so 2 yards still let him strike; 3 would not
    st.current = -1
    bestDefense(plan, st, 1, 0, Defense.None, c)
    expect(c.retreat).toBe(true)
    st.dist[1] = st.dist[2] = 2
    bestDefense(plan, st, 1, 0, Defense.None, c)
    expect(c.retreat).toBe(false)
  })

  it('"never" and "always" override the scenario\'s rule for that fighter alone; the scenario-wide "never" still holds for the others', () => {
    const c = choice()
    const defends = (specs: Spec[], extra: Record<string, unknown>, d: number): boolean => {
      const plan = planOf(specs, extra)
      const st = freshState(plan, new ScriptedRng([]))
      bestDefense(plan, st, d, 1 - d, Defense.None, c)
      return c.retreat
    }
    expect(defends([{ id: 'a' }, { ...dodger, retreat: 'never' }], {}, 1)).toBe(false)
    expect(defends([{ id: 'a' }, { ...dodger, retreat: 'always' }], { rules: { retreat: 'never' } }, 1)).toBe(true)
    expect(defends([{ id: 'a', parry: -5 }, { ...dodger, retreat: 'always' }], { rules: { retreat: 'never' } }, 0)).toBe(false)
  })
})
