import { main } from '../../src/cli/index'

export interface CliResult {
  code: number
  out: string
  err: string
}

/**
 * Runs the `quickdraw` entry function in this process, capturing what it prints: the same code path
 * as the binary without the cost of a process per case (the binary itself is spawned for a sample).
 */
export async function quickdrawInProcess(...args: string[]): Promise<CliResult> {
  let out = ''
  let err = ''
  const realOut = process.stdout.write.bind(process.stdout)
  const realErr = process.stderr.write.bind(process.stderr)
  process.stdout.write = ((chunk: string | Uint8Array) => ((out += String(chunk)), true)) as typeof process.stdout.write
  process.stderr.write = ((chunk: string | Uint8Array) => ((err += String(chunk)), true)) as typeof process.stderr.write
  try {
    const code = await main(args)
    return { code, out, err }
  } finally {
    process.stdout.write = realOut
    process.stderr.write = realErr
  }
}
