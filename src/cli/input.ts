import { readFileSync, statSync } from 'node:fs'
import { issueLine } from '../engine/core/schema'
import { parseJsonText, parseScenario } from '../engine/run/parse'
import { clampWorkers, MAX_WORKERS } from '../main/services/simulation'
import { CheckFailed, UsageError } from './errors'

/** A scenario file that cannot be used: a usage error (exit 2) that also carries each problem for --json. */
export class ScenarioFileError extends CheckFailed {
  constructor(
    message: string,
    readonly issues: { path: string; message: string }[],
  ) {
    super(message)
  }
}

/** The text of a scenario file, or of standard input for "-" (read once: later reads get the same text). */
let stdinText: string | undefined
let stdinTooLarge = false
function readScenarioText(file: string): string {
  if (file === '-') {
    if (stdinTooLarge) throw Object.assign(new Error('too large'), { code: `more than ${MAX_SCENARIO_BYTES / 1024 / 1024} MB; a scenario is a few kilobytes` })
    stdinText ??= readFileSync(0, 'utf8')
    return stdinText
  }
  const size = statSync(file).size
  if (size > MAX_SCENARIO_BYTES) throw Object.assign(new Error('too large'), { code: `${(size / 1024 / 1024).toFixed(0)} MB; a scenario is a few kilobytes, at most ${MAX_SCENARIO_BYTES / 1024 / 1024} MB` })
  return readFileSync(file, 'utf8')
}

/**
 * Reads standard input ahead, without blocking, for a command given "-": a blocking read of an open, empty
 * stdin would not hear Ctrl-C or SIGTERM. Stops when the signal aborts (nothing is kept then).
 */
export async function preloadStdin(signal: AbortSignal): Promise<void> {
  if (stdinText !== undefined || signal.aborted) return
  const stdin = process.stdin
  const chunks: Buffer[] = []
  let size = 0
  await new Promise<void>((done) => {
    const finish = (): void => {
      stdin.off('data', onData)
      stdin.off('end', finish)
      stdin.off('error', finish)
      signal.removeEventListener('abort', stop)
      done()
    }
    const stop = (): void => {
      stdin.destroy()
      finish()
    }
    const onData = (c: Buffer): void => {
      chunks.push(c)
      size += c.length
      if (size > MAX_SCENARIO_BYTES) {
        stdinTooLarge = true
        stop()
      }
    }
    stdin.on('data', onData)
    stdin.once('end', finish)
    stdin.once('error', finish)
    signal.addEventListener('abort', stop, { once: true })
  })
  if (!signal.aborted && !stdinTooLarge) stdinText = Buffer.concat(chunks).toString('utf8')
}

/** Largest scenario file the CLI reads (the app opens at most 2 MB; this only stops accidents). */
export const MAX_SCENARIO_BYTES = 16 * 1024 * 1024

/** At most this many problems are listed (a list of a million wrong entries has a million problems). */
const MAX_LISTED = 50

/** Reads and validates a scenario file ("-": standard input); every problem is reported with the file name and JSON path. */
export function loadScenarioFile(file: string): { raw: unknown; parsed: Extract<ReturnType<typeof parseScenario>, { ok: true }> } {
  const name = file === '-' ? 'standard input' : file
  let text: string
  try {
    text = readScenarioText(file)
  } catch (e) {
    const reason = `cannot read the ${file === '-' ? 'input' : 'file'} (${(e as NodeJS.ErrnoException).code ?? String(e)})`
    throw new ScenarioFileError(`${name}: ${reason}`, [{ path: '', message: reason }])
  }
  const json = parseJsonText(text)
  if (!json.ok) throw new ScenarioFileError(`${name}: ${json.message}`, [{ path: '', message: json.message }])
  const raw = json.value
  const parsed = parseScenario(raw)
  if (!parsed.ok) {
    const n = parsed.issues.length
    const listed = parsed.issues.slice(0, MAX_LISTED).map((i) => `  ${issueLine(i)}`)
    if (n > MAX_LISTED) listed.push(`  … and ${n - MAX_LISTED} more`)
    throw new ScenarioFileError(`${name}: ${n} problem${n === 1 ? '' : 's'}:\n${listed.join('\n')}`, parsed.issues.map((i) => ({ path: i.path, message: i.message })))
  }
  return { raw, parsed }
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
