import { isAppUrl } from '../desktop/app-protocol'

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

/** Which page URLs are ours: the dev server in development, else the app's own `app://quickdraw/` pages. */
export function trustedUrlCheck(devServerUrl: string | undefined): (url: string) => boolean {
  return (url: string): boolean => {
    if (devServerUrl) {
      try {
        if (new URL(url).origin === new URL(devServerUrl).origin) return true
      } catch {
        return false
      }
    }
    return isAppUrl(url)
  }
}

/** What the sender check reads of an `ipcMain.handle` event. */
export interface InvokeEvent {
  senderFrame: SenderFrame | null | undefined
  sender: { id: number }
}

/**
 * The handler of `channel` for the window that sent `event`, or an error naming the channel: the message
 * must come from the top frame of one of the app's own windows, showing the app's own page. Each
 * window has its own handlers (its runs, its drafts, its close button).
 */
export function handlerForSender<T>(event: InvokeEvent, channel: string, handlersFor: (senderId: number) => T | undefined, isTrustedUrl: (url: string) => boolean): T {
  const handlers = isTrustedSender(event.senderFrame, isTrustedUrl) ? handlersFor(event.sender.id) : undefined
  if (handlers === undefined) throw new Error(`${channel}: refused, the request did not come from a Quickdraw window`)
  return handlers
}
