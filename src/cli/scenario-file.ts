import { readFileSync, statSync } from 'node:fs'
import { issueLine, type ScenarioIssue } from '../engine/core/schema'
import { parseJsonText } from '../engine/run/parse-core'
import { CheckFailed } from './errors'

/*
 * Reading a scenario file (or standard input) and checking it, with every problem named: shared by every
 * command, and all `quickdraw validate` needs (it checks with the schemas alone: validate.ts). This module
 * loads no rule system; the check is given.
 */

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

/** Milliseconds without a byte on standard input after which a command given "-" says what it waits for. */
export const STDIN_HINT_MS = 1000

/** What a command given "-" says on stderr when nothing has come on standard input for a while. */
export const STDIN_HINT = 'quickdraw: waiting for the scenario on standard input (Ctrl-D ends it, Ctrl-C stops)'

/**
 * Reads standard input ahead, without blocking, for a command given "-": a blocking read of an open, empty
 * stdin would not hear Ctrl-C or SIGTERM. Stops when the signal aborts (nothing is kept then). When nothing
 * has come for STDIN_HINT_MS, says on stderr what it waits for (once: a forgotten pipe does not look like
 * a hung command).
 */
export async function preloadStdin(signal: AbortSignal): Promise<void> {
  if (stdinText !== undefined || signal.aborted) return
  const stdin = process.stdin
  const chunks: Buffer[] = []
  let size = 0
  await new Promise<void>((done) => {
    const hint = setTimeout(() => {
      if (size === 0) process.stderr.write(`${STDIN_HINT}\n`)
    }, STDIN_HINT_MS)
    const finish = (): void => {
      clearTimeout(hint)
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

/** The JSON value of a scenario file ("-": standard input), or a ScenarioFileError saying why it cannot be read. */
export function readScenarioJson(file: string): unknown {
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
  return json.value
}

/** What `check` found in the scenario read from `file`, or a ScenarioFileError naming every problem with its JSON path. */
export function checkedScenario<P extends { ok: true }>(file: string, raw: unknown, check: (raw: unknown) => P | { ok: false; issues: ScenarioIssue[] }): P {
  const parsed = check(raw)
  if (!parsed.ok) {
    const name = file === '-' ? 'standard input' : file
    const n = parsed.issues.length
    const listed = parsed.issues.slice(0, MAX_LISTED).map((i) => `  ${issueLine(i)}`)
    if (n > MAX_LISTED) listed.push(`  … and ${n - MAX_LISTED} more`)
    throw new ScenarioFileError(`${name}: ${n} problem${n === 1 ? '' : 's'}:\n${listed.join('\n')}`, parsed.issues.map((i) => ({ path: i.path, message: i.message })))
  }
  return parsed
}

/**
 * Reads a scenario file ("-": standard input) and checks it with `check`; every problem is reported with
 * the file name and JSON path.
 */
export function readScenarioFile<P extends { ok: true }>(file: string, check: (raw: unknown) => P | { ok: false; issues: ScenarioIssue[] }): { raw: unknown; parsed: P } {
  const raw = readScenarioJson(file)
  return { raw, parsed: checkedScenario(file, raw, check) }
}
