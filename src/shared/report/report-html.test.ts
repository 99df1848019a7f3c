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
    expect(html).toContain("<tr><td>Guard's attacks that hit</td><td>never happened</td><td></td><td>25.00%</td></tr>")
    expect(html).toContain("<tr><td>Guard's END per attack</td><td>never happened</td><td></td><td></td></tr>")
    expect(html).toContain("<tr><td>Guard's STUN per hit</td><td>never happened</td><td></td><td>16.000</td></tr>")
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
    expect(html).toMatch(/Doc wins the interrupt contest against Kid <strong>\d+\.\d%<\/strong>/)
    expect(html).toContain('<tr><th>Doc</th><td>Side A · DEX 18')
    // Issue 28: plans and choices in words, fighters by name, never ids or raw patches; the answer once; no run machinery.
    expect(html).toMatch(/<tr><th>Doc<\/th><td>On phase hold · Hold \(Event Kid · Mode interrupt · Roll fast draw\)/)
    expect(html).toContain('<table data-section="choices"><tr><th>Doc</th><td>hold to interrupt · shoot on his Phase</td></tr><tr><th>The Kid</th><td>shoot on his Phase · hold to interrupt Doc</td></tr></table>')
    expect(html).toMatch(/judged by: Doc wins\./)
    expect(html).not.toMatch(/Patch|wins=A|chunks? of|quickdraw tactics/)
    expect(html.match(/<li>Doc wins the interrupt contest against Kid/g)).toHaveLength(1)
    // The results' tables name each result as the headline does (fighters first), never the engine's labels.
    expect(html).toContain('<tr><td>Doc wins the interrupt contest against Kid</td>')
    expect(html).not.toMatch(/Side [AB] wins \(|\(interrupt\)|: Side [AB]/)
    expect(html).toMatch(/<footer>[^<]*seed 3 · 2,000 trials/)
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">')
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
    // Issue 28: answer first — B's answer and how far it moved from A, before what B changes and the folded rest.
    expect(at('data-section="answer"')).toBeGreaterThan(0)
    expect(at('data-section="answer"')).toBeLessThan(at('data-section="differs"'))
    expect(at('data-section="differs"')).toBeLessThan(at('data-section="difference"'))
    expect(html).toContain('<ul data-section="differs"><li>The Kid — Skill: 10</li></ul>')
    const kid = rows.find((r) => r.id === 'acts-first-alone:kid')
    if (!kid) throw new Error('the standoff reports who acts first alone')
    const sign = (x: number): string => `${x > 0 ? '+' : x < 0 ? '−' : '±'}${(Math.abs(x) * 100).toFixed(1)}`
    expect(html).toContain(`<li>The Kid acts first, alone <strong>${(kid.b * 100).toFixed(1)}%</strong> <span class="meta">(${sign(kid.diff)} points from A's ${(kid.a * 100).toFixed(1)}%; 95% ${sign(kid.ci[0])}…${sign(kid.ci[1])})</span></li>`)
    expect(kid.significant).toBe(true)
    expect(html.indexOf('acts first, alone', at('data-section="difference"'))).toBe(-1) // the headline's rows are not repeated below
    expect(html).toMatch(/<details><summary>Timing: who acts when \(\d+\)<\/summary>/)
    expect(html.match(/scenario fingerprint/g)).toHaveLength(2)
    expect(html).not.toMatch(/<script|NaN/)
  })
})
