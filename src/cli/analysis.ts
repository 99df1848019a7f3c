import { readFileSync } from 'node:fs'
import { compareDocuments } from '../engine/run/compare'
import { mergePartials, partialDocument, type PartialDocument } from '../engine/run/partial'
import type { ResultDocument } from '../engine/run/result'
import { MAX_SWEEP_POINTS, scenarioAt, sweepGrid, sweepValues, type SweepParam } from '../engine/run/sweep'
import { getAtPath, setAtPath } from '../engine/run/json-path'
import { parseJsonText, parseScenario } from '../engine/run/parse'
import { parsePartial, parseSweepPartial, type SweepPartialDocument } from '../engine/run/partial-schema'
import { issueLine } from '../engine/core/schema'
import { SimulationService } from '../main/services/simulation'
import { notDone, runSettings, progressBar } from './commands'
import { CheckFailed, EXIT_OK, UsageError } from './errors'
import { formatResult } from './format'
import { formatComparison, formatSweep } from './format-analysis'
import { loadScenarioFile } from './input'
import { out, str, withService, type Options } from './io'
import { checkOutTarget, writeOut } from './out-target'
import { workerPath } from './paths'
import { reportHtml } from '../shared/report/report-html'

export interface SweepDocument {
  format: 'quickdraw-sweep/1'
  scenario: { name: string; hash: string }
  params: SweepParam[]
  points: { at: number[]; document: ResultDocument }[]
}

function numberOption(name: string, o: Options): number {
  const text = str(o[name])
  const v = Number(text)
  if (text === undefined || text.trim() === '' || !Number.isFinite(v)) throw new UsageError(`--${name}: must be a number, got ${text === undefined ? 'nothing' : JSON.stringify(text)}`)
  return v
}

/** The swept parameters from --param/--from/--to/--step and, for a heatmap, --param2/--from2/--to2/--step2. */
function sweepParams(raw: unknown, o: Options): SweepParam[] {
  const params: SweepParam[] = []
  for (const suffix of ['', '2']) {
    const path = str(o[`param${suffix}`])
    if (path === undefined) {
      if (suffix === '') throw new UsageError('sweep: --param <json-path> is required, e.g. --param combatants[0].skill')
      continue
    }
    try {
      const current = getAtPath(raw, path)
      if (current !== undefined && typeof current !== 'number') throw new Error(`${path} is ${JSON.stringify(current)}, not a number`)
      setAtPath(raw, path, 0)
      params.push({ path, values: sweepValues(numberOption(`from${suffix}`, o), numberOption(`to${suffix}`, o), numberOption(`step${suffix}`, o)) })
    } catch (e) {
      throw new UsageError(`--param${suffix}: ${(e as Error).message}`)
    }
  }
  // The grid's size from the product of the counts, before a single point of it is built (9,999 × 9,999 ran out of memory).
  const size = params.reduce((n, p) => n * p.values.length, 1)
  if (size > MAX_SWEEP_POINTS) {
    throw new UsageError(`sweep: ${params.map((p) => `${p.values.length.toLocaleString('en-US')} values of ${p.path}`).join(' × ')} make ${size.toLocaleString('en-US')} points; at most ${MAX_SWEEP_POINTS.toLocaleString('en-US')} are allowed: take a larger --step${params.length > 1 ? ' or --step2' : ''}`)
  }
  return params
}

/** Every point of the sweep, validated before anything runs (a bad point names its value and path). */
function sweepScenarios(raw: unknown, params: SweepParam[]): { at: number[]; scenario: unknown }[] {
  return sweepGrid(params).map((at) => {
    const scenario = scenarioAt(raw, params, at)
    const r = parseScenario(scenario)
    if (!r.ok) throw new CheckFailed(`sweep point ${params.map((p, i) => `${p.path}=${at[i]}`).join(', ')} is not a valid scenario:\n${r.issues.map((i) => `  ${issueLine(i)}`).join('\n')}`)
    return { at, scenario }
  })
}

/** A shard of a sweep: every point's partial result, for `quickdraw merge`. */
export type SweepPartial = SweepPartialDocument

