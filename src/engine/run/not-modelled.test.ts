import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { formatResult } from '../../cli/format'
import { runJob } from './job'
import { runChunk } from './run-chunk'

const example = (name: string): Record<string, unknown> => JSON.parse(readFileSync(`resources/examples/${name}.json`, 'utf8')) as Record<string, unknown>
const run = (scenario: unknown) => runJob({ scenario, trials: 500, seed: 1, chunkSize: 500, concurrency: 1, workers: 1, execute: async (t) => runChunk(t), now: () => 0 })

describe('what a scenario touches that Quickdraw does not play is said with its answer (issue 25)', () => {
  it('GURPS: a thrown spear never runs out, said in the result and right under the command line\'s answer', async () => {
    const doc = await run(example('gurps-spears-and-berserker'))
    expect(doc.notModelled).toEqual([expect.stringMatching(/^Ilse's throwing spears: after each throw a Ready takes up another, and they never run out/)])
    const text = formatResult(doc).split('\n')
    const at = text.indexOf('Not played here, which may change the answer:')
    expect(at).toBeGreaterThan(0)
    expect(text[at + 1]).toMatch(/^ {2}- Ilse's throwing spears/)
  })

  it('HERO: armour over some locations, and Star Wars: switching weapons, each named with the fighter', async () => {
    const hero = example('hero-street-brawl')
    const fighters = hero.combatants as Record<string, unknown>[]
    fighters[1] = { ...fighters[1], armour: { pd: 4, covers: ['head'] } }
    expect((await run(hero)).notModelled).toEqual([expect.stringMatching(/^Vince's armour counts only on hits to the locations it covers/)])
    const sw = await run(example('genesys-rifle-or-vibroknife'))
    expect(sw.notModelled?.some((w) => /changes weapons at no cost/.test(w))).toBe(true)
  })

  it('a scenario that touches nothing of the kind carries no such list', async () => {
    const doc = await run(example('gurps-duel'))
    expect(doc.notModelled).toBeUndefined()
    expect(formatResult(doc)).not.toMatch(/Not played here/)
  })
})
