import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createStream } from '../../core/rng'
import { createTally } from '../../core/tally'
import { parseScenario } from '../../run/parse'
import { genesys } from './index'

/** Every shipped genesys example parses, compiles and plays a few trials (they are what users open first). */
const dir = join(__dirname, '..', '..', '..', '..', 'resources', 'examples')
const files = readdirSync(dir).filter((f) => f.startsWith('genesys-') && f.endsWith('.json'))

describe('shipped examples', () => {
  it('there are examples for the check, the duels, the squad, Aim economics and closing the range', () => {
    for (const f of ['genesys-check-bench.json', 'genesys-blaster-duel.json', 'genesys-aim-vs-no-aim.json', 'genesys-guarded-stance-duel.json', 'genesys-squad-cover.json', 'genesys-aim-economics.json', 'genesys-close-the-range.json']) expect(files).toContain(f)
  })
  it.each(files)('%s is valid and runs', (file) => {
    const r = parseScenario(JSON.parse(readFileSync(join(dir, file), 'utf8')))
    expect(r.ok ? [] : r.issues.map((i) => `${i.path}: ${i.message}`)).toEqual([])
    if (!r.ok) return
    const plan = genesys.compile(r.scenario as never)
    const tally = createTally(genesys.shape(plan))
    const rng = createStream(1, 0)
    for (let i = 0; i < 200; i++) genesys.simulate(plan, rng, tally)
    tally.trials = 200
    expect(genesys.summarize(plan, tally).length).toBeGreaterThan(0)
  })
  it('closing the range: the runner shoots at Medium on his first turn, at Short on his second (trace)', () => {
    const r = parseScenario(JSON.parse(readFileSync(join(dir, 'genesys-close-the-range.json'), 'utf8')))
    if (!r.ok) throw new Error('invalid')
    const plan = genesys.compile(r.scenario as never)
    let second = 0
    for (let trial = 0; trial < 40; trial++) {
      // by round (an Overpowered free attack can add a second shot inside a round); the band only, since a
      // Critical Injury (Stinger, Agonizing Wound…) can change the dice
      const shots = genesys.trace(plan, createStream(12, trial)).filter((e) => e.text.startsWith('Runner fires'))
      const first = shots.find((e) => e.at === 1)
      const next = shots.find((e) => e.at === 2)
      if (first) expect(first.text).toContain('(medium): ')
      if (!next) continue
      expect(next.text).toContain('(short): ')
      second++
    }
    expect(second).toBeGreaterThan(0)
  })
})
