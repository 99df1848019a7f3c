import { setAtPath } from './json-path'

/** A swept parameter: a numeric field of the scenario and the values it takes. */
export interface SweepParam {
  path: string
  values: number[]
}

export const MAX_SWEEP_POINTS = 10_000

/** from, from+step, ... up to `to` (inclusive, with a tolerance for decimal steps). */
export function sweepValues(from: number, to: number, step: number): number[] {
  if (!(step > 0)) throw new Error(`--step: must be a number above 0, got ${step}`)
  if (to < from) throw new Error(`--to: must be at least --from (${from}), got ${to}`)
  const count = Math.floor((to - from) / step + 1e-9) + 1
  if (count > MAX_SWEEP_POINTS) throw new Error(`the sweep has ${count} points; at most ${MAX_SWEEP_POINTS} are allowed`)
  return Array.from({ length: count }, (_, i) => Math.round((from + i * step) * 1e9) / 1e9)
}

/** Every point of a one- or two-parameter sweep (the first parameter varies slowest). */
export function sweepGrid(params: SweepParam[]): number[][] {
  let grid: number[][] = [[]]
  for (const p of params) grid = grid.flatMap((prefix) => p.values.map((v) => [...prefix, v]))
  if (grid.length > MAX_SWEEP_POINTS) throw new Error(`the sweep has ${grid.length} points; at most ${MAX_SWEEP_POINTS} are allowed`)
  return grid
}

/** The scenario at one sweep point. */
export function scenarioAt(base: unknown, params: SweepParam[], at: number[]): unknown {
  let doc = base
  params.forEach((p, i) => (doc = setAtPath(doc, p.path, at[i])))
  return doc
}
