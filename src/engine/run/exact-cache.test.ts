import { readFileSync } from 'node:fs'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { hero } from '../systems/hero'
import { l5r } from '../systems/l5r'
import { exactCache, exactOf } from './exact'
import { ExactCache, exactCacheKeyOf, LruCache, SharedRequests } from './exact-cache'

/** The shipped Void duel, three Rounds (quick to solve). */
const duel = { ...JSON.parse(readFileSync('resources/examples/l5r-void-duel.json', 'utf8')), roundCap: 3 } as { name: string; roundCap: number; combatants: { agility?: number }[] }

describe('exact values kept by scenario', () => {
  afterEach(() => {
    vi.restoreAllMocks()
    exactCache.clear()
  })

  it('a second identical request does not solve again, and gives the same values', () => {
    exactCache.clear()
    const solve = vi.spyOn(l5r, 'exact')
    const first = exactOf(duel)
    const second = exactOf(JSON.parse(JSON.stringify(duel)))
    expect(solve).toHaveBeenCalledTimes(1)
    expect(second).toEqual(first)
    // another seed or trial count is the same scenario to an exact answer
    exactOf({ ...duel, run: { trials: 1234, seed: 99 } })
    expect(solve).toHaveBeenCalledTimes(1)
    // fresh (what quickdraw bench times): solved again all the same
    expect(exactOf(duel, { fresh: true })).toEqual(first)
    expect(solve).toHaveBeenCalledTimes(2)
  })

  it('any change to the scenario solves again: a fighter, the Round cap, a rule variant, the name', () => {
    exactCache.clear()
    const solve = vi.spyOn(l5r, 'exact')
    exactOf(duel)
    const faster = structuredClone(duel)
    faster.combatants[0].agility = (faster.combatants[0].agility ?? 2) + 1
    exactOf(faster)
    expect(solve).toHaveBeenCalledTimes(2)
    exactOf({ ...duel, roundCap: 4 })
    expect(solve).toHaveBeenCalledTimes(3)
    exactOf({ ...duel, rules: { damageExplodes: 'no' } })
    expect(solve).toHaveBeenCalledTimes(4)
    exactOf({ ...duel, name: 'another duel' })
    expect(solve).toHaveBeenCalledTimes(5)
    // and each is kept: asking again solves none
    exactOf(faster)
    exactOf(duel)
    expect(solve).toHaveBeenCalledTimes(5)
  })

  it('a refusal is kept too (a HERO fight of two against two is not tried again)', () => {
    exactCache.clear()
    const bench = JSON.parse(readFileSync('resources/examples/hero-bench-2v2.json', 'utf8'))
    const solve = vi.spyOn(hero, 'exact')
    const a = exactOf(bench)
    const b = exactOf(bench)
    expect(solve).toHaveBeenCalledTimes(1)
    expect(b?.find((m) => m.id === 'exact-fight')).toMatchObject({ solved: false })
    expect(b).toEqual(a)
  })

  it('a caller changing the values it got does not change what the next caller gets', () => {
    exactCache.clear()
    const first = exactOf(duel)
    if (!first) throw new Error('no exact values')
    first.length = 0
    expect(exactOf(duel)?.length).toBeGreaterThan(0)
  })

  it('keys by system version: a new version of the rules is solved again', () => {
    const key = exactCacheKeyOf(duel)
    expect(key).toMatch(new RegExp(`^l5r@${l5r.version.replace(/\./g, '\\.')}#[0-9a-f]{16}$`))
    expect(exactCacheKeyOf({ ...duel, combatants: [] })).toBeUndefined()
  })

  it('an invalid scenario still throws, every time, and is not kept', () => {
    exactCache.clear()
    expect(() => exactOf({ ...duel, combatants: [] })).toThrow(/combatants/)
    expect(() => exactOf({ ...duel, combatants: [] })).toThrow(/combatants/)
    expect(exactCache.size).toBe(0)
  })
})

describe('LruCache', () => {
  it('keeps at most its capacity, forgetting the least recently used first', () => {
    const c = new LruCache<string, number>(2)
    c.set('a', 1)
    c.set('b', 2)
    expect(c.get('a')).toBe(1) // a is now the most recent
    c.set('c', 3)
    expect(c.has('b')).toBe(false)
    expect(c.get('a')).toBe(1)
    expect(c.get('c')).toBe(3)
    expect(c.size).toBe(2)
  })

  it('ExactCache keeps null (a system without exact values) apart from "not solved yet"', () => {
    const c = new ExactCache(4)
    expect(c.get('x')).toBeUndefined()
    c.set('x', null)
    expect(c.get('x')).toBeNull()
  })
})

describe('exact requests in flight are shared by scenario (SharedRequests)', () => {
  it('a second request for the same scenario waits for the first solve; another scenario starts its own', async () => {
    const shared = new SharedRequests<string>()
    const answers = new Map<string, (v: string) => void>()
    let starts = 0
    const start = (key: string) => (): Promise<string> => {
      starts++
      return new Promise((resolve) => answers.set(key, resolve))
    }
    const a = shared.run('k', undefined, start('k'))
    const b = shared.run('k', undefined, start('k'))
    const other = shared.run('other', undefined, start('other'))
    expect(starts).toBe(2)
    answers.get('other')?.('other answer')
    expect(await other).toBe('other answer')
    answers.get('k')?.('exact')
    expect(await a).toBe('exact')
    expect(await b).toBe('exact')
    // answered: the next request starts a solve again (what is kept is the cache's business)
    expect(shared.size).toBe(0)
    void shared.run('k', undefined, start('k'))
    expect(starts).toBe(3)
  })

  it('a caller that cancels leaves the others waiting; the solve stops only when every caller has cancelled', async () => {
    const shared = new SharedRequests<string>()
    let answer: (v: string) => void = () => undefined
    const starts: AbortSignal[] = []
    const start = (signal: AbortSignal): Promise<string> => {
      starts.push(signal)
      return new Promise((resolve) => (answer = resolve))
    }
    const one = new AbortController()
    const two = new AbortController()
    const a = shared.run('k', one.signal, start)
    const b = shared.run('k', two.signal, start)
    one.abort()
    await expect(a).rejects.toThrow('aborted')
    expect(starts[0].aborted).toBe(false)
    answer('exact')
    expect(await b).toBe('exact')
    expect(shared.size).toBe(0)
    // both cancel: the solve is stopped, and the next request starts afresh
    const three = new AbortController()
    const c = shared.run('k', three.signal, start)
    three.abort()
    await expect(c).rejects.toThrow('aborted')
    expect(starts[1].aborted).toBe(true)
    expect(shared.size).toBe(0)
    const d = shared.run('k', undefined, start)
    expect(starts).toHaveLength(3)
    answer('again')
    expect(await d).toBe('again')
    // a request already cancelled starts nothing
    const gone = new AbortController()
    gone.abort()
    await expect(shared.run('k', gone.signal, start)).rejects.toThrow('aborted')
    expect(starts).toHaveLength(3)
  })
})
