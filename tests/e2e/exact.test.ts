import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { exactOf } from '../../src/engine/run/exact'
import { example, root } from '../helpers'
import { closeBrowser, launchChromium, openExample, serveRenderer, startBrowserApp } from './browser'

/**
 * The editor's exact answer in real Chromium (browser backend: computed in a Web Worker): it appears for a
 * system with `exact`, follows every edit, and equals what the engine gives for the edited scenario.
 */
const shots = join(root, 'test-results', 'e2e')
let page: Page
let server: Awaited<ReturnType<typeof serveRenderer>>
let chromium: Awaited<ReturnType<typeof launchChromium>>

const hitText = async (): Promise<string> => (await page.textContent('[data-testid="exact"] [data-exact="hit"] dd')) ?? ''
function exactHit(scenario: unknown): string {
  const m = exactOf(scenario)?.find((e) => e.id === 'hit')
  if (m?.kind !== 'probability') throw new Error('no exact P(hit)')
  return `${(m.p * 100).toFixed(2)}%`
}

describe('exact answer while editing (Chromium)', () => {
  beforeAll(async () => {
    ;({ server, chromium, page } = await startBrowserApp({ shots }))
  })
  afterAll(async () => {
    await closeBrowser({ chromium, server })
  })

  it('a Genesys check shows its exact P(hit) and the net successes × advantage grid, and both follow an edit', async () => {
    const bench = example('genesys-check-bench.json') as { check: { pool: Record<string, number> } }
    await openExample(page, 'genesys-check-bench.json')
    await expect.poll(hitText, { timeout: 20_000 }).toBe(exactHit(bench))
    expect(await hitText()).toBe('68.37%') // docs/rules/genesys.md section 7
    expect(await page.locator('[data-exact="net-by-advantage"] td').count()).toBeGreaterThan(100)
    // Issue 28: each exact value is named as Results name it, never "P(hit)" or "P(≥1 Triumph)".
    expect(await page.textContent('[data-testid="exact"] [data-exact="hit"] dt')).toBe('The attack hits')
    expect(await page.textContent('[data-testid="exact"] [data-exact="triumph"] dt')).toBe('At least one Triumph')
    expect(await page.textContent('[data-testid="exact"] .exact-values')).not.toMatch(/\bP\(|≥/)
    await page.locator('[data-testid="exact"]').screenshot({ path: join(shots, '12-exact-answer.png') })

    const field = '[data-testid="field-check.pool.proficiency"]'
    await page.fill(field, '3')
    await page.press(field, 'Tab')
    const edited = { ...bench, check: { ...bench.check, pool: { ...bench.check.pool, proficiency: 3 } } }
    await expect.poll(hitText, { timeout: 20_000 }).toBe(exactHit(edited))
    expect(exactHit(edited)).not.toBe('68.37%')
  })

  it('an invalid value keeps the last answer, marked out of date, until the scenario is valid again', async () => {
    const field = '[data-testid="field-check.pool.proficiency"]'
    await page.fill(field, '-1')
    await page.press(field, 'Tab')
    await expect.poll(() => page.getAttribute('[data-testid="exact"]', 'data-status')).toBe('stale')
    expect(await page.textContent('[data-testid="exact-state"]')).toMatch(/out of date/)
    await page.fill(field, '2')
    await page.press(field, 'Tab')
    await expect.poll(hitText, { timeout: 20_000 }).toBe('68.37%')
    expect(await page.getAttribute('[data-testid="exact"]', 'data-status')).toBe('done')
  })

  it("opening another scenario replaces the answer with that scenario's own", async () => {
    await openExample(page, 'gurps-waits-standoff.json') // discards the edit above
    const first = '[data-testid="exact"] [data-exact="acts-first-alone:kid"] dd'
    await expect.poll(() => page.locator(first).count(), { timeout: 20_000 }).toBe(1)
    expect(await page.locator('[data-testid="exact"] [data-exact="hit"]').count()).toBe(0)
    const m = exactOf(example('gurps-waits-standoff.json'))?.find((e) => e.id === 'acts-first-alone:kid')
    if (m?.kind !== 'probability') throw new Error('no exact acts-first-alone:kid')
    expect(await page.textContent(first)).toBe(`${(m.p * 100).toFixed(2)}%`)
  })
})
