import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, type Browser } from 'playwright-core'

/**
 * Debian's Chromium driven by playwright-core (no browser download). The flags keep it off the
 * network this machine does not have; Playwright makes a fresh profile under TMPDIR, and HOME/TMPDIR are
 * a scratch folder removed afterwards.
 */
export async function launchChromium(): Promise<{ browser: Browser; close: () => Promise<void> }> {
  const scratch = mkdtempSync(join(tmpdir(), 'quickdraw-chromium-'))
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
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
