import { parseScenario, type ParseResult } from '../engine/run/parse'
import { clampWorkers, MAX_WORKERS } from '../main/services/simulation'
import { UsageError } from './errors'
import { readScenarioFile } from './scenario-file'

/** Reads and validates a scenario file ("-": standard input) against its whole rule system, ready to run. */
export function loadScenarioFile(file: string): { raw: unknown; parsed: Extract<ParseResult, { ok: true }> } {
  return readScenarioFile(file, parseScenario)
}

/** Parses an integer option, naming the option and its allowed range when it is wrong. */
export function intOption(name: string, value: string | undefined, min: number, max: number): number | undefined {
  if (value === undefined) return undefined
  const v = Number(value)
  if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(v) || v < min || v > max) {
    throw new UsageError(`--${name}: must be an integer ${min}–${max}, got ${JSON.stringify(value)}`)
  }
  return v
}

/** --workers: 1–64, used up to the core count of this machine (a note says so when it asked for more). */
export function workersOption(value: string | undefined): number | undefined {
  const asked = intOption('workers', value, 1, MAX_WORKERS)
  if (asked === undefined) return undefined
  const used = clampWorkers(asked)
  if (used < asked) process.stderr.write(`quickdraw: --workers ${asked}: this machine has ${used} core${used === 1 ? '' : 's'}; using ${used}\n`)
  return used
}

/** The deepest a patch given on the command line may nest (a scenario's own fields go a few levels deep). */
export const MAX_PATCH_DEPTH = 64

/**
 * How deep a JSON value nests (a number or text is 0, `{}` is 1), counted without recursion, and no further
 * than just past `limit`: a 100,000-level patch is measured without exhausting the stack.
 */
export function nestingDepth(value: unknown, limit: number): number {
  let deepest = 0
  const stack: [unknown, number][] = [[value, 0]]
  while (stack.length > 0) {
    const [v, d] = stack.pop() as [unknown, number]
    if (v === null || typeof v !== 'object') continue
    const here = d + 1
    if (here > deepest) deepest = here
    if (deepest > limit) return deepest
    for (const child of Array.isArray(v) ? v : Object.values(v as Record<string, unknown>)) stack.push([child, here])
  }
  return deepest
}
