import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { fieldInWords } from '../shared/report/rule-words'
import { queryInWords, settingOf, type QueryMetric } from '../shared/report/headline'
import { findBalance, BalanceRefusal, type BalanceAnswer, type BalancePoint } from '../engine/run/balance'
import { formatMetricQuery, MetricQueryError, parseMetricQuery } from '../engine/run/estimate'
import { parsePath } from '../engine/run/json-path'
import type { ResultDocument } from '../engine/run/result'
import { fighterOptions, parseOptionSetRef } from '../engine/run/option-sets'
import { playTactics, TACTICS_CELLS_AT_ONCE, TacticsRefusal, tacticsPlayers, tacticsSentence, type TacticsAnswer, type TacticsOption, type TacticsPlayers } from '../engine/run/tactics'
import { SimulationService } from '../main/services/simulation'
import { runSettings } from './commands'
import { CheckFailed, EXIT_INTERNAL, EXIT_INTERRUPTED, EXIT_OK, UsageError } from './errors'
import { loadScenarioFile, MAX_PATCH_DEPTH, nestingDepth } from './input'
import { err, out, str, withService, type Options } from './io'
import { workerPath } from './paths'

/** A run that was interrupted or failed part-way: balance and tactics stop and say so. */
class Stopped extends Error {
  constructor(readonly doc: ResultDocument) {
    super(doc.status)
  }
}

function requiredNumber(name: string, o: Options): number {
  const v = optionalNumber(name, o)
  if (v === undefined) throw new UsageError(`--${name} <number> is required`)
  return v
}

function optionalNumber(name: string, o: Options): number | undefined {
  const text = str(o[name])
  if (text === undefined) return undefined
  const v = Number(text)
  if (text.trim() === '' || !Number.isFinite(v)) throw new UsageError(`--${name}: must be a number, got ${JSON.stringify(text)}`)
  return v
}

const pct = (v: number): string => `${(v * 100).toFixed(2)}%`

function shown(a: { percent: boolean }, v: number): string {
  return a.percent ? pct(v) : (Math.round(v * 1000) / 1000).toString()
}

function pointText(a: BalanceAnswer, p: BalancePoint): string {
  if (p.trials === 0 && p.exact !== undefined) return `${shown(a, p.exact)} (exact)`
  const ci = `${shown(a, p.ci[0])}–${shown(a, p.ci[1])}`
  return `${shown(a, p.estimate)} (${ci})${p.exact !== undefined ? `, exact ${shown(a, p.exact)}` : ''}`
}

const num = (v: number): string => (Math.round(v * 1000) / 1000).toString()

/**
 * The answer first, as a sentence; then the bracketing points and how the search ran. `field` is the
 * field in the rules' words ("The Kid's skill"), `said` the result as Results name it ("The Kid acts
 * first, alone"; the engine's label when not given).
 */
export function formatBalance(a: BalanceAnswer, field: string, said = a.label): string {
  const lines: string[] = []
  const goal = `"${said}" ${shown(a, a.target)}`
  if (a.bracket.length === 1) {
    lines.push(`${field} = ${num(a.bracket[0].value)} gives ${goal}: ${pointText(a, a.bracket[0])}.`)
  } else {
    const [lo, hi] = a.bracket
    const reaching = a.direction === 'increasing' ? hi : lo
    const short = reaching === hi ? lo : hi
    const crossing = a.exact ? num(a.value) : `${num(a.value)} (${num(a.interval[0])}–${num(a.interval[1])})`
    lines.push(`${field} ${num(reaching.value)} makes "${said}" ${pointText(a, reaching)}; at ${num(short.value)} it is ${pointText(a, short)}.`)
    lines.push(`The target ${shown(a, a.target)} is crossed at about ${crossing}${a.integer || a.step >= 0.25 ? ` (the field moves in steps of ${num(a.step)})` : ''}.`)
  }
  lines.push('')
  const within = a.bounded.from && a.bounded.to ? ' (all the field allows)' : a.bounded.from ? ` (the field allows nothing below ${num(a.from)})` : a.bounded.to ? ` (the field allows nothing above ${num(a.to)})` : ''
  lines.push(balanceMethod(a, within))
  return lines.join('\n')
}

