import { replayTrial } from '../engine/run/replay'
import { DEFAULT_CHUNK_SIZE, MAX_CHUNK_SIZE } from '../engine/run/chunks'
import { findTrial } from '../engine/run/find'
import { partialDocument } from '../engine/run/partial'
import { parseShard } from '../engine/run/shard'
import { MAX_SEED } from '../engine/core/rng'
import { MAX_TRIALS } from '../engine/core/scenario'
import { combinedJsonSchema, systemJsonSchema } from '../engine/systems/json-schema'
import { resultCsv } from '../shared/csv'
import { findSystem, systemIds } from '../engine/systems/registry'
import { SimulationService, type RunRequest } from '../main/services/simulation'
import { CheckFailed, EXIT_INTERNAL, EXIT_INTERRUPTED, EXIT_OK, UsageError } from './errors'
import { exactProgressLine, formatExact, formatResult, progressLine } from './format'
import { LONG_EXACT_BUDGET_SECONDS } from '../engine/run/exact'
import type { ExactMetric } from '../engine/systems/rule-system'
import { intOption, loadScenarioFile, workersOption } from './input'
import { workerPath } from './paths'
import { err, out, outData, str, withService, type Options } from './io'
import { checkOutTarget, writeOut } from './out-target'

/** The run settings shared by run, sweep and compare: trials, seed, workers, chunk size, shard. */
export function runSettings(o: Options): Omit<RunRequest, 'scenario'> {
  const shardText = str(o.shard)
  const shard = shardText === undefined ? undefined : parseShard(shardText)
  if (typeof shard === 'string') throw new UsageError(`--shard: ${shard}`)
  return {
    trials: intOption('trials', str(o.trials), 1, MAX_TRIALS),
    seed: intOption('seed', str(o.seed), 0, MAX_SEED),
    workers: workersOption(str(o.workers)),
    chunkSize: intOption('chunk-size', str(o['chunk-size']), 1, MAX_CHUNK_SIZE),
    shard,
  }
}

/** A progress bar on stderr, drawn only on a terminal and only once a run has lasted a second. */
export function progressBar(label = ''): { onProgress: RunRequest['onProgress']; clear: () => void } {
  const started = Date.now()
  const tty = process.stderr.isTTY === true
  let drew = false
  return {
    onProgress: (p) => {
      if (!tty || Date.now() - started < 1000) return
      drew = true
      process.stderr.write(`\r${label}${progressLine(p.trialsDone, p.trials, p.trialsPerSecond, p.etaMs)}`)
    },
    clear: () => {
      if (drew) process.stderr.write('\r\x1b[K')
    },
  }
}

/** The exit code of a run that did not finish; an error says what failed (a signal has already said so). */
export function notDone(doc: { status: string; error?: string }): number {
  if (doc.status === 'aborted') return EXIT_INTERRUPTED
  err(`quickdraw: the simulation failed: ${doc.error ?? 'unknown error'}`)
  return EXIT_INTERNAL
}

export async function cmdRun(file: string, o: Options): Promise<number> {
  const { raw, parsed } = loadScenarioFile(file)
  const settings = runSettings(o)
  const target = str(o.out)
  checkOutTarget(target, [file])
  if (o.json && o.csv) throw new UsageError('run: --json and --csv are two output formats; pick one')
  if (o.csv && settings.shard) throw new UsageError('run: a shard writes its partial result as JSON for `quickdraw merge`; --csv is for a whole run')
  return withService(
    () => new SimulationService({ workerPath }),
    async (service, signal) => {
      const bar = progressBar()
      const { document: doc, tally } = await service.runWithTally({ scenario: raw, ...settings, signal, onProgress: bar.onProgress })
      bar.clear()
      if (doc.status === 'aborted') {
        err(`quickdraw: interrupted after ${doc.run.trialsDone} of ${doc.run.trials} trials; nothing written`)
        return EXIT_INTERRUPTED
      }
      if (doc.status !== 'done') return notDone(doc)
      if (settings.shard) {
        // A shard writes its partial result (raw tallies) for `quickdraw merge`.
        const partial = `${JSON.stringify(partialDocument(raw, doc, tally))}\n`
        if (target) await writeOut(target, partial)
        else out(partial)
        err(`shard ${settings.shard.index + 1}/${settings.shard.count}: ${doc.run.trialsDone} of ${doc.run.trials} trials${target ? ` written to ${target}` : ''}`)
        return EXIT_OK
      }
      if (o.csv) {
        // CSV on stdout and in --out alike: header row first, provenance in columns (src/shared/csv.ts).
        const csv = resultCsv(doc)
        // printed first: a write that fails at the end (a full disk) does not lose the numbers
        outData(csv)
        if (target) await writeOut(target, csv)
        return EXIT_OK
      }
      out(o.json ? JSON.stringify(doc, null, 2) : formatResult(doc, parsed.scenario.question, parsed.scenario))
      if (target) await writeOut(target, `${JSON.stringify(doc, null, 2)}\n`)
      return EXIT_OK
    },
  )
}

/** The longest `--budget` `quickdraw exact` takes, in seconds (a day). */
export const MAX_EXACT_BUDGET_SECONDS = 86_400

