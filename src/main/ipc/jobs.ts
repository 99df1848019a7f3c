/**
 * The runs and searches in flight, by job id. Each can be cancelled by id (`sim:cancel`), and all of them
 * at once when the page that started them goes away (window closed, reloaded, crashed), so a fight of a
 * billion trials nobody is waiting for does not keep the worker pool busy.
 */
export class JobRegistry {
  private readonly jobs = new Map<string, AbortController>()

  /**
   * Runs `work` as job `id` with a signal that `cancel` aborts. The id is taken before the first await,
   * so a `sim:cancel` sent right after the request always finds it; an id already running is refused.
   */
  async track<T>(id: string, what: string, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
    if (this.jobs.has(id)) throw new Error(`${what}: job ${id} is already running`)
    const controller = new AbortController()
    this.jobs.set(id, controller)
    try {
      return await work(controller.signal)
    } finally {
      this.jobs.delete(id)
    }
  }

  /** Cancels one job; false when no job has that id (it finished, or never was). */
  cancel(id: string): boolean {
    const controller = this.jobs.get(id)
    controller?.abort()
    return controller !== undefined
  }

  /** Cancels every job in flight; returns how many there were. */
  cancelAll(): number {
    const all = [...this.jobs.values()]
    for (const c of all) c.abort()
    return all.length
  }

  get size(): number {
    return this.jobs.size
  }
}
