import { MAX_CHOICES } from '../core/scenario'
import { mergePatch, TacticsRefusal, withoutChoices } from './merge-patch'
import { solveZeroSum } from '../core/zero-sum'
import { estimateOf, exactValueOf, formatMetricQuery, type MetricQuery } from './estimate'
import type { ExactMetric } from '../systems/rule-system'
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
  /**
   * A cell's scenario's exact values, where its system has them: a cell whose metric has an exact value
   * takes it and is not run (no sampling noise in the matrix); the others are run.
   */
  exact?: (scenario: unknown) => Promise<readonly ExactMetric[] | null>
  /** Told of each cell as it is answered, in the matrix's order (row by row), whatever `cellsAtOnce` is. */
  onCell?: (i: number, j: number, cell: TacticsCell) => void
  /**
   * Cells whose runs may be in flight at once (default 1: one after another). With 2 or more on a pool of
   * workers, the next cell's chunks are queued while the last chunk of this one still runs, so no worker idles
   * at a cell's end; every cell's own runs are the same (its seed, its chunks), so the numbers are too.
   */
  cellsAtOnce?: number
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
  /** Every cell is an exact value (no sampling noise anywhere in the matrix). */
  exact: boolean
  trials: number
  seed: number
}


export const MAX_TACTICS_OPTIONS = MAX_CHOICES

/**
 * Cells a tactics answer keeps in flight on a pool of workers (`TacticsRequest.cellsAtOnce`): two, so the next
 * cell's chunks wait in the queue while this one's last chunk runs and no worker idles between cells.
 */
export const TACTICS_CELLS_AT_ONCE = 2

/** Who chooses each side's options, as the answer names them. */
export interface TacticsPlayers {
  a: string
  b: string
}

/**
 * The players a scenario's kept options name; else, given the scenario, each side's fighters by name
 * ("Texas Cowboy", "Captain and Falcon"; a side of more than three is "side B"); else "side A" and "side B".
 */
export function tacticsPlayers(choices?: { players?: Partial<TacticsPlayers> } | null, scenario?: unknown): TacticsPlayers {
  const name = (v: unknown, fallback: string): string => (typeof v === 'string' && v.trim() !== '' ? v.trim() : fallback)
  return { a: name(choices?.players?.a, sideInWords(scenario, 'A')), b: name(choices?.players?.b, sideInWords(scenario, 'B')) }
}

/**
 * A side of a scenario by its fighters' names: those whose `side` is this one (any case), or in a duel whose
 * fighters name no side, the first for A and the second for B; "side A" when it has none or more than three.
 */
