import { describe, expect, it } from 'vitest'
import { solveFight, tooManyStates, withFightSolveProgress, type FightModel, type FightSolveProgress } from './fight-chain'

/**
 * The hand-solved duel: A and B take turns attacking, A first; A hits with 1/2, B with 1/3; each hit is
 * one wound; the first to take two wounds loses. With x, y the hits A and B still need and V the chance A
 * wins, V_A(x,y) = [a·V_B(x−1,y) + (1−a)·b·V_A(x,y−1)] / (1 − (1−a)(1−b)) and V_B(x,y) = b·V_A(x,y−1) +
 * (1−b)·V_A(x,y); by hand: V_A(1,1) = 3/4, V_B(1,1) = 1/2, V_A(1,2) = 15/16, V_B(1,2) = 7/8,
 * V_A(2,1) = 3/8, V_B(2,1) = 1/4, and V_A(2,2) = (1/2·7/8 + 1/2·1/3·3/8)·3/2 = 3/4.
 */
interface Duel {
  turn: 0 | 1
  wounds: [number, number]
}
const duel = (a: number, b: number): FightModel<Duel> => ({
  sides: 2,
  start: { turn: 0, wounds: [0, 0] },
  key: (s) => `${s.turn}:${s.wounds[0]}:${s.wounds[1]}`,
  ending: (s) => (s.wounds[1] >= 2 ? 0 : s.wounds[0] >= 2 ? 1 : null),
  step: (s) => {
    const hit = s.turn === 0 ? a : b
    const target = s.turn === 0 ? 1 : 0
    const hurt: [number, number] = [...s.wounds]
    hurt[target]++
    const turn = s.turn === 0 ? 1 : 0
    return [
      { p: hit, next: { turn, wounds: hurt } },
      { p: 1 - hit, next: { turn, wounds: s.wounds } },
    ]
  },
  damage: (s) => s.wounds,
})