export async function cmdSweep(file: string, o: Options): Promise<number> {
  const { raw, parsed } = loadScenarioFile(file)
  checkOutTarget(str(o.out), [file])
  const params = sweepParams(raw, o)
  const points = sweepScenarios(raw, params)
  const settings = runSettings(o)
  const head = { scenario: { name: parsed.scenario.name, hash: parsed.hash }, params }
  return withService(
    () => new SimulationService({ workerPath }),
    async (service, signal) => {
      const docs: SweepDocument['points'] = []
      const partials: SweepPartial['points'] = []
      for (const [k, p] of points.entries()) {
        const bar = progressBar()
        // Same seed at every point: common random numbers, so the curves are smooth.
        const { document, tally } = await service.runWithTally({ scenario: p.scenario, ...settings, signal, onProgress: bar.onProgress })
        bar.clear()
        if (document.status !== 'done') return notDone(document)
        if (settings.shard) partials.push({ at: p.at, partial: partialDocument(p.scenario, document, tally) })
        else docs.push({ at: p.at, document })
        if (process.stderr.isTTY) process.stderr.write(`\rpoint ${k + 1}/${points.length}`)
      }
      if (process.stderr.isTTY) process.stderr.write('\r\x1b[K')
      const target = str(o.out)
      if (settings.shard) {
        const partial: SweepPartial = { format: 'quickdraw-sweep-partial/1', ...head, points: partials }
        if (target) await writeOut(target, `${JSON.stringify(partial)}\n`)
        else out(JSON.stringify(partial))
        return EXIT_OK
      }
      const sweep: SweepDocument = { format: 'quickdraw-sweep/1', ...head, points: docs }
      out(o.json ? JSON.stringify(sweep, null, 2) : formatSweep(sweep, str(o.metric), raw))
      if (target) await writeOut(target, `${JSON.stringify(sweep, null, 2)}\n`)
      return EXIT_OK
    },
  )
}

/** Merges every shard of a sweep point by point (the points must match). */
function mergeSweepPartials(parts: SweepPartial[]): SweepDocument {
  const [first] = parts
  for (const p of parts) {
    const samePoints = p.points.length === first.points.length && p.points.every((pt, k) => JSON.stringify(pt.at) === JSON.stringify(first.points[k].at))
    if (p.scenario.hash !== first.scenario.hash || JSON.stringify(p.params) !== JSON.stringify(first.params) || !samePoints) {
      throw new Error('merge: the sweep shards are not parts of one sweep (scenario, parameters or points differ)')
    }
  }
  return {
    format: 'quickdraw-sweep/1',
    scenario: first.scenario,
    params: first.params,
    points: first.points.map((pt, k) => ({ at: pt.at, document: mergePartials(parts.map((p) => p.points[k].partial)) })),
  }
}

/** At most this many problems are listed per file (a damaged tally could have thousands). */
const MAX_LISTED = 20

/** Reads one shard's partial result (of a run or of a sweep), refusing anything that is not one. */
function readPartial(file: string): PartialDocument | SweepPartial {
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch (e) {
    throw new CheckFailed(`${file}: cannot read the file (${(e as NodeJS.ErrnoException).code ?? String(e)})`)
  }
  const json = parseJsonText(text)
  if (!json.ok) throw new CheckFailed(`${file}: ${json.message}`)
  const format = (json.value as { format?: unknown } | null)?.format
  const r = format === 'quickdraw-sweep-partial/1' ? parseSweepPartial(json.value) : parsePartial(json.value)
  if (r.ok) return r.partial
  const listed = r.issues.slice(0, MAX_LISTED).map((i) => `  ${issueLine(i)}`)
  if (r.issues.length > MAX_LISTED) listed.push(`  … and ${r.issues.length - MAX_LISTED} more`)
  throw new CheckFailed(`${file}: not a partial result written by quickdraw run --shard or sweep --shard:\n${listed.join('\n')}`)
}

