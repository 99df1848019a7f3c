import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cliPath, examplesDir, requireBuild } from '../helpers'

/**
 * Issue 29 item 4: `quickdraw exact` solves on a thread of its own, so Ctrl-C and SIGTERM stop a solve
 * under way at once (it used to solve on the main thread and hear them only at the end). The fights are
 * slow ones (a whole HERO street brawl over 10 Turns, then Abort to Dodge: several seconds); the signal is sent once the command says on
 * stderr that it is still working (a second into the solve), read from its output, not from a clock.
 */
let dir = ''
const candidates: string[] = []
beforeAll(() => {
  requireBuild()
  dir = mkdtempSync(join(tmpdir(), 'quickdraw-exact-interrupt-'))
  const brawl = JSON.parse(readFileSync(join(examplesDir, 'hero-street-brawl.json'), 'utf8')) as { turnCap: number }
  const file = join(dir, 'brawl-10.json')
  writeFileSync(file, JSON.stringify({ ...brawl, turnCap: 10 }))
  candidates.push(file, join(examplesDir, 'hero-abort-dodge.json'))
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** Starts `quickdraw exact` on each candidate until one is still working after a second; then sends `signal`. */
async function interruptSolve(signal: 'SIGINT' | 'SIGTERM'): Promise<{ code: number | null; err: string; out: string }> {
  for (const file of candidates) {
    const child = spawn(process.execPath, [cliPath, 'exact', file, '--budget', '600'], { stdio: ['ignore', 'pipe', 'pipe'] })
    let err = ''
    let out = ''
    let sent = false
    child.stdout.on('data', (d: Buffer) => (out += d.toString()))
    child.stderr.on('data', (d: Buffer) => {
      err += d.toString()
      if (!sent && /still working out the exact answer/.test(err)) {
        sent = true
        child.kill(signal)
      }
    })
    const code = await new Promise<number | null>((resolve) => child.on('close', (c) => resolve(c)))
    if (sent) return { code, err, out }
    // this fight was answered within the second: try a slower one
  }
  throw new Error('every candidate fight was answered in under a second: give the test a slower one')
}

describe('quickdraw exact hears signals during a solve', () => {
  it('Ctrl-C (SIGINT) while a whole fight is being solved: exit 130 at once, nothing on stdout', async () => {
    const r = await interruptSolve('SIGINT')
    expect(r.code).toBe(130)
    expect(r.err).toMatch(/interrupted \(SIGINT\)/)
    expect(r.out).toBe('')
  }, 60_000)

  it('SIGTERM while a whole fight is being solved: exit 143', async () => {
    const r = await interruptSolve('SIGTERM')
    expect(r.code).toBe(143)
    expect(r.out).toBe('')
  }, 60_000)
})
