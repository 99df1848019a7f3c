/**
 * Shards split a run's chunks into `count` contiguous ranges, so runs larger than one machine can be
 * spread over a cluster and merged into exactly the document a single run gives.
 */
export interface Shard {
  index: number
  count: number
}

/** Chunks `[first, end)` of shard `index` (0-based) of `count`, over `totalChunks` chunks. */
export function shardRange(totalChunks: number, shard: Shard): { first: number; end: number } {
  return {
    first: Math.floor((shard.index * totalChunks) / shard.count),
    end: Math.floor(((shard.index + 1) * totalChunks) / shard.count),
  }
}

/** Most shards a run may be split into. */
export const MAX_SHARDS = 100_000

/** Parses `i/n` with 1 ≤ i ≤ n (as users count) into a 0-based shard, or returns an error message. */
export function parseShard(text: string): Shard | string {
  const m = /^(\d+)\/(\d+)$/.exec(text.trim())
  if (!m) return `must look like i/n (for example 3/10), got ${JSON.stringify(text)}`
  const i = Number(m[1])
  const n = Number(m[2])
  if (n < 1 || n > MAX_SHARDS || i < 1 || i > n) return `must have 1 ≤ i ≤ n ≤ ${MAX_SHARDS}, got ${JSON.stringify(text)}`
  return { index: i - 1, count: n }
}
