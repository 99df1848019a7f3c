import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { root } from '../helpers'
import { closeBrowser, launchChromium, openApp, openExample, serveRenderer, startBrowser } from './browser'

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

beforeAll(async () => {
  ;({ server, chromium } = await startBrowser({ shots }))
})
afterAll(async () => {
  await closeBrowser({ chromium, server })
})

describe('switching away from unsaved edits (issue 13) in Chromium at 1280×720', () => {
  beforeAll(async () => {
    page = await openApp(chromium.browser, server.url, [], { width: 1280, height: 720 })
    await openExample(page, 'gurps-waits-standoff.json')
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

describe('renaming a combatant id (issue 13) in Chromium', () => {
  beforeAll(async () => {
    page = await openApp(chromium.browser, server.url, [], { width: 1280, height: 720 })
  })

  it('renaming the Kid renames every reference to him when the field is left, and one Undo puts all back', async () => {
    await openExample(page, 'gurps-waits-standoff.json')
    const id = '[data-testid="field-combatants[0].id"]'
    await page.fill(id, 'billy')
    // Nothing follows half a name: the references change once, when the field is left.
    expect(await page.inputValue('[data-testid="field-tactics[0].combatant"]')).toBe('kid')
    await page.press(id, 'Tab')
    await expect.poll(() => page.inputValue('[data-testid="field-tactics[0].combatant"]')).toBe('billy')
    expect(await page.inputValue('[data-testid="field-tactics[1].attacks"]')).toBe('billy')
    expect(await page.textContent('[data-testid="editor"]')).toContain('Renamed "kid" to "billy" everywhere it is used (4 places).')
    expect(await page.locator('[data-testid="editor"] .field-error, [data-error-path]').count()).toBe(0)
    await page.locator('[data-testid="editor"]').screenshot({ path: join(shots, '13-10-rename-id.png') })
    await page.click('[data-testid="undo"]')
    await expect.poll(() => page.inputValue(id)).toBe('kid')
    expect(await page.inputValue('[data-testid="field-tactics[0].combatant"]')).toBe('kid')
    expect(await page.inputValue('[data-testid="field-tactics[1].attacks"]')).toBe('kid')
  })

  it('HERO: renaming Doc follows him into the Kid\'s held action and the Tactics options kept in the scenario', async () => {
    await openExample(page, 'hero-gunfighters.json')
    await page.fill('[data-testid="field-combatants[0].id"]', 'holliday')
    await page.press('[data-testid="field-combatants[0].id"]', 'Tab')
    await page.click('[data-testid="tab-json"]')
    const text = await page.inputValue('[data-testid="json-text"]')
    const doc = JSON.parse(text) as unknown
    expect(JSON.stringify(doc)).not.toMatch(/"doc"|:doc"/)
    expect(await page.locator('[data-testid="json-status"] .ok').count()).toBe(1)
    await page.click('[data-testid="tab-form"]')
  })
})

describe('New scenario from a template (issue 13) in the browser build', () => {
  beforeAll(async () => {
    page = await openApp(chromium.browser, server.url, [], { width: 1280, height: 720 })
  })

  it('New… lists the rule systems; each opens a small valid scenario of that system, ready to run', async () => {
    await page.click('[data-testid="new-menu"] summary')
    const systems = await page.locator('[data-testid="new-menu"] button').allTextContents()
    expect(systems.length).toBe(6)
    expect(systems).toContain('HERO System — Speed Chart, holds, aborts and fights')
    await shot('13-11-new-menu-1280')
    await page.click('[data-testid="new-hero"]')
    await expect.poll(() => page.inputValue('[data-testid="field-name"]')).toBe('New HERO fight')
    expect(await page.locator('[data-testid="new-menu"][open]').count()).toBe(0)
    expect(await page.locator('[data-testid="run"]').isEnabled()).toBe(true)
    await page.fill('[data-testid="trials"]', '2000')
    await page.press('[data-testid="trials"]', 'Tab')
    await page.click('[data-testid="run"]')
    await page.waitForSelector('[data-testid="result-summary"] .status-done', { timeout: 120_000 })
    expect(await page.textContent('[data-testid="headline-answer"]')).toMatch(/\d+\.\d%/)
    await shot('13-12-new-hero-run-1280')
    const names: Record<string, string> = { gurps: 'New GURPS fight', 'gurps-waits': 'New GURPS Wait standoff', bushido: 'New Bushido exchange', genesys: 'New Genesys fight', l5r: 'New L5R duel' }
    for (const [id, name] of Object.entries(names)) {
      const dirty = (await page.title()).startsWith('*')
      await page.click('[data-testid="new-menu"] summary')
      await page.click(`[data-testid="new-${id}"]`)
      if (dirty) await page.click('[data-testid="leave-discard"]')
      await expect.poll(() => page.inputValue('[data-testid="field-name"]')).toBe(name)
      await expect.poll(() => page.locator('[data-testid="run"]').isEnabled(), { message: id }).toBe(true)
      expect(await page.locator('[data-error-path]').count(), id).toBe(0)
    }
  }, 180_000)
})

describe('Duplicate as B: a side-by-side A/B editor, and a report of the comparison (issue 13)', () => {
  beforeAll(async () => {
    page = await openApp(chromium.browser, server.url, [], { width: 1280, height: 720 })
  })

  it('B starts as a copy of A, is changed beside A\'s values, runs with the same seed; the legend and the report name what differs', async () => {
    await openExample(page, 'hero-gunfighters.json')
    await setField('[data-testid="trials"]', '4000')
    await page.click('[data-testid="view-compare"]')
    await page.click('[data-testid="compare-duplicate"]')
    await page.waitForSelector('[data-testid="ab-editor"]')
    expect(await page.inputValue('[data-testid="compare-kind"]')).toBe('copy')
    // Doc interrupts with a plain DEX Roll instead of his Fast Draw.
    const roll = '[data-testid="ab-combatants[0].plan.hold.roll"]'
    expect(await page.inputValue(roll)).toBe('fast-draw')
    await page.selectOption(roll, 'dex')
    await expect.poll(() => page.locator('[data-ab="combatants[0].plan.hold.roll"].differs').count()).toBe(1)
    expect(await page.locator('.ab-table tr.differs').count()).toBe(1)
    await page.locator('[data-ab="combatants[0].plan.hold.roll"]').scrollIntoViewIfNeeded()
    await shot('13-13-ab-editor-1280')
    await page.check('[data-testid="ab-only-differing"]')
    expect(await page.locator('.ab-table tbody tr').count()).toBe(1)
    await page.uncheck('[data-testid="ab-only-differing"]')
    await page.click('[data-testid="compare-run"]')
    await page.waitForSelector('[data-testid="compare-answer"], [data-testid="compare-error"]', { timeout: 120_000 })
    expect(await page.locator('[data-testid="compare-error"]').allTextContents()).toEqual([])
    const legend = (await page.textContent('[data-testid="compare-legend"]')) ?? ''
    expect(legend).toMatch(/B: Doc — .*Roll: dex/)
    await page.locator('[data-testid="compare-legend"]').scrollIntoViewIfNeeded()
    await shot('13-14-duplicate-as-b-compared-1280')
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid="compare-export-report"]')])
    expect(download.suggestedFilename()).toBe('two-gunfighters-one-holding-to-interrupt-a-against-b-report.html')
    const html = readFileSync(await download.path(), 'utf8')
    // The comparison's report leads with B's answer and how far it moved from A's.
    expect(html).toContain('data-section="answer"')
    expect(html.indexOf('data-section="answer"')).toBeLessThan(html.indexOf('data-section="differs"'))
    expect(html).toMatch(/<ul data-section="differs"><li>Doc — [^<]*Roll: dex<\/li><\/ul>/)
    // Each other result: B − A, then its 95% interval.
    expect(html).toMatch(/<td>[+−±]\d+\.\d+[^<]*<\/td><td>[+−±]\d+\.\d+[^<]*…[+−±]\d+\.\d+[^<]*<\/td>/)
    // Editing B after the run marks the comparison out of date, and its report is refused until re-run.
    await page.selectOption(roll, 'fast-draw')
    await expect.poll(() => page.locator('[data-testid="compare-export-report"]').isDisabled()).toBe(true)
  }, 180_000)
})
