/**
 * Which open window is editing which draft. Every page of the app autosaves its unsaved edits under a
 * key of its own; a draft written by a window that is still open is that window's live work, not
 * "unsaved edits from a previous session". So another window is never offered it, and never deletes it.
 * A window that closes, reloads or crashes lets go of its drafts: what it left unsaved is then offered
 * to the others (and to the next start of the app) to restore.
 */
export class DraftOwners {
  private readonly owners = new Map<string, number>()

  /** `window` writes draft `key`; false when another open window already owns it. */
  claim(key: string, window: number): boolean {
    const owner = this.owners.get(key)
    if (owner !== undefined && owner !== window) return false
    this.owners.set(key, window)
    return true
  }

  /** Whether `window` may delete draft `key`: its own, or nobody's. */
  mayClear(key: string, window: number): boolean {
    const owner = this.owners.get(key)
    return owner === undefined || owner === window
  }

  /** Draft `key` is gone (saved, discarded, restored into another draft). */
  forget(key: string): void {
    this.owners.delete(key)
  }

  /** Whether some open window is editing draft `key`. */
  isLive(key: string): boolean {
    return this.owners.has(key)
  }

  /** Whether `window` may be offered draft `key` to restore: nobody else is editing it. */
  offerable(key: string, window: number): boolean {
    const owner = this.owners.get(key)
    return owner === undefined || owner === window
  }

  /** The page of `window` went away (closed, reloaded, crashed): its drafts are left behind. */
  release(window: number): void {
    for (const [key, owner] of this.owners) if (owner === window) this.owners.delete(key)
  }
}
