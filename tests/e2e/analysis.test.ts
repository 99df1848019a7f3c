import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ComparisonRow } from '../../src/engine/run/compare'
import type { TraceEvent } from '../../src/engine/core/trace'
import type { SweepDocument } from '../../src/renderer/src/analysis/sweep-plan'
import { cliPath, examplesDir, root } from '../helpers'
import { closeBrowser, launchChromium, serveRenderer, startBrowserApp } from './browser'
import { bandShare } from './page-scripts'

/**
 * The analysis views in real Chromium over the browser backend: a sweep, a comparison and a found fight,
 * each checked number for number against the CLI for the same scenario and seed. Screenshots go to
 * test-results/e2e/.
 */
const shots = join(root, 'test-results', 'e2e')
const standoff = join(examplesDir, 'gurps-waits-standoff.json')
const TRIALS = 20_000
const SEED = 9
let page: Page
let server: Awaited<ReturnType<typeof serveRenderer>>
let chromium: Awaited<ReturnType<typeof launchChromium>>
let scratch = ''

function cli<T>(args: string[]): T {
  const r = spawnSync(process.execPath, [cliPath, ...args, '--trials', String(TRIALS), '--seed', String(SEED), '--json'], { encoding: 'utf8', timeout: 120_000 })
  if (r.status !== 0) throw new Error(`quickdraw ${args[0]} failed: ${r.stderr}`)
  return JSON.parse(r.stdout) as T
}

async function setNumber(selector: string, value: number): Promise<void> {
  await page.fill(selector, String(value))
  await page.press(selector, 'Tab')
}

async function download(selector: string, name: string): Promise<string> {
  const [d] = await Promise.all([page.waitForEvent('download'), page.click(selector)])
  const file = join(scratch, name)
  await d.saveAs(file)
  return file
}


