import { BrowserWindow, session, shell } from 'electron'
import { join } from 'node:path'
import { trustedUrlCheck } from './ipc/sender'

/** Which page URLs are ours (the dev server in development, else the packaged renderer file). */
export const isTrustedUrl: (url: string) => boolean = trustedUrlCheck(process.env.ELECTRON_RENDERER_URL)

/** The hardened main window: isolated, sandboxed, no Node, no navigation, no new windows, no permissions. */
export function createMainWindow(): BrowserWindow {
  const win = new BrowserWindow({
    width: 1280,
    height: 860,
    minWidth: 900,
    minHeight: 600,
    show: false,
    title: 'Quickdraw',
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
  session.defaultSession.setPermissionRequestHandler((_wc, _permission, callback) => callback(false))
  win.once('ready-to-show', () => win.show())
  win.webContents.setWindowOpenHandler(({ url }) => {
    if (url.startsWith('https://')) void shell.openExternal(url)
    return { action: 'deny' }
  })
  win.webContents.on('will-navigate', (e) => e.preventDefault())
  win.webContents.on('will-attach-webview', (e) => e.preventDefault())
  if (process.env.ELECTRON_RENDERER_URL) void win.loadURL(process.env.ELECTRON_RENDERER_URL)
  else void win.loadFile(join(__dirname, '../renderer/index.html'))
  return win
}
