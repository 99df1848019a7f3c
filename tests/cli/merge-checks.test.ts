import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { examplesDir, requireBuild } from '../helpers'
import { quickdrawInProcess as quickdraw } from './in-process'

/**
 * Issue 30: `quickdraw merge` trusted edited tallies (one count raised by one merged with exit 0). Each
 * partial carries what every metric adds up to and a digest of its counts; merge refuses a file whose
 * counts disagree with them, naming the file, the shard and the metric, and writes nothing.
 */
const duel = join(examplesDir, 'gurps-waits-triangle.json')
let dir = ''
const part = (i: number): string => join(dir, `part-${i}.json`)

beforeAll(async () => {
  requireBuild()
  dir = mkdtempSync(join(tmpdir(), 'quickdraw-merge-'))
  for (const i of [1, 2]) expect((await quickdraw('run', duel, '--trials', '3000', '--chunk-size', '1000', '--seed', '5', '--shard', `${i}/2`, '--out', part(i))).code).toBe(0)
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))

function edited(name: string, edit: (p: { tally: { counts: number[]; bins: number[] }; checks: { metrics: { n: number; count: number }[] } }) => void): string {
  const p = JSON.parse(readFileSync(part(2), 'utf8'))
  edit(p)
  const file = join(dir, name)
  writeFileSync(file, JSON.stringify(p))
  return file
}

describe('merge refuses partials whose counts do not add up (issue 30)', () => {
  it('the shards as written merge (exit 0)', async () => {
    const r = await quickdraw('merge', part(1), part(2), '--out', join(dir, 'ok.json'))
    expect(r.code).toBe(0)
    expect(existsSync(join(dir, 'ok.json'))).toBe(true)
  })

  it('one count raised by one: refused, naming the file, the shard and the metric; nothing written', async () => {
    // the first count that is not 0 (this scenario's tallies are histograms): one more trial in one outcome
    const file = edited('raised.json', (p) => {
      const list = p.tally.counts.some((c) => c > 0) ? p.tally.counts : p.tally.bins
      list[list.findIndex((c) => c > 0)] += 1
    })
    const target = join(dir, 'raised-merged.json')
    const r = await quickdraw('merge', part(1), file, '--out', target)
    expect(r.code).toBe(1)
    expect(r.err).toMatch(new RegExp(`^quickdraw: merge: ${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(shard 2 of 2\\): ("[^"]+" adds up to [\\d,]+ of [\\d,]+, but the shard recorded [\\d,]+ of [\\d,]+|its counts do not match their digest)`))
    expect(existsSync(target)).toBe(false)
  })

  it('a count moved between outcomes, with the recorded sums left adding up: refused by the digest', async () => {
    const file = edited('moved.json', (p) => {
      const bins = p.tally.bins
      const k = bins.findIndex((c, i) => c > 0 && bins[i + 1] > 0)
      bins[k] -= 1
      bins[k + 1] += 1
    })
    const r = await quickdraw('merge', part(1), file)
    expect(r.code).toBe(1)
    expect(r.err).toContain('(shard 2 of 2): its counts do not match their digest')
  })

  it('a missing, a repeated and a foreign shard are refused', async () => {
    expect((await quickdraw('merge', part(1))).err).toContain('missing shard 2 of 2')
    expect((await quickdraw('merge', part(1), part(1), part(2))).err).toContain('shard 1/2 is given 2 times')
    const foreign = edited('foreign.json', (p) => ((p as unknown as { seed: number }).seed = 6))
    expect((await quickdraw('merge', part(1), foreign)).err).toMatch(/has seed 6.*not parts of one run/)
  })
})
