import type { WindowState } from '../../shared/ipc-contract'
import { windowTitle } from '../../shared/window-title'

/** The parts of a BrowserWindow the title needs (the macOS ones are no-ops elsewhere). */
export interface TitledWindow {
  setTitle(title: string): void
  /** macOS: the dot in the close button. */
  setDocumentEdited(edited: boolean): void
  /** macOS: the file's icon in the title bar, with its folder menu on Cmd-click. */
  setRepresentedFilename(path: string): void
}

/**
 * Shows a window's state in its title bar. `path` is shown as the macOS represented file only when it is
 * a file this app opened or saved (`isKnownFile`), never a path the page merely claims.
 */
export function applyWindowState(win: TitledWindow, state: WindowState, isMac: boolean, isKnownFile: (path: string) => boolean): void {
  win.setTitle(windowTitle(state, isMac))
  if (!isMac) return
  win.setDocumentEdited(state.dirty)
  win.setRepresentedFilename(state.path && isKnownFile(state.path) ? state.path : '')
}
