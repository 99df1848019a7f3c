import { describe, expect, it } from 'vitest'
import { distributionMetric, meanMetric, probabilityMetric } from '../../engine/core/metrics'
import { resultDocument } from '../../engine/run/result'
import { reportHtml } from './report-html'

describe('HTML report rows', () => {
  it('a metric that never got a sample reads "never happened" with its exact value, never NaN or a 0–100% interval', () => {
    const doc = resultDocument({
      status: 'done',
      system: { id: 'hero', label: 'HERO', version: '1.0.0' },
      scenario: { name: 'Bodyguard', hash: 'abc', rules: {} },
      seed: 1,
      trials: 10,
      trialsDone: 10,
      chunkSize: 10,
      metrics: [
        probabilityMetric({ id: 'hit:g', metric: 'hit', label: 'Attacks that hit: Guard' }, 0, 0, 0.25),
        meanMetric({ id: 'end:g', metric: 'end', label: 'END per attack: Guard' }, 0, 0, 0),
        distributionMetric({ id: 'stun:g', metric: 'stun', label: 'STUN per hit: Guard' }, [0, 0], 0, 0, 2, { mean: 16, p: [{ value: 16, p: 1 }] }),
      ],
      elapsedMs: 1,
      workers: 1,
    })
    const html = reportHtml({ name: 'Bodyguard' }, doc)
    expect(html).toContain('<tr><td>Attacks that hit: Guard</td><td>never happened</td><td></td><td>25.00%</td></tr>')
    expect(html).toContain('<tr><td>END per attack: Guard</td><td>never happened</td><td></td><td></td></tr>')
    expect(html).toContain('<tr><td>STUN per hit: Guard</td><td>never happened</td><td></td><td>16.000</td></tr>')
    expect(html).not.toMatch(/NaN|0\.00% – 100\.00%/)
  })

  it('issue 13: the report leads with the answer, then the fighters, their plans and the rule settings in words; provenance in a small footer', async () => {
    const { readFileSync } = await import('node:fs')
    const { join } = await import('node:path')
    const { runJob } = await import('../../engine/run/job')
    const { runChunk } = await import('../../engine/run/run-chunk')
    const scenario = JSON.parse(readFileSync(join(__dirname, '../../../resources/examples/hero-gunfighters.json'), 'utf8')) as { name: string } & Record<string, unknown>
    const doc = await runJob({ scenario, trials: 2_000, seed: 3, chunkSize: 2_000, concurrency: 1, workers: 1, execute: async (t) => runChunk(t), now: () => 0 })
    const html = reportHtml(scenario, doc)
    const at = (s: string): number => html.indexOf(s)
    expect(at('data-section="answer"')).toBeGreaterThan(0)
    expect(at('data-section="answer"')).toBeLessThan(at('data-section="fighters"'))
    expect(at('data-section="fighters"')).toBeLessThan(at('data-section="plans"'))
    expect(at('data-section="plans"')).toBeLessThan(at('<h2>Rule settings</h2>'))
    expect(html).toMatch(/Doc acts before Kid \(interrupt\) <strong>\d+\.\d%<\/strong>/)
    expect(html).toContain('<tr><th>Doc</th><td>Side A · Dex 18')
    expect(html).toMatch(/<tr><th>Doc<\/th><td>On phase hold · Hold \(/)
    expect(html).toMatch(/<footer>[^<]*seed 3 · 2,000 trials/)
    expect(html.indexOf('chunk')).toBeGreaterThan(at('<footer>'))
  })
})
