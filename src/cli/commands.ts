import { readdirSync, readFileSync } from 'node:fs'
import { availableParallelism, cpus } from 'node:os'
import { join } from 'node:path'
import { z } from 'zod'
import { parseScenarioOrThrow } from '../engine/run/parse'
import { replayTrial } from '../engine/run/replay'
import { DEFAULT_CHUNK_SIZE, MAX_CHUNK_SIZE } from '../engine/run/chunks'
import { MAX_SEED } from '../engine/core/rng'
import { MAX_TRIALS } from '../engine/core/scenario'
import { systems, findSystem, systemIds } from '../engine/systems/registry'
import { ENGINE_VERSION } from '../engine/version'
import { writeFileAtomic } from '../main/services/atomic-write'
import { SimulationService } from '../main/services/simulation'
import { EXIT_INTERNAL, EXIT_INTERRUPTED, EXIT_OK, UsageError } from './errors'
import { formatExact, formatResult, progressLine, rate } from './format'
import { intOption, loadScenarioFile, workersOption } from './input'
import { resourcesDir, workerPath } from './paths'

export type Options = Record<string, string | boolean | undefined>

const out = (s: string): void => void process.stdout.write(s.endsWith('\n') ? s : `${s}\n`)
const err = (s: string): void => void process.stderr.write(s.endsWith('\n') ? s : `${s}\n`)
const str = (v: string | boolean | undefined): string | undefined => (typeof v === 'string' ? v : undefined)

function onInterrupt(controller: AbortController): () => void {
  const handler = (): void => controller.abort()
  process.on('SIGINT', handler)
  process.on('SIGTERM', handler)
  return () => {
    process.off('SIGINT', handler)
    process.off('SIGTERM', handler)
  }
}

export async function cmdRun(file: string, o: Options): Promise<number> {
  const { raw } = loadScenarioFile(file)
  const trials = intOption('trials', str(o.trials), 1, MAX_TRIALS)
  const seed = intOption('seed', str(o.seed), 0, MAX_SEED)
  const workers = workersOption(str(o.workers))
  const chunkSize = intOption('chunk-size', str(o['chunk-size']), 1, MAX_CHUNK_SIZE)
  const target = str(o.out)
  const service = new SimulationService({ workerPath })
  const controller = new AbortController()
  const release = onInterrupt(controller)
  const started = Date.now()
  const tty = process.stderr.isTTY === true
  let drew = false
  try {
    const doc = await service.run({
      scenario: raw,
      trials,
      seed,
      workers,
      chunkSize,
      signal: controller.signal,
      onProgress: (p) => {
        if (!tty || Date.now() - started < 1000) return
        drew = true
        process.stderr.write(`\r${progressLine(p.trialsDone, p.trials, p.trialsPerSecond, p.etaMs)}`)
      },
    })
    if (drew) process.stderr.write('\r\x1b[K')
    if (doc.status === 'aborted') {
      err(`quickdraw: interrupted after ${doc.run.trialsDone} of ${doc.run.trials} trials; nothing written`)
      return EXIT_INTERRUPTED
    }
    if (doc.status === 'error') {
      err(`quickdraw: the simulation failed: ${doc.error ?? 'unknown error'}`)
      return EXIT_INTERNAL
    }
    if (target) await writeFileAtomic(target, `${JSON.stringify(doc, null, 2)}\n`)
    out(o.json ? JSON.stringify(doc, null, 2) : formatResult(doc))
    return EXIT_OK
  } finally {
    release()
    await service.shutdown()
  }
}

export function cmdValidate(file: string): number {
  const { parsed } = loadScenarioFile(file)
  out(`${file}: valid ${parsed.system.label} scenario "${parsed.scenario.name}" (hash ${parsed.hash})`)
  return EXIT_OK
}

export function cmdExact(file: string, o: Options): number {
  const { parsed } = loadScenarioFile(file)
  const { system, scenario } = parsed
  if (!system.exact) throw new UsageError(`${file}: ${system.label} has no exact computation; use "quickdraw run"`)
  const exact = system.exact(system.compile(scenario))
  out(o.json ? JSON.stringify({ system: system.id, scenario: { name: scenario.name, hash: parsed.hash }, exact }, null, 2) : formatExact(`${scenario.name} — exact (${system.label})`, exact))
  return EXIT_OK
}

export function cmdTrace(file: string, o: Options): number {
  const { raw, parsed } = loadScenarioFile(file)
  const seed = intOption('seed', str(o.seed), 0, MAX_SEED) ?? parsed.scenario.run.seed
  const trial = intOption('trial', str(o.trial), 0, MAX_TRIALS - 1) ?? 0
  const events = replayTrial(raw, seed, trial, DEFAULT_CHUNK_SIZE)
  if (o.json) out(JSON.stringify({ seed, trial, events }, null, 2))
  else out([`${parsed.scenario.name} — seed ${seed}, trial ${trial}`, ...events.map((e) => `  [${e.at}] ${e.text}`)].join('\n'))
  return EXIT_OK
}

