import { rankCode, type Plan } from './plan'

/** A partial competition ranking: who is placed (bit mask), their ranks, and its weight. */
interface State {
  mask: number
  ranks: number[]
  w: number
}

/** For each roller, how many of the 216 ordered 3d6 triples give each contest key. */
function waysPerKey(plan: Plan): Map<number, number>[] {
  const out: Map<number, number>[] = []
  for (let r = 0; r < plan.rollers.length; r++) {
    const m = new Map<number, number>()
    for (let i = 0; i < 216; i++) {
      const k = plan.keyTable[r * 216 + i]
      m.set(k, (m.get(k) ?? 0) + 1)
    }
    out.push(m)
  }
  return out
}

/**
 * One key level: from every state, any subset of the unplaced rollers that can roll this key takes it
 * (rank = number already placed, weight × their ways), the others stay unplaced for a lower level.
 */
function placeLevel(states: Map<string, State>, ways: Map<number, number>[], level: number): Map<string, State> {
  const next = new Map<string, State>()
  const here: number[] = []
  for (let r = 0; r < ways.length; r++) if (ways[r].has(level)) here.push(r)
  for (const st of states.values()) {
    const placed = popcount(st.mask)
    const free = here.filter((r) => (st.mask & (1 << r)) === 0)
    for (let sub = 0; sub < 1 << free.length; sub++) {
      let w = st.w
      let mask = st.mask
      const ranks = st.ranks.slice()
      for (let b = 0; b < free.length; b++) {
        if ((sub & (1 << b)) === 0) continue
        w *= ways[free[b]].get(level) as number
        mask |= 1 << free[b]
        ranks[free[b]] = placed
      }
      const key = `${mask}:${ranks.join(',')}`
      const cur = next.get(key)
      if (cur) cur.w += w
      else next.set(key, { mask, ranks, w })
    }
  }
  return next
}

/**
 * Exact probability of every outcome, by dynamic programming over key levels instead of sampling.
 *
 * Each roller's key takes at most 16 values (one per 3d6 total), with known weights out of 216. Going
 * down the distinct key levels from the highest, a state is the partial competition ranking of the
 * rollers placed so far; at each level any subset of the unplaced rollers may take that key (weight =
 * product of their ways), and the rest must take a lower key later. Every full assignment of keys is
 * counted exactly once, and only the ranking matters to the outcome. Weights are integers out of
 * 216^n ≤ 216^6 ≈ 1.0e14 < 2^53, so the doubles stay exact. Where preventing actions must work (the
 * prevention rule "if-it-succeeds"), each ranking's weight is split over the masks of working actions by
 * their probabilities, exact to rounding.
 */
export function exactOutcomeWeights(plan: Plan): { weights: Float64Array; total: number } {
  const n = plan.rollers.length
  const weights = new Float64Array(plan.outcomes.length)
  if (n === 0) {
    weights[0] = 1
    return { weights, total: 1 }
  }
  const ways = waysPerKey(plan)
  const levels = [...new Set(ways.flatMap((m) => [...m.keys()]))].sort((a, b) => b - a)
  let states = new Map<string, State>([['0:', { mask: 0, ranks: new Array<number>(n).fill(0), w: 1 }]])
  for (const level of levels) states = placeLevel(states, ways, level)
  const full = (1 << n) - 1
  for (const st of states.values()) {
    if (st.mask !== full) continue
    // the action rolls are independent of the contest: each mask of working actions with its probability
    const at = rankCode(st.ranks, n) * plan.masks
    for (let m = 0; m < plan.masks; m++) weights[plan.outcomeOfCode[at + m]] += plan.masks === 1 ? st.w : st.w * plan.maskP[m]
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
