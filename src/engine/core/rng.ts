import { xoroshiro128plusFromState } from 'pure-rand/generator/xoroshiro128plus'

/**
 * A seeded random stream. Every sampler takes it as its first argument; there is never a module-level
 * generator. Backed by pure-rand's xoroshiro128+ (mutated in place, pure-rand 8 API).
 */
export interface Rng {
  /** Next 32 uniformly random bits as an unsigned integer in [0, 2^32). */
  u32(): number
  /** Uniform integer in [0, n) for 1 ≤ n ≤ 2^21, without modulo bias. */
  below(n: number): number
  /** One die with `sides` faces: 1..sides, without modulo bias. */
  die(sides: number): number
}

const TWO_32 = 4294967296
const INV_TWO_32 = 1 / TWO_32

class XoroshiroStream implements Rng {
  private readonly gen: ReturnType<typeof xoroshiro128plusFromState>
  constructor(state: readonly number[]) {
    this.gen = xoroshiro128plusFromState(state)
  }
  u32(): number {
    return this.gen.next() >>> 0
  }
  /**
   * Lemire's multiply-and-reject method: uses the high bits of the product (xoroshiro128+'s weak
   * bits are the lowest ones) and rejects the `2^32 mod n` low values that would bias the result.
   * `u * n` stays below 2^53, so the arithmetic is exact in doubles (the split into high and low
   * halves by a power of two too). The threshold is below n, so a low half of n or more is kept
   * without working it out: the same draws as always, without two divisions per draw.
   */
  below(n: number): number {
    for (;;) {
      const m = (this.gen.next() >>> 0) * n
      const high = Math.floor(m * INV_TWO_32)
      const low = m - high * TWO_32
      if (low >= n || low >= TWO_32 % n) return high
    }
  }
  die(sides: number): number {
    return this.below(sides) + 1
  }
}

/** splitmix32 finaliser (Stafford-style mixing), used only to derive generator states. */
function mix32(x: number): number {
  let z = (x + 0x9e3779b9) | 0
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b)
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35)
  return (z ^ (z >>> 16)) | 0
}

/** Largest seed accepted: seeds are non-negative safe integers. */
export const MAX_SEED = Number.MAX_SAFE_INTEGER

/**
 * The stream for chunk `chunk` of a run with seed `seed`. It depends only on `(seed, chunk)`, so a
 * run's numbers never depend on how many workers ran it or which worker took which chunk.
 * The 128-bit xoroshiro state is filled by chaining the splitmix32 finaliser over the seed's two
 * 32-bit halves and the chunk index (the seeding xoroshiro's authors recommend).
 */
export function createStream(seed: number, chunk: number): Rng {
  const lo = seed % TWO_32
  const hi = Math.floor(seed / TWO_32)
  let h = mix32(lo ^ 0x5bd1e995)
  h = mix32(h ^ hi)
  h = mix32(h ^ chunk)
  h = mix32(h ^ Math.floor(chunk / TWO_32))
  const s0 = mix32(h + 1)
  const s1 = mix32(h + 2)
  const s2 = mix32(h + 3)
  let s3 = mix32(h + 4)
  if ((s0 | s1 | s2 | s3) === 0) s3 = 1
  return new XoroshiroStream([s0, s1, s2, s3])
}
