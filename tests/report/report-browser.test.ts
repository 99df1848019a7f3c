import { spawnSync } from 'node:child_process'
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'
import { launchChromium } from '../e2e/browser'
import { cliPath, examplesDir, requireBuild, root } from '../helpers'

describe('the HTML report in a real browser', () => {
  it('opens offline with its metric table and charts drawn', async () => {
    requireBuild()
    const outDir = join(root, 'test-results')
    mkdirSync(outDir, { recursive: true })
    const file = join(outDir, 'report-triangle.html')
    const r = spawnSync(process.execPath, [cliPath, 'report', join(examplesDir, 'gurps-waits-triangle.json'), '-o', file, '--trials', '100000'], { encoding: 'utf8' })
    expect(r.status).toBe(0)
    const { browser, close } = await launchChromium()
    try {
      const page = await browser.newPage({ viewport: { width: 1100, height: 900 } })
      const requests: string[] = []
      page.on('request', (req) => requests.push(req.url()))
      await page.goto(pathToFileURL(file).href)
      expect(await page.locator('h1').textContent()).toBe('Knife, grab, door button')
      const charts = page.locator('svg[data-chart]')
      expect(await charts.count()).toBeGreaterThan(3)
      // bars really have extent: the first chart's bars are laid out with a positive width
      const box = await charts.first().locator('rect').first().boundingBox()
      expect(box?.width ?? 0).toBeGreaterThan(1)
      expect(await page.locator('table tr').count()).toBeGreaterThan(15)
      expect(requests.filter((u) => !u.startsWith('file:'))).toEqual([])
      await page.screenshot({ path: join(outDir, 'report-triangle.png'), fullPage: true })
    } finally {
      await close()
    }
  })
})
