import { readdirSync, readFileSync } from 'node:fs'
import { availableParallelism, cpus } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { z } from 'zod'
import { MAX_TRIALS } from '../engine/core/scenario'
import { DEFAULT_CHUNK_SIZE } from '../engine/run/chunks'
import { findBalance } from '../engine/run/balance'
import { parseMetricQuery } from '../engine/run/estimate'
import { parseScenarioOrThrow } from '../engine/run/parse'
import { playTactics, TACTICS_CELLS_AT_ONCE } from '../engine/run/tactics'
import { ENGINE_VERSION } from '../engine/version'
import { SimulationService } from '../main/services/simulation'
import { EXIT_INTERNAL, EXIT_INTERRUPTED, EXIT_OK, UsageError } from './errors'
import { fightLine, rate } from './format'
import { intOption } from './input'
import { err, out, str, withService, type Options } from './io'
import { resourcesDir, workerPath } from './paths'

const optionSchema = z.object({ name: z.string(), patch: z.unknown() })
const benchFileSchema = z.object({
  benchmarks: z.array(
    z.object({
      /** Names one question for good: a changed scenario gets a new id (tests/bench pins each id's scenario file). */
      id: z.string(),
      label: z.string(),
      /** What the entry measures, in a reader's words (printed with its figures). */
      description: z.string().min(1),
      file: z.string(),
      trials: z.number().int().positive(),
      unit: z.string(),
      /** Times a whole tactics matrix (trials a cell) instead of a run. */
      tactics: z.object({ metric: z.string(), a: z.array(optionSchema), b: z.array(optionSchema) }).optional(),
      /** Times a whole balance search (trials a point) instead of a run. */
      balance: z.object({ param: z.string(), metric: z.string(), target: z.number(), from: z.number(), to: z.number() }).optional(),
      /** Times the exact answer (a whole fight solved without sampling, in one worker) instead of a run; `trials` is unused. */
      exact: z.literal(true).optional(),
    }),
  ),
})

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b)
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2
}

type Benchmark = z.infer<typeof benchFileSchema>['benchmarks'][number]

