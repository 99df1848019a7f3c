import { describe, expect, it } from 'vitest'
import { solveFight, type FightModel } from './fight-chain'
import { FightRefusal, fightExactMetrics, fightNote, solveOrRefuse, wholeFightOnce, withExact } from './fight-exact'
import { orderMetric, probabilityMetric, distributionMetric } from './metrics'

/** The hand-solved duel of fight-chain.test.ts: A hits 1/2 and strikes first, B hits 1/3, first to two wounds; A wins 3/4. */
interface Duel {
  turn: 0 | 1
  wounds: [number, number]
}
const duel = (a: number, b: number, capCall?: (s: Duel) => number | 'draw'): FightModel<Duel> => ({
  sides: 2,
  start: { turn: 0, wounds: [0, 0] },
  key: (s) => `${s.turn}:${s.wounds[0]}:${s.wounds[1]}`,
  ending: (s) => (s.wounds[1] >= 2 ? 0 : s.wounds[0] >= 2 ? 1 : null),
  step: (s) => {
    const hit = s.turn === 0 ? a : b
    const hurt: [number, number] = [...s.wounds]
    hurt[s.turn === 0 ? 1 : 0]++
    const turn = s.turn === 0 ? 1 : 0
    return [
      { p: hit, next: { turn, wounds: hurt } },
      { p: 1 - hit, next: { turn, wounds: s.wounds } },
    ]
  },
  damage: (s) => s.wounds,
  finals: (s) => [s.wounds[0] >= 2 ? 1 : 0, s.wounds[1] >= 2 ? 1 : 0],
  ...(capCall ? { capEnding: capCall } : {}),
})

const IDS = {
  winner: { id: 'winner', label: 'Winner', sides: [{ key: 'A', label: 'Side A wins' }, { key: 'B', label: 'Side B wins' }], draw: { key: 'draw', label: 'Draw' } },
  sideWins: [{ id: 'win:A', label: 'Side A wins' }, { id: 'win:B', label: 'Side B wins' }],
  draw: { id: 'draw', label: 'Draw' },
  length: { id: 'rounds', label: 'Rounds' },
  damage: [{ id: 'taken:a', label: 'Wounds taken: A', last: 1 }, null],
  finals: [null, { id: 'defeated:b', label: 'Defeated: B', kind: 'probability' as const }],
}

