import type { SimulationService } from '../main/services/simulation'
import { interrupts } from './signals'

export type Options = Record<string, string | boolean | undefined>

/**
 * Control characters and escape codes (ESC sequences that recolour or clear a terminal, bidirectional
 * overrides that reorder text) made visible as \u escapes. Names in a scenario are the user's text, and
 * printed raw they could rewrite the terminal. Newlines and tabs stay.
 */
// eslint-disable-next-line no-control-regex
const UNPRINTABLE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g
export const printable = (s: string): string => s.replace(UNPRINTABLE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)

const line = (s: string): string => printable(s.endsWith('\n') ? s : `${s}\n`)
export const out = (s: string): void => {
  if (!interrupts().stdoutClosed) process.stdout.write(line(s))
}
/** Machine output (CSV with its CRLF line ends, usage text) as it is. */
export const outData = (s: string): void => {
  if (!interrupts().stdoutClosed) process.stdout.write(s)
}
export const err = (s: string): void => void process.stderr.write(line(s))
export const str = (v: string | boolean | undefined): string | undefined => (typeof v === 'string' ? v : undefined)

/** Runs `body` with a fresh simulation service and the command's interrupt signal, then shuts the workers down. */
export async function withService<T>(makeService: () => SimulationService, body: (service: SimulationService, signal: AbortSignal) => Promise<T>): Promise<T> {
  const service = makeService()
  try {
    return await body(service, interrupts().signal)
  } finally {
    await service.shutdown()
  }
}
