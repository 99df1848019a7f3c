/** The parts of Electron's `WebFrameMain` the sender check reads (kept structural so tests need no electron). */
export interface SenderFrame {
  parent: unknown
  url: string
}

/**
 * Whether an IPC message may be handled: it must come from a top-level frame (not an iframe) that shows
 * our own page. Anything else — no frame, a subframe, a page that navigated elsewhere — is refused.
 */
export function isTrustedSender(frame: SenderFrame | null | undefined, isTrustedUrl: (url: string) => boolean): boolean {
  if (!frame) return false
  if (frame.parent !== null) return false
  return isTrustedUrl(frame.url)
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]'])

/**
 * The dev server URL to load instead of the built page, or undefined. A packaged app never loads one
 * (an `ELECTRON_RENDERER_URL` in the user's environment must not put a remote page, with `window.api`,
 * in our window), and even in development only an http(s) server on this machine is accepted.
 */
export function devServerUrl(isPackaged: boolean, env: Record<string, string | undefined>): string | undefined {
  const raw = env.ELECTRON_RENDERER_URL
  if (isPackaged || !raw) return undefined
  try {
    const u = new URL(raw)
    return (u.protocol === 'http:' || u.protocol === 'https:') && LOOPBACK.has(u.hostname) ? raw : undefined
  } catch {
    return undefined
  }
}

/** Which page URLs are ours: the dev server in development, else the packaged renderer file. */
export function trustedUrlCheck(devServerUrl: string | undefined): (url: string) => boolean {
  return (url: string): boolean => {
    if (devServerUrl) {
      try {
        if (new URL(url).origin === new URL(devServerUrl).origin) return true
      } catch {
        return false
      }
    }
    try {
      const u = new URL(url)
      return u.protocol === 'file:' && u.pathname.endsWith('/renderer/index.html')
    } catch {
      return false
    }
  }
}