/** `--budget <seconds>`: a positive number of seconds, at most a day. */
export function budgetOption(text: string | undefined): number | undefined {
  if (text === undefined) return undefined
  const v = Number(text)
  if (text.trim() === '' || !Number.isFinite(v) || v <= 0 || v > MAX_EXACT_BUDGET_SECONDS) throw new UsageError(`--budget: expected the seconds the exact answer may take, a number above 0 and at most ${MAX_EXACT_BUDGET_SECONDS.toLocaleString('en-US')}, got ${JSON.stringify(text)}`)
  return v
}

/** Milliseconds into a whole-fight solve after which `quickdraw exact` says on a pipe or a log that it is still working. */
export const EXACT_STILL_WORKING_MS = 1000

export async function cmdExact(file: string, o: Options): Promise<number> {
  const { raw, parsed } = loadScenarioFile(file)
  const { system, scenario } = parsed
  if (!system.exact) throw new CheckFailed(`${file}: ${system.label} has no exact computation; use "quickdraw run"`)
  const budgetSeconds = budgetOption(str(o.budget)) ?? LONG_EXACT_BUDGET_SECONDS
  // Solved on a thread of its own, so Ctrl-C and SIGTERM stop it at once (this thread stays free to hear them).
  return withService(
    () => new SimulationService({ workerPath, defaultWorkers: 1 }),
    async (service, signal) => {
      // On a terminal, say so while it works, and draw how far a whole-fight solve has got (at most ten
      // times a second); on a pipe or a log, one line once the solve has lasted a second.
      const tty = process.stderr.isTTY === true
      if (tty) process.stderr.write('computing the exact values…')
      let drawn = 0
      let solving: number | undefined
      let said = false
      let exact: ExactMetric[] | null
      try {
        exact = await service.exact(raw, signal, {
          budgetSeconds,
          onProgress: (p) => {
            const now = Date.now()
            if (!tty) {
              // the first report is the solve's start: a second of solving later, one line
              solving ??= now
              if (!said && now - solving >= EXACT_STILL_WORKING_MS) {
                said = true
                err(`quickdraw: still working out the exact answer (up to ${budgetSeconds.toLocaleString('en-US')} s; Ctrl-C stops it)`)
              }
              return
            }
            if (now - drawn < 100) return
            drawn = now
            process.stderr.write(`\r\x1b[K${exactProgressLine(p.decided, p.states)}`)
          },
        })
      } catch (e) {
        if (signal.aborted) return EXIT_INTERRUPTED
        throw e
      } finally {
        if (tty) process.stderr.write('\r\x1b[K')
      }
      if (!exact) throw new CheckFailed(`${file}: ${system.label} has no exact computation; use "quickdraw run"`)
      out(o.json ? JSON.stringify({ system: system.id, scenario: { name: scenario.name, hash: parsed.hash }, exact }, null, 2) : formatExact(`${scenario.name} — exact (${system.label})`, exact, { systemId: system.id, question: scenario.question, scenario }))
      return EXIT_OK
    },
  )
}

export function cmdTrace(file: string, o: Options): number {
  const { raw, parsed } = loadScenarioFile(file)
  const seed = intOption('seed', str(o.seed), 0, MAX_SEED) ?? parsed.scenario.run.seed
  let trial = intOption('trial', str(o.trial), 0, MAX_TRIALS - 1) ?? 0
  const find = str(o.find)
  if (find !== undefined) {
    // --find metric-id or --find ordering=outcome-key: the first trial of the run that matches.
    // Split at the first "=" only: outcome keys contain "=" for simultaneous fighters.
    const eq = find.indexOf('=')
    const metric = eq < 0 ? find : find.slice(0, eq)
    const outcome = eq < 0 ? undefined : find.slice(eq + 1)
    const trials = intOption('trials', str(o.trials), 1, MAX_TRIALS) ?? parsed.scenario.run.trials
    let found: number | null
    try {
      found = findTrial(raw, seed, trials, DEFAULT_CHUNK_SIZE, { metric, outcome })
    } catch (e) {
      throw new UsageError(`--find: ${(e as Error).message}`)
    }
    if (found === null) throw new CheckFailed(`--find: no trial among the first ${trials} with seed ${seed} matches ${find}; try more --trials or another seed`)
    trial = found
  }
  const events = replayTrial(raw, seed, trial, DEFAULT_CHUNK_SIZE)
  if (o.json) out(JSON.stringify({ seed, trial, events }, null, 2))
  else out([`${parsed.scenario.name} — seed ${seed}, trial ${trial}`, ...events.map((e) => `  [${e.at}] ${e.text}`)].join('\n'))
  return EXIT_OK
}

/** The JSON Schema of one system's scenario files, or with no id the combined schema of every system. */
export function cmdSchema(id: string | undefined): number {
  if (id === undefined) {
    out(JSON.stringify(combinedJsonSchema(), null, 2))
    return EXIT_OK
  }
  const system = findSystem(id)
  if (!system) throw new UsageError(`schema: unknown system ${JSON.stringify(id)}; allowed: ${systemIds.map((s) => JSON.stringify(s)).join(', ')}`)
  out(JSON.stringify(systemJsonSchema(system), null, 2))
  return EXIT_OK
}

