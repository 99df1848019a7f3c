import { MAX_CHOICES } from '../core/scenario'
import { solveZeroSum } from '../core/zero-sum'
import { estimateOf, formatMetricQuery, type MetricQuery } from './estimate'
import { parseScenario } from './parse'
import type { ResultDocument } from './result'

/**
 * "What should each side do?": every option of side A played against every option of side B, on one
 * metric that A wants high and B wants low, and the game solved. An option is a named JSON Merge Patch
 * (RFC 7396) applied to the scenario, so it can change anything: a plan, a stance, a split, a weapon.
 * Every cell runs with the same seed (common random numbers).
 */
export interface TacticsOption {
  name: string
  /** A JSON Merge Patch of the scenario. */
  patch: unknown
}

export interface TacticsRequest {
  scenario: unknown
  a: readonly TacticsOption[]
  b: readonly TacticsOption[]
  query: MetricQuery
  trials: number
  seed: number
  run: (scenario: unknown, trials: number) => Promise<ResultDocument>
  onCell?: (i: number, j: number, cell: TacticsCell) => void
}

export interface TacticsCell {
  estimate: number
  ci: [number, number]
  exact?: number
}

export interface TacticsAnswer {
  metric: string
  a: string[]
  b: string[]
  /** cells[i][j]: A plays a[i], B plays b[j]. */
  cells: TacticsCell[][]
  /** For each of B's options (column), A's best reply. */
  bestReplyA: string[]
  /** For each of A's options (row), B's best reply. */
  bestReplyB: string[]
  equilibrium: { a: Record<string, number>; b: Record<string, number>; value: number }
  /** Where intervals overlap too much to tell the best reply apart at this trial count. */
  notes: string[]
  trials: number
  seed: number
}

/** A tactics question that cannot be played as asked (an invalid patch, a duplicate name…). */
export class TacticsRefusal extends Error {}

export const MAX_TACTICS_OPTIONS = MAX_CHOICES

/** Keys a patch may never set (they would reach object prototypes). */
const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype'])

/**
 * RFC 7396 JSON Merge Patch: objects merge key by key, `null` removes a key, anything else replaces —
 * with one extension for scenarios: a list whose items all name a fighter (`id`, `combatant` for
 * tactics and plans, or `model` for Bushido's) merges item by item with the list it patches, matched by that name, so two options
 * that change different fighters combine instead of the second list replacing the first. A patch item
 * naming nobody in the list is added. Every other list is replaced whole, as RFC 7396 says.
 */
export function mergePatch(target: unknown, patch: unknown): unknown {
  if (Array.isArray(patch)) {
    const key = Array.isArray(target) ? listKey(target, patch) : undefined
    return key ? mergeList(target as Record<string, unknown>[], patch as Record<string, unknown>[], key) : structuredClone(patch)
  }
  if (patch === null || typeof patch !== 'object') return structuredClone(patch)
  const base = target !== null && typeof target === 'object' && !Array.isArray(target) ? (target as Record<string, unknown>) : {}
  const out: Record<string, unknown> = { ...base }
  for (const [key, value] of Object.entries(patch as Record<string, unknown>)) {
    if (UNSAFE_KEYS.has(key)) throw new TacticsRefusal(`a patch may not set "${key}"`)
    if (value === null) delete out[key]
    else out[key] = mergePatch(out[key], value)
  }
  return out
}

type ListKey = 'id' | 'combatant' | 'model'

/** The field naming each item, when every item of both lists has it as a string: `id`, `combatant` or `model`. */
function listKey(target: readonly unknown[], patch: readonly unknown[]): ListKey | undefined {
  const named = (k: string) => (x: unknown): boolean => x !== null && typeof x === 'object' && typeof (x as Record<string, unknown>)[k] === 'string'
  for (const k of ['id', 'combatant', 'model'] as const) if (target.length > 0 && patch.length > 0 && target.every(named(k)) && patch.every(named(k))) return k
  return undefined
}

function mergeList(target: Record<string, unknown>[], patch: Record<string, unknown>[], key: ListKey): unknown[] {
  const out: unknown[] = target.map((x) => structuredClone(x))
  for (const item of patch) {
    const at = target.findIndex((x) => x[key] === item[key])
    if (at < 0) out.push(mergePatch({}, item))
    else out[at] = mergePatch(target[at], item)
  }
  return out
}

/** The scenario with A's option i and B's option j applied (A's first). */
export function cellScenario(base: unknown, a: TacticsOption, b: TacticsOption): unknown {
  return mergePatch(mergePatch(base, a.patch), b.patch)
}

