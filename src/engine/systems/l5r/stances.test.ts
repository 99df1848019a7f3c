import { describe, expect, it } from 'vitest'
import { compile } from './plan'
import { facesRng, skirmish, traceOf } from './test-helpers'

/** Two guarded characters (neither attacks), so only Stance rolls and Armor TNs show. */
const guarded = (a: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  compile(skirmish([{ id: 'a', agility: 3, ...a }, { id: 'b', agility: 2, rounds: [{ stance: 'defense' }] }], { roundCap: 3, ...extra }))
const defenseRolls = (plan: ReturnType<typeof guarded>, face: number) => traceOf(plan, facesRng([], face)).filter((e) => e.kind === 'roll' && !e.text.includes('Initiative') && e.text.includes('Full Defense'))

describe('Center Stance bonus on "one roll of your choice" (docs/rules/l5r.md section 3)', () => {
  it('after Center, a Full Defense Turn puts the +1k1+Void on the Defense roll: Agility 3, Defense 2, Void 2 rolls 6k4+2 (22 on 5s, Armor TN +11)', () => {
    const plan = guarded({ defenseSkill: 2, void: 2, rounds: [{ stance: 'center' }, { stance: 'full-defense' }, { stance: 'full-defense' }] })
    const rolls = defenseRolls(plan, 5).map((e) => [e.at, e.text])
    expect(rolls[0]).toEqual([2, 'A takes Full Defense: Defense roll 6k4+2 (with the Center Stance bonus) = 22, Armor TN +11 → 31.'])
    expect(rolls[1]).toEqual([3, 'A takes Full Defense: Defense roll 5k3 = 15, Armor TN +8 → 28.'])
  })
})

describe('Defense Mastery Abilities in the defensive Stances (docs/rules/l5r.md section 3, variant defenseMastery)', () => {
  it('Defense 5: +3 Armor TN in Defense Stance (Agility 3, Air 2: 20 + 2 + 5 + 3 = 30); Defense 4 gets no +3', () => {
    const tnOf = (defenseSkill: number, rules = {}) => {
      const plan = compile(skirmish([{ id: 'a', rounds: [{ stance: 'attack' }] }, { id: 'b', agility: 3, defenseSkill, rounds: [{ stance: 'defense' }] }], { roundCap: 1, rules }))
      return /vs TN (\d+)/.exec(traceOf(plan, facesRng([], 5)).find((e) => e.kind === 'miss')?.text ?? '')?.[1]
    }
    expect(tnOf(5)).toBe('30')
    expect(tnOf(4)).toBe('26')
    expect(tnOf(5, { defenseMastery: 'no' })).toBe('27')
  })
  it('Defense 5: +3 Armor TN in Full Defense too', () => {
    const plan = guarded({ defenseSkill: 5, rounds: [{ stance: 'full-defense' }] }, { roundCap: 1 })
    // 8k3 of 5s = 15 → +8; 20 + 8 + 3 = 31
    expect(defenseRolls(plan, 5)[0].text).toBe('A takes Full Defense: Defense roll 8k3 = 15, Armor TN +8 → 31.')
  })
  it('Defense 3: staying in Full Defense keeps an at-least-average roll (27 ≥ 26.5 for 6k3) instead of rolling again', () => {
    const plan = guarded({ defenseSkill: 3, rounds: [{ stance: 'full-defense' }] })
    const rolls = defenseRolls(plan, 9).map((e) => e.text)
    expect(rolls).toEqual([
      'A takes Full Defense: Defense roll 6k3 = 27, Armor TN +14 → 34.',
      'A stays in Full Defense and keeps the last Defense roll of 27 (Defense Mastery 3): Armor TN 34.',
      'A stays in Full Defense and keeps the last Defense roll of 27 (Defense Mastery 3): Armor TN 34.',
    ])
  })
  it('Defense 3: a below-average roll (15) is rolled again; Defense 2 and variant "no" always roll again', () => {
    expect(defenseRolls(guarded({ defenseSkill: 3, rounds: [{ stance: 'full-defense' }] }), 5).filter((e) => e.text.includes('Defense roll'))).toHaveLength(3)
    expect(defenseRolls(guarded({ defenseSkill: 2, rounds: [{ stance: 'full-defense' }] }), 9).filter((e) => e.text.includes('Defense roll'))).toHaveLength(3)
    expect(defenseRolls(guarded({ defenseSkill: 3, rounds: [{ stance: 'full-defense' }] }, { rules: { defenseMastery: 'no' } }), 9).filter((e) => e.text.includes('Defense roll'))).toHaveLength(3)
  })
})