describe('fightExactMetrics (exact whole fights under the sampled metric ids)', () => {
  it('maps the hand-solved duel: a solved note, A wins 3/4 in the ordering and as a chance, the length, damage and finals', () => {
    const r = solveFight(duel(1 / 2, 1 / 3), { maxSteps: 400, maxStates: 100_000 })
    const ms = fightExactMetrics(r, IDS, 400)
    const note = fightNote(ms)
    expect(note?.solved).toBe(true)
    expect(note?.states).toBeGreaterThan(0)
    expect(note?.massError).toBeLessThan(1e-12)
    expect(note?.reason).toBeUndefined()
    const winner = ms.find((m) => m.id === 'winner')
    if (winner?.kind !== 'order') throw new Error('no winner ordering')
    expect(Math.abs(winner.outcomes.find((o) => o.key === 'A')!.p - 3 / 4)).toBeLessThan(1e-12)
    expect(Math.abs(winner.outcomes.find((o) => o.key === 'B')!.p - 1 / 4)).toBeLessThan(1e-12)
    expect(winner.outcomes.find((o) => o.key === 'draw')!.p).toBeLessThan(1e-12)
    const a = ms.find((m) => m.id === 'win:A')
    expect(a?.kind === 'probability' && Math.abs(a.p - 3 / 4)).toBeLessThan(1e-12)
    const rounds = ms.find((m) => m.id === 'rounds')
    if (rounds?.kind !== 'distribution') throw new Error('no length')
    // A's two hits on steps 1 and 3 end it on step 3: 1/4; it never ends on steps 1 or 2
    expect(rounds.p.find((x) => x.value === 3)?.p).toBeCloseTo(1 / 4, 14)
    expect(rounds.p.some((x) => x.value < 3)).toBe(false)
    // A is hurt at most once when he wins, twice when he loses: 0 and 1 wounds clipped into the last bin (1)
    const taken = ms.find((m) => m.id === 'taken:a')
    if (taken?.kind !== 'distribution') throw new Error('no damage')
    expect(taken.p.map((x) => x.value)).toEqual([0, 1])
    expect(Math.abs(taken.p.reduce((s, x) => s + x.p, 0) - 1)).toBeLessThan(1e-12)
    const defeated = ms.find((m) => m.id === 'defeated:b')
    expect(defeated?.kind === 'probability' && Math.abs(defeated.p - 3 / 4)).toBeLessThan(1e-12)
  })

  it('puts a fight still going at the cap on the cap Round, and calls it as the rules say (here: a draw)', () => {
    const r = solveFight(duel(0, 0, () => 'draw'), { maxSteps: 5, maxStates: 1000 })
    if (!r.ok) throw new Error(r.reason)
    expect(r.solution.atCap).toBe(1)
    expect(r.solution.draw).toBe(1)
    expect(r.solution.massError).toBe(0)
    const ms = fightExactMetrics(r, IDS, 5)
    const rounds = ms.find((m) => m.id === 'rounds')
    expect(rounds?.kind === 'distribution' && rounds.p).toEqual([{ value: 5, p: 1 }])
    const draw = ms.find((m) => m.id === 'draw')
    expect(draw?.kind === 'probability' && draw.p).toBe(1)
    // called for side B at the cap instead
    const forB = solveFight(duel(0, 0, () => 1), { maxSteps: 5, maxStates: 1000 })
    if (!forB.ok) throw new Error(forB.reason)
    expect(forB.solution.win).toEqual([0, 1])
  })

  it('a refused fight is the note alone, with the reason', () => {
    const ms = fightExactMetrics(solveFight(duel(1 / 2, 1 / 3), { maxSteps: 400, maxStates: 5 }), IDS, 400)
    expect(ms).toHaveLength(1)
    expect(fightNote(ms)).toMatchObject({ id: 'exact-fight', kind: 'fight', solved: false })
    expect(fightNote(ms)?.reason).toMatch(/too many different situations to follow exactly \(more than 5 by step \d+ of 400\)/)
  })

  it('withExact attaches exact values to sampled metrics of the same id and kind, keeping any already there', () => {
    const sampled = [
      orderMetric({ id: 'winner', metric: 'winner', label: 'Winner' }, [{ key: 'A', label: 'A', count: 70 }, { key: 'B', label: 'B', count: 30 }, { key: 'draw', label: 'Draw', count: 0 }], 100),
      probabilityMetric({ id: 'win:A', metric: 'win', label: 'Side A wins' }, 70, 100, 0.5),
      probabilityMetric({ id: 'win:B', metric: 'win', label: 'Side B wins' }, 30, 100),
      distributionMetric({ id: 'rounds', metric: 'rounds', label: 'Rounds' }, new Float64Array([0, 100, 0]), 0, 0, 3),
      probabilityMetric({ id: 'rounds-ish', metric: 'x', label: 'x' }, 1, 2),
    ]
    const exact = fightExactMetrics(solveFight(duel(1 / 2, 1 / 3), { maxSteps: 400, maxStates: 100_000 }), IDS, 400)
    const out = withExact(sampled, [...exact, { id: 'rounds-ish', label: 'x', kind: 'mean', mean: 3 }])
    const w = out[0]
    if (w.kind !== 'order') throw new Error('kind')
    expect(w.outcomes.find((o) => o.key === 'A')?.exact).toBeCloseTo(0.75, 12)
    expect(w.outcomes.find((o) => o.key === 'draw')?.exact).toBeLessThan(1e-12)
    expect(out[1].kind === 'probability' && out[1].exact).toBe(0.5)
    expect(out[2].kind === 'probability' && out[2].exact).toBeCloseTo(0.25, 12)
    expect(out[3].kind === 'distribution' && out[3].exact?.mean).toBeGreaterThan(3)
    expect(out[4].kind === 'probability' && out[4].exact).toBeUndefined()
  })
})

describe('solveOrRefuse and wholeFightOnce: the wiring every system\'s whole-fight solve shares', () => {
  const options = { maxSteps: 200, maxStates: 10_000 }
  const broken = (e: Error) => (): FightModel<Duel> => ({ ...duel(0.5, 1 / 3), step: () => { throw e } })
  it('solves a fight in scope (the hand-solved duel: A wins 3/4)', () => {
    const r = solveOrRefuse(undefined, () => duel(0.5, 1 / 3), options, 'too many')
    expect(r.ok && Math.abs(r.solution.win[0] - 0.75)).toBeLessThan(1e-12)
  })
  it('refuses out of scope without building the model, with the model\'s own reason, or with "too many" past the replay bound', () => {
    let built = false
    expect(solveOrRefuse('three fighters', () => ((built = true), duel(0.5, 0.5)), options, 'too many')).toEqual({ ok: false, reason: 'three fighters' })
    expect(built).toBe(false)
    expect(solveOrRefuse(undefined, broken(new FightRefusal('a Wait with no end')), options, 'too many')).toEqual({ ok: false, reason: 'a Wait with no end' })
    expect(solveOrRefuse(undefined, broken(new Error('more than 30000 ways for one step to go')), options, 'too many')).toEqual({ ok: false, reason: 'too many' })
    expect(() => solveOrRefuse(undefined, broken(new TypeError('a bug')), options, 'too many')).toThrow('a bug')
  })
  it('works a plan\'s whole fight out once', () => {
    const plan = {}
    let solves = 0
    const first = wholeFightOnce(plan, () => (solves++, []))
    expect(wholeFightOnce(plan, () => (solves++, []))).toBe(first)
    expect(solves).toBe(1)
    wholeFightOnce({}, () => (solves++, []))
    expect(solves).toBe(2)
  })
})
