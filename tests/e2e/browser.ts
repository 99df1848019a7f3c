import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { tmpdir } from 'node:os'
import { extname, join, normalize, resolve } from 'node:path'
import type { AddressInfo } from 'node:net'
import { chromium, type Browser, type Page } from 'playwright-core'
import { requireBuild } from '../helpers'

/** Debian's chromium; the tests never download a browser. */
export const CHROMIUM = process.env.QUICKDRAW_CHROMIUM ?? '/usr/bin/chromium'
export const rendererDir = resolve(__dirname, '..', '..', 'out', 'renderer')

const TYPES: Record<string, string> = { '.html': 'text/html', '.webmanifest': 'application/manifest+json', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json', '.png': 'image/png', '.svg': 'image/svg+xml' }

/** Serves the built renderer on 127.0.0.1 only, on a free port. */
export async function serveRenderer(): Promise<{ url: string; close: () => Promise<void> }> {
  if (!existsSync(join(rendererDir, 'index.html'))) throw new Error(`${rendererDir} is missing: run "npm run build" first`)
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    const rel = normalize(decodeURIComponent(url.pathname)).replace(/^([/\\])+/, '')
    const file = join(rendererDir, rel === '' ? 'index.html' : rel)
    if (!file.startsWith(rendererDir) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404).end('not found')
      return
    }
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(readFileSync(file))
  })
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok))
  const { port } = server.address() as AddressInfo
  return { url: `http://127.0.0.1:${port}/`, close: () => new Promise((ok) => server.close(() => ok())) }
}

/** Headless Chromium (playwright gives every launch a fresh profile) with HOME/TMPDIR in a scratch folder removed on close. */
export async function launchChromium(): Promise<{ browser: Browser; close: () => Promise<void> }> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`\n\n*** No Chromium at ${CHROMIUM}: the browser end-to-end tests cannot run. Install it (apt-get install -y chromium) or set QUICKDRAW_CHROMIUM. ***\n`)
  }
  const scratch = mkdtempSync(join(tmpdir(), 'quickdraw-e2e-'))
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    env: { ...process.env, HOME: scratch, TMPDIR: scratch },
  })
  return {
    browser,
    close: async () => {
      await browser.close()
      rmSync(scratch, { recursive: true, force: true })
    },
  }
}

/**
 * The app's page at `url` in a fresh context (1400×1000 unless `viewport` says, downloads allowed), with `initScripts` run before
 * any of the page's own, once the library has listed the shipped examples.
 */
export async function openApp(browser: Browser, url: string, initScripts: string[] = [], viewport = { width: 1400, height: 1000 }): Promise<Page> {
  const context = await browser.newContext({ viewport, acceptDownloads: true })
  // Live answers (every edit answers at once) are off unless a test turns them on: the other flows press
  // Run and read its answer, which a live answer of fewer trials must not stand in for.
  // The welcome of a first start is seen by the welcome's own flow only.
  await context.addInitScript(`try { if (localStorage.getItem('quickdraw.live-answers') === null) localStorage.setItem('quickdraw.live-answers', 'off'); if (localStorage.getItem('quickdraw.welcomed') === null) localStorage.setItem('quickdraw.welcomed', 'yes') } catch {}`)
  for (const script of initScripts) await context.addInitScript(script)
  const page = await context.newPage()
  await page.goto(url)
  await page.waitForSelector('[data-testid="library"] [data-example]')
  return page
}

/**
 * Opens a shipped example from the library. With unsaved edits the app asks Save / Discard / Cancel
 * first; `choice` answers it (Discard unless told), as a user clicking through would.
 */
export async function openExample(page: Page, file: string, choice: 'save' | 'discard' | 'cancel' = 'discard'): Promise<void> {
  const dirty = (await page.title()).startsWith('*')
  await page.click(`[data-example="${file}"]`)
  if (dirty) {
    await page.waitForSelector('[data-testid="leave-dialog"][open]')
    await page.click(`[data-testid="leave-${choice}"]`)
    await page.waitForSelector('[data-testid="leave-dialog"]:not([open])', { state: 'attached' })
  }
  if (choice !== 'cancel') await page.waitForSelector(`[data-example="${file}"].active`)
}

/** What a browser test file starts: the built page served, and Chromium. */
export interface BrowserRun {
  server: Awaited<ReturnType<typeof serveRenderer>>
  chromium: Awaited<ReturnType<typeof launchChromium>>
}

/**
 * The start of every browser test file: checks the build, makes the screenshots folder `shots` (when
 * given), serves the built page and launches Chromium. Close it in afterAll: closeBrowser.
 */
export async function startBrowser(o: { shots?: string } = {}): Promise<BrowserRun> {
  requireBuild()
  if (o.shots) mkdirSync(o.shots, { recursive: true })
  const server = await serveRenderer()
  try {
    return { server, chromium: await launchChromium() }
  } catch (e) {
    await server.close()
    throw e
  }
}

/** startBrowser, then the app opened in it with `initScripts` and `viewport` (openApp). */
export async function startBrowserApp(o: { shots?: string; initScripts?: string[]; viewport?: { width: number; height: number } } = {}): Promise<BrowserRun & { page: Page }> {
  const run = await startBrowser(o)
  return { ...run, page: await openApp(run.chromium.browser, run.server.url, o.initScripts, o.viewport) }
}

/** Closes what startBrowser started (whatever of it did start). */
export async function closeBrowser(run: Partial<BrowserRun>): Promise<void> {
  await run.chromium?.close()
  await run.server?.close()
}