export function cmdSystems(o: Options): number {
  const list = systems.map((s) => ({
    id: s.id,
    label: s.label,
    version: s.version,
    description: s.description,
    variants: s.variants,
    metrics: s.metrics,
    exact: typeof s.exact === 'function',
  }))
  if (o.json) {
    out(JSON.stringify({ engine: ENGINE_VERSION, systems: list }, null, 2))
    return EXIT_OK
  }
  for (const s of list) {
    out(`${s.id} — ${s.label} ${s.version}${s.exact ? ' (exact available)' : ''}\n  ${s.description}`)
    out('  Rule variants:')
    for (const v of s.variants) out(`    ${v.key} (default "${v.default}"): ${v.label}\n      ${v.values.map((x) => `"${x.value}": ${x.label}`).join('\n      ')}`)
    out('  Metrics:')
    for (const m of s.metrics) out(`    ${m.id} [${m.kind}, per ${m.per}]: ${m.description}`)
  }
  return EXIT_OK
}

export function cmdSchema(id: string): number {
  const system = findSystem(id)
  if (!system) throw new UsageError(`schema: unknown system ${JSON.stringify(id)}; allowed: ${systemIds.map((s) => JSON.stringify(s)).join(', ')}`)
  out(JSON.stringify(z.toJSONSchema(system.schema, { io: 'input', unrepresentable: 'any' }), null, 2))
  return EXIT_OK
}

const benchFileSchema = z.object({
  benchmarks: z.array(z.object({ id: z.string(), label: z.string(), file: z.string(), trials: z.number().int().positive(), unit: z.string() })),
})

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b)
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2
}

/** Trials per second for each shipped benchmark scenario at 1 worker and at all workers (medians). */
export async function cmdBench(o: Options): Promise<number> {
  // One file per rule system in resources/bench/, so adding a system never edits a shared list.
  const benchDir = join(resourcesDir, 'bench')
  const spec = {
    benchmarks: readdirSync(benchDir)
      .filter((f) => f.endsWith('.json'))
      .sort()
      .flatMap((f) => benchFileSchema.parse(JSON.parse(readFileSync(join(benchDir, f), 'utf8'))).benchmarks),
  }
  const repeat = intOption('repeat', str(o.repeat), 1, 50) ?? 3
  const trialsOverride = intOption('trials', str(o.trials), 1, MAX_TRIALS)
  const all = availableParallelism()
  const workerCounts = all > 1 ? [1, all] : [1]
  const service = new SimulationService({ workerPath })
  const controller = new AbortController()
  const release = onInterrupt(controller)
  const results = []
  try {
    for (const b of spec.benchmarks) {
      const scenario = JSON.parse(readFileSync(join(resourcesDir, b.file), 'utf8')) as unknown
      parseScenarioOrThrow(scenario, b.file)
      const trials = trialsOverride ?? b.trials
      const rows = []
      for (const workers of workerCounts) {
        // Warm-up: start the threads and let the JIT see the hot loop before timing.
        await service.run({ scenario, trials: Math.min(trials, 200_000), workers, signal: controller.signal })
        const runs: number[] = []
        for (let i = 0; i < repeat; i++) {
          const doc = await service.run({ scenario, trials, workers, signal: controller.signal })
          if (doc.status !== 'done') return doc.status === 'aborted' ? EXIT_INTERRUPTED : EXIT_INTERNAL
          runs.push((doc.run.trialsDone / Math.max(1e-3, doc.timing.elapsedMs)) * 1000)
        }
        rows.push({ workers, trialsPerSecond: Math.round(median(runs)), runs: runs.map(Math.round) })
        if (!o.json) err(`  ${b.id}: ${workers} worker${workers === 1 ? '' : 's'} ${rate(median(runs))} ${b.unit}`)
      }
      const one = rows[0].trialsPerSecond
      const best = rows[rows.length - 1].trialsPerSecond
      results.push({ id: b.id, label: b.label, unit: b.unit, trials, repeat, results: rows, speedup: one > 0 ? Math.round((best / one) * 100) / 100 : 0 })
    }
  } finally {
    release()
    await service.shutdown()
  }
  const doc = { engine: ENGINE_VERSION, machine: { cores: all, cpu: cpus()[0]?.model ?? 'unknown', node: process.version }, chunkSize: DEFAULT_CHUNK_SIZE, benchmarks: results }
  if (o.json) out(JSON.stringify(doc, null, 2))
  else {
    out(`quickdraw bench — ${all} core${all === 1 ? '' : 's'}, ${doc.machine.cpu}, Node ${process.version} (median of ${repeat} runs)`)
    for (const r of results) {
      out(`${r.label} — ${r.trials.toLocaleString('en-US')} ${r.unit} per run`)
      for (const row of r.results) out(`  ${row.workers} worker${row.workers === 1 ? ' ' : 's'}: ${rate(row.trialsPerSecond)}`)
      if (r.results.length > 1) out(`  speed-up: ${r.speedup.toFixed(2)}×`)
    }
  }
  return EXIT_OK
}
