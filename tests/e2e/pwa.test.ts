import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { closeBrowser, launchChromium, serveRenderer, startBrowserApp } from './browser'

/**
 * The plain-browser build as an installable offline web app (issue 12 item 4): it is served with a web
 * manifest and a service worker, and after one visit it opens and runs a scenario with the network cut.
 */
let page: Page
let server: Awaited<ReturnType<typeof serveRenderer>>
let chromium: Awaited<ReturnType<typeof launchChromium>>

interface Manifest {
  name: string
  short_name: string
  start_url: string
  display: string
  icons: { src: string; sizes: string; type: string; purpose?: string }[]
}

describe('Quickdraw as an offline web app (Chromium)', () => {
  beforeAll(async () => {
    ;({ server, chromium, page } = await startBrowserApp())
  })
  afterAll(async () => {
    await closeBrowser({ chromium, server })
  })

  it('the page links a manifest named Quickdraw whose icons are served', async () => {
    const href = await page.getAttribute('link[rel="manifest"]', 'href')
    expect(href).toBeTruthy()
    const response = await fetch(new URL(href as string, server.url))
    expect(response.status).toBe(200)
    const manifest = (await response.json()) as Manifest
    expect(manifest.name).toBe('Quickdraw')
    expect(manifest.display).toBe('standalone')
    // Installable: a 192 px and a 512 px PNG icon, and one the OS may crop.
    const sizes = manifest.icons.filter((i) => i.type === 'image/png').map((i) => i.sizes)
    expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512']))
    expect(manifest.icons.some((i) => i.purpose === 'maskable')).toBe(true)
    for (const icon of manifest.icons) {
      const r = await fetch(new URL(icon.src, new URL(href as string, server.url)))
      expect(r.status, icon.src).toBe(200)
      expect((await r.arrayBuffer()).byteLength).toBeGreaterThan(0)
    }
  })

  it('a service worker takes control and precaches every file of the app, the simulation worker included', async () => {
    expect(await page.evaluate<boolean>('navigator.serviceWorker.ready.then((r) => r.active !== null)')).toBe(true)
    await expect.poll(() => page.evaluate<boolean>('navigator.serviceWorker.controller !== null'), { timeout: 30_000 }).toBe(true)
    const scriptUrl = await page.evaluate<string>('navigator.serviceWorker.controller.scriptURL')
    expect(new URL(scriptUrl).pathname).toBe('/sw.js')
    const cached = await page.evaluate<string[]>(`(async () => {
      const urls = []
      for (const name of await caches.keys()) for (const req of await (await caches.open(name)).keys()) urls.push(new URL(req.url).pathname)
      return urls
    })()`)
    // The scripts the page loads, and the Web Worker script the runs use.
    const scripts = await page.evaluate<string[]>(`[...document.scripts].map((s) => new URL(s.src).pathname)`)
    for (const s of scripts) expect(cached).toContain(s)
    expect(cached.some((p) => /\/assets\/chunk-worker-[\w-]+\.js$/.test(p))).toBe(true)
    expect(cached).toContain('/index.html')
    expect(cached).toContain('/manifest.webmanifest')
  })

  it('with the network cut, a reload opens the app and runs an example scenario', async () => {
    await page.context().setOffline(true)
    try {
      // Offline for real: the server cannot be reached from the page.
      expect(await page.evaluate<boolean>(`fetch('/index.html?probe=' + Date.now(), { cache: 'no-store' }).then(() => true, () => false)`)).toBe(false)
      await page.reload()
      await page.waitForSelector('[data-testid="library"] [data-example]')
      await page.click('[data-example="gurps-waits-standoff.json"]')
      await page.waitForSelector('[data-testid="field-combatants[0].skill"]')
      await page.fill('[data-testid="trials"]', '20000')
      await page.press('[data-testid="trials"]', 'Tab')
      await page.click('[data-testid="run"]')
      await page.waitForSelector('[data-testid="result-summary"] .status-done', { timeout: 120_000 })
      expect(await page.textContent('[data-testid="result-summary"]')).toMatch(/20[,\s.]?000/)
    } finally {
      await page.context().setOffline(false)
    }
  })
})
