import type { JointExactMetric } from '../engine/systems/rule-system'

export interface JointGrid {
  /** x values kept (rows) and y values kept (columns). */
  rows: number[]
  cols: number[]
  /** cells[r][c]: probability of (rows[r], cols[c]). */
  cells: number[][]
  max: number
}

/**
 * A joint distribution trimmed for reading: rows and columns whose total is under `min` are left out
 * (the far tails of a big pool), the rest kept in value order. Used by `quickdraw exact` and the editor.
 */
export function jointGrid(m: JointExactMetric, min = 1e-4): JointGrid {
  const rowIdx = m.x.values.map((_, i) => i).filter((i) => m.p[i].reduce((a, b) => a + b, 0) >= min)
  const colIdx = m.y.values.map((_, j) => j).filter((j) => m.p.reduce((a, row) => a + row[j], 0) >= min)
  const cells = rowIdx.map((i) => colIdx.map((j) => m.p[i][j]))
  return { rows: rowIdx.map((i) => m.x.values[i]), cols: colIdx.map((j) => m.y.values[j]), cells, max: Math.max(0, ...cells.flat()) }
}

/** A cell in percent, short: "·" for impossible, "<.01" for under 0.01%, else one or two decimals. */
export function jointCell(p: number): string {
  if (p === 0) return '·'
  if (p < 0.0001) return '<.01'
  return (p * 100).toFixed(p < 0.001 ? 2 : 1)
}
