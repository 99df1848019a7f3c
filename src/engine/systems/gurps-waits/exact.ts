import { rankCode, type Plan } from './plan'

/**
 * Exact probability of every outcome, by dynamic programming over key levels instead of sampling.
 *
 * Each roller's key takes at most 16 values (one per 3d6 total), with known weights out of 216. Going
 * down the distinct key levels from the highest, a state is the partial competition ranking of the
 * rollers placed so far; at each level any subset of the unplaced rollers may take that key (weight =
 * product of their ways), and the rest must take a lower key later. Every full assignment of keys is
 * counted exactly once, and only the ranking matters to the outcome. Weights are integers out of
 * 216^n ≤ 216^6 ≈ 1.0e14 < 2^53, so the doubles stay exact.
 */
export function exactOutcomeWeights(plan: Plan): { weights: Float64Array; total: number } {
  const n = plan.rollers.length
  const weights = new Float64Array(plan.outcomes.length)
  if (n === 0) {
    weights[0] = 1
    return { weights, total: 1 }
  }
  // ways[r]: key -> ways out of 216
  const ways: Map<number, number>[] = []
  const levels = new Set<number>()
  for (let r = 0; r < n; r++) {
    const m = new Map<number, number>()
    for (let i = 0; i < 216; i++) {
      const k = plan.keyTable[r * 216 + i]
      m.set(k, (m.get(k) ?? 0) + 1)
      levels.add(k)
    }
    ways.push(m)
  }
  const sortedLevels = [...levels].sort((a, b) => b - a)
  const full = (1 << n) - 1
  // state: mask of placed rollers + their ranks; encoded as `${mask}:${ranks}`
  let states = new Map<string, { mask: number; ranks: number[]; w: number }>([['0:', { mask: 0, ranks: new Array(n).fill(0), w: 1 }]])
  for (const level of sortedLevels) {
    const next = new Map<string, { mask: number; ranks: number[]; w: number }>()
    const add = (mask: number, ranks: number[], w: number): void => {
      const key = `${mask}:${ranks.join(',')}`
      const cur = next.get(key)
      if (cur) cur.w += w
      else next.set(key, { mask, ranks, w })
    }
    const here: number[] = []
    for (let r = 0; r < n; r++) if (ways[r].has(level)) here.push(r)
    for (const st of states.values()) {
      const placed = popcount(st.mask)
      const free = here.filter((r) => (st.mask & (1 << r)) === 0)
      // every subset of the free rollers that have this key level (including none)
      for (let sub = 0; sub < 1 << free.length; sub++) {
        let w = st.w
        let mask = st.mask
        const ranks = st.ranks.slice()
        for (let b = 0; b < free.length; b++) {
          if ((sub & (1 << b)) === 0) continue
          const r = free[b]
          w *= ways[r].get(level) as number
          mask |= 1 << r
          ranks[r] = placed
        }
        add(mask, ranks, w)
      }
    }
    states = next
  }
  for (const st of states.values()) {
    if (st.mask !== full) continue
    weights[plan.outcomeOfCode[rankCode(st.ranks, n)]] += st.w
  }
  return { weights, total: 216 ** n }
}

function popcount(x: number): number {
  let c = 0
  while (x) {
    x &= x - 1
    c++
  }
  return c
}
