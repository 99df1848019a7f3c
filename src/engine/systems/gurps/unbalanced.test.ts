import { describe, expect, it } from 'vitest'
import type { TraceEvent } from '../../core/trace'
import { attack, Mode } from './attack'
import { F } from './layout'
import { d3, freshState, planOf, ScriptedRng, type Spec } from './test-helpers'
import { takeTurn } from './turn'

/**
 * Unbalanced ("U") weapons: no parry on a turn in which the weapon attacked (docs/rules/gurps.md section 3,
 * default); under "both-ways" also the reverse of B269 ("or vice versa"): after a parry with it, no
 * attack with it until his next turn. The default direction is tested in maneuver.test.ts.
 */
const RULES = ['no-parry-after-attack', 'both-ways'] as const

// the axe man parries at 3 + 16/2 = 11 and dodges only 6, so he always parries when he can
const axe = (maneuvers: Record<string, unknown>[]): Spec => ({ id: 'a', unbalanced: true, skill: 16, basicSpeed: 3, maneuvers })

describe('unbalanced weapons (B269, variant "unbalancedWeapon")', () => {
  it('after a parry with it while waiting, his Wait cannot turn into an attack with it under "both-ways"; by default it can', () => {
    for (const rule of RULES) {
      const plan = planOf(
        [axe([{ maneuver: 'wait', trigger: 'named-enemy-acts', enemy: 'c' }]), { id: 'b', side: 'y' }, { id: 'c', side: 'y', maneuvers: [{ maneuver: 'all-out-defense' }] }],
        { rules: { retreat: 'never', unbalancedWeapon: rule } },
      )
      // b attacks a (10 hits), a parries (10); then c acts: by default a's Wait fires and he swings at c (18 misses)
      const rng = new ScriptedRng(d3(10, 10, ...(rule === 'both-ways' ? [] : [18])))
      const st = freshState(plan, rng)
      takeTurn(plan, st, 0)
      expect(attack(plan, st, 1, 0, Mode.Normal, false, false)).toBe(false)
      takeTurn(plan, st, 2)
      expect([st.waitFired[0], st.waiting[0], rng.left], rule).toEqual(rule === 'both-ways' ? [0, 1, 0] : [1, 0, 0])
    }
  })
  it('parrying a stop hit with it on his own turn costs him the attack under "both-ways"; by default he still attacks', () => {
    for (const rule of RULES) {
      const plan = planOf([axe([{ maneuver: 'attack' }]), { id: 'b', maneuvers: [{ maneuver: 'wait', trigger: 'enemy-attacks' }] }], { rules: { retreat: 'never', unbalancedWeapon: rule } })
      // b's stop hit 10 hits, a parries 10; then by default a's own blow (18 misses)
      const rng = new ScriptedRng(d3(10, 10, ...(rule === 'both-ways' ? [] : [18])))
      const log: TraceEvent[] = []
      const st = freshState(plan, rng, log)
      st.waiting[1] = 1
      takeTurn(plan, st, 0)
      expect([st.tally.counts[plan.layout.fighter[0] + F.Attacks], rng.left], rule).toEqual([rule === 'both-ways' ? 0 : 1, 0])
      expect(log.some((e) => e.kind === 'lose' && e.text.includes('parried with the unbalanced sword')), rule).toBe(rule === 'both-ways')
    }
  })
  it('a parry made after his turn does not stop him attacking on his next turn, even under "both-ways"', () => {
    const plan = planOf([axe([{ maneuver: 'attack' }]), { id: 'b' }], { rules: { retreat: 'never', unbalancedWeapon: 'both-ways' } })
    // b attacks (10), a parries (10); a's next turn: his swing (18 misses)
    const rng = new ScriptedRng(d3(10, 10, 18))
    const st = freshState(plan, rng)
    expect(attack(plan, st, 1, 0, Mode.Normal, false, false)).toBe(false)
    takeTurn(plan, st, 0)
    expect([st.tally.counts[plan.layout.fighter[0] + F.Attacks], rng.left]).toEqual([1, 0])
  })
})