describe('solveFight', () => {
  it('solves the hand-solved duel (A hits 1/2 and strikes first, B hits 1/3, first to two wounds): A wins 3/4 to 1e-12', () => {
    const r = solveFight(duel(1 / 2, 1 / 3), { maxSteps: 400, maxStates: 100_000 })
    if (!r.ok) throw new Error(r.reason)
    expect(Math.abs(r.solution.win[0] - 3 / 4)).toBeLessThan(1e-12)
    expect(Math.abs(r.solution.win[1] - 1 / 4)).toBeLessThan(1e-12)
    expect(r.solution.draw).toBe(0)
    expect(r.solution.atCap).toBeLessThan(1e-12)
    expect(r.solution.massError).toBeLessThan(1e-12)
  })

  it('gives the length of the fight: two hits by A on steps 1 and 3 end it on step 3, whatever B did on step 2: 1/2·1/2', () => {
    const r = solveFight(duel(1 / 2, 1 / 3), { maxSteps: 400, maxStates: 100_000 })
    if (!r.ok) throw new Error(r.reason)
    expect(r.solution.length[0]).toBe(0)
    expect(r.solution.length[1]).toBe(0)
    // B's one hit on step 2 cannot end the fight; only A's second hit on step 3 can
    expect(Math.abs(r.solution.length[2] - (1 / 2) * (1 / 2))).toBeLessThan(1e-15)
    const total = r.solution.length.reduce((x, y) => x + y, 0)
    expect(Math.abs(total - 1)).toBeLessThan(1e-12)
  })

  it('keeps the mass that has not ended at the cap, with the damage taken so far', () => {
    // Nobody ever hits: everything is still going at the cap, and nobody is hurt.
    const r = solveFight(duel(0, 0), { maxSteps: 10, maxStates: 1000 })
    if (!r.ok) throw new Error(r.reason)
    expect(r.solution.atCap).toBe(1)
    expect(r.solution.win).toEqual([0, 0])
    expect(r.solution.expectedDamage).toEqual([0, 0])
    // Both always hit: A's second hit lands on step 3; B has taken 2 and A 1.
    const sure = solveFight(duel(1, 1), { maxSteps: 10, maxStates: 1000 })
    if (!sure.ok) throw new Error(sure.reason)
    expect(sure.solution.win).toEqual([1, 0])
    expect(sure.solution.expectedDamage).toEqual([1, 2])
    expect(sure.solution.length[2]).toBe(1)
  })

  it('refuses, with the reason, a fight with more states than the bound', () => {
    const r = solveFight(duel(1 / 2, 1 / 3), { maxSteps: 400, maxStates: 5 })
    expect(r.ok).toBe(false)
    if (!r.ok) expect(r.reason).toBe('the fight has too many different situations to follow exactly (more than 5 by step 3 of 400)')
  })

  it('says the refusal in the clock unit the model names: step 3 of 400 at 2 steps a Round is Round 2 of 200', () => {
    const r = solveFight({ ...duel(1 / 2, 1 / 3), clock: { unit: 'Round', stepsPerUnit: 2 } }, { maxSteps: 400, maxStates: 5 })
    expect(r.ok).toBe(false)
    if (!r.ok) expect(r.reason).toBe('the fight has too many different situations to follow exactly (more than 5 by Round 2 of 200)')
    expect(tooManyStates(2_000_000, 19, 60, { unit: 'Round', stepsPerUnit: 3 })).toBe('the fight has too many different situations to follow exactly (more than 2,000,000 by Round 7 of 20)')
  })

  it('gathers ended states by endKey within a step: the same answer as one by one, to 1e-15', () => {
    // endKey ignores whose turn it is: an ended state reads only the wounds
    const plain = solveFight(duel(1 / 2, 1 / 3), { maxSteps: 400, maxStates: 100_000 })
    const gathered = solveFight({ ...duel(1 / 2, 1 / 3), endKey: (s) => s.wounds[0] * 8 + s.wounds[1] }, { maxSteps: 400, maxStates: 100_000 })
    if (!plain.ok || !gathered.ok) throw new Error('refused')
    for (let i = 0; i < 2; i++) expect(Math.abs(plain.solution.win[i] - gathered.solution.win[i])).toBeLessThan(1e-15)
    expect(gathered.solution.length).toEqual(plain.solution.length)
    expect(gathered.solution.damageDistribution).toEqual(plain.solution.damageDistribution)
  })

  it('tells a progress listener after each step: steps in order, the decided chance growing to what ended by the cap, none after the call', () => {
    const seen: FightSolveProgress[] = []
    const r = withFightSolveProgress((p) => seen.push(p), () => solveFight(duel(1 / 2, 1 / 3), { maxSteps: 30, maxStates: 100_000 }))
    if (!r.ok) throw new Error(r.reason)
    expect(seen.map((p) => p.step)).toEqual(Array.from({ length: 30 }, (_, k) => k + 1))
    expect(seen.every((p) => p.maxSteps === 30)).toBe(true)
    for (let k = 1; k < seen.length; k++) expect(seen[k].decided).toBeGreaterThanOrEqual(seen[k - 1].decided)
    expect(seen[0].decided).toBe(0)
    expect(Math.abs(seen[29].decided - (1 - r.solution.atCap))).toBeLessThan(1e-12)
    expect(seen[29].states).toBe(r.solution.states)
    solveFight(duel(1 / 2, 1 / 3), { maxSteps: 5, maxStates: 100_000 })
    expect(seen).toHaveLength(30)
  })

  it('keeps states in its numeric table exactly as in Maps: thousands of states under keys beyond 2^32, the same sums bit for bit', () => {
    // a walk on a 60 × 60 grid, each step one of four ways with unequal chances; ends at an edge
    type W = { x: number; y: number }
    const walk: FightModel<W> = {
      sides: 2,
      start: { x: 30, y: 30 },
      key: (s) => s.x * 2 ** 40 + s.y * 3 + 0.5,
      ending: (s) => (s.x <= 0 || s.y <= 0 ? 0 : s.x >= 60 || s.y >= 60 ? 1 : null),
      step: (s) => [
        { p: 0.4, next: { x: s.x + 1, y: s.y } },
        { p: 0.3, next: { x: s.x - 1, y: s.y } },
        { p: 0.2, next: { x: s.x, y: s.y + 1 } },
        { p: 0.1, next: { x: s.x, y: s.y - 1 } },
      ],
      damage: (s) => [s.x, s.y],
    }
    const table = solveFight(walk, { maxSteps: 200, maxStates: 1_000_000, dropBelow: 1e-30 })
    const maps = solveFight(walk, { maxSteps: 200, maxStates: 1_000_000, dropBelow: 1e-30, bookkeeping: 'maps' })
    if (!table.ok || !maps.ok) throw new Error('refused')
    expect(table.solution.states).toBeGreaterThan(50_000)
    expect(table.solution).toEqual(maps.solution)
  })
})
