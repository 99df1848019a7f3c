import { readFileSync } from 'node:fs'
import { issueLine } from '../engine/core/schema'
import { parseJsonText, parseScenario } from '../engine/run/parse'
import { MAX_WORKERS } from '../main/services/simulation'
import { UsageError } from './errors'

/** Reads and validates a scenario file; every problem is reported with the file name and JSON path. */
export function loadScenarioFile(file: string): { raw: unknown; parsed: Extract<ReturnType<typeof parseScenario>, { ok: true }> } {
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch (e) {
    throw new UsageError(`${file}: cannot read the file (${(e as NodeJS.ErrnoException).code ?? String(e)})`)
  }
  const json = parseJsonText(text)
  if (!json.ok) throw new UsageError(`${file}: ${json.message}`)
  const raw = json.value
  const parsed = parseScenario(raw)
  if (!parsed.ok) {
    const n = parsed.issues.length
    throw new UsageError(`${file}: ${n} problem${n === 1 ? '' : 's'}:\n${parsed.issues.map((i) => `  ${issueLine(i)}`).join('\n')}`)
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

export const workersOption = (value: string | undefined): number | undefined => intOption('workers', value, 1, MAX_WORKERS)
