/**
 * Optimal mixed strategies of a finite two-player zero-sum game (the row player maximises), by the
 * simplex method on the column player's linear program:
 *   maximise Σ w_j  subject to  B w ≤ 1, w ≥ 0,  where B = A + c > 0.
 * Then value = 1/Σw − c, the column strategy is w / Σw and the row strategy is read from the dual
 * (the reduced costs of the slack columns). Bland's rule (smallest index enters and leaves) keeps the
 * degenerate games that symmetric split matrices produce from cycling.
 */
export interface GameSolution {
  row: number[]
  col: number[]
  value: number
}

const EPS = 1e-12

function pivot(t: number[][], r: number, c: number): void {
  const pr = t[r]
  const pv = pr[c]
  for (let k = 0; k < pr.length; k++) pr[k] /= pv
  for (let i = 0; i < t.length; i++) {
    if (i === r) continue
    const f = t[i][c]
    if (f === 0) continue
    const row = t[i]
    for (let k = 0; k < row.length; k++) row[k] -= f * pr[k]
  }
}

export function solveZeroSum(a: readonly (readonly number[])[]): GameSolution {
  const m = a.length
  const n = a[0].length
  let min = Infinity
  for (const row of a) for (const v of row) if (v < min) min = v
  const shift = 1 - min
  // tableau rows 0..m−1 constraints, row m objective; columns 0..n−1 w, n..n+m−1 slacks, n+m rhs
  const t: number[][] = []
  for (let i = 0; i < m; i++) {
    const row = new Array<number>(n + m + 1).fill(0)
    for (let j = 0; j < n; j++) row[j] = a[i][j] + shift
    row[n + i] = 1
    row[n + m] = 1
    t.push(row)
  }
  const obj = new Array<number>(n + m + 1).fill(0)
  for (let j = 0; j < n; j++) obj[j] = -1
  t.push(obj)
  const basis = Array.from({ length: m }, (_, i) => n + i)
  for (let iter = 0; iter < 10_000; iter++) {
    let c = -1
    for (let j = 0; j < n + m; j++) if (t[m][j] < -EPS) {
      c = j
      break
    }
    if (c < 0) break
    let r = -1
    let best = Infinity
    for (let i = 0; i < m; i++) {
      if (t[i][c] <= EPS) continue
      const ratio = t[i][n + m] / t[i][c]
      if (ratio < best - EPS || (Math.abs(ratio - best) <= EPS && basis[i] < basis[r])) {
        best = ratio
        r = i
      }
    }
    pivot(t, r, c)
    basis[r] = c
  }
  const total = t[m][n + m]
  const col = new Array<number>(n).fill(0)
  basis.forEach((b, i) => {
    if (b < n) col[b] = t[i][n + m] / total
  })
  const row = Array.from({ length: m }, (_, i) => Math.max(0, t[m][n + i]) / total)
  return { row, col, value: 1 / total - shift }
}

/** Expected payoff to the row player of mixed strategies x (rows) and y (columns). */
export function payoff(a: readonly (readonly number[])[], x: readonly number[], y: readonly number[]): number {
  let v = 0
  for (let i = 0; i < a.length; i++) for (let j = 0; j < y.length; j++) v += x[i] * y[j] * a[i][j]
  return v
}

/**
 * Integer weights summing to `total` closest to the probabilities (largest remainders), so a mixed
 * strategy can be sampled with one unbiased draw and its exact value computed with the same weights.
 */
export function quantize(p: readonly number[], total: number): number[] {
  const raw = p.map((x) => Math.max(0, x) * total)
  const w = raw.map(Math.floor)
  let left = total - w.reduce((s, x) => s + x, 0)
  const order = raw.map((x, i) => [x - Math.floor(x), i] as const).sort((u, v) => v[0] - u[0] || u[1] - v[1])
  for (let k = 0; left > 0; k = (k + 1) % order.length, left--) w[order[k][1]]++
  return w
}
