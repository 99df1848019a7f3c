import type { MenuCommand, WindowState } from '../shared/ipc-contract'

export type CloseChoice = 'save' | 'discard' | 'cancel'

export interface CloseGuardDeps {
  /** Asks the user what to do with the unsaved edits of `name` (a native message box in the app). */
  ask(name: string): Promise<CloseChoice>
  /** Tells the page to save or discard (it answers with `approve()` once done). */
  send(command: MenuCommand): void
  /** Really closes: the window, or the whole app when a quit was under way. */
  close(quitting: boolean): void
  /** The user chose Cancel: a quit under way stops (other windows must forget it too). */
  cancelled?(): void
}

/**
 * Closing the window (or quitting) with unsaved edits asks first: Save, Don't Save, Cancel — what users
 * of any desktop editor expect. The page reports whether it has unsaved edits (`window:state`); the
 * window's `close` event asks `onClose` whether to go ahead. Save and Don't Save are carried out by the
 * page (a Save may open a Save As dialog and may be cancelled there), which then calls `approve()`.
 * Electron-free so tests drive it directly; main wires it to the BrowserWindow and the dialog.
 */
export class CloseGuard {
  private state: WindowState = { dirty: false, name: '' }
  private approved = false
  private asking = false
  private quitting = false

  constructor(private readonly deps: CloseGuardDeps) {}

  /** A new window (and page) starts clean. */
  windowOpened(): void {
    this.state = { dirty: false, name: '' }
    this.approved = false
    this.quitting = false
  }

  setState(state: WindowState): void {
    this.state = { ...state }
  }

  /** An app quit started (it closes the window next); remembered so an approved close quits too. */
  quitRequested(): void {
    this.quitting = true
  }

  /** A quit was cancelled in another window: closing this one later closes only this one. */
  quitCancelled(): void {
    this.quitting = false
  }

  /** From the window's `close` event: true when the close must be prevented (the user is asked). */
  onClose(): boolean {
    if (this.approved || !this.state.dirty) return false
    if (!this.asking) void this.askUser()
    return true
  }

  /** The page saved or discarded its edits: close for real. */
  approve(): void {
    this.approved = true
    this.deps.close(this.quitting)
  }

  private async askUser(): Promise<void> {
    this.asking = true
    try {
      const choice = await this.deps.ask(this.state.name)
      if (choice === 'cancel') {
        this.quitting = false
        this.deps.cancelled?.()
      } else this.deps.send({ command: 'close', choice })
    } finally {
      this.asking = false
    }
  }
}
