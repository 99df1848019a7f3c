import { describe, expect, it } from 'vitest'
import type { TraceEvent } from '../../core/trace'
import { attack, effectiveSkill, Mode } from './attack'
import { Ev, interrupt } from './waits'
import { applyInjury } from './injury'
import { d3, freshState, planOf, ScriptedRng, type Spec } from './test-helpers'
import { takeTurn } from './turn'

/**
 * "Shock penalties apply from the moment of injury until the end of the victim's next turn" (Sean
 * Punch's GURPS Martial Arts answers in Pyramid): the default. The older reading (from his next turn
 * only) is the variant shockFrom "next-turn".
 */
describe('shock from the moment of injury (Pyramid, Martial Arts answers)', () => {
  it('a fighter hurt in the middle of his own turn attacks at the shock penalty at once', () => {
    const plan = planOf([{ id: 'a', skill: 12 }, { id: 'b', hp: 20, ht: 18 }])
    const log: TraceEvent[] = []
    const st = freshState(plan, new ScriptedRng(d3(18)), log)
    applyInjury(plan, st, 1, 0, 3, false, false)
    expect(effectiveSkill(plan, st, 0, 1, Mode.Normal)).toBe(9)
    attack(plan, st, 0, 1, Mode.Normal, false, false)
    expect(log.some((e) => e.text.startsWith('A attacks B with the sword (skill 9)'))).toBe(true)
  })

  it('it lasts until the end of his next turn, then ends', () => {
    const plan = planOf([{ id: 'a', maneuvers: [{ maneuver: 'all-out-defense' }] }, { id: 'b' }])
    const st = freshState(plan, new ScriptedRng([]))
    applyInjury(plan, st, 1, 0, 3, false, false)
    expect(st.shock[0]).toBe(3)
    takeTurn(plan, st, 0)
    expect(st.shock[0]).toBe(3)
    takeTurn(plan, st, 0)
    expect(st.shock[0]).toBe(0)
  })

  it('shock from two injuries adds up to at most −4 (−8 doubled)', () => {
    const plan = planOf([{ id: 'a', hp: 12, ht: 18 }, { id: 'b' }])
    const st = freshState(plan, new ScriptedRng([]))
    applyInjury(plan, st, 1, 0, 3, false, false)
    applyInjury(plan, st, 1, 0, 3, false, false)
    expect(st.shock[0]).toBe(4)
  })

  it('a fighter whose attack a Wait interrupts and hurts makes that attack at the penalty', () => {
    // b attacks a on his turn; a's "enemy attacks" Wait fires first and hurts him
    const specs: Spec[] = [
      { id: 'a', skill: 14, basicSpeed: 6, maneuvers: [{ maneuver: 'wait', trigger: 'enemy-attacks' }] },
      { id: 'b', skill: 12, hp: 12, ht: 18, basicSpeed: 5, parry: -5 },
    ]
    for (const [shockFrom, skill] of [['moment-of-injury', 8], ['next-turn', 12]] as const) {
      const plan = planOf(specs, { rules: { shockFrom, retreat: 'never' } })
      const log: TraceEvent[] = []
      // a hits with 10; b dodges with 18 (fails); damage die 3 → 1d+1 = 4 cut → 6 injury (shock −4); b attacks with 18 (a miss)
      const st = freshState(plan, new ScriptedRng([...d3(10, 18), { raw: 2 }, ...d3(18)]), log)
      st.waiting[0] = 1
      takeTurn(plan, st, 1)
      expect(log.some((e) => e.text.startsWith(`B attacks A with the sword (skill ${skill})`)), `${shockFrom}:\n${log.map((e) => e.text).join('\n')}`).toBe(true)
    }
  })

  it('a waiter hurt in an earlier Cascading Waits slot attacks at the penalty in his own slot', () => {
    const specs: Spec[] = [
      { id: 'a', basicSpeed: 5, skill: 12, parry: -5, enhancedTimeSense: true, maneuvers: [{ maneuver: 'wait', trigger: 'signal' }] },
      { id: 'b', basicSpeed: 5, skill: 12, parry: -5, maneuvers: [{ maneuver: 'wait', trigger: 'signal' }] },
    ]
    for (const [shockFrom, skill] of [['moment-of-injury', 9], ['next-turn', 12]] as const) {
      const plan = planOf(specs, { signalTurn: 2, rules: { shockFrom } })
      const log: TraceEvent[] = []
      // contest 10 and 10 (ETS puts a first); a hits with 10, b's dodge rolls 18; die 1: 1d+1 = 2 cut, 3 injury; b hits with 8, a dodges with 3
      const st = freshState(plan, new ScriptedRng([...d3(10, 10, 10, 18), { raw: 0 }, ...d3(8, 3)]), log)
      st.waiting.fill(1)
      interrupt(plan, st, Ev.Signal, -1, -1)
      expect(log.some((e) => e.text.startsWith(`B attacks A with the sword (skill ${skill})`)), `${shockFrom}:\n${log.map((e) => e.text).join('\n')}`).toBe(true)
    }
  })

  it('fighters acting truly simultaneously in a Cascading Waits slot roll without the shock the slot inflicts', () => {
    const specs: Spec[] = [
      { id: 'a', basicSpeed: 5, skill: 12, parry: -5, maneuvers: [{ maneuver: 'wait', trigger: 'signal' }] },
      { id: 'b', basicSpeed: 5, skill: 12, parry: -5, maneuvers: [{ maneuver: 'wait', trigger: 'signal' }] },
    ]
    const plan = planOf(specs, { signalTurn: 2, rules: { retreat: 'never' } })
    const log: TraceEvent[] = []
    // contest 10 and 10: one slot; a hits with 10, b dodges 18, damage die 3 (6 injury); b hits with 10, a dodges 18, damage die 1
    const st = freshState(plan, new ScriptedRng([...d3(10, 10, 10, 18), { raw: 2 }, ...d3(10, 18), { raw: 0 }]), log)
    st.waiting.fill(1)
    interrupt(plan, st, Ev.Signal, -1, -1)
    expect(log.some((e) => e.text.startsWith('B attacks A with the sword (skill 12)')), log.map((e) => e.text).join('\n')).toBe(true)
    expect(st.shock[1]).toBe(4)
  })
})
