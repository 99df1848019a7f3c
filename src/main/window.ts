import { app, BrowserWindow, session, shell } from 'electron'
import { join } from 'node:path'
import { devServerUrl, trustedUrlCheck } from './ipc/sender'

/** The dev server in development (on this machine only); never in a packaged app. */
const devUrl = devServerUrl(app.isPackaged, process.env)

/** Which page URLs are ours (the dev server in development, else the packaged renderer file). */
export const isTrustedUrl: (url: string) => boolean = trustedUrlCheck(devUrl)

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
  session.defaultSession.setPermissionCheckHandler(() => false)
  win.once('ready-to-show', () => win.show())
  win.webContents.setWindowOpenHandler(({ url }) => {
    if (url.startsWith('https://')) void shell.openExternal(url)
    return { action: 'deny' }
  })
  win.webContents.on('will-navigate', (e) => e.preventDefault())
  win.webContents.on('will-attach-webview', (e) => e.preventDefault())
  if (devUrl) void win.loadURL(devUrl)
  else void win.loadFile(join(__dirname, '../renderer/index.html'))
  return win
}
