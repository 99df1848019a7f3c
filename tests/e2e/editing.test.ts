import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { requireBuild, root } from '../helpers'
import { launchChromium, openApp, openExample, serveRenderer } from './browser'

/**
 * Issue 13, editing that respects the user, in real Chromium at 1280×720: switching away from unsaved
 * edits asks Save / Discard / Cancel. Screenshots go to test-results/e2e/.
 */
const shots = join(root, 'test-results', 'e2e')
let page: Page
let server: Awaited<ReturnType<typeof serveRenderer>>
let chromium: Awaited<ReturnType<typeof launchChromium>>

const skill0 = '[data-testid="field-combatants[0].skill"]'

async function shot(name: string): Promise<void> {
  await page.screenshot({ path: join(shots, `${name}.png`) })
}

async function setField(selector: string, value: string): Promise<void> {
  await page.fill(selector, value)
  await page.press(selector, 'Tab')
}

describe('editing that respects the user (issue 13) in Chromium at 1280×720', () => {
  beforeAll(async () => {
    requireBuild()
    mkdirSync(shots, { recursive: true })
    server = await serveRenderer()
    chromium = await launchChromium()
    page = await openApp(chromium.browser, server.url, [], { width: 1280, height: 720 })
    await openExample(page, 'gurps-waits-standoff.json')
  })
  afterAll(async () => {
    await chromium?.close()
    await server?.close()
  })

  it('opening another example over unsaved edits asks Save / Discard / Cancel; Cancel keeps the edits', async () => {
    await setField(skill0, '12')
    expect(await page.title()).toMatch(/^\*/)
    await page.click('[data-example="gurps-waits-triangle.json"]')
    await page.waitForSelector('[data-testid="leave-dialog"][open]')
    expect(await page.textContent('[data-testid="leave-dialog"]')).toMatch(/Save your changes to .+\?/)
    await shot('13-9-leave-dialog-1280')
    await page.click('[data-testid="leave-cancel"]')
    expect(await page.inputValue(skill0)).toBe('12')
    expect(await page.locator('[data-example="gurps-waits-standoff.json"].active').count()).toBe(1)
    // Esc is Cancel too.
    await page.click('[data-example="gurps-waits-triangle.json"]')
    await page.waitForSelector('[data-testid="leave-dialog"][open]')
    await page.keyboard.press('Escape')
    await page.waitForSelector('[data-testid="leave-dialog"]:not([open])', { state: 'attached' })
    expect(await page.inputValue(skill0)).toBe('12')
  })

  it('a changed trial count is an edit too (it is saved in the scenario file); Save downloads the scenario, then the other opens', async () => {
    await openExample(page, 'gurps-waits-standoff.json', 'discard')
    expect(await page.title()).not.toMatch(/^\*/)
    await setField('[data-testid="trials"]', '12345')
    expect(await page.title()).toMatch(/^\*/)
    await page.click('[data-example="gurps-waits-triangle.json"]')
    await page.waitForSelector('[data-testid="leave-dialog"][open]')
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid="leave-save"]')])
    expect(download.suggestedFilename()).toMatch(/\.json$/)
    await page.waitForSelector('[data-example="gurps-waits-triangle.json"].active')
    expect(await page.inputValue('[data-testid="trials"]')).not.toBe('12345')
  })

  it('switching back and forth with Discard never piles up a "previous session" banner', async () => {
    for (const file of ['gurps-waits-standoff.json', 'gurps-waits-triangle.json', 'gurps-waits-standoff.json']) {
      await setField('[data-testid="seed"]', '99')
      await openExample(page, file, 'discard')
    }
    expect(await page.locator('[data-testid="drafts"]').count()).toBe(0)
  })

  it('closing the browser tab with unsaved edits asks the browser\'s "leave site?" question', async () => {
    await setField(skill0, '11')
    const asked = new Promise<string>((resolve) => page.once('dialog', (d) => {
      resolve(d.type())
      void d.dismiss()
    }))
    await page.close({ runBeforeUnload: true })
    expect(await asked).toBe('beforeunload')
  })
})
