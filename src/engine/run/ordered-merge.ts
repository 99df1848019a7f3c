import { createTally, mergeInto, type Tally, type TallyShape } from '../core/tally'
import type { ChunkResult } from './run-chunk'

/**
 * Folds finished chunks into one tally strictly in chunk order, holding back any that finish early.
 * (Integer counts make any order give the same sums; a fixed order keeps partial results reproducible.)
 */
export class OrderedMerge {
  readonly tally: Tally
  private readonly waiting = new Map<number, ChunkResult>()
  private next: number

  constructor(shape: TallyShape, firstChunk: number) {
    this.tally = createTally(shape)
    this.next = firstChunk
  }

  accept(r: ChunkResult): void {
    this.waiting.set(r.chunk, r)
    for (let c = this.waiting.get(this.next); c; c = this.waiting.get(this.next)) {
      this.waiting.delete(this.next)
      mergeInto(this.tally, { trials: c.trials, counts: c.counts, bins: c.bins })
      this.next++
    }
  }
}
