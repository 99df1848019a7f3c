import { app, BrowserWindow, protocol, session, shell } from 'electron'
import { join } from 'node:path'
import type { EventContract } from '../shared/ipc-contract'
import { APP_ENTRY, APP_SCHEME, createAppProtocolHandler } from './desktop/app-protocol'
import type { DesktopWindow } from './desktop/app-windows'
import { openExternalChecked } from './desktop/external-links'
import { devServerUrl, trustedUrlCheck } from './ipc/sender'

/** The dev server in development (on this machine only); never in a packaged app. */
const devUrl = devServerUrl(app.isPackaged, process.env)

/** Which page URLs are ours (the dev server in development, else `app://quickdraw/`). */
export const isTrustedUrl: (url: string) => boolean = trustedUrlCheck(devUrl)

/** Opens a link in the user's browser only if it is on the allow-list (external-links.ts: none today); anything else is ignored. */
export function openLink(url: unknown): boolean {
  return openExternalChecked(url, (u) => shell.openExternal(u))
}

/**
 * Once, when the app is ready: `app://quickdraw/` serves the built renderer (out/renderer, inside
 * app.asar when packaged) and nothing outside it; no page gets a permission (camera, notifications…).
 */
export function setUpSession(): void {
  protocol.handle(APP_SCHEME, createAppProtocolHandler(join(__dirname, '../renderer')))
  session.defaultSession.setPermissionRequestHandler((_wc, _permission, callback) => callback(false))
  session.defaultSession.setPermissionCheckHandler(() => false)
}

/** A BrowserWindow as the app's window manager sees it. */
export class ElectronWindow implements DesktopWindow {
  readonly id: number
  constructor(readonly browserWindow: BrowserWindow) {
    this.id = browserWindow.webContents.id
  }
  setTitle(title: string): void {
    this.browserWindow.setTitle(title)
  }
  setDocumentEdited(edited: boolean): void {
    this.browserWindow.setDocumentEdited(edited)
  }
  setRepresentedFilename(path: string): void {
    this.browserWindow.setRepresentedFilename(path)
  }
  send<E extends keyof EventContract>(channel: E, payload: EventContract[E]): void {
    this.browserWindow.webContents.send(channel, payload)
  }
  isDestroyed(): boolean {
    return this.browserWindow.isDestroyed()
  }
  isMinimized(): boolean {
    return this.browserWindow.isMinimized()
  }
  restore(): void {
    this.browserWindow.restore()
  }
  focus(): void {
    this.browserWindow.focus()
  }
  close(): void {
    this.browserWindow.close()
  }
  onClose(listener: (prevent: () => void) => void): void {
    this.browserWindow.on('close', (e) => listener(() => e.preventDefault()))
  }
  onClosed(listener: () => void): void {
    this.browserWindow.on('closed', listener)
  }
  onPageGone(listener: () => void): void {
    const contents = this.browserWindow.webContents
    contents.on('render-process-gone', listener)
    contents.on('did-start-navigation', (details) => {
      if (details.isMainFrame && !details.isSameDocument) listener()
    })
  }
  onFocus(listener: () => void): void {
    this.browserWindow.on('focus', listener)
  }
}

/**
 * A hardened window: isolated, sandboxed, no Node, no navigation, no new windows (an allowed Help link
 * opens in the browser), no webviews. The title is the app's (file name and unsaved mark), not the page's.
 */
export function createMainWindow(): ElectronWindow {
  const win = new BrowserWindow({
    width: 1280,
    height: 860,
    minWidth: 900,
    minHeight: 600,
    show: false,
    title: 'Quickdraw',
    // Linux takes a window's icon from the window (under npm start there is no installed .desktop entry):
    // the app icon the build puts next to the page.
    ...(process.platform === 'linux' ? { icon: join(__dirname, '../renderer/icon-512.png') } : {}),
    webPreferences: {
      preload: join(__dirname, '../preload/index.js'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      webviewTag: false,
      spellcheck: false,
    },
  })
  win.once('ready-to-show', () => win.show())
  win.on('page-title-updated', (e) => e.preventDefault())
  win.webContents.setWindowOpenHandler(({ url }) => {
    openLink(url)
    return { action: 'deny' }
  })
  win.webContents.on('will-navigate', (e) => e.preventDefault())
  win.webContents.on('will-attach-webview', (e) => e.preventDefault())
  void win.loadURL(devUrl ?? APP_ENTRY)
  return new ElectronWindow(win)
}
