import type { ChunkResult, ChunkTask } from './run-chunk'

/** Runs one chunk somewhere (a Piscina worker, a Web Worker, or in-process) and resolves with its tally. */
export type ChunkExecutor = (task: ChunkTask, signal: AbortSignal) => Promise<ChunkResult>

export class AbortError extends Error {
  constructor() {
    super('aborted')
    this.name = 'AbortError'
  }
}

/**
 * Keeps up to `concurrency` chunks of `[first, end)` running and hands each finished chunk, with the task
 * it answers, to `onChunk` (in completion order). Resolves when all are done; rejects with the first
 * failure — a chunk that fails, an executor that throws, an `onChunk` that throws (a result of the
 * wrong shape, a progress listener that fails) — or with an AbortError as soon as `signal` aborts
 * (without waiting for chunks in flight). Every path settles the promise exactly once.
 */
export function scheduleChunks(
  first: number,
  end: number,
  concurrency: number,
  taskOf: (chunk: number) => ChunkTask,
  execute: ChunkExecutor,
  signal: AbortSignal,
  onChunk: (r: ChunkResult, task: ChunkTask) => void,
): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    let running = 0
    let next = first
    let finished = 0
    let settled = false
    const onAbort = (): void => fail(new AbortError())
    const settle = (): boolean => {
      if (settled) return false
      settled = true
      signal.removeEventListener('abort', onAbort)
      return true
    }
    function fail(e: unknown): void {
      if (settle()) reject(e)
    }
    const done = (task: ChunkTask, r: ChunkResult): void => {
      running--
      if (settled) return
      try {
        onChunk(r, task)
        finished++
        if (finished === end - first) {
          if (settle()) resolve()
        } else launch()
      } catch (e) {
        fail(e) // at once: no result finishing meanwhile reaches onChunk
      }
    }
    function launch(): void {
      while (!settled && running < concurrency && next < end) {
        running++
        const task = taskOf(next++)
        // A synchronous throw in execute reaches fail too.
        Promise.resolve()
          .then(() => execute(task, signal))
          .then((r) => done(task, r))
          .catch(fail)
      }
    }
    if (signal.aborted) return fail(new AbortError())
    signal.addEventListener('abort', onAbort, { once: true })
    if (end <= first) {
      if (settle()) resolve()
      return
    }
    try {
      launch()
    } catch (e) {
      fail(e)
    }
  })
}