/** How the search found its points: exact values, sampling, or exact where they cost no more than sampling, and why exact values were left out. */
export function balanceMethod(a: BalanceAnswer, within = ''): string {
  const range = `Searched ${num(a.from)} to ${num(a.to)}${within}`
  const trials = a.trials.toLocaleString('en-US')
  const why = a.values.why ? ` Exact values left out: ${a.values.why}.` : ''
  if (a.values.how === 'exact') return `Exact values: no sampling. ${range}.`
  if (a.values.how === 'mixed' && a.exact) return `Exact values at the bracketing values; the other points sampled with seed ${a.seed} (common random numbers: ${trials} trials at an end, a tenth of that while bisecting). ${range}.${why}`
  if (a.values.how === 'mixed') return `${range} with seed ${a.seed} at every point (common random numbers): exact values where they cost no more than sampling, else ${trials} trials at the ends and at the bracketing values, a tenth of that in between.${why}`
  return `${range} with seed ${a.seed} at every point (common random numbers): ${trials} trials at the ends and at the bracketing values, a tenth of that in between.${why}`
}

export async function cmdBalance(file: string, o: Options): Promise<number> {
  const { raw, parsed } = loadScenarioFile(file)
  const path = str(o.param)
  if (path === undefined) throw new UsageError('balance: --param <json-path> is required, e.g. --param combatants[0].skill')
  const keys = parsePath(path)
  if (typeof keys === 'string') throw new UsageError(`--param: ${keys}`)
  const metric = str(o.metric)
  if (metric === undefined) throw new UsageError('balance: --metric <metric-id> is required (`quickdraw systems` lists them; an ordering takes id=outcome)')
  const target = requiredNumber('target', o)
  const settings = runSettings(o)
  if (settings.shard) throw new UsageError('balance: --shard does not apply')
  const trials = settings.trials ?? parsed.scenario.run.trials
  const seed = settings.seed ?? parsed.scenario.run.seed
  const query = parseMetricQuery(metric)
  return withService(
    () => new SimulationService({ workerPath }),
    async (service, signal) => {
      // the results the search saw (a run's, or the exact values: same ids and labels), to name the metric as Results do
      let seen: readonly QueryMetric[] = []
      try {
        const answer = await findBalance({
          scenario: raw,
          path,
          query,
          target,
          from: optionalNumber('from', o),
          to: optionalNumber('to', o),
          trials,
          seed,
          run: async (scenario, n, options) => {
            const doc = await service.run({ scenario, trials: n, seed, workers: settings.workers, chunkSize: settings.chunkSize, signal, exact: options?.exact })
            if (doc.status !== 'done') throw new Stopped(doc)
            seen = doc.metrics
            return doc
          },
          exact: async (scenario, budgetSeconds) => {
            const values = await service.exact(scenario, signal, { budgetSeconds })
            if (values && seen.length === 0) seen = values
            return values
          },
          // each point solved exactly only where that costs no more than sampling it
          now: () => performance.now(),
          onPoint: (p) => {
            if (process.stderr.isTTY) process.stderr.write(`\r\x1b[K${path} = ${num(p.value)}: ${num(p.estimate)}`)
          },
        })
        if (process.stderr.isTTY) process.stderr.write('\r\x1b[K')
        out(o.json ? JSON.stringify(answer, null, 2) : formatBalance(answer, fieldInWords(raw, path), queryInWords(seen, query, settingOf(parsed.scenario))?.label))
        return EXIT_OK
      } catch (e) {
        const shownAs = queryInWords(seen, query, settingOf(parsed.scenario))
        return refusedOrStopped(e instanceof BalanceRefusal && shownAs ? new BalanceRefusal(balanceRefusalInWords(e.message, { metric, target, path, field: fieldInWords(raw, path), ...shownAs })) : e)
      }
    },
  )
}

/**
 * The engine's "does not reach" or "does not depend" refusal with the metric named as Results name it, the
 * field in the rules' words and the values as the answer shows them ("The Kid acts first, alone" does not
 * reach 99.00% for The Kid's skill from 9 to 18: it goes from 14.86% to 85.14%); the options to change
 * (--from, --to) keep their names.
 */
export function balanceRefusalInWords(message: string, q: { metric: string; target: number; path: string; field: string; label: string; percent: boolean }): string {
  const v = (x: string): string => shown(q, Number(x))
  const metric = formatMetricQuery(parseMetricQuery(q.metric))
  return message
    .replace(`${metric} does not reach ${q.target} for ${q.path} `, `"${q.label}" does not reach ${shown(q, q.target)} for ${q.field} `)
    .replace(/it goes from (-?[\d.e+-]+) to (-?[\d.e+-]+);/, (_, x: string, y: string) => `it goes from ${v(x)} to ${v(y)};`)
    .replace(new RegExp(`^${escapeRegExp(metric)} does not depend on ${escapeRegExp(q.path)}: it is exactly (-?[\\d.e+-]+) at`), (_, x: string) => `"${q.label}" does not depend on ${q.field}: it is exactly ${v(x)} at`)
}

const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

