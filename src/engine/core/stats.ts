/** Two-sided 95% normal quantile. */
export const Z95 = 1.959963984540054

/**
 * Wilson score interval for a binomial proportion (95% by default). Unlike the Wald interval it
 * stays inside [0, 1] and behaves at p = 0 or 1, which matter here (impossible orderings, sure wins).
 */
export function wilson(count: number, n: number, z = Z95): [number, number] {
  if (n <= 0) return [0, 1]
  const p = count / n
  const z2 = z * z
  const denom = 1 + z2 / n
  const centre = (p + z2 / (2 * n)) / denom
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / denom
  // At 0 or n successes the bound on that side is exactly 0 or 1; rounding must not move it.
  return [count <= 0 ? 0 : Math.max(0, centre - half), count >= n ? 1 : Math.min(1, centre + half)]
}

export interface HistogramSummary {
  n: number
  mean: number
  sd: number
  min: number
  max: number
  quantiles: { p05: number; p25: number; p50: number; p75: number; p95: number }
}

/**
 * Summary of an integer histogram whose bin `i` holds the count of value `minValue + i`.
 * Quantiles are the smallest value whose cumulative share reaches q (the inverse CDF).
 */
export function summarizeHistogram(
  bins: ArrayLike<number>,
  minValue: number,
  offset = 0,
  length = bins.length - offset,
): HistogramSummary {
  let n = 0
  let sum = 0
  let sumSq = 0
  let lo = Number.NaN
  let hi = Number.NaN
  for (let i = 0; i < length; i++) {
    const c = bins[offset + i]
    if (c === 0) continue
    const v = minValue + i
    n += c
    sum += c * v
    sumSq += c * v * v
    if (Number.isNaN(lo)) lo = v
    hi = v
  }
  const mean = n > 0 ? sum / n : Number.NaN
  const variance = n > 1 ? Math.max(0, (sumSq - n * mean * mean) / (n - 1)) : 0
  const q = (share: number): number => {
    if (n === 0) return Number.NaN
    const target = share * n
    let acc = 0
    for (let i = 0; i < length; i++) {
      acc += bins[offset + i]
      if (acc >= target && acc > 0) return minValue + i
    }
    return hi
  }
  return {
    n,
    mean,
    sd: Math.sqrt(variance),
    min: lo,
    max: hi,
    quantiles: { p05: q(0.05), p25: q(0.25), p50: q(0.5), p75: q(0.75), p95: q(0.95) },
  }
}
