import AxeBuilder from '@axe-core/playwright'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { root } from '../helpers'
import { closeBrowser, launchChromium, serveRenderer, startBrowserApp } from './browser'

/**
 * The rules reference inside the app (header button, F1, Help › Rules Reference on the desktop): it opens
 * at the page of the scenario's system, moves between pages by its links, closes with Esc, and has no
 * serious accessibility problem. A 1280×720 screenshot goes to test-results/e2e/.
 */
const shots = join(root, 'test-results', 'e2e')
let page: Page
let server: Awaited<ReturnType<typeof serveRenderer>>
let chromium: Awaited<ReturnType<typeof launchChromium>>

describe('rules reference in Chromium', () => {
  beforeAll(async () => {
    ;({ server, chromium, page } = await startBrowserApp({ shots, viewport: { width: 1280, height: 720 } }))
    await page.click('[data-example="hero-gunfighters.json"]')
    await page.waitForSelector('[data-testid="field-combatants[0].dex"]')
  })
  afterAll(async () => {
    await closeBrowser({ chromium, server })
  })

  it('opens at the page of the scenario\'s system, with the book citations', async () => {
    await page.click('[data-testid="open-rules"]')
    const body = page.locator('[data-testid="rules-body"]')
    await expect.poll(async () => (await body.locator('h1').textContent()) ?? '', { timeout: 30_000 }).toMatch(/^HERO System/)
    expect(await page.locator('[data-testid="rules-page-hero"]').getAttribute('aria-current')).toBe('page')
    expect(await body.textContent()).toMatch(/6E2 p\.\d+/)
    await page.screenshot({ path: join(shots, 'rules-reference.png') })
    const { violations } = await new AxeBuilder({ page: page as never }).include('[data-testid="rules-reference"]').analyze()
    expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`)).toEqual([])
  })

  it('the index links to each system\'s page inside the app, and Esc closes it', async () => {
    await page.click('[data-testid="rules-page-README"]')
    const body = page.locator('[data-testid="rules-body"]')
    await body.locator('a[data-page="l5r"]').click()
    await expect.poll(async () => (await body.locator('h1').textContent()) ?? '', { timeout: 30_000 }).toMatch(/Legend of the Five Rings|L5R/)
    expect(page.url()).not.toMatch(/\.md/)
    await page.keyboard.press('Escape')
    await page.locator('[data-testid="rules-reference"]').waitFor({ state: 'detached' })
    // F1 opens it again
    await page.keyboard.press('F1')
    await page.locator('[data-testid="rules-reference"]').waitFor()
    await page.click('[data-testid="rules-close"]')
    await page.locator('[data-testid="rules-reference"]').waitFor({ state: 'detached' })
  })
})
