import type { ExactMetric } from '../../engine/systems/rule-system'

/**
 * Bushido's secret Attack/Defence split as a compact matrix: one row per split of the Activating model,
 * one column per split of its opponent, each cell the expected wounds that count for the Activating model
 * (dealt minus taken, none beyond the wounds the target has left), with the recommended mix of each side on top. Built from the exact answer.
 */
export interface SplitMatrix {
  /** Ids of the Activating model (rows) and its opponent (columns). */
  rowId: string
  colId: string
  /** Row splits ("2/1" = 2 dice in Attack, 1 in Defence) of the Activating model. */
  rows: string[]
  cols: string[]
  /** cells[r][c]: expected wounds dealt minus taken by the Activating model. */
  cells: number[][]
  /** The recommended mix of each side: splits with their share (1 = always this split). */
  rowMix: { split: string; p: number }[]
  colMix: { split: string; p: number }[]
  /** The value of the game for the Activating model when both play the recommended mix. */
  value: number | null
}

const CELL = /^split-matrix:([^:]+):([^:]+):payoff$/

/** The matrix, or null when the answer has none (not a Bushido exchange). */
export function splitMatrix(exact: readonly ExactMetric[] | null): SplitMatrix | null {
  if (!exact) return null
  const payoff = new Map<string, number>()
  const rows: string[] = []
  const cols: string[] = []
  for (const m of exact) {
    const hit = CELL.exec(m.id)
    if (!hit || m.kind !== 'mean') continue
    const [, r, c] = hit
    if (!rows.includes(r)) rows.push(r)
    if (!cols.includes(c)) cols.push(c)
    payoff.set(`${r}|${c}`, m.mean)
  }
  if (rows.length === 0) return null
  const cells = rows.map((r) => cols.map((c) => payoff.get(`${r}|${c}`) ?? 0))
  const mixes = exact.filter((m) => m.id.startsWith('recommended-mix:') && m.kind === 'order') as Extract<ExactMetric, { kind: 'order' }>[]
  const mixOf = (m: (typeof mixes)[number] | undefined): { split: string; p: number }[] => (m ? m.outcomes.filter((o) => o.p > 1e-9).map((o) => ({ split: o.key, p: o.p })) : [])
  const rowMix = mixOf(mixes[0])
  const colMix = mixOf(mixes[1])
  const value = rowMix.length > 0 && colMix.length > 0 ? rowMix.reduce((s, a) => s + a.p * colMix.reduce((t, b) => t + b.p * (cells[rows.indexOf(a.split)]?.[cols.indexOf(b.split)] ?? 0), 0), 0) : null
  const idOf = (m: (typeof mixes)[number] | undefined): string => m?.id.slice('recommended-mix:'.length) ?? ''
  return { rowId: idOf(mixes[0]), colId: idOf(mixes[1]), rows, cols, cells, rowMix, colMix, value }
}

/** A mix in words: "2/1" when pure, else "2/1 60% · 3/0 40%". */
export function mixText(mix: { split: string; p: number }[]): string {
  if (mix.length === 1) return mix[0].split
  return mix.map((x) => `${x.split} ${Math.round(x.p * 100)}%`).join(' · ')
}
