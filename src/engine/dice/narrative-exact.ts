import { assertPool, DIE_KINDS, FACES, sidesOf, type Pool } from './narrative-dice'

/**
 * The exact joint distribution of one check over (net successes, net advantage, Triumphs, Despairs), by
 * convolving the dice one at a time: counts of face combinations out of Π sides. Counts are exact
 * integers while that product stays ≤ 2^53 (every pool up to 14 d12 plus anything), beyond which they
 * are doubles with a relative error near 1e-15. A 20-die pool takes a few milliseconds, so the UI can
 * show it while the pool is being edited.
 * @see docs/rules/genesys.md sections 1 and 2 (every check computed exactly by convolving the faces).
 */
export interface CheckDistribution {
  pool: Pool
  /** Number of equally likely face combinations (Π sides). */
  total: number
  /** Whether every count is an exact integer (total ≤ 2^53). */
  exactIntegers: boolean
  netMin: number
  netMax: number
  advMin: number
  advMax: number
  trMax: number
  deMax: number
  /** counts[(((net − netMin)·advN + adv − advMin)·trN + tr)·deN + de]. */
  counts: Float64Array
}

interface Extent {
  netMin: number
  netMax: number
  advMin: number
  advMax: number
}

function extentOf(pool: Pool): Extent {
  const e: Extent = { netMin: 0, netMax: 0, advMin: 0, advMax: 0 }
  for (const k of DIE_KINDS) {
    const faces = FACES[k]
    e.netMin += pool[k] * Math.min(...faces.map((f) => f.s - f.f))
    e.netMax += pool[k] * Math.max(...faces.map((f) => f.s - f.f))
    e.advMin += pool[k] * Math.min(...faces.map((f) => f.a - f.t))
    e.advMax += pool[k] * Math.max(...faces.map((f) => f.a - f.t))
  }
  return e
}

/** Exact joint distribution of a pool. */
export function exactCheck(pool: Pool): CheckDistribution {
  assertPool(pool)
  const e = extentOf(pool)
  const advN = e.advMax - e.advMin + 1
  const trN = pool.proficiency + 1
  const deN = pool.challenge + 1
  const netN = e.netMax - e.netMin + 1
  const strides = { net: advN * trN * deN, adv: trN * deN, tr: deN }
  let cur = new Float64Array(netN * advN * trN * deN)
  let next = new Float64Array(cur.length)
  cur[-e.netMin * strides.net - e.advMin * strides.adv] = 1
  let total = 1
  for (const k of DIE_KINDS) {
    const offsets = FACES[k].map((f) => (f.s - f.f) * strides.net + (f.a - f.t) * strides.adv + f.tr * strides.tr + f.de)
    for (let d = 0; d < pool[k]; d++) {
      next.fill(0)
      for (let i = 0; i < cur.length; i++) {
        const c = cur[i]
        if (c === 0) continue
        for (let f = 0; f < offsets.length; f++) next[i + offsets[f]] += c
      }
      ;[cur, next] = [next, cur]
      total *= sidesOf(k)
    }
  }
  return { pool: { ...pool }, total, exactIntegers: total <= Number.MAX_SAFE_INTEGER, ...e, trMax: trN - 1, deMax: deN - 1, counts: cur }
}

export type CellVisitor = (net: number, adv: number, tr: number, de: number, count: number) => void

/** Calls `visit` for every possible result with its count (results with count 0 are skipped). */
export function forEachResult(d: CheckDistribution, visit: CellVisitor): void {
  const trN = d.trMax + 1
  const deN = d.deMax + 1
  let i = 0
  for (let net = d.netMin; net <= d.netMax; net++) {
    for (let adv = d.advMin; adv <= d.advMax; adv++) {
      for (let tr = 0; tr < trN; tr++) {
        for (let de = 0; de < deN; de++, i++) {
          const c = d.counts[i]
          if (c !== 0) visit(net, adv, tr, de, c)
        }
      }
    }
  }
}

/** Probability of the results a predicate accepts. */
export function probabilityOf(d: CheckDistribution, accept: (net: number, adv: number, tr: number, de: number) => boolean): number {
  let w = 0
  forEachResult(d, (net, adv, tr, de, c) => {
    if (accept(net, adv, tr, de)) w += c
  })
  return w / d.total
}

/** Distribution of a value computed from each result: value → probability, in value order. */
export function marginalOf(d: CheckDistribution, value: (net: number, adv: number, tr: number, de: number) => number): { value: number; p: number }[] {
  const m = new Map<number, number>()
  forEachResult(d, (net, adv, tr, de, c) => {
    const v = value(net, adv, tr, de)
    m.set(v, (m.get(v) ?? 0) + c)
  })
  return [...m.entries()].sort((a, b) => a[0] - b[0]).map(([v, c]) => ({ value: v, p: c / d.total }))
}

export function meanOf(dist: readonly { value: number; p: number }[]): number {
  return dist.reduce((s, x) => s + x.value * x.p, 0)
}

/** The headline numbers of a check (the columns of docs/rules/genesys.md section 7). */
export interface CheckSummary {
  success: number
  advantage: number
  triumph: number
  despair: number
  /** E[net successes | success]. */
  netGivenSuccess: number
}

export function summarizeCheck(d: CheckDistribution): CheckSummary {
  let ok = 0
  let netSum = 0
  forEachResult(d, (net, _a, _t, _d, c) => {
    if (net < 1) return
    ok += c
    netSum += net * c
  })
  return {
    success: ok / d.total,
    advantage: probabilityOf(d, (_n, adv) => adv >= 1),
    triumph: probabilityOf(d, (_n, _a, tr) => tr >= 1),
    despair: probabilityOf(d, (_n, _a, _t, de) => de >= 1),
    netGivenSuccess: ok > 0 ? netSum / ok : 0,
  }
}

/** Strides of the dense index of `d.counts` (for sampling straight into a joint histogram). */
export function jointStridesOf(d: CheckDistribution): { net: number; adv: number; tr: number; de: number; base: number } {
  const deN = d.deMax + 1
  const trN = d.trMax + 1
  const advN = d.advMax - d.advMin + 1
  const s = { net: advN * trN * deN, adv: trN * deN, tr: deN, de: 1 }
  return { ...s, base: -d.netMin * s.net - d.advMin * s.adv }
}

/** The result a dense index stands for. */
export function resultAt(d: CheckDistribution, index: number): { net: number; adv: number; tr: number; de: number } {
  const deN = d.deMax + 1
  const trN = d.trMax + 1
  const advN = d.advMax - d.advMin + 1
  const de = index % deN
  const tr = Math.floor(index / deN) % trN
  const adv = (Math.floor(index / (deN * trN)) % advN) + d.advMin
  const net = Math.floor(index / (deN * trN * advN)) + d.netMin
  return { net, adv, tr, de }
}
