import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { APP_CSP, APP_ENTRY, createAppProtocolHandler, isAppUrl, resolveAppPath } from '../../src/main/desktop/app-protocol'

const root = resolve('/opt/Quickdraw/resources/app.asar/out/renderer')

/** A renderer folder in memory, and a log of what the handler read. */
function served(files: Record<string, string>) {
  const reads: string[] = []
  const handler = createAppProtocolHandler(root, async (path) => {
    reads.push(path)
    const text = files[path]
    if (text === undefined) throw Object.assign(new Error('ENOENT'), { code: 'ENOENT' })
    return new TextEncoder().encode(text)
  })
  return { handler, reads }
}

describe('the renderer is served from app://quickdraw, never from outside out/renderer', () => {
  it('maps the app\'s URLs to files inside the renderer folder', () => {
    expect(resolveAppPath(APP_ENTRY, root)).toBe(join(root, 'index.html'))
    expect(resolveAppPath('app://quickdraw/', root)).toBe(join(root, 'index.html'))
    expect(resolveAppPath('app://quickdraw/assets/index-abc.js?v=1#x', root)).toBe(join(root, 'assets', 'index-abc.js'))
    expect(resolveAppPath('app://quickdraw/assets/a%20b.css', root)).toBe(join(root, 'assets', 'a b.css'))
  })

  it('refuses path traversal however it is spelled', () => {
    const attempts = [
      'app://quickdraw/../../../../etc/passwd',
      'app://quickdraw/assets/%2e%2e/%2e%2e/%2e%2e/etc/passwd',
      'app://quickdraw/%2E%2E%2Fmain%2Findex.js',
      'app://quickdraw/..%2f..%2fmain/index.js',
      'app://quickdraw/..%5c..%5cmain%5cindex.js',
      'app://quickdraw/assets\\..\\..\\main\\index.js',
      'app://quickdraw/index.html%00.png',
      'app://quickdraw/%E0%A4%A',
    ]
    for (const url of attempts) {
      const file = resolveAppPath(url, root)
      // Either refused, or (the URL parser already removed the dots) a file still inside the renderer folder.
      if (file !== null) expect(file.startsWith(root + '/'), `${url} → ${file}`).toBe(true)
    }
    // The URL parser takes "%2e%2e" for "..": the step out ends at the top of the renderer folder.
    expect(resolveAppPath('app://quickdraw/%2e%2e/%2e%2e/main/index.js', root)).toBe(join(root, 'main', 'index.js'))
    expect(resolveAppPath('app://quickdraw/..%2f..%2fmain/index.js', root)).toBeNull()
    expect(resolveAppPath('app://quickdraw/index.html%00.png', root)).toBeNull()
  })

  it('refuses other schemes, other hosts, ports and credentials', () => {
    for (const url of ['file:///opt/Quickdraw/resources/app.asar/out/renderer/index.html', 'app://evil/index.html', 'app://quickdraw:81/index.html', 'app://u:p@quickdraw/index.html', 'https://quickdraw/index.html', 'not a url']) {
      expect(isAppUrl(url), url).toBe(false)
      expect(resolveAppPath(url, root), url).toBeNull()
    }
  })

  it('serves a file with its content type and the app\'s security headers', async () => {
    const { handler } = served({ [join(root, 'index.html')]: '<!doctype html>', [join(root, 'assets', 'main.js')]: 'export {}' })
    const page = await handler({ url: APP_ENTRY })
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(page.headers.get('content-security-policy')).toBe(APP_CSP)
    expect(page.headers.get('x-content-type-options')).toBe('nosniff')
    expect(await page.text()).toBe('<!doctype html>')
    const script = await handler({ url: 'app://quickdraw/assets/main.js' })
    // Module scripts load only with a JavaScript type.
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
  })

  it('answers 404 without reading anything outside, 404 for a missing file, 405 for a POST', async () => {
    const { handler, reads } = served({})
    expect((await handler({ url: 'app://quickdraw/..%2f..%2fmain/index.js' })).status).toBe(404)
    expect((await handler({ url: 'app://evil/index.html' })).status).toBe(404)
    expect(reads).toEqual([])
    expect((await handler({ url: 'app://quickdraw/missing.js' })).status).toBe(404)
    expect(reads).toEqual([join(root, 'missing.js')])
    expect((await handler({ url: APP_ENTRY, method: 'POST' })).status).toBe(405)
  })

  it('the policy allows only the app\'s own files: no inline script, no remote host, no framing', () => {
    expect(APP_CSP).toContain("default-src 'none'")
    expect(APP_CSP).toContain("script-src 'self'")
    expect(APP_CSP).toContain("frame-ancestors 'none'")
    expect(APP_CSP).not.toMatch(/unsafe-inline|unsafe-eval|https?:|\*/)
  })
})
