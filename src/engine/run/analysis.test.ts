import { describe, expect, it } from 'vitest'
import { cascadeScenario } from '../systems/gurps-waits/test-helpers'
import { proportionDifference, compareDocuments } from './compare'
import { findTrial } from './find'
import { getAt, getAtPath, parsePath, setAt, setAtPath } from './json-path'
import { runJob } from './job'
import { replayTrial } from './replay'
import { runChunk } from './run-chunk'
import { sweepGrid, sweepValues } from './sweep'

const scenario = cascadeScenario([{ id: 'a', skill: 13 }, { id: 'b', skill: 12, prevents: ['a'] }])

describe('JSON paths', () => {
  it('reads the paths that error messages print', () => {
    expect(parsePath('combatants[1].skill')).toEqual(['combatants', 1, 'skill'])
    expect(parsePath('rules.yardPenalty')).toEqual(['rules', 'yardPenalty'])
    expect(typeof parsePath('combatants[x]')).toBe('string')
    expect(typeof parsePath('a..b')).toBe('string')
  })
  it('sets a value on a copy and refuses a path the scenario does not have', () => {
    const doc = { combatants: [{ skill: 1 }] }
    const next = setAtPath(doc, 'combatants[0].skill', 14)
    expect(getAtPath(next, 'combatants[0].skill')).toBe(14)
    expect(doc.combatants[0].skill).toBe(1)
    expect(() => setAtPath(doc, 'combatants[3].skill', 1)).toThrow('combatants[3].skill: the scenario has no combatants[3]')
  })
})

describe('sweeps', () => {
  it('steps from A to B inclusive, also with decimal steps', () => {
    expect(sweepValues(10, 14, 1)).toEqual([10, 11, 12, 13, 14])
    expect(sweepValues(5, 6, 0.25)).toEqual([5, 5.25, 5.5, 5.75, 6])
    expect(() => sweepValues(1, 2, 0)).toThrow('--step: must be a number above 0')
    expect(() => sweepValues(3, 2, 1)).toThrow('--to: must be at least --from')
  })
  it('a two-parameter sweep is the grid, the first parameter varying slowest', () => {
    expect(sweepGrid([{ path: 'a', values: [1, 2] }, { path: 'b', values: [7, 8] }])).toEqual([[1, 7], [1, 8], [2, 7], [2, 8]])
  })
})

describe('comparison', () => {
  it("Newcombe's interval for a difference of proportions contains the difference and is wider than either side", () => {
    const ci = proportionDifference(0.4, [0.35, 0.45], 0.5, [0.45, 0.55])
    expect(ci[0]).toBeLessThan(0.1)
    expect(ci[1]).toBeGreaterThan(0.1)
    expect(ci[1] - ci[0]).toBeGreaterThan(0.1)
  })
  it('flags a real difference as significant and a scenario against itself as not', async () => {
    const now = (): number => 0
    const run = (s: unknown) => runJob({ scenario: s, trials: 50_000, seed: 4, concurrency: 1, workers: 1, execute: async (t) => runChunk(t), now })
    const a = await run(scenario)
    const b = await run(cascadeScenario([{ id: 'a', skill: 16 }, { id: 'b', skill: 12, prevents: ['a'] }]))
    const rows = compareDocuments(a, b)
    expect(rows.find((r) => r.id === 'acts:a')?.significant).toBe(true)
    expect(compareDocuments(a, a).every((r) => !r.significant)).toBe(true)
  })
})

describe('finding a trial', () => {
  it('finds the first trial with the asked outcome, deterministically, and its replay shows it', () => {
    const t1 = findTrial(scenario, 8, 10_000, 1000, { metric: 'loses-action:a' })
    const t2 = findTrial(scenario, 8, 10_000, 1000, { metric: 'loses-action:a' })
    expect(t1).not.toBeNull()
    expect(t2).toBe(t1)
    const events = replayTrial(scenario, 8, t1 as number, 1000)
    expect(events.some((e) => e.kind === 'lose' && e.who[0] === 'a')).toBe(true)
  })
  it('names the metric ids when asked for one that does not exist', () => {
    expect(() => findTrial(scenario, 1, 10, 10, { metric: 'nope' })).toThrow(/no metric "nope"; metric ids are: ordering, acts-first-alone:a/)
  })
})

/** Issue 16 item 9: `compare --set "__proto__.x=1"` wrote to Object.prototype. */
describe('JSON paths refuse __proto__, constructor and prototype (prototype pollution)', () => {
  it.each(['__proto__.x', 'constructor.prototype.x', 'combatants[0].__proto__.polluted', 'rules.prototype'])('setAtPath %s is refused and nothing gains a property', (path) => {
    const doc = { combatants: [{ skill: 1 }], rules: {} }
    expect(() => setAtPath(doc, path, 1)).toThrow(/which no scenario field is called/)
    expect(typeof parsePath(path)).toBe('string')
    expect(({} as Record<string, unknown>).x).toBeUndefined()
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })
  it('the key-list setAt (the app editor) refuses them too, and getAt never reads through them', () => {
    expect(() => setAt({}, ['__proto__', 'x'], 1)).toThrow(/refused/)
    expect(() => setAt({}, ['a', 'constructor'], 1)).toThrow(/refused/)
    expect(getAt({}, ['constructor'])).toBeUndefined()
    expect(getAtPath({}, 'toString')).toBeUndefined()
    expect(({} as Record<string, unknown>).x).toBeUndefined()
  })
})
