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
 * Keeps up to `concurrency` chunks of `[first, end)` running and hands each finished chunk to `onChunk`
 * (in completion order). Resolves when all are done; rejects with the first failure, or with an
 * AbortError as soon as `signal` aborts (without waiting for chunks in flight).
 */
export function scheduleChunks(
  first: number,
  end: number,
  concurrency: number,
  taskOf: (chunk: number) => ChunkTask,
  execute: ChunkExecutor,
  signal: AbortSignal,
  onChunk: (r: ChunkResult) => void,
): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    let running = 0
    let next = first
    let finished = 0
    let settled = false
    const fail = (e: unknown): void => {
      if (settled) return
      settled = true
      reject(e)
    }
    if (signal.aborted) return fail(new AbortError())
    signal.addEventListener('abort', () => fail(new AbortError()), { once: true })
    const launch = (): void => {
      while (!settled && running < concurrency && next < end) {
        running++
        execute(taskOf(next++), signal).then((r) => {
          running--
          if (settled) return
          onChunk(r)
          finished++
          if (finished === end - first) {
            settled = true
            resolve()
          } else launch()
        }, fail)
      }
    }
    if (end <= first) {
      settled = true
      resolve()
    } else launch()
  })
}
