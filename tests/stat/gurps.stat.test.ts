import { describe, expect, it } from 'vitest'
import { mergeAll } from '../../src/engine/core/tally'
import { quickContestExact } from '../../src/engine/dice/quick-contest'
import { compiledFor, runChunk } from '../../src/engine/run/run-chunk'
import { gurps } from '../../src/engine/systems/gurps'
import { example, withinStandardErrors } from '../helpers'

function run(file: string, trials: number): { metric: (id: string) => { count: number; n: number }; withExact: () => { id: string; count: number; n: number; exact: number }[] } {
  const scenario = example(file)
  const { plan } = compiledFor(scenario)
  const chunks = [0, 1, 2, 3].map((chunk) => runChunk({ scenario, seed: 20261121, chunk, trials }))
  const tally = mergeAll(gurps.shape(plan as never), chunks.map((c) => ({ trials: c.trials, counts: c.counts, bins: c.bins })))
  const metrics = gurps.summarize(plan as never, tally)
  return {
    metric: (id) => {
      const m = metrics.find((x) => x.id === id)
      if (!m || m.kind !== 'probability') throw new Error(`no probability metric ${id}`)
      return { count: m.count, n: m.n }
    },
    withExact: () => metrics.flatMap((m) => (m.kind === 'probability' && m.exact !== undefined ? [{ id: m.id, count: m.count, n: m.n, exact: m.exact }] : [])),
  }
}

/**
 * Whole fights against what is exact about them: who shoots first in a standoff is exactly the Quick
 * Contest of the two Wait scores (fixed seed, 4 standard errors).
 */
describe('GURPS fights: sampled vs exact (fixed seed, 4 standard errors)', () => {
  it('standoff: P(each Wait fires and shoots first) and P(simultaneous) are the Quick Contest 23 vs 22', () => {
    const r = run('gurps-standoff.json', 50_000)
    // The Kid: Guns 14 + CR 1 + ⌊6⌋ + 2 = 23; the Marshal: Guns 15 + ⌊5.75⌋ + 2 = 22
    const exact = quickContestExact(23, 22)
    const share = (w: number): number => w / 216 ** 2
    for (const [id, p] of [
      ['wait-strikes-first:kid', share(exact.aFirst)],
      ['wait-strikes-first:marshal', share(exact.bFirst)],
      ['simultaneous-first-strike', share(exact.tie)],
    ] as const) {
      const m = r.metric(id)
      expect(withinStandardErrors(m.count, m.n, p), `${id}: ${m.count}/${m.n} vs ${p}`).toBe(true)
    }
  })
  it('standoff: the exact values the summary attaches agree with the sampled ones', () => {
    const checked = run('gurps-standoff.json', 25_000).withExact()
    expect(checked.map((m) => m.id).sort()).toEqual(['simultaneous-first-strike', 'strikes-first:kid', 'strikes-first:marshal', 'wait-strikes-first:kid', 'wait-strikes-first:marshal'])
    for (const m of checked) expect(withinStandardErrors(m.count, m.n, m.exact), `${m.id}: ${m.count}/${m.n} vs ${m.exact}`).toBe(true)
  })
  it('ETS: Yuki\'s Wait always resolves first, whatever Marco rolls', () => {
    const r = run('gurps-ets.json', 20_000)
    const m = r.metric('wait-strikes-first:yuki')
    expect(m.count).toBe(m.n)
  })
})
