#!/usr/bin/env node
// Renders the app icon (resources/icon.svg) to the PNGs the installers and the web app use, with headless
// Chromium (Debian's, or QUICKDRAW_CHROMIUM). The PNGs are committed; run `npm run icons` after editing
// the SVG.
//   resources/icon.png                  1024 px, electron-builder's source for the Windows .ico and macOS .icns
//   resources/icons/<n>x<n>.png         the Linux icon set (AppImage, .deb)
//   resources/icon-192.png, icon-512.png         web app manifest icons
//   resources/icon-maskable-512.png     web app icon that the OS may crop to a circle or squircle
import { readFileSync, mkdirSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium } from 'playwright-core'

const resources = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'resources')
const svg = readFileSync(join(resources, 'icon.svg'), 'utf8')
const source = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`

/** A page showing the icon at `size` px; `maskable` puts it on a full-bleed tile inside the safe zone. */
function page(size, maskable) {
  const inner = maskable ? Math.round(size * 0.78) : size
  return `<!doctype html><html><body style="margin:0;width:${size}px;height:${size}px;display:grid;place-items:center;background:${maskable ? '#121a2e' : 'transparent'}">
<img src="${source}" width="${inner}" height="${inner}"></body></html>`
}

const browser = await chromium.launch({
  executablePath: process.env.QUICKDRAW_CHROMIUM ?? '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu'],
})
try {
  const targets = [
    { file: 'icon.png', size: 1024 },
    { file: 'icon-192.png', size: 192 },
    { file: 'icon-512.png', size: 512 },
    { file: 'icon-maskable-512.png', size: 512, maskable: true },
    ...[16, 24, 32, 48, 64, 128, 256, 512].map((size) => ({ file: `icons/${size}x${size}.png`, size })),
  ]
  mkdirSync(join(resources, 'icons'), { recursive: true })
  for (const { file, size, maskable = false } of targets) {
    const context = await browser.newContext({ viewport: { width: size, height: size }, deviceScaleFactor: 1 })
    const tab = await context.newPage()
    await tab.setContent(page(size, maskable))
    await tab.waitForFunction('[...document.images].every((img) => img.complete && img.naturalWidth > 0)')
    await tab.screenshot({ path: join(resources, file), omitBackground: !maskable })
    await context.close()
    console.log(`resources/${file}`)
  }
} finally {
  await browser.close()
}
