import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parseScenario } from './parse'
import { runJob } from './job'
import { runChunk } from './run-chunk'

const standoff = JSON.parse(readFileSync(join(__dirname, '../../../resources/examples/gurps-waits-standoff.json'), 'utf8')) as unknown

describe('a file that is not a scenario (issue 28)', () => {
  it('a result document given as a scenario is called a result, not "system: must be one of …, got {"id":…}"', async () => {
    const doc = await runJob({ scenario: standoff, trials: 200, seed: 1, chunkSize: 200, concurrency: 1, workers: 1, execute: async (t) => runChunk(t), now: () => 0 })
    const r = parseScenario(JSON.parse(JSON.stringify(doc)))
    expect(r.ok).toBe(false)
    if (r.ok) return
    expect(r.issues).toHaveLength(1)
    expect(r.issues[0].message).toBe('this is a Quickdraw result (the numbers of a run), not a scenario: open the scenario file it was made from (the result names it: "Standoff at high noon")'.replace('Standoff at high noon', (standoff as { name: string }).name))
    expect(r.issues[0].message).not.toMatch(/must be one of|\{"id"/)
  })

  it('a comparison, a sweep, and a wrapper holding a scenario are each named so', () => {
    const says = (input: unknown): string => {
      const r = parseScenario(input)
      return r.ok ? 'ok' : r.issues.map((i) => i.message).join('; ')
    }
    expect(says({ format: 'quickdraw-comparison/1', a: {}, b: {} })).toMatch(/^this is a Quickdraw comparison .*not a scenario/)
    expect(says({ format: 'quickdraw-sweep/1', scenario: { name: 'Duel', hash: 'x' }, params: [], points: [] })).toMatch(/^this is a Quickdraw sweep .*"Duel"/)
    expect(says({ scenario: standoff, savedAt: 1 })).toBe('this file holds a scenario inside it (under "scenario") rather than being one: open the scenario on its own')
    // A scenario with a wrong system still gets the allowed values.
    expect(says({ system: 'dnd' })).toMatch(/must be one of .*got "dnd"/)
  })
})
