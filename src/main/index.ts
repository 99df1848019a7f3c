import { app, BrowserWindow } from 'electron'
import { join } from 'node:path'
import { createHandlers } from './ipc/handlers'
import { registerHandlers } from './ipc/register'
import { SimulationService } from './services/simulation'
import { createMainWindow, isTrustedUrl } from './window'

/** Electron main: one window, one simulation service, the IPC handlers; the pool is destroyed on quit. */
const simulation = new SimulationService({ workerPath: join(__dirname, 'worker.js') })
let window: BrowserWindow | null = null

app.whenReady().then(() => {
  const resources = app.isPackaged ? process.resourcesPath : join(__dirname, '..', '..', 'resources')
  registerHandlers(
    createHandlers({
      appVersion: app.getVersion(),
      examplesDir: join(resources, 'examples'),
      simulation,
      emit: (channel, payload) => window?.webContents.send(channel, payload),
    }),
    isTrustedUrl,
  )
  window = createMainWindow()
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) window = createMainWindow()
  })
})

app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit()
})

app.on('will-quit', () => {
  void simulation.shutdown()
})