function refusedOrStopped(e: unknown): number {
  if (process.stderr.isTTY) process.stderr.write('\r\x1b[K')
  if (e instanceof BalanceRefusal || e instanceof TacticsRefusal || e instanceof MetricQueryError) throw new CheckFailed(e.message)
  if (e instanceof Stopped) {
    if (e.doc.status === 'aborted') {
      err('quickdraw: interrupted; nothing written')
      return EXIT_INTERRUPTED
    }
    err(`quickdraw: the simulation failed: ${e.doc.error ?? 'unknown error'}`)
    return EXIT_INTERNAL
  }
  throw e
}

/** `name=<JSON merge patch>` or `name=@patch.json` (relative to the working folder). */
export function parseOption(side: 'a' | 'b', text: string): TacticsOption {
  const at = text.indexOf('=')
  if (at <= 0) throw new UsageError(`--${side} ${JSON.stringify(text)}: expected name=<JSON merge patch> or name=@file.json`)
  const name = text.slice(0, at).trim()
  const body = text.slice(at + 1)
  let json = body
  if (body.startsWith('@')) {
    try {
      json = readFileSync(resolve(body.slice(1)), 'utf8')
    } catch (e) {
      throw new UsageError(`--${side} ${name}: cannot read ${body.slice(1)}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`)
    }
  }
  let patch: unknown
  try {
    patch = JSON.parse(json.replace(/^\uFEFF/, '')) as unknown
  } catch (e) {
    throw new UsageError(`--${side} ${name}: the patch is not JSON (${(e as Error).message})`)
  }
  const depth = nestingDepth(patch, MAX_PATCH_DEPTH)
  if (depth > MAX_PATCH_DEPTH) throw new UsageError(`--${side} ${name}: the patch is nested more than ${MAX_PATCH_DEPTH} levels deep; a scenario's fields go a few levels deep`)
  return { name, patch }
}

interface EachOptions {
  options: TacticsOption[]
  /** The fighter's name when every set given for the side is one fighter's. */
  player?: string
}

/** `--a-each ilse:attacks`: the fighter's ready-made option sets, in the order given. */
function eachOptions(raw: unknown, o: Options, side: 'a' | 'b'): EachOptions {
  const refs = listOption(o, `${side}-each`)
  const options: TacticsOption[] = []
  const fighters = new Set<string>()
  for (const text of refs) {
    try {
      const ref = parseOptionSetRef(text)
      fighters.add(ref.fighter)
      options.push(...fighterOptions(raw, ref.fighter, ref.kind).options)
    } catch (e) {
      if (e instanceof TacticsRefusal) throw new UsageError(`--${side}-each ${text}: ${e.message}`)
      throw e
    }
  }
  const only = fighters.size === 1 ? [...fighters][0] : undefined
  return { options, player: only === undefined ? undefined : fighterDisplayName(raw, only) }
}

function fighterDisplayName(raw: unknown, id: string): string {
  const r = raw as { combatants?: { id?: unknown; name?: unknown }[]; models?: { id?: unknown; name?: unknown }[] }
  const list = Array.isArray(r?.combatants) ? r.combatants : Array.isArray(r?.models) ? r.models : []
  const f = list.find((x) => x && x.id === id)
  return typeof f?.name === 'string' && f.name.trim() !== '' ? f.name : id
}

function listOption(o: Options, key: 'a' | 'b' | 'a-each' | 'b-each'): string[] {
  const v = o[key] as unknown
  return Array.isArray(v) ? (v as string[]) : typeof v === 'string' ? [v] : []
}

function cellText(t: TacticsAnswer, i: number, j: number, percent: boolean): string {
  const c = t.cells[i][j]
  const f = (v: number): string => (percent ? pct(v) : num(v))
  return c.exact !== undefined ? `${f(c.exact)} exact` : `${f(c.estimate)} (${f(c.ci[0])}–${f(c.ci[1])})`
}

/** The recommendation first; then the matrix, the best replies and the notes. */
export function formatTactics(t: TacticsAnswer, label: string, percent: boolean, players: TacticsPlayers = tacticsPlayers()): string {
  const f = (v: number): string => (percent ? pct(v) : num(v))
  const lines = [
    tacticsSentence(t, label, f(t.equilibrium.value), players),
    '',
    `"${label}", ${players.a}'s options down, ${players.b}'s across (${t.exact ? 'exact values, no sampling' : `seed ${t.seed}, ${t.trials.toLocaleString('en-US')} trials a cell`}):`,
  ]
  const cols = t.b.map((n, j) => Math.max(n.length, ...t.a.map((_, i) => cellText(t, i, j, percent).length)))
  const first = Math.max(...t.a.map((n) => n.length), 4)
  lines.push(`  ${''.padEnd(first)}  ${t.b.map((n, j) => n.padEnd(cols[j])).join('  ')}`)
  t.a.forEach((n, i) => lines.push(`  ${n.padEnd(first)}  ${t.b.map((_, j) => cellText(t, i, j, percent).padEnd(cols[j])).join('  ')}`))
  lines.push('', 'Best replies:')
  t.b.forEach((n, j) => lines.push(`  if ${players.b} plays "${n}", ${players.a} should play "${t.bestReplyA[j]}"`))
  t.a.forEach((n, i) => lines.push(`  if ${players.a} plays "${n}", ${players.b} should play "${t.bestReplyB[i]}"`))
  if (t.notes.length > 0) lines.push('', 'Too close to call at this trial count (run more trials):', ...t.notes.map((n) => `  ${n}`))
  return lines.join('\n')
}