export function sideInWords(scenario: unknown, side: 'A' | 'B'): string {
  const o = scenario !== null && typeof scenario === 'object' ? (scenario as Record<string, unknown>) : {}
  const list = (Array.isArray(o.combatants) ? o.combatants : Array.isArray(o.models) ? o.models : []) as { id?: unknown; name?: unknown; side?: unknown }[]
  const fighters = list.filter((f) => f !== null && typeof f === 'object')
  const named = (f: { id?: unknown; name?: unknown }): string => (typeof f.name === 'string' && f.name.trim() !== '' ? f.name.trim() : typeof f.id === 'string' ? f.id : '')
  const sided = fighters.some((f) => typeof f.side === 'string')
  const members = sided ? fighters.filter((f) => typeof f.side === 'string' && f.side.toUpperCase() === side) : fighters.length === 2 ? [fighters[side === 'A' ? 0 : 1]] : []
  const names = members.map(named).filter((n) => n !== '')
  if (names.length === 0 || names.length > 3) return `side ${side}`
  return names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`
}

/** "always "x"", or "mix "y" 60%, "z" 40%". */
export function mixWords(mix: Record<string, number>): string {
  const used = Object.entries(mix).filter(([, p]) => p > 1e-9)
  if (used.length === 1) return `always "${used[0][0]}"`
  return `mix ${used.map(([n, p]) => `"${n}" ${Math.round(p * 100)}%`).join(', ')}`
}

/** The recommendation: "Doc should always "x"; the Kid should mix "y" 60%, "z" 40%. Then "…" is 52.0% (Doc wants it high, the Kid low)." */
export function tacticsSentence(t: Pick<TacticsAnswer, 'equilibrium'>, label: string, value: string, players: TacticsPlayers): string {
  const first = players.a.charAt(0).toUpperCase() + players.a.slice(1)
  return `${first} should ${mixWords(t.equilibrium.a)}; ${players.b} should ${mixWords(t.equilibrium.b)}. Then "${label}" is ${value} (${players.a} wants it high, ${players.b} low).`
}

export { mergePatch, TacticsRefusal }

/**
 * The scenario with A's option i and B's option j applied (A's first), without the options the scenario
 * keeps: they do not change a fight, and each cell's scenario need not check them again.
 */
export function cellScenario(base: unknown, a: TacticsOption, b: TacticsOption): unknown {
  return withoutChoices(mergePatch(mergePatch(base, a.patch), b.patch))
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
  cellKeys(req)
}

/**
 * Each cell's scenario, row by row, checked as `checkTactics` does, with what decides its numbers: its hash
 * (every rule and fighter, defaults filled in) and its run settings. Two cells with the same key are the
 * same question (two options that come to the same fight), answered once.
 */
function cellKeys(req: Pick<TacticsRequest, 'scenario' | 'a' | 'b'>): { scenario: unknown; key: string }[] {
  checkOptions('A', req.a)
  checkOptions('B', req.b)
  const out: { scenario: unknown; key: string }[] = []
  for (const a of req.a) {
    for (const b of req.b) {
      const scenario = cellScenario(req.scenario, a, b)
      const r = parseScenario(scenario)
      if (!r.ok) {
        const which = req.b.length === 1 && req.a.length > 1 ? `option A "${a.name}"` : req.a.length === 1 ? `option B "${b.name}"` : `options A "${a.name}" and B "${b.name}"`
        throw new TacticsRefusal(`${which} make the scenario invalid: ${r.issues.map((i) => `${i.path}: ${i.message}`).join('; ')}`)
      }
      const run = scenario !== null && typeof scenario === 'object' ? (scenario as { run?: unknown }).run : undefined
      out.push({ scenario, key: `${r.hash} ${JSON.stringify(run ?? null)}` })
    }
  }
  return out
}

export async function playTactics(req: TacticsRequest): Promise<TacticsAnswer> {
  const planned = cellKeys(req)
  const rows = req.a.length
  const cols = req.b.length
  const cells: TacticsCell[][] = req.a.map(() => new Array<TacticsCell>(cols))
  const answered: boolean[] = new Array<boolean>(rows * cols).fill(false)
  let told = 0
  // each answered cell is told in the matrix's order: a cell that finishes early waits for those before it
  const tell = (k: number, cell: TacticsCell): void => {
    cells[Math.floor(k / cols)][k % cols] = cell
    answered[k] = true
    while (told < rows * cols && answered[told]) {
      const i = Math.floor(told / cols)
      const j = told % cols
      told++
      req.onCell?.(i, j, cells[i][j])
    }
  }
  const answer = async (k: number): Promise<TacticsCell> => {
    const i = Math.floor(k / cols)
    const j = k % cols
    const scenario = planned[k].scenario
    const exact = req.exact ? exactValueOf(await req.exact(scenario), req.query) : undefined
    if (exact !== undefined) return { estimate: exact, ci: [exact, exact], exact }
    const doc = await req.run(scenario, req.trials)
    if (doc.status !== 'done') throw new TacticsRefusal(`the run of A "${req.a[i].name}" against B "${req.b[j].name}" ended ${doc.status}${doc.error ? `: ${doc.error}` : ''}`)
    const e = estimateOf(doc.metrics, req.query)
    const cell: TacticsCell = { estimate: e.exact ?? e.estimate, ci: e.ci }
    if (e.exact !== undefined) cell.exact = e.exact
    return cell
  }
  const atOnce = Math.max(1, Math.min(rows * cols, Math.floor(req.cellsAtOnce ?? 1)))
  // a cell whose fight is the same as an earlier one's (same key) takes that cell's answer (same seed, same
  // numbers) when it comes, without holding up a lane
  const byKey = new Map<string, Promise<TacticsCell>>()
  const twins: Promise<void>[] = []
  const own = (c: TacticsCell): TacticsCell => ({ ...c, ci: [c.ci[0], c.ci[1]] })
  let next = 0
  let failure: { error: unknown } | null = null
  const fail = (error: unknown): void => {
    failure ??= { error }
  }
  // each lane plays the next cell not yet started; after a failure no lane starts another, and the first
  // failure is thrown once every cell in flight has settled
  const lane = async (): Promise<void> => {
    while (failure === null && next < rows * cols) {
      const k = next++
      const twin = byKey.get(planned[k].key)
      if (twin !== undefined) {
        twins.push(twin.then((c) => tell(k, own(c)), fail))
        continue
      }
      const pending = answer(k)
      byKey.set(planned[k].key, pending)
      try {
        tell(k, own(await pending))
      } catch (error) {
        fail(error)
      }
    }
  }
  await Promise.all(Array.from({ length: atOnce }, lane))
  await Promise.all(twins)
  if (failure !== null) throw (failure as { error: unknown }).error
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
    exact: cells.every((row) => row.every((c) => c.exact !== undefined)),
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
