import { describe, expect, it } from 'vitest'
import standoff from '../../../resources/examples/gurps-waits-standoff.json'
import hero2v2 from '../../../resources/bench/scenarios/hero-bench-2v2.json'
import { exactOf } from './exact'
import { estimateOf, parseMetricQuery } from './estimate'
import { runJob } from './job'
import { runChunk } from './run-chunk'
import { cellScenario, mergePatch, playTactics, sideInWords, solveTactics, tacticsPlayers, TacticsRefusal, type TacticsCell, type TacticsRequest } from './tactics'

let clock = 0
const now = (): number => (clock += 1)
const run: TacticsRequest['run'] = (scenario, trials) =>
  runJob({ scenario, trials, seed: 5, chunkSize: 20_000, concurrency: 1, workers: 1, execute: async (t) => runChunk(t), now })

const names = (...n: string[]) => n.map((name) => ({ name, patch: {} }))
const exactCells = (m: number[][]): TacticsCell[][] => m.map((row) => row.map((v) => ({ estimate: v, ci: [v, v] as [number, number], exact: v })))
const common = { query: { metric: 'm' }, trials: 1000, seed: 1 }

describe('tactics: the game of options', () => {
  it('matching pennies: each side mixes half and half, value 0.5', () => {
    const t = solveTactics({ a: names('heads', 'tails'), b: names('heads', 'tails'), ...common }, exactCells([[1, 0], [0, 1]]))
    expect(t.equilibrium.a.heads).toBeCloseTo(0.5, 12)
    expect(t.equilibrium.b.tails).toBeCloseTo(0.5, 12)
    expect(t.equilibrium.value).toBeCloseTo(0.5, 12)
  })

  it('a dominated option gets probability 0, and best replies are read off each row and column', () => {
    // A's "wait" is worse than "attack" against everything B does.
    const t = solveTactics({ a: names('attack', 'wait'), b: names('dodge', 'parry', 'counter'), ...common }, exactCells([[0.6, 0.5, 0.7], [0.4, 0.3, 0.5]]))
    expect(t.equilibrium.a).toEqual({ attack: 1, wait: 0 })
    expect(t.equilibrium.b.parry).toBeCloseTo(1, 12)
    expect(t.equilibrium.value).toBeCloseTo(0.5, 12)
    expect(t.bestReplyA).toEqual(['attack', 'attack', 'attack'])
    expect(t.bestReplyB).toEqual(['parry', 'parry'])
    expect(t.notes).toEqual([])
  })

  it('a 2×2 game with a known mixed solution (A: 2/3 on x, B: 1/2 on u; value 3)', () => {
    // [[4, 2], [1, 5]]: A's mix p on x equalises 3p + 1 = 5 − 3p → p = 2/3, value 3; B's q: 2q + 2 = 5 − 4q → q = 1/2.
    const t = solveTactics({ a: names('x', 'y'), b: names('u', 'v'), ...common }, exactCells([[4, 2], [1, 5]]))
    expect(t.equilibrium.a.x).toBeCloseTo(2 / 3, 12)
    expect(t.equilibrium.b.u).toBeCloseTo(1 / 2, 12)
    expect(t.equilibrium.value).toBeCloseTo(3, 12)
  })

  it('notes best replies that the intervals cannot tell apart', () => {
    const cells: TacticsCell[][] = [[{ estimate: 0.51, ci: [0.49, 0.53] }], [{ estimate: 0.5, ci: [0.48, 0.52] }]]
    const t = solveTactics({ a: names('a1', 'a2'), b: names('b1'), ...common }, cells)
    expect(t.bestReplyA).toEqual(['a1'])
    expect(t.notes.join('\n')).toMatch(/cannot be told apart from "a2"/)
  })

  it('merge patches follow RFC 7396 and refuse prototype keys', () => {
    expect(mergePatch({ a: 'b', c: { d: 'e', f: 'g' } }, { a: 'z', c: { f: null } })).toEqual({ a: 'z', c: { d: 'e' } })
    expect(mergePatch({ a: [1, 2] }, { a: [3] })).toEqual({ a: [3] })
    expect(mergePatch({ a: [{ x: 1 }] }, { a: [{ x: 2 }] })).toEqual({ a: [{ x: 2 }] })
    expect(mergePatch({ a: 1 }, 'x')).toBe('x')
    expect(() => mergePatch({}, JSON.parse('{"__proto__": {"polluted": 1}}'))).toThrow(TacticsRefusal)
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })

  it('lists of fighters merge by name, so options of the two sides that change different fighters combine', () => {
    const a = { name: 'kid-slow', patch: { combatants: [{ id: 'kid', basicSpeed: 4 }] } }
    const b = { name: 'marshal-slow', patch: { combatants: [{ id: 'marshal', basicSpeed: 4 }], tactics: [{ combatant: 'marshal', commit: 'wait' }] } }
    const s = cellScenario(standoff, a, b) as typeof standoff
    expect(s.combatants.map((c) => [c.id, c.basicSpeed, c.skill])).toEqual([['kid', 4, 14], ['marshal', 4, 15]])
    expect(s.tactics.map((t) => [t.combatant, t.commit])).toEqual([['kid', 'proceed'], ['marshal', 'wait']])
    // A patch item naming a new fighter is added.
    expect((mergePatch(standoff, { combatants: [{ id: 'third', skill: 12 }] }) as typeof standoff).combatants).toHaveLength(3)
  })

  it('plays every pairing of patched scenarios with one seed: each gunfighter keeps his Basic Speed rather than drop to 4', async () => {
    // Each side picks its own Basic Speed (its floor adds to the Wait contest). Metric: the Kid acts first alone.
    const t = await playTactics({
      scenario: standoff,
      a: [
        { name: 'stand', patch: {} },
        { name: 'slow', patch: { combatants: [{ ...standoff.combatants[0], basicSpeed: 4 }, standoff.combatants[1]] } },
      ],
      b: [
        { name: 'stand', patch: {} },
        { name: 'slow', patch: { combatants: [standoff.combatants[0], { ...standoff.combatants[1], basicSpeed: 4 }] } },
      ],
      query: { metric: 'acts-first-alone:kid' },
      trials: 20_000,
      seed: 5,
      run,
    })
    // Exact values are used where the system has them, so the answer is the same on every run.
    expect(t.cells.flat().every((c) => c.exact !== undefined)).toBe(true)
    expect(t.equilibrium.a).toEqual({ stand: 1, slow: 0 })
    expect(t.equilibrium.b).toEqual({ stand: 1, slow: 0 })
    expect(t.bestReplyA).toEqual(['stand', 'stand'])
    expect(t.bestReplyB).toEqual(['stand', 'stand'])
  })

  it('with the exact values asked first, a cell that has one is not run at all, and the answer says every cell is exact', async () => {
    const options = {
      scenario: standoff,
      a: [{ name: 'stand', patch: {} }, { name: 'slow', patch: { combatants: [{ ...standoff.combatants[0], basicSpeed: 4 }, standoff.combatants[1]] } }],
      b: names('stand'),
      query: { metric: 'acts-first-alone:kid' },
      trials: 2_000,
      seed: 5,
    }
    let runs = 0
    const counting: TacticsRequest['run'] = (sc, n) => {
      runs++
      return run(sc, n)
    }
    const sampled = await playTactics({ ...options, run: counting })
    expect(runs).toBe(2)
    const t = await playTactics({ ...options, run: counting, exact: async (sc) => exactOf(sc) })
    expect(runs).toBe(2)
    expect(t.exact).toBe(true)
    // the same exact values the runs carried (there rounded to 15 digits), as points (no interval)
    t.cells.forEach((row, i) =>
      row.forEach((c, j) => {
        expect(c.exact).toBeCloseTo(sampled.cells[i][j].exact as number, 13)
        expect(c.ci).toEqual([c.exact, c.exact])
        expect(c.estimate).toBe(c.exact)
      }),
    )
    // a cell without an exact value (the system gives none for this metric) is run as before
    const mixed = await playTactics({ ...options, run: counting, exact: async (sc) => ((sc as { combatants: { basicSpeed: number }[] }).combatants[0].basicSpeed === 4 ? null : exactOf(sc)) })
    expect(runs).toBe(3)
    expect(mixed.cells[0][0].ci[0]).toBe(mixed.cells[0][0].ci[1])
    // a matrix with one sampled cell (no exact value) is not exact
    const oneSampled = solveTactics({ a: names('x', 'y'), b: names('u'), ...common }, [[{ estimate: 0.5, ci: [0.5, 0.5], exact: 0.5 }], [{ estimate: 0.4, ci: [0.38, 0.42] }]])
    expect(oneSampled.exact).toBe(false)
  })

  it('refuses a patch that makes the scenario invalid, naming the option and the path, before running anything', async () => {
    let runs = 0
    const counting: TacticsRequest['run'] = (s, n) => {
      runs++
      return run(s, n)
    }
    await expect(
      playTactics({ scenario: standoff, a: [{ name: 'ok', patch: {} }, { name: 'broken', patch: { combatants: [{ id: 'kid', skill: 99 }] } }], b: [{ name: 'x', patch: {} }], query: { metric: 'acts-first-alone:kid' }, trials: 1000, seed: 1, run: counting }),
    ).rejects.toThrow(/option A "broken" make the scenario invalid: combatants\[0\]/)
    expect(runs).toBe(0)
    await expect(playTactics({ scenario: standoff, a: names('same', 'same'), b: names('x'), query: { metric: 'm' }, trials: 1000, seed: 1, run })).rejects.toThrow(/two options are named "same"/)
  })
})

