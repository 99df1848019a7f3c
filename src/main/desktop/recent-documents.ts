import type { MenuCommand } from '../../shared/ipc-contract'
import type { RecentFiles } from '../services/recent'

/** The system's recent documents (Electron's `app`: the Dock, the taskbar's Jump List, GTK's recent files). */
export interface SystemRecentDocuments {
  addRecentDocument(path: string): void
  clearRecentDocuments(): void
}

export interface RecentDocumentsDeps {
  recent: RecentFiles
  system: SystemRecentDocuments
  /** Rebuilds the application menu (Open Recent). */
  rebuildMenu(): void
  /** Tells every window (their own list of recent files). */
  broadcast(command: MenuCommand): void
}

/**
 * Keeps the app's recent files, the Open Recent menu, the windows' lists and the system's recent
 * documents in step: a file opened or saved is added everywhere; Clear Recent empties them all.
 */
export function recentDocuments(deps: RecentDocumentsDeps): { changed(added?: string): void; clear(): Promise<void> } {
  const changed = (added?: string): void => {
    if (added) deps.system.addRecentDocument(added)
    deps.rebuildMenu()
    deps.broadcast({ command: 'recent-changed' })
  }
  return {
    changed,
    async clear() {
      await deps.recent.clear()
      deps.system.clearRecentDocuments()
      changed()
    },
  }
}
