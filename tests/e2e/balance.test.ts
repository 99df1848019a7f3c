import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BalanceAnswer } from '../../src/engine/run/balance'
import { cliPath, examplesDir, root } from '../helpers'
import { closeBrowser, launchChromium, serveRenderer, startBrowserApp } from './browser'

/**
 * The Balance tab in real Chromium over the browser backend: the Kid's skill at which he acts first alone
 * half the time in the gunfighters' standoff (GURPS Cascading Waits, exact), checked against
 * `quickdraw balance`. A 1280×720 screenshot goes to test-results/e2e/.
 */
const shots = join(root, 'test-results', 'e2e')
const standoff = join(examplesDir, 'gurps-waits-standoff.json')
let page: Page
let server: Awaited<ReturnType<typeof serveRenderer>>
let chromium: Awaited<ReturnType<typeof launchChromium>>

describe('Balance tab in Chromium (browser backend)', () => {
  beforeAll(async () => {
    ;({ server, chromium, page } = await startBrowserApp({ shots, viewport: { width: 1280, height: 720 } }))
    await page.click('[data-example="gurps-waits-standoff.json"]')
    await page.waitForSelector('[data-testid="field-combatants[0].skill"]')
  })
  afterAll(async () => {
    await closeBrowser({ chromium, server })
  })

  it('finds the Kid’s skill for a 50% chance to act first alone, in a sentence, as quickdraw balance does', async () => {
    const r = spawnSync(process.execPath, [cliPath, 'balance', standoff, '--param', 'combatants[0].skill', '--metric', 'acts-first-alone:kid', '--target', '0.5', '--json'], { encoding: 'utf8', timeout: 120_000 })
    expect(r.status, r.stderr).toBe(0)
    const cli = JSON.parse(r.stdout) as BalanceAnswer
    expect(cli.exact).toBe(true)
    const [lo, hi] = cli.bracket
    const p = (x: number): string => `${(x * 100).toFixed(1)}%`

    await page.click('[data-testid="view-balance"]')
    await page.selectOption('[data-testid="balance-param"]', 'combatants[0].skill')
    // The metrics are listed once the scenario's exact values are in.
    await page.waitForSelector('[data-testid="balance-metric"] option[value="acts-first-alone:kid"]', { state: 'attached' })
    await page.selectOption('[data-testid="balance-metric"]', 'acts-first-alone:kid')
    await page.fill('[data-testid="balance-target"]', '50')
    await page.click('[data-testid="balance-run"]')
    const answer = await page.locator('[data-testid="balance-answer"]').textContent({ timeout: 60_000 })
    expect(answer?.trim()).toBe(`The Kid's skill ${hi.value} makes "The Kid acts first, alone" ${p(hi.exact!)} (exact); at ${lo.value} it is ${p(lo.exact!)} (exact).`)
    expect(answer).toContain('14 makes "The Kid acts first, alone" 54.6% (exact)')
    expect(await page.locator('[data-testid="balance-bracket"]').count()).toBe(2)
    // The curve near the crossing: a chart of every value tried, with the target line.
    await page.locator('[data-testid="balance-curve"] canvas').waitFor({ timeout: 30_000 })
    await page.locator('[data-testid="balance-answer"]').scrollIntoViewIfNeeded()
    await page.screenshot({ path: join(shots, '17-balance.png') })
    await page.locator('[data-testid="balance-curve"]').scrollIntoViewIfNeeded()
    await page.screenshot({ path: join(shots, '17-balance-curve.png') })
  })

  it('the Tactics tab plays each gunfighter keeping his Basic Speed or dropping to 4, and recommends keeping it', async () => {
    const s = JSON.parse(readFileSync(standoff, 'utf8')) as { combatants: Record<string, unknown>[] }
    const slow = (i: number): string => JSON.stringify({ combatants: s.combatants.map((c, k) => (k === i ? { ...c, basicSpeed: 4 } : c)) })
    await page.click('[data-testid="view-tactics"]')
    for (const side of ['a', 'b'] as const) {
      await page.fill(`[data-testid="tactics-${side}-name-0"]`, 'stand')
      await page.click(`[data-testid="tactics-add-${side}"]`)
      await page.fill(`[data-testid="tactics-${side}-name-1"]`, 'slow')
      await page.fill(`[data-testid="tactics-${side}-patch-1"]`, slow(side === 'a' ? 0 : 1))
    }
    await page.selectOption('[data-testid="tactics-metric"]', 'acts-first-alone:kid')
    await page.click('[data-testid="tactics-run"]')
    const answer = await page.locator('[data-testid="tactics-answer"]').textContent({ timeout: 60_000 })
    expect(answer?.trim()).toBe('Side A should always "stand"; side B should always "stand". Then "The Kid acts first, alone" is 54.6% (side A wants it high, side B low).')
    await page.locator('[data-testid="tactics-table"]').scrollIntoViewIfNeeded()
    await page.screenshot({ path: join(shots, '17-tactics.png') })
  })
})