describe('Quickdraw analysis in Chromium (browser backend)', () => {
  beforeAll(async () => {
    scratch = mkdtempSync(join(tmpdir(), 'quickdraw-e2e-analysis-'))
    ;({ server, chromium, page } = await startBrowserApp({ shots }))
    await page.click('[data-example="gurps-waits-standoff.json"]')
    await page.waitForSelector('[data-testid="field-combatants[0].skill"]')
    await setNumber('[data-testid="trials"]', TRIALS)
    await setNumber('[data-testid="seed"]', SEED)
  })
  afterAll(async () => {
    await closeBrowser({ chromium, server })
    rmSync(scratch, { recursive: true, force: true })
  })

  it('a sweep of the Kid’s skill gives, point for point, the numbers of quickdraw sweep', async () => {
    await page.click('[data-testid="view-sweep"]')
    await page.selectOption('[data-testid="sweep-param-0"]', 'combatants[0].skill')
    await setNumber('[data-testid="sweep-from-0"]', 12)
    await setNumber('[data-testid="sweep-to-0"]', 14)
    await page.click('[data-testid="sweep-run"]')
    await expect.poll(() => page.textContent('[data-testid="sweep-status"]'), { timeout: 60_000 }).toBe('3 of 3 points')
    await page.waitForSelector('[data-chart="sweep"] canvas')
    const browser = JSON.parse(readFileSync(await download('[data-testid="sweep-export-json"]', 'sweep.json'), 'utf8')) as SweepDocument
    const ref = cli<SweepDocument>(['sweep', standoff, '--param', 'combatants[0].skill', '--from', '12', '--to', '14', '--step', '1'])
    expect(browser.params).toEqual(ref.params)
    expect(browser.scenario).toEqual(ref.scenario)
    expect(browser.points.map((p) => [p.at, p.document.metrics])).toEqual(ref.points.map((p) => [p.at, p.document.metrics]))
    // The 95% band is drawn (charts are drawn one per task) and readable: a visible share of the chart, not a hairline.
    await expect.poll(() => page.evaluate<number>(bandShare('[data-chart="sweep"] canvas')), { timeout: 10_000 }).toBeGreaterThan(0.01)
    await page.locator('[data-testid="sweep-panel"]').screenshot({ path: join(shots, '8-sweep.png') })
  })

  it('a comparison against a lower skill gives the rows of quickdraw compare, answer first, flagging the ones that could be chance', async () => {
    await page.click('[data-testid="view-compare"]')
    await page.selectOption('[data-testid="compare-kind"]', 'field')
    await page.selectOption('[data-testid="compare-field"]', 'combatants[0].skill')
    await page.fill('[data-testid="compare-value"]', '10')
    await page.click('[data-testid="compare-run"]')
    await page.waitForSelector('[data-testid="compare-answer"]', { timeout: 60_000 })
    const ref = cli<{ rows: ComparisonRow[] }>(['compare', standoff, '--set', 'combatants[0].skill=10'])
    // Issue 28: the headline's results lead (B's value and the difference), every other row sits in a folded group, and only rows that cannot happen in either run are left out.
    const lines = await page.locator('[data-testid="compare-answer"] [data-line]').count()
    const rows = await page.locator('[data-testid="compare-table"] tbody tr').count()
    expect(lines).toBeGreaterThan(0)
    expect(lines + rows).toBe(ref.rows.filter((r) => !(r.a === 0 && r.b === 0)).length)
    const one = (x: number): string => `${(x * 100).toFixed(1)}%`
    for (const r of ref.rows) {
      if (r.label.endsWith('(mean)') || (await page.locator(`[data-row="${r.id}"]`).count()) === 0) continue
      const cells = await page.locator(`[data-row="${r.id}"] td`).allTextContents()
      expect(cells.slice(1, 3)).toEqual([one(r.a), one(r.b)])
      expect(cells[5].trim()).toBe(r.significant ? '' : 'could be chance')
    }
    expect(ref.rows.some((r) => !r.significant)).toBe(true)
    await page.locator('[data-testid="compare-panel"]').screenshot({ path: join(shots, '9-compare.png') })
  })

  it('finds the first fight where both strike at once and replays it as quickdraw trace --find does', async () => {
    await page.click('[data-testid="view-results"]')
    await page.click('[data-testid="run"]')
    await page.waitForSelector('[data-testid="result-summary"] .status-done', { timeout: 60_000 })
    await page.selectOption('[data-testid="find-query"]', 'simultaneous-exchange:kid:marshal')
    await page.click('[data-testid="find-fight"]')
    await page.waitForSelector('[data-testid="replay-message"]')
    const ref = cli<{ trial: number; events: TraceEvent[] }>(['trace', standoff, '--find', 'simultaneous-exchange:kid:marshal'])
    expect(ref.trial).toBeGreaterThan(0) // not simply the first fight, which the panel shows before any search
    expect(await page.textContent('[data-testid="replay-message"]')).toContain(`Fight #${ref.trial} is the first of this run`)
    expect(await page.inputValue('[data-testid="replay-trial"]')).toBe(String(ref.trial))
    const lines = await page.locator('[data-testid="combat-log"] li').allTextContents()
    expect(lines.map((l) => l.trim())).toEqual(ref.events.map((e) => `${e.at} ${e.text}`))
    await page.locator('[data-testid="replay"]').screenshot({ path: join(shots, '10-replay-found-fight.png') })
  })

  it('exports the same self-contained HTML report, which opens offline with its charts', async () => {
    const file = await download('[data-testid="export-report"]', 'report.html')
    const html = readFileSync(file, 'utf8')
    expect(html.startsWith('<!doctype html>')).toBe(true)
    expect(html).toContain(`seed ${SEED} · ${TRIALS.toLocaleString('en-US')} trials`)
    const report = await page.context().newPage()
    await report.goto(`file://${file}`)
    expect(await report.locator('figure svg').count()).toBeGreaterThan(1)
    await report.screenshot({ path: join(shots, '11-report.png'), fullPage: true })
    await report.close()
  })
})
