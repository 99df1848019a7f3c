import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { hero } from '../systems/hero'
import { compiledFor, isPlainData } from './compile'
import { exactAtOnce } from './exact'
import { runJob } from './job'
import { parseScenarioOrThrow } from './parse'
import { runChunk } from './run-chunk'

const bench = JSON.parse(readFileSync(join(__dirname, '../../../resources/examples/hero-bench-2v2.json'), 'utf8')) as { name: string }

describe('a scenario is compiled once per thread (issue 31 item 5)', () => {
  afterEach(() => vi.restoreAllMocks())

  it("a run's summaries, its chunks played on the same thread and its exact values at once share one plan", async () => {
    const scenario = { ...bench, name: 'compiled once' }
    const compile = vi.spyOn(hero, 'compile')
    const doc = await runJob({ scenario, trials: 300, seed: 4, chunkSize: 100, concurrency: 1, workers: 1, execute: async (t) => runChunk(t), now: () => 0 })
    expect(doc.status).toBe('done')
    expect(exactAtOnce(parseScenarioOrThrow(scenario))).toBeDefined()
    // another seed and trial count is the same plan
    compiledFor({ ...scenario, run: { trials: 7, seed: 99 } })
    expect(compile).toHaveBeenCalledTimes(1)
    // a changed scenario is compiled again
    compiledFor({ ...scenario, name: 'another fight' })
    expect(compile).toHaveBeenCalledTimes(2)
  })
})

describe('isPlainData: what a worker can rebuild exactly from a copy of main\'s plan', () => {
  it('numbers, strings, arrays, objects, Maps, Sets and typed arrays are; shared and repeated parts too', () => {
    const shared = { t: new Int32Array([1, 2, 3]) }
    expect(isPlainData({ a: 1, b: 'x', c: [true, null, undefined, 2n], d: new Map([['k', { v: new Float64Array(2) }]]), e: new Set([1, 2]), f: shared, g: [shared] })).toBe(true)
    const cyclic: { self?: unknown } = {}
    cyclic.self = cyclic
    expect(isPlainData(cyclic)).toBe(true)
  })

  it('a function, an object of a class, a getter, a symbol key, a hidden property or an object with no prototype is not', () => {
    class Table {
      constructor(readonly n: number) {}
      at(): number {
        return this.n
      }
    }
    expect(isPlainData({ f: () => 1 })).toBe(false)
    expect(isPlainData([new Table(1)])).toBe(false)
    expect(isPlainData({ get x() { return 1 } })).toBe(false)
    expect(isPlainData({ [Symbol('s')]: 1 })).toBe(false)
    expect(isPlainData(Object.defineProperty({}, 'hidden', { value: 1, enumerable: false }))).toBe(false)
    expect(isPlainData(Object.create(null) as object)).toBe(false)
    expect(isPlainData(new Map([[1, new Table(2)]]))).toBe(false)
    expect(isPlainData(new DataView(new ArrayBuffer(4)))).toBe(false)
  })
})
