import { readdirSync, readFileSync } from 'node:fs'
import { availableParallelism, cpus } from 'node:os'
import { join } from 'node:path'
import { z } from 'zod'
import { MAX_TRIALS } from '../engine/core/scenario'
import { DEFAULT_CHUNK_SIZE } from '../engine/run/chunks'
import { parseScenarioOrThrow } from '../engine/run/parse'
import { ENGINE_VERSION } from '../engine/version'
import { SimulationService } from '../main/services/simulation'
import { EXIT_INTERNAL, EXIT_INTERRUPTED, EXIT_OK, UsageError } from './errors'
import { rate } from './format'
import { intOption } from './input'
import { err, onInterrupt, out, str, type Options } from './io'
import { resourcesDir, workerPath } from './paths'

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
  const only = str(o.only)
  if (only !== undefined) {
    const ids = spec.benchmarks.map((b) => b.id)
    spec.benchmarks = spec.benchmarks.filter((b) => b.id === only || b.id.startsWith(`${only}-`) || b.file.includes(`/${only}-`))
    if (spec.benchmarks.length === 0) throw new UsageError(`--only: no benchmark matches ${JSON.stringify(only)}; benchmarks: ${ids.join(', ')}`)
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