function checkOptions(side: 'A' | 'B', options: readonly TacticsOption[]): void {
  if (options.length < 1) throw new TacticsRefusal(`side ${side} needs at least one option (--${side.toLowerCase()} name=patch)`)
  if (options.length > MAX_TACTICS_OPTIONS) throw new TacticsRefusal(`side ${side} has ${options.length} options; at most ${MAX_TACTICS_OPTIONS} are allowed`)
  const seen = new Set<string>()
  for (const o of options) {
    if (o.name.trim() === '') throw new TacticsRefusal(`side ${side}: every option needs a name (name=patch)`)
    if (seen.has(o.name)) throw new TacticsRefusal(`side ${side}: two options are named "${o.name}"`)
    seen.add(o.name)
  }
}

/** Refuses, before anything runs, every pairing whose patched scenario is not valid, naming the options and paths. */
export function checkTactics(req: Pick<TacticsRequest, 'scenario' | 'a' | 'b'>): void {
  checkOptions('A', req.a)
  checkOptions('B', req.b)
  for (const a of req.a) {
    for (const b of req.b) {
      const r = parseScenario(cellScenario(req.scenario, a, b))
      if (!r.ok) {
        const which = req.b.length === 1 && req.a.length > 1 ? `option A "${a.name}"` : req.a.length === 1 ? `option B "${b.name}"` : `options A "${a.name}" and B "${b.name}"`
        throw new TacticsRefusal(`${which} make the scenario invalid: ${r.issues.map((i) => `${i.path}: ${i.message}`).join('; ')}`)
      }
    }
  }
}

export async function playTactics(req: TacticsRequest): Promise<TacticsAnswer> {
  checkTactics(req)
  const cells: TacticsCell[][] = []
  for (let i = 0; i < req.a.length; i++) {
    const row: TacticsCell[] = []
    for (let j = 0; j < req.b.length; j++) {
      const doc = await req.run(cellScenario(req.scenario, req.a[i], req.b[j]), req.trials)
      if (doc.status !== 'done') throw new TacticsRefusal(`the run of A "${req.a[i].name}" against B "${req.b[j].name}" ended ${doc.status}${doc.error ? `: ${doc.error}` : ''}`)
      const e = estimateOf(doc.metrics, req.query)
      const cell: TacticsCell = { estimate: e.exact ?? e.estimate, ci: e.ci }
      if (e.exact !== undefined) cell.exact = e.exact
      row.push(cell)
      req.onCell?.(i, j, cell)
    }
    cells.push(row)
  }
  return solveTactics(req, cells)
}

/** Best replies, the equilibrium of the zero-sum game (A maximises), and notes on cells too close to call. */
export function solveTactics(req: Pick<TacticsRequest, 'a' | 'b' | 'query' | 'trials' | 'seed'>, cells: TacticsCell[][]): TacticsAnswer {
  const a = req.a.map((o) => o.name)
  const b = req.b.map((o) => o.name)
  const values = cells.map((row) => row.map((c) => c.estimate))
  const notes: string[] = []
  const bestReplyA = b.map((bn, j) => {
    const column = cells.map((row) => row[j])
    const best = argBest(column, 'max')
    const rivals = column.filter((c, i) => i !== best && c.ci[1] >= column[best].ci[0] && c.exact === undefined)
    if (rivals.length > 0) notes.push(`Against B "${bn}", A's best reply "${a[best]}" cannot be told apart from ${rivals.map((c) => `"${a[column.indexOf(c)]}"`).join(', ')} at ${req.trials} trials (intervals overlap)`)
    return a[best]
  })
  const bestReplyB = a.map((an, i) => {
    const row = cells[i]
    const best = argBest(row, 'min')
    const rivals = row.filter((c, j) => j !== best && c.ci[0] <= row[best].ci[1] && c.exact === undefined)
    if (rivals.length > 0) notes.push(`Against A "${an}", B's best reply "${b[best]}" cannot be told apart from ${rivals.map((c) => `"${b[row.indexOf(c)]}"`).join(', ')} at ${req.trials} trials (intervals overlap)`)
    return b[best]
  })
  const game = solveZeroSum(values)
  const mix = (names: string[], p: number[]): Record<string, number> => Object.fromEntries(names.map((n, i) => [n, cleanProbability(p[i])]))
  return {
    metric: formatMetricQuery(req.query),
    a,
    b,
    cells,
    bestReplyA,
    bestReplyB,
    equilibrium: { a: mix(a, game.row), b: mix(b, game.col), value: game.value },
    notes,
    trials: req.trials,
    seed: req.seed,
  }
}

function argBest(cells: readonly TacticsCell[], goal: 'max' | 'min'): number {
  let best = 0
  for (let i = 1; i < cells.length; i++) {
    if (goal === 'max' ? cells[i].estimate > cells[best].estimate : cells[i].estimate < cells[best].estimate) best = i
  }
  return best
}

/** Probabilities from the simplex: tiny negative or near-zero rounding noise reads as 0. */
function cleanProbability(p: number): number {
  return Math.abs(p) < 1e-12 ? 0 : Math.min(1, Math.max(0, p))
}
