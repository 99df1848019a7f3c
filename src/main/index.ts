import { app, BrowserWindow, dialog, Menu } from 'electron'
import { join } from 'node:path'
import { ENGINE_VERSION } from '../engine/version'
import type { EventContract } from '../shared/ipc-contract'
import { CloseGuard } from './close-guard'
import { askUnsavedChanges, electronDialogs } from './dialogs'
import { createHandlers } from './ipc/handlers'
import { JobRegistry } from './ipc/jobs'
import { registerHandlers } from './ipc/register'
import { menuTemplate } from './menu-template'
import { writeFileAtomic } from './services/atomic-write'
import { AutosaveStore } from './services/autosave'
import { FileService } from './services/files'
import { RecentFiles } from './services/recent'
import { SimulationService } from './services/simulation'
import { createMainWindow, isTrustedUrl } from './window'

/** Electron main: one window, the services, the IPC handlers and the menu; the pool is destroyed on quit. */
const simulation = new SimulationService({ workerPath: join(__dirname, 'worker.js') })
const jobs = new JobRegistry()
let window: BrowserWindow | null = null
/** Closing (or quitting) with unsaved edits asks Save / Don't Save / Cancel first. */
const closeGuard = new CloseGuard({
  ask: (name) => askUnsavedChanges(window, name),
  send: (command) => emit('menu:command', command),
  close: (quitting) => (quitting ? app.quit() : window?.close()),
})

function emit<E extends keyof EventContract>(channel: E, payload: EventContract[E]): void {
  if (window && !window.isDestroyed()) window.webContents.send(channel, payload)
}

/**
 * Opens the main window. A page that goes away (closed, reloaded, crashed) takes its runs and searches
 * with it: nobody is left to see their results, so they are cancelled and the worker pool is freed.
 */
function openWindow(): void {
  const win = createMainWindow()
  closeGuard.windowOpened()
  const cancelJobs = (): void => void jobs.cancelAll()
  win.webContents.on('render-process-gone', cancelJobs)
  win.webContents.on('did-start-navigation', (details) => {
    if (details.isMainFrame && !details.isSameDocument) cancelJobs()
  })
  win.on('close', (e) => {
    if (closeGuard.onClose()) e.preventDefault()
  })
  win.on('closed', cancelJobs)
  window = win
}

app.whenReady().then(() => {
  const resources = app.isPackaged ? process.resourcesPath : join(__dirname, '..', '..', 'resources')
  const dataDir = app.getPath('userData')
  const recent = new RecentFiles(join(dataDir, 'recent.json'))
  const about = (): void => {
    void dialog.showMessageBox({ type: 'info', title: 'About Quickdraw', message: `Quickdraw ${app.getVersion()}`, detail: `Engine ${ENGINE_VERSION}\nElectron ${process.versions.electron}` })
  }
  const rebuildMenu = (): void => {
    void recent.list().then((items) => {
      Menu.setApplicationMenu(Menu.buildFromTemplate(menuTemplate({ isMac: process.platform === 'darwin', recent: items, send: (c) => emit('menu:command', c), about })))
    })
  }
  registerHandlers(
    createHandlers({
      appVersion: app.getVersion(),
      examplesDir: join(resources, 'examples'),
      simulation,
      jobs,
      emit,
      files: new FileService(),
      recent,
      drafts: new AutosaveStore(join(dataDir, 'autosave')),
      dialogs: electronDialogs(() => window),
      // Exports (text or PNG bytes) are written atomically too: a crash never leaves half a file.
      writeExport: writeFileAtomic,
      onRecentChanged: rebuildMenu,
      closeGuard,
    }),
    isTrustedUrl,
  )
  rebuildMenu()
  openWindow()
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) openWindow()
  })
})

app.on('before-quit', () => closeGuard.quitRequested())

app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit()
})

app.on('will-quit', () => {
  jobs.cancelAll()
  void simulation.shutdown()
})
