// The README's screenshot (docs/images/answer.png): the web build (out/renderer, `npm run build` first)
// served on a local port, one shipped example opened and run in Debian's chromium (or QUICKDRAW_CHROMIUM),
// the answer on the first screen. Run: node scripts/readme-screenshot.mjs
import { createServer } from 'node:http'
import { existsSync, readFileSync, statSync } from 'node:fs'
import { extname, join, normalize } from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium } from 'playwright-core'

const root = fileURLToPath(new URL('..', import.meta.url))
const dir = join(root, 'out', 'renderer')
const example = process.argv[2] ?? 'hero-gunfighters.json'
const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json', '.svg': 'image/svg+xml', '.png': 'image/png', '.webmanifest': 'application/manifest+json', '.md': 'text/markdown' }

if (!existsSync(join(dir, 'index.html'))) {
  console.error('out/renderer is missing: run "npm run build" first')
  process.exit(1)
}
const server = createServer((req, res) => {
  const rel = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://127.0.0.1').pathname)).replace(/^([/\\])+/, '')
  const file = join(dir, rel === '' ? 'index.html' : rel)
  if (!file.startsWith(dir) || !existsSync(file) || !statSync(file).isFile()) return void res.writeHead(404).end('not found')
  res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(readFileSync(file))
})
await new Promise((ok) => server.listen(0, '127.0.0.1', ok))
const url = `http://127.0.0.1:${server.address().port}/`
const browser = await chromium.launch({ executablePath: process.env.QUICKDRAW_CHROMIUM ?? '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu'] })
try {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 720 } })).newPage()
  await page.goto(url)
  await page.waitForSelector('[data-testid="library"] [data-example]')
  await page.click(`[data-example="${example}"]`)
  await page.waitForSelector('[data-testid="editor"]')
  await page.fill('[data-testid="trials"]', '100000')
  await page.press('[data-testid="trials"]', 'Tab')
  await page.click('[data-testid="run"]')
  await page.waitForSelector('[data-testid="result-summary"] .status-done', { timeout: 300_000 })
  await page.evaluate('window.scrollTo(0, 0)')
  const out = join(root, 'docs', 'images', 'answer.png')
  await page.screenshot({ path: out })
  console.log(`${out}: ${await page.textContent('[data-testid="headline-answer"]')}`)
} finally {
  await browser.close()
  server.close()
}
