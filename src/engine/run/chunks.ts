/**
 * Chunk planning. The plan depends only on the trial count and the chunk size, never on the number of
 * workers, and chunk `c` always draws from the stream of `(seed, c)`: that is what makes a run's
 * numbers independent of how many workers ran it.
 */
export const DEFAULT_CHUNK_SIZE = 50_000
export const MIN_CHUNK_SIZE = 1
export const MAX_CHUNK_SIZE = 10_000_000

export interface ChunkSpec {
  index: number
  trials: number
}

export function chunkCount(trials: number, chunkSize: number): number {
  return Math.ceil(trials / chunkSize)
}

export function chunkAt(trials: number, chunkSize: number, index: number): ChunkSpec {
  const start = index * chunkSize
  return { index, trials: Math.min(chunkSize, trials - start) }
}

export function planChunks(trials: number, chunkSize: number): ChunkSpec[] {
  const out: ChunkSpec[] = []
  for (let i = 0; i < chunkCount(trials, chunkSize); i++) out.push(chunkAt(trials, chunkSize, i))
  return out
}
