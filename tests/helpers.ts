import { existsSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'

export const root = resolve(__dirname, '..')
export const examplesDir = join(root, 'resources', 'examples')
export const workerPath = join(root, 'out', 'main', 'worker.js')
export const cliPath = join(root, 'bin', 'quickdraw.cjs')

export function example(file: string): unknown {
  return JSON.parse(readFileSync(join(examplesDir, file), 'utf8'))
}

/** Tests of the pool and the CLI load the built bundle; `npm test` builds it first. */
export function requireBuild(): void {
  if (!existsSync(workerPath)) throw new Error(`${workerPath} is missing: run "npm run build" (npm test does it) before these tests`)
}

/** |observed − expected| within `k` binomial standard errors. */
export function withinStandardErrors(count: number, n: number, p: number, k = 4): boolean {
  const se = Math.sqrt(n * p * (1 - p))
  if (se === 0) return count === n * p
  return Math.abs(count - n * p) <= k * se
}

/**
 * Whether a spawned `quickdraw` has run the launcher's first line, which installs its signal handlers
 * (Linux: bit 0, SIGHUP, of the SigCgt mask in /proc/<pid>/status). Tests that interrupt a command wait
 * for this instead of sleeping a fixed time, which a loaded machine can outlast.
 */
export function launcherStarted(pid: number): boolean {
  const m = /SigCgt:\s*([0-9a-f]+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
  return m !== null && (BigInt(`0x${m[1]}`) & 1n) !== 0n
}