export async function cmdTactics(file: string, o: Options): Promise<number> {
  const { raw, parsed } = loadScenarioFile(file)
  // Options given on the command line replace, side by side, those the scenario keeps in "choices".
  const kept = parsed.scenario.choices
  const eachA = eachOptions(raw, o, 'a')
  const eachB = eachOptions(raw, o, 'b')
  const given = { a: [...listOption(o, 'a').map((x) => parseOption('a', x)), ...eachA.options], b: [...listOption(o, 'b').map((x) => parseOption('b', x)), ...eachB.options] }
  // A side given no options of its own plays the scenario as it is when the other side was given some.
  const asItIs: TacticsOption[] = given.a.length + given.b.length > 0 ? [{ name: 'as the scenario is', patch: {} }] : []
  const a: TacticsOption[] = given.a.length > 0 ? given.a : (kept?.a ?? asItIs)
  const b: TacticsOption[] = given.b.length > 0 ? given.b : (kept?.b ?? asItIs)
  // The kept players name a side only while its options are the kept ones; a side given only one
  // fighter's ready-made sets is that fighter.
  const keptPlayers = tacticsPlayers(kept, parsed.scenario)
  const playerOf = (side: 'a' | 'b', each: EachOptions): string => (given[side].length === 0 ? keptPlayers[side] : each.player !== undefined && each.options.length === given[side].length ? each.player : `side ${side.toUpperCase()}`)
  const players = { a: playerOf('a', eachA), b: playerOf('b', eachB) }
  if (a.length === 0 || b.length === 0) throw new UsageError(`tactics: ${file} keeps no options ("choices"); give each side at least one: --a name=<patch> … --b name=<patch> … ({} is "as the scenario is")`)
  const metric = str(o.metric) ?? kept?.metric
  if (metric === undefined) throw new UsageError('tactics: --metric <metric-id> is required (the metric side A wants high and side B low)')
  const settings = runSettings(o)
  if (settings.shard) throw new UsageError('tactics: --shard does not apply')
  const trials = settings.trials ?? parsed.scenario.run.trials
  const seed = settings.seed ?? parsed.scenario.run.seed
  const query = parseMetricQuery(metric)
  return withService(
    () => new SimulationService({ workerPath }),
    async (service, signal) => {
      let shownAs = { label: metric, percent: false }
      /** How the metric reads, from a run's metrics or a scenario's exact values (same ids and labels), as Results name it. */
      const shownOf = (ms: readonly QueryMetric[]): { label: string; percent: boolean } | undefined => queryInWords(ms, query, settingOf(parsed.scenario))
      try {
        const answer = await playTactics({
          scenario: raw,
          a,
          b,
          query,
          trials,
          seed,
          run: async (scenario, n) => {
            const doc = await service.run({ scenario, trials: n, seed, workers: settings.workers, chunkSize: settings.chunkSize, signal })
            if (doc.status !== 'done') throw new Stopped(doc)
            shownAs = shownOf(doc.metrics) ?? shownAs
            return doc
          },
          // a cell with an exact answer (solved within the short budget) takes it and is not sampled
          exact: async (scenario) => {
            const values = await service.exact(scenario, signal)
            shownAs = shownOf(values ?? []) ?? shownAs
            return values
          },
          // the next cell's chunks queue behind this one's last: no worker idles between cells (same numbers)
          cellsAtOnce: TACTICS_CELLS_AT_ONCE,
          onCell: (i, j) => {
            if (process.stderr.isTTY) process.stderr.write(`\r\x1b[Kcell ${i * b.length + j + 1}/${a.length * b.length}`)
          },
        })
        if (process.stderr.isTTY) process.stderr.write('\r\x1b[K')
        out(o.json ? JSON.stringify(answer, null, 2) : formatTactics(answer, shownAs.label, shownAs.percent, players))
        return EXIT_OK
      } catch (e) {
        return refusedOrStopped(e)
      }
    },
  )
}
