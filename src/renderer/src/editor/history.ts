/**
 * Undo/redo over whole documents (they are small and replaced whole on every edit). Consecutive edits of
 * the same field within `mergeMs` become one step, so typing "15" is one undo, not two.
 */
export class EditHistory<T> {
  private past: T[] = []
  private future: T[] = []
  private lastKey = ''
  private lastAt = -Infinity

  constructor(
    private readonly limit = 200,
    private readonly mergeMs = 800,
  ) {}

  /** Records `before` as the state to return to; `key` names the field edited, `at` the time in ms. */
  record(before: T, key: string, at: number): void {
    const merge = key !== '' && key === this.lastKey && at - this.lastAt < this.mergeMs
    if (!merge) {
      this.past.push(before)
      if (this.past.length > this.limit) this.past.shift()
    }
    this.future = []
    this.lastKey = key
    this.lastAt = at
  }

  undo(current: T): T | undefined {
    const prev = this.past.pop()
    if (prev === undefined) return undefined
    this.future.push(current)
    this.lastKey = ''
    return prev
  }

  redo(current: T): T | undefined {
    const next = this.future.pop()
    if (next === undefined) return undefined
    this.past.push(current)
    this.lastKey = ''
    return next
  }

  clear(): void {
    this.past = []
    this.future = []
    this.lastKey = ''
  }

  get canUndo(): boolean {
    return this.past.length > 0
  }

  get canRedo(): boolean {
    return this.future.length > 0
  }
}
