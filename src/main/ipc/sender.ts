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
