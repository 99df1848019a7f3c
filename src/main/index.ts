import { app, dialog, Menu, protocol, shell } from 'electron'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { ENGINE_VERSION } from '../engine/version'
import { aboutDetail, NOTICES_FILE } from './desktop/about'
import { APP_SCHEME_PRIVILEGES } from './desktop/app-protocol'
import { AppWindows } from './desktop/app-windows'
import { DraftOwners } from './desktop/draft-owners'
import { recentDocuments } from './desktop/recent-documents'
import { LINK_SCHEME, scenarioPathsFromArgv, secondInstanceFiles, secondInstanceLinks, shareLinksFromArgv, type LaunchData } from './desktop/launch-args'
import { askUnsavedChanges, electronDialogs } from './dialogs'
import { createHandlers } from './ipc/handlers'
import { registerHandlers } from './ipc/register'
import { menuTemplate } from './menu-template'
import { writeFileAtomic } from './services/atomic-write'
import { AutosaveStore } from './services/autosave'
import { FileService } from './services/files'
import { RecentFiles } from './services/recent'
import { SimulationService } from './services/simulation'
import { createMainWindow, isTrustedUrl, setUpSession, type ElectronWindow } from './window'

/**
 * Electron main: one app instance with any number of windows, the services they share, the IPC
 * handlers of each window and the menu; the pool is destroyed on quit. A second launch hands its files
 * to this instance and quits.
 */
const isMac = process.platform === 'darwin'
const launchFiles = scenarioPathsFromArgv(process.argv, process.cwd())
const launchLinks = shareLinksFromArgv(process.argv)

// Must happen before the app is ready: app:// is a standard, secure origin of its own.
protocol.registerSchemesAsPrivileged([APP_SCHEME_PRIVILEGES])

if (!app.requestSingleInstanceLock({ files: launchFiles, links: launchLinks } satisfies LaunchData)) app.quit()
else main()

function main(): void {
  const simulation = new SimulationService({ workerPath: join(__dirname, 'worker.js') })
  // a saved scenario points editors at its system's JSON Schema, shipped beside the examples (schema-pointer.ts)
  const files = new FileService(app.isPackaged ? join(process.resourcesPath, 'schemas') : join(__dirname, '..', '..', 'schemas'))
  const draftOwners = new DraftOwners()
  const resources = app.isPackaged ? process.resourcesPath : join(__dirname, '..', '..', 'resources')
  const examplesDir = join(resources, 'examples')
  const dataDir = app.getPath('userData')
  const recent = new RecentFiles(join(dataDir, 'recent.json'))
  const drafts = new AutosaveStore(join(dataDir, 'autosave'))

  const rebuildMenu = (): void => {
    void recent.list().then((items) => {
      Menu.setApplicationMenu(
        Menu.buildFromTemplate(
          menuTemplate({
            isMac,
            recent: items,
            send: (c) => windows.sendCommand(c),
            about,
            newWindow: () => windows.openWindow(),
            clearRecent: () => void clearRecent(),
          }),
        ),
      )
    })
  }
  /** The recent list changed: the menu, the system's recent documents and every window follow. */
  const recentDocs = recentDocuments({ recent, system: app, rebuildMenu: () => rebuildMenu(), broadcast: (c) => windows.broadcast(c) })
  const recentChanged = (added?: string): void => recentDocs.changed(added)
  const clearRecent = (): Promise<void> => recentDocs.clear()
  const about = (): void => {
    const noticesPath = join(__dirname, '..', 'renderer', NOTICES_FILE)
    let notices: string | null = null
    try {
      notices = readFileSync(noticesPath, 'utf8')
    } catch {
      notices = null
    }
    const detail = aboutDetail({ engine: ENGINE_VERSION, electron: process.versions.electron }, notices)
    const buttons = notices === null ? ['OK'] : ['OK', 'Licences…']
    void dialog.showMessageBox({ type: 'info', title: 'About Quickdraw', message: `Quickdraw ${app.getVersion()}`, detail, buttons }).then(({ response }) => {
      if (response !== 1 || notices === null) return
      // The file may sit inside app.asar, which other programs cannot read: open a copy.
      const copy = join(app.getPath('temp'), `quickdraw-${app.getVersion()}-${NOTICES_FILE}`)
      writeFileSync(copy, notices)
      void shell.openPath(copy)
    })
  }

  const windows: AppWindows<ElectronWindow> = new AppWindows<ElectronWindow>({
    createWindow: createMainWindow,
    openFile: async (path) => {
      const file = await files.open(path)
      await recent.add(file.path)
      recentChanged(file.path)
      return file
    },
    showError: (message, detail) => {
      const parent = windows.focused()?.browserWindow
      const options = { type: 'error' as const, message, detail }
      void (parent ? dialog.showMessageBox(parent, options) : dialog.showMessageBox(options))
    },
    ask: (w, name) => askUnsavedChanges(w.browserWindow, name),
    quit: () => app.quit(),
    isMac,
    isKnownFile: (path) => files.isKnown(path),
    draftOwners,
    makeHandlers: (ctx) =>
      createHandlers({
        appVersion: app.getVersion(),
        examplesDir,
        simulation,
        jobs: ctx.jobs,
        emit: ctx.emit,
        files,
        recent,
        drafts,
        dialogs: electronDialogs(() => (ctx.window.isDestroyed() ? null : ctx.window.browserWindow)),
        // Exports (text or PNG bytes) are written atomically too: a crash never leaves half a file.
        writeExport: writeFileAtomic,
        onRecentChanged: recentChanged,
        closeGuard: ctx.closeGuard,
        onWindowState: ctx.onWindowState,
        windowReady: ctx.windowReady,
        windowId: ctx.windowId,
        draftOwners: ctx.draftOwners,
      }),
  })

  // macOS hands files over by event (Finder, the dock), possibly before the app is ready.
  app.on('open-file', (event, path) => {
    event.preventDefault()
    void windows.openPaths([path])
  })
  app.on('second-instance', (_event, argv, workingDirectory, additionalData) => {
    void windows.secondInstance(secondInstanceFiles(argv, workingDirectory, additionalData), secondInstanceLinks(argv, additionalData))
  })
  // Shared scenarios' links (quickdraw://open#scenario=…) open here: macOS hands them over by event,
  // Windows and Linux start the app (or a second instance) with the link as an argument.
  app.on('open-url', (event, url) => {
    event.preventDefault()
    windows.openLinks(shareLinksFromArgv(['', url]))
  })
  if (app.isPackaged) app.setAsDefaultProtocolClient(LINK_SCHEME)

  void app.whenReady().then(() => {
    setUpSession()
    registerHandlers((id) => windows.handlersFor(id), isTrustedUrl)
    rebuildMenu()
    windows.start(launchFiles, launchLinks)
    app.on('activate', () => {
      if (windows.count === 0) windows.openWindow()
    })
  })

  app.on('before-quit', () => windows.quitRequested())

  app.on('window-all-closed', () => {
    if (!isMac) app.quit()
  })

  app.on('will-quit', () => {
    windows.cancelAllJobs()
    void simulation.shutdown()
  })
}
