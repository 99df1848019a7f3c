import { describe, expect, it } from 'vitest'
import type { TraceEvent } from '../../core/trace'
import { parseScenario } from '../../run/parse'
import { d3, freshState, planOf, scenarioDoc, ScriptedRng, type Spec } from './test-helpers'
import { takeTurn } from './turn'

/**
 * The Stop Hit (GURPS Martial Arts, Stop Hits): on a Wait, he attacks into his foe's attack instead of
 * interrupting it. Both roll to hit; if both miss, nothing happens; one struck while his own roll missed
 * defends at −1 (−3 parrying with the weapon he attacked with); if both hit, the larger margin of
 * success defends normally and the other at the penalty, both on a tie. He cannot parry after it.
 */
const attacker: Spec = { id: 'a', skill: 12, basicSpeed: 5, parry: -5, hp: 20, ht: 18 }
const stopHitter = (extra: Partial<Spec> = {}): Spec => ({
  id: 'b',
  skill: 12,
  basicSpeed: 5,
  parry: -5,
  hp: 20,
  ht: 18,
  maneuvers: [{ maneuver: 'wait', trigger: 'enemy-attacks', response: 'stop-hit' }],
  ...extra,
})

function play(b: Spec, draws: ReturnType<typeof d3 | typeof Array.prototype.concat>): { log: TraceEvent[]; st: ReturnType<typeof freshState>; left: number } {
  const plan = planOf([attacker, b], { rules: { retreat: 'never' } })
  const log: TraceEvent[] = []
  const rng = new ScriptedRng(draws as { d3?: number; raw?: number }[])
  const st = freshState(plan, rng, log)
  st.waiting[1] = 1
  takeTurn(plan, st, 0)
  return { log, st, left: rng.left }
}
const texts = (log: TraceEvent[]): string => log.map((e) => e.text).join('\n')

describe('Stop Hit (GURPS Martial Arts)', () => {
  it('both hit: the larger margin (A, 4 against 2) defends normally, the other at −1', () => {
    // A rolls 8, B rolls 10; B dodges at 8 − 1 with 18 (fails); A dodges at 8 with 18 (fails); two damage dice
    const { log, st, left } = play(stopHitter(), [...d3(8, 10, 18, 18), { raw: 0 }, { raw: 0 }])
    expect(left).toBe(0)
    const t = texts(log)
    expect(t).toContain("B's Wait fires: B makes a Stop Hit into A's attack.")
    expect(t).toContain('B dodges (7)')
    expect(t).toContain('A dodges (8)')
    expect(st.hp[0]).toBeLessThan(20)
    expect(st.hp[1]).toBeLessThan(20)
    expect(st.waiting[1]).toBe(0)
  })

  it('a tie of margins: both defend at −1', () => {
    const { log } = play(stopHitter(), [...d3(10, 10, 3, 3)])
    const t = texts(log)
    expect(t).toContain('B dodges (7)')
    expect(t).toContain('A dodges (7)')
  })

  it('only one hits: the one struck defends at −1 (−3 parrying with the weapon he attacked with)', () => {
    // A misses (17); B hits (10): A, who has a Parry of 9, parries at 9 − 3 = 6 or dodges at 8 − 1 = 7
    const plan = planOf([{ ...attacker, parry: 0 }, stopHitter()], { rules: { retreat: 'never' } })
    const log: TraceEvent[] = []
    const st = freshState(plan, new ScriptedRng(d3(17, 10, 3)), log)
    st.waiting[1] = 1
    takeTurn(plan, st, 0)
    expect(texts(log)).toContain('A dodges (7)')
    // with a Parry of 14 (skill 22), the parry at −3 (11) beats the dodge
    const plan2 = planOf([{ ...attacker, skill: 22 }, stopHitter()], { rules: { retreat: 'never' } })
    plan2.fighters[0].arms[0].parry = 14
    const log2: TraceEvent[] = []
    const st2 = freshState(plan2, new ScriptedRng(d3(17, 10, 3)), log2)
    st2.waiting[1] = 1
    takeTurn(plan2, st2, 0)
    expect(texts(log2)).toContain('A parries (11)')
  })

  it('both miss: nothing happens (no defence rolls), and the Wait is spent', () => {
    const { log, st, left } = play(stopHitter(), [...d3(17, 17)])
    expect(left).toBe(0)
    expect(texts(log)).toContain('Stop Hit: both miss; nothing happens.')
    expect(st.waiting[1]).toBe(0)
  })

  it('the stop-hitter may parry the blow in the exchange, but not again until his next turn', () => {
    // B (skill 16) parries 11; A hits with 8, B misses with 17: B parries at 11 − 3 with 3
    const { log, st } = play(stopHitter({ parry: 0, skill: 16 }), [...d3(8, 17, 3)])
    expect(texts(log)).toContain('B parries (8)')
    expect(st.noParry[1]).toBe(1)
  })

  it('both blows land together: knocking the stop-hitter out does not stop his blow', () => {
    // A rolls 3 (critical; table 10: normal damage), B rolls 10; A dodges with 18; A's die 6 (7 cut, 10
    // injury) knocks B out (HT 3, rolls 18) and B survives the death check (3); then B's blow, die 1
    const b = stopHitter({ hp: 4, ht: 3 })
    const { log, st, left } = play(b, [...d3(3, 10, 10, 18), { raw: 5 }, ...d3(18, 3), { raw: 0 }])
    expect(left).toBe(0)
    const t = texts(log)
    expect(t).toMatch(/B attacks A/)
    expect(st.cond[1]).not.toBe(0)
    expect(st.hp[0]).toBeLessThan(20)
  })

  it('a Stop Hit needs the trigger "enemy-attacks" and a melee weapon', () => {
    const doc = scenarioDoc([attacker, { ...stopHitter(), maneuvers: [{ maneuver: 'wait', trigger: 'enemy-acts', response: 'stop-hit' }] }])
    const r = parseScenario(doc)
    expect(r.ok).toBe(false)
    if (!r.ok) expect(r.issues.map((p) => `${p.path}: ${p.message}`).join('\n')).toContain('tactics[1].maneuvers[0].trigger: must be "enemy-attacks" for a Stop Hit (it meets the attack of a foe who attacks him), got "enemy-acts"')
  })
})
