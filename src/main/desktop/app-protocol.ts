import { promises as fs } from 'node:fs'
import { extname, resolve, sep } from 'node:path'

/**
 * The renderer is served from `app://quickdraw/…` rather than `file://`: a page on its own origin
 * cannot read other local files, `'self'` in its Content-Security-Policy means exactly the app's files,
 * and the IPC sender check can name that one origin.
 */
export const APP_SCHEME = 'app'
export const APP_HOST = 'quickdraw'
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`
export const APP_ENTRY = `${APP_ORIGIN}/index.html`

/** How the scheme is registered before the app is ready (`protocol.registerSchemesAsPrivileged`). */
export const APP_SCHEME_PRIVILEGES = {
  scheme: APP_SCHEME,
  privileges: { standard: true, secure: true, supportFetchAPI: true },
} as const

/**
 * Sent with every page of the app, on top of the policy in index.html: nothing but the app's own
 * scripts, styles, images and workers; no plugins, no frames of or around the page, no forms, no
 * `<base>`. Inline styles and scripts are refused (the build emits none).
 */
export const APP_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "worker-src 'self'",
  "connect-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-src 'none'",
  "frame-ancestors 'none'",
].join('; ')

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.wasm': 'application/wasm',
  '.txt': 'text/plain; charset=utf-8',
}

/** Whether a URL is a page of the app itself (`app://quickdraw/…`). */
export function isAppUrl(url: string): boolean {
  try {
    const u = new URL(url)
    return u.protocol === `${APP_SCHEME}:` && u.host === APP_HOST && u.username === '' && u.password === '' && u.port === ''
  } catch {
    return false
  }
}

/**
 * The file under `root` (the built renderer folder) that an `app://quickdraw/…` URL names, or null for
 * anything else: another scheme or host, an encoded separator or `..`, a NUL, or a path that would
 * leave `root` once resolved. `/` is the app's page.
 */
export function resolveAppPath(url: string, root: string): string | null {
  if (!isAppUrl(url)) return null
  const raw = new URL(url).pathname
  // Separators and dots are taken only as written: "%2F", "%5C" or "%2E" would hide a step out of root.
  if (/%(2f|5c|2e|00)/i.test(raw) || raw.includes('\\')) return null
  let decoded: string
  try {
    decoded = decodeURIComponent(raw)
  } catch {
    return null
  }
  if (decoded.includes('\0') || decoded.split('/').some((s) => s === '..')) return null
  const base = resolve(root)
  const file = resolve(base, `.${decoded === '/' ? '/index.html' : decoded}`)
  return file.startsWith(base + sep) ? file : null
}

/** A response the protocol handler gives back (`protocol.handle` takes the web platform's Response). */
export type ReadFile = (path: string) => Promise<Uint8Array>

/**
 * The `app://` handler: GET and HEAD of files inside `root`, with their content type and the app's
 * policy headers; 404 for anything outside it or missing, 405 for other methods. Reads go through
 * `readFile` (the real file system, or app.asar through Electron's fs) so tests can serve from memory.
 */
export function createAppProtocolHandler(root: string, readFile: ReadFile = (p) => fs.readFile(p)): (request: { url: string; method?: string }) => Promise<Response> {
  return async (request) => {
    const method = (request.method ?? 'GET').toUpperCase()
    if (method !== 'GET' && method !== 'HEAD') return new Response('Method not allowed', { status: 405, headers: { Allow: 'GET, HEAD' } })
    const file = resolveAppPath(request.url, root)
    if (file === null) return notFound()
    let body: Uint8Array
    try {
      body = await readFile(file)
    } catch {
      return notFound()
    }
    const headers = {
      'Content-Type': MIME[extname(file).toLowerCase()] ?? 'application/octet-stream',
      'Content-Security-Policy': APP_CSP,
      'X-Content-Type-Options': 'nosniff',
      'Cross-Origin-Opener-Policy': 'same-origin',
      'Referrer-Policy': 'no-referrer',
    }
    return new Response(method === 'HEAD' ? null : new Uint8Array(body), { status: 200, headers })
  }
}

function notFound(): Response {
  return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } })
}