describe('tactics: cells in flight at once', () => {
  // The HERO two-against-two benchmark fight (no exact answer: every cell is sampled); a chunk answers
  // after a delay drawn from a fixed seed (printed), so cells and chunks finish out of order.
  const cellsSeed = 20261128
  const options = {
    scenario: hero2v2,
    a: [{ name: 'as-is', patch: {} }, { name: 'bolt-haymakers', patch: { combatants: [{ id: 'bolt', plan: { onPhase: 'haymaker' } }] } }, { name: 'no-aborts', patch: { combatants: [{ id: 'bulwark', plan: { abort: 'never' } }] } }],
    b: [{ name: 'as-is', patch: {} }, { name: 'mauler-attacks', patch: { combatants: [{ id: 'mauler', plan: { onPhase: 'attack' } }] } }],
    query: parseMetricQuery('wins=A'),
    trials: 400,
    seed: 5,
  }
  const shuffledRun = (workers: number, seed: number): TacticsRequest['run'] => {
    let x = seed
    const delay = (): number => ((x = (Math.imul(x, 1103515245) + 12345) >>> 0) % 7)
    return (scenario, trials) =>
      runJob({ scenario, trials, seed: 5, chunkSize: 200, concurrency: workers * 2, workers, now, execute: (t) => new Promise((ok) => setTimeout(() => ok(runChunk(t)), delay())) })
  }

  it(`two or three cells at once on two workers give the same matrix as one at a time on one, told row by row (delays seed ${cellsSeed})`, async () => {
    const one: string[] = []
    const alone = await playTactics({ ...options, run: shuffledRun(1, cellsSeed), onCell: (i, j) => one.push(`${i},${j}`) })
    expect(alone.cells.flat().every((c) => c.exact === undefined)).toBe(true)
    for (const cellsAtOnce of [2, 3]) {
      const told: string[] = []
      let inFlight = 0
      let most = 0
      const inner = shuffledRun(2, cellsSeed + cellsAtOnce)
      const counted: TacticsRequest['run'] = async (sc, n) => {
        most = Math.max(most, ++inFlight)
        try {
          return await inner(sc, n)
        } finally {
          inFlight--
        }
      }
      const together = await playTactics({ ...options, run: counted, cellsAtOnce, onCell: (i, j) => told.push(`${i},${j}`) })
      expect(together.cells).toEqual(alone.cells)
      expect(together.equilibrium).toEqual(alone.equilibrium)
      expect(told).toEqual(one)
      expect(most).toBe(cellsAtOnce)
    }
    expect(one).toEqual(['0,0', '0,1', '1,0', '1,1', '2,0', '2,1'])
  })

  it('an option that comes to the same fight as another (a plan spelled out as its default) is played once, its cells told with that answer', async () => {
    const played: string[] = []
    const counting: TacticsRequest['run'] = (sc, n) => {
      played.push(JSON.stringify(sc))
      return run(sc, n)
    }
    const same = { ...options, a: [options.a[0], { name: 'bolt-attacks', patch: { combatants: [{ id: 'bolt', plan: { onPhase: 'attack', target: 'first' } }] } }, options.a[1]] }
    const told: string[] = []
    const t = await playTactics({ ...same, run: counting, cellsAtOnce: 2, onCell: (i, j, c) => told.push(`${i},${j} ${c.estimate}`) })
    // 6 cells, 4 different fights: "bolt-attacks" is the fight "as-is" is
    expect(played).toHaveLength(4)
    expect(t.cells[1]).toEqual(t.cells[0])
    expect(t.cells[1][0]).not.toBe(t.cells[0][0])
    expect(t.cells[2]).not.toEqual(t.cells[0])
    expect(told.map((x) => x.split(' ')[0])).toEqual(['0,0', '0,1', '1,0', '1,1', '2,0', '2,1'])
    // the answer is the one playing that cell's own scenario gives
    const alone = estimateOf((await run(cellScenario(hero2v2, same.a[1], same.b[1]), same.trials)).metrics, same.query)
    expect(t.cells[1][1]).toEqual({ estimate: alone.estimate, ci: alone.ci })
  })

  it('a cell that fails stops the answer with its message: no cell starts after it, the one in flight settles first', async () => {
    const started: number[] = []
    let settled = 0
    const failing: TacticsRequest['run'] = async (sc, n) => {
      const k = started.length
      started.push(k)
      if (k === 1) throw new Error('the second cell broke')
      try {
        return await run(sc, n)
      } finally {
        settled++
      }
    }
    await expect(playTactics({ ...options, run: failing, cellsAtOnce: 2 })).rejects.toThrow('the second cell broke')
    // cells 0 and 1 started together; cell 0 ran to its end; none of the four others began
    expect(started).toEqual([0, 1])
    expect(settled).toBe(1)
  })
})

describe('a side named by its fighters when no player is kept', () => {
  it('names the fighters of the side (any case), a duel without sides by its order, and falls back to "side A"', () => {
    const sided = { combatants: [{ id: 'c', name: 'Captain', side: 'a' }, { id: 'f', name: 'Falcon', side: 'A' }, { id: 'o', name: 'Oni', side: 'B' }] }
    expect(sideInWords(sided, 'A')).toBe('Captain and Falcon')
    expect(sideInWords(sided, 'B')).toBe('Oni')
    expect(sideInWords({ combatants: [{ id: 'aldo', name: 'Aldo' }, { id: 'bruno' }] }, 'B')).toBe('bruno')
    expect(sideInWords({ models: [1, 2, 3, 4].map((i) => ({ id: `m${i}`, name: `M${i}`, side: 'b' })) }, 'B')).toBe('side B')
    expect(sideInWords({ combatants: [{ id: 'a' }, { id: 'b' }, { id: 'c' }] }, 'A')).toBe('side A')
    expect(tacticsPlayers({ players: { a: 'Doc' } }, sided)).toEqual({ a: 'Doc', b: 'Oni' })
    expect(tacticsPlayers(null)).toEqual({ a: 'side A', b: 'side B' })
  })
})
