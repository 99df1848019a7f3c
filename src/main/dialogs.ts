import { dialog, type BrowserWindow } from 'electron'
import type { CloseChoice } from './close-guard'
import { scenarioFileName } from './desktop/scenario-name'
import type { Dialogs } from './ipc/file-handlers'

const scenarioFilters = [{ name: 'Quickdraw scenario', extensions: ['json'] }]
const exportFilters = { csv: [{ name: 'CSV', extensions: ['csv'] }], json: [{ name: 'JSON', extensions: ['json'] }], png: [{ name: 'PNG image', extensions: ['png'] }], html: [{ name: 'HTML report', extensions: ['html'] }] }

/** Native dialogs attached to the main window. */
export function electronDialogs(window: () => BrowserWindow | null): Dialogs {
  const parent = (): BrowserWindow | undefined => window() ?? undefined
  const withParent = <T>(f: (w: BrowserWindow | undefined) => Promise<T>): Promise<T> => f(parent())
  return {
    openScenario: () =>
      withParent(async (w) => {
        const options = { title: 'Open scenario', filters: scenarioFilters, properties: ['openFile' as const] }
        const r = w ? await dialog.showOpenDialog(w, options) : await dialog.showOpenDialog(options)
        return r.canceled || r.filePaths.length === 0 ? null : r.filePaths[0]
      }),
    saveScenario: (suggestedName) =>
      withParent(async (w) => {
        const options = { title: 'Save scenario', defaultPath: scenarioFileName(suggestedName), filters: scenarioFilters }
        const r = w ? await dialog.showSaveDialog(w, options) : await dialog.showSaveDialog(options)
        return r.canceled || !r.filePath ? null : r.filePath
      }),
    confirmOverwriteChanged: (path) =>
      withParent(async (w) => {
        const options = {
          type: 'warning' as const,
          buttons: ['Overwrite', 'Cancel'],
          defaultId: 1,
          cancelId: 1,
          message: 'The file changed on disk since you opened it.',
          detail: `${path}\n\nSomething else (another editor, git) changed it. Overwrite it with your version?`,
        }
        const r = w ? await dialog.showMessageBox(w, options) : await dialog.showMessageBox(options)
        return r.response === 0
      }),
    saveExport: (kind, suggestedName) =>
      withParent(async (w) => {
        const options = { title: 'Export', defaultPath: suggestedName, filters: exportFilters[kind] }
        const r = w ? await dialog.showSaveDialog(w, options) : await dialog.showSaveDialog(options)
        return r.canceled || !r.filePath ? null : r.filePath
      }),
  }
}

/** Save, Don't Save or Cancel, before a window with unsaved edits closes. */
export async function askUnsavedChanges(window: BrowserWindow | null, name: string): Promise<CloseChoice> {
  const options = {
    type: 'warning' as const,
    buttons: ['Save', "Don't Save", 'Cancel'],
    defaultId: 0,
    cancelId: 2,
    message: `Save the changes to ${name || 'this scenario'} before closing?`,
    detail: "Your changes are lost if you don't save them.",
  }
  const r = window ? await dialog.showMessageBox(window, options) : await dialog.showMessageBox(options)
  return (['save', 'discard', 'cancel'] as const)[r.response] ?? 'cancel'
}