export async function cmdCompare(files: string[], o: Options): Promise<number> {
  const a = loadScenarioFile(files[0])
  checkOutTarget(str(o.out), files)
  // --set may be given several times: each is applied in order, so B can change two fields together.
  const sets = Array.isArray(o.set) ? (o.set as string[]) : typeof o.set === 'string' ? [o.set] : []
  let bRaw: unknown
  if (files.length === 2) {
    if (sets.length > 0) throw new UsageError('compare: --set changes the one scenario given; with two files, edit the second file instead')
    bRaw = loadScenarioFile(files[1]).raw
  } else {
    if (sets.length === 0) throw new UsageError('compare: give two scenario files, or one file and --set <json-path>=<json value> (as many as you need)')
    bRaw = a.raw
    for (const set of sets) {
      const eq = set.indexOf('=')
      if (eq < 1) throw new UsageError(`--set: must look like rules.tieRule="seed-d6" or combatants[0].skill=14, got ${JSON.stringify(set)}`)
      let value: unknown
      try {
        value = JSON.parse(set.slice(eq + 1))
      } catch {
        value = set.slice(eq + 1)
      }
      try {
        bRaw = setAtPath(bRaw, set.slice(0, eq), value)
      } catch (e) {
        throw new UsageError(`--set: ${(e as Error).message}`)
      }
    }
    const r = parseScenario(bRaw)
    if (!r.ok) throw new CheckFailed(`--set makes the scenario invalid:\n${r.issues.map((i) => `  ${issueLine(i)}`).join('\n')}`)
  }
  const settings = runSettings(o)
  return withService(
    () => new SimulationService({ workerPath }),
    async (service, signal) => {
      // a progress bar on a terminal for each of the two runs, as run has
      const barA = progressBar('A: ')
      const docA = await service.run({ scenario: a.raw, ...settings, signal, onProgress: barA.onProgress })
      barA.clear()
      const barB = progressBar('B: ')
      const docB = await service.run({ scenario: bRaw, ...settings, signal, onProgress: barB.onProgress })
      barB.clear()
      for (const d of [docA, docB]) if (d.status !== 'done') return notDone(d)
      const rows = compareDocuments(docA, docB)
      const result = { format: 'quickdraw-comparison/1', a: docA, b: docB, rows }
      const target = str(o.out)
      out(o.json ? JSON.stringify(result, null, 2) : formatComparison(docA, docB, rows))
      if (target) await writeOut(target, `${JSON.stringify(result, null, 2)}\n`)
      return EXIT_OK
    },
  )
}

export async function cmdMerge(files: string[], o: Options): Promise<number> {
  checkOutTarget(str(o.out), files)
  const parts = files.map(readPartial)
  const sweeps = parts.filter((p): p is SweepPartial => p.format === 'quickdraw-sweep-partial/1')
  if (sweeps.length > 0 && sweeps.length !== parts.length) throw new UsageError('merge: give the shards of one run or of one sweep, not both')
  let merged: ResultDocument | SweepDocument
  try {
    merged = sweeps.length > 0 ? mergeSweepPartials(sweeps) : mergePartials(parts as PartialDocument[])
  } catch (e) {
    // "shard 2 of 4" names the file it came from, so the user knows which shard to run again
    const message = (e as Error).message.replace(/^merge: shard (\d+) of (\d+)/, (whole, i: string) => {
      const k = parts.findIndex((p) => p.format !== 'quickdraw-sweep-partial/1' && p.shard.index === Number(i) - 1)
      return k >= 0 ? `merge: ${files[k]} (shard ${i} of ${whole.split(' of ')[1]})` : whole
    })
    throw new CheckFailed(message)
  }
  const target = str(o.out)
  if (o.json) out(JSON.stringify(merged, null, 2))
  else out(merged.format === 'quickdraw-sweep/1' ? formatSweep(merged) : formatResult(merged))
  if (target) await writeOut(target, `${JSON.stringify(merged, null, 2)}\n`)
  return EXIT_OK
}

export async function cmdReport(file: string, o: Options): Promise<number> {
  const { raw, parsed } = loadScenarioFile(file)
  const target = str(o.out)
  if (!target) throw new UsageError('report: -o <file.html> is required')
  checkOutTarget(target, [file])
  const settings = runSettings(o)
  return withService(
    () => new SimulationService({ workerPath }),
    async (service, signal) => {
      const bar = progressBar()
      const doc = await service.run({ scenario: raw, ...settings, signal, onProgress: bar.onProgress })
      bar.clear()
      if (doc.status !== 'done') return notDone(doc)
      await writeOut(target, reportHtml(parsed.scenario, doc))
      if (o.json) out(JSON.stringify({ report: target, result: doc }, null, 2))
      else out(`report written to ${target}`)
      return EXIT_OK
    },
  )
}
