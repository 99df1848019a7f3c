/**
 * Tallies: everything a chunk of trials records, as preallocated typed arrays. Counters and histogram
 * bins hold integer counts (exact in doubles up to 2^53), so merging by addition is exact,
 * associative and commutative: merged numbers never depend on how trials were split into chunks
 * or in which order chunks finished.
 */
export interface TallyShape {
  /** Number of scalar counters. */
  counters: number
  /** Total number of histogram bins (all histograms laid end to end). */
  bins: number
}

export interface Tally {
  trials: number
  counts: Float64Array
  bins: Float64Array
}

export function createTally(shape: TallyShape): Tally {
  return { trials: 0, counts: new Float64Array(shape.counters), bins: new Float64Array(shape.bins) }
}

/** Adds `source` into `target` (in place) and returns `target`. */
export function mergeInto(target: Tally, source: Tally): Tally {
  if (target.counts.length !== source.counts.length || target.bins.length !== source.bins.length) {
    throw new Error(
      `cannot merge tallies of different shapes (${target.counts.length}/${target.bins.length} vs ${source.counts.length}/${source.bins.length})`,
    )
  }
  target.trials += source.trials
  const tc = target.counts
  const sc = source.counts
  for (let i = 0; i < tc.length; i++) tc[i] += sc[i]
  const tb = target.bins
  const sb = source.bins
  for (let i = 0; i < tb.length; i++) tb[i] += sb[i]
  return target
}

export function cloneTally(t: Tally): Tally {
  return { trials: t.trials, counts: t.counts.slice(), bins: t.bins.slice() }
}

/** Merges a list of tallies in list order into a fresh tally of the given shape. */
export function mergeAll(shape: TallyShape, tallies: readonly Tally[]): Tally {
  const out = createTally(shape)
  for (const t of tallies) mergeInto(out, t)
  return out
}
