import { describe, expect, it } from 'vitest'
import { distributionMetric, meanMetric, probabilityMetric } from '../../engine/core/metrics'
import { resultDocument } from '../../engine/run/result'
import { comparisonReportHtml, reportHtml } from './report-html'

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

describe('issue 13: a report of a comparison', () => {
  it('has both headlines, what B changes, and every difference with its 95% interval; both runs in the footer', async () => {
    const { readFileSync } = await import('node:fs')
    const { join } = await import('node:path')
    const { runJob } = await import('../../engine/run/job')
    const { runChunk } = await import('../../engine/run/run-chunk')
    const { compareDocuments } = await import('../../engine/run/compare')
    const a = JSON.parse(readFileSync(join(__dirname, '../../../resources/examples/gurps-waits-standoff.json'), 'utf8')) as { name: string; combatants: { skill: number }[] } & Record<string, unknown>
    const b = { ...a, combatants: [{ ...a.combatants[0], skill: 10 }, a.combatants[1]] }
    const run = (s: unknown) => runJob({ scenario: s, trials: 4_000, seed: 5, chunkSize: 4_000, concurrency: 1, workers: 1, execute: async (t) => runChunk(t), now: () => 0 })
    const [da, db] = [await run(a), await run(b)]
    const rows = compareDocuments(da, db)
    const html = comparisonReportHtml({ scenario: a, doc: da, name: 'A: as in the editor' }, { scenario: b, doc: db, name: 'B: The Kid — Skill: 10' }, ['The Kid — Skill: 10'], rows)
    const at = (s: string): number => html.indexOf(s)
    expect(at('data-section="answer-a"')).toBeGreaterThan(0)
    expect(at('data-section="answer-b"')).toBeGreaterThan(at('data-section="answer-a"'))
    expect(html).toMatch(/A: as in the editor<\/h3><p>[^<]*Acts first alone: The Kid \d+\.\d%/)
    expect(html).toContain('<ul data-section="differs"><li>The Kid — Skill: 10</li></ul>')
    const kid = rows.find((r) => r.id === 'acts-first-alone:kid')
    if (!kid) throw new Error('the standoff reports who acts first alone')
    const sign = (x: number): string => `${x > 0 ? '+' : x < 0 ? '−' : '±'}${(Math.abs(x) * 100).toFixed(2)}%`
    expect(html).toContain(`<td>${sign(kid.diff)}</td><td>${sign(kid.ci[0])} … ${sign(kid.ci[1])}</td>`)
    expect(kid.significant).toBe(true)
    expect(html.match(/scenario fingerprint/g)).toHaveLength(2)
    expect(html).not.toMatch(/<script|NaN/)
  })
})