/** The shipped benchmarks: one file per rule system in resources/bench/ (no shared list to edit), filtered by --only. */
function benchmarks(only: string | undefined): Benchmark[] {
  const benchDir = join(resourcesDir, 'bench')
  const all = readdirSync(benchDir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .flatMap((f) => benchFileSchema.parse(JSON.parse(readFileSync(join(benchDir, f), 'utf8'))).benchmarks)
  if (only === undefined) return all
  // a whole id picks that benchmark alone (l5r-exact-1v1, not also l5r-exact-1v1-refused); otherwise a system or an id's start
  const exact = all.filter((b) => b.id === only)
  const picked = exact.length > 0 ? exact : all.filter((b) => b.id.startsWith(`${only}-`) || b.file.includes(`/${only}-`))
  if (picked.length === 0) throw new UsageError(`--only: no benchmark matches ${JSON.stringify(only)}; benchmarks: ${all.map((b) => b.id).join(', ')}`)
  return picked
}

/** Trials/s of `repeat` timed runs after one warm-up (threads started, hot loop compiled), or how the run stopped. */
async function timeRuns(service: SimulationService, scenario: unknown, trials: number, workers: number, repeat: number, signal: AbortSignal): Promise<number[] | 'aborted' | 'error'> {
  await service.run({ scenario, trials: Math.min(trials, 200_000), workers, signal })
  const runs: number[] = []
  for (let i = 0; i < repeat; i++) {
    const doc = await service.run({ scenario, trials, workers, signal })
    if (doc.status !== 'done') return doc.status
    runs.push((doc.run.trialsDone / Math.max(1e-3, doc.timing.elapsedMs)) * 1000)
  }
  return runs
}

interface BenchResult {
  id: string
  label: string
  /** What the entry measures. */
  description: string
  unit: string
  trials: number
  repeat: number
  results: { workers: number; trialsPerSecond: number; runs: number[] }[]
  speedup: number
  /** For a tactics or balance benchmark: seconds for the whole answer at all workers (median and runs); for an exact one, at one worker. */
  seconds?: { workers: number; median: number; runs: number[] }
  /** An exact-answer benchmark (a whole fight solved without sampling). */
  exact?: boolean
  /** For an exact one: how the whole fight was answered ("Whole fight: exact (1,234 states)", or refused and why). */
  answer?: string
}

/** Seconds an exact benchmark's solve may take: well past the 2 s the issue asks for, short enough that a fight still refused by time costs the bench little. */
export const BENCH_EXACT_BUDGET_SECONDS = 20

/** Seconds for a whole tactics matrix or balance search at `workers`, after one warm-up at a tenth of the trials. */
async function timeAnswer(service: SimulationService, b: Benchmark, scenario: unknown, trials: number, workers: number, repeat: number, signal: AbortSignal, answered: { line?: string } = {}): Promise<number[]> {
  const run = (s: unknown, n: number) => service.run({ scenario: s, trials: n, seed: 1, workers, signal })
  const once = async (n: number): Promise<void> => {
    if (b.tactics) {
      await playTactics({ scenario, a: b.tactics.a, b: b.tactics.b, query: parseMetricQuery(b.tactics.metric), trials: n, seed: 1, run, cellsAtOnce: TACTICS_CELLS_AT_ONCE })
    } else if (b.exact) {
      // solved afresh every time: the cache of exact answers would time nothing after the warm-up
      const exact = await service.exact(scenario, signal, { fresh: true, budgetSeconds: BENCH_EXACT_BUDGET_SECONDS })
      if (!exact) throw new Error(`${b.id}: this scenario has no exact answer`)
      const note = exact.find((m) => m.kind === 'fight')
      if (note?.kind === 'fight') answered.line = fightLine(note)
    } else if (b.balance) {
      const q = b.balance
      await findBalance({ scenario, path: q.param, query: parseMetricQuery(q.metric), target: q.target, from: q.from, to: q.to, trials: n, seed: 1, run, exact: (s) => service.exact(s, signal, { fresh: true }) })
    }
  }
  // an exact solve warms up once in full: its cost does not scale with trials
  await once(b.exact ? trials : Math.max(1000, Math.round(trials / 10)))
  const runs: number[] = []
  for (let i = 0; i < repeat; i++) {
    const t0 = performance.now()
    await once(trials)
    runs.push((performance.now() - t0) / 1000)
  }
  return runs
}

function printBench(results: BenchResult[], cores: number, cpu: string, repeat: number): void {
  out(`quickdraw bench — ${cores} core${cores === 1 ? '' : 's'}, ${cpu}, Node ${process.version} (median of ${repeat} runs)`)
  for (const r of results) {
    out(r.exact ? r.label : `${r.label} — ${r.trials.toLocaleString('en-US')} ${r.unit} per run`)
    out(`  (${r.id}) ${r.description}`)
    if (r.seconds) out(r.exact ? `  ${r.seconds.median.toFixed(2)} s for the exact answer (one worker)` : `  ${r.seconds.workers} worker${r.seconds.workers === 1 ? '' : 's'}: ${r.seconds.median.toFixed(2)} s for the whole answer`)
    if (r.answer) out(`  ${r.answer}`)
    for (const row of r.results) out(`  ${row.workers} worker${row.workers === 1 ? ' ' : 's'}: ${rate(row.trialsPerSecond)}`)
    if (r.results.length > 1) out(`  speed-up: ${r.speedup.toFixed(2)}×`)
  }
}

/** Trials per second for each shipped benchmark scenario at 1 worker and at all workers (medians). */
export async function cmdBench(o: Options): Promise<number> {
  const list = benchmarks(str(o.only))
  const repeat = intOption('repeat', str(o.repeat), 1, 50) ?? 3
  const trialsOverride = intOption('trials', str(o.trials), 1, MAX_TRIALS)
  const cores = availableParallelism()
  const workerCounts = cores > 1 ? [1, cores] : [1]
  const results: BenchResult[] = []
  const status = await withService(
    () => new SimulationService({ workerPath }),
    async (service, signal) => {
      for (const b of list) {
        const scenario = JSON.parse(readFileSync(join(resourcesDir, b.file), 'utf8')) as unknown
        parseScenarioOrThrow(scenario, b.file)
        const trials = trialsOverride ?? b.trials
        if (b.tactics || b.balance || b.exact) {
          const workers = b.exact ? 1 : workerCounts[workerCounts.length - 1]
          const answered: { line?: string } = {}
          const runs = await timeAnswer(service, b, scenario, trials, workers, repeat, signal, answered)
          if (signal.aborted) return 'aborted'
          if (!o.json) err(`  ${b.id}: ${workers} worker${workers === 1 ? '' : 's'} ${median(runs).toFixed(2)} s${answered.line ? ` (${answered.line})` : ''}`)
          results.push({ id: b.id, label: b.label, description: b.description, unit: b.unit, trials, repeat, results: [], speedup: 0, ...(b.exact ? { exact: true } : {}), ...(answered.line ? { answer: answered.line } : {}), seconds: { workers, median: Math.round(median(runs) * 1000) / 1000, runs: runs.map((x) => Math.round(x * 1000) / 1000) } })
          continue
        }
        const rows: BenchResult['results'] = []
        for (const workers of workerCounts) {
          const runs = await timeRuns(service, scenario, trials, workers, repeat, signal)
          if (!Array.isArray(runs)) return runs
          rows.push({ workers, trialsPerSecond: Math.round(median(runs)), runs: runs.map(Math.round) })
          if (!o.json) err(`  ${b.id}: ${workers} worker${workers === 1 ? '' : 's'} ${rate(median(runs))} ${b.unit}`)
        }
        const one = rows[0].trialsPerSecond
        const speedup = one > 0 ? Math.round((rows[rows.length - 1].trialsPerSecond / one) * 100) / 100 : 0
        results.push({ id: b.id, label: b.label, description: b.description, unit: b.unit, trials, repeat, results: rows, speedup })
      }
      return 'done'
    },
  )
  if (status !== 'done') return status === 'aborted' ? EXIT_INTERRUPTED : EXIT_INTERNAL
  const cpu = cpus()[0]?.model ?? 'unknown'
  if (o.json) out(JSON.stringify({ engine: ENGINE_VERSION, machine: { cores, cpu, node: process.version }, chunkSize: DEFAULT_CHUNK_SIZE, benchmarks: results }, null, 2))
  else printBench(results, cores, cpu, repeat)
  return EXIT_OK
}
