import { spawn } from 'node:child_process'
import { existsSync, lstatSync, mkdtempSync, readlinkSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cliPath, examplesDir, requireBuild } from '../helpers'
import { STDIN_HINT } from '../../src/cli/scenario-file'
import { quickdrawInProcess as quickdraw } from './in-process'

/**
 * Issue 30, edges that crashed or lost work: each is refused cleanly (a message, no stack, the right exit
 * code) or keeps the user's work.
 */
const triangle = join(examplesDir, 'gurps-waits-triangle.json')
const duel = join(examplesDir, 'gurps-duel.json')
const STACK = /\n\s+at /
let dir = ''
beforeAll(() => {
  requireBuild()
  dir = mkdtempSync(join(tmpdir(), 'quickdraw-edges-'))
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('edges refused cleanly (issue 30)', () => {
  it('a 9,999 × 9,999 sweep is refused from the product of its counts, before any point is built', async () => {
    const r = await quickdraw('sweep', triangle, '--param', 'combatants[0].skill', '--from', '1', '--to', '9999', '--step', '1', '--param2', 'combatants[1].skill', '--from2', '1', '--to2', '9999', '--step2', '1')
    expect(r.code).toBe(2)
    expect(r.err).toMatch(/^quickdraw: sweep: 9,999 values of combatants\[0\]\.skill × 9,999 values of combatants\[1\]\.skill make 99,980,001 points; at most 10,000 are allowed/)
    expect(r.err).not.toMatch(STACK)
  })

  it('a 2-D sweep just over the limit is refused the same way (it was an internal error)', async () => {
    const r = await quickdraw('sweep', triangle, '--param', 'combatants[0].skill', '--from', '1', '--to', '101', '--step', '1', '--param2', 'combatants[1].skill', '--from2', '1', '--to2', '100', '--step2', '1')
    expect(r.code).toBe(2)
    expect(r.err).toContain('make 10,100 points; at most 10,000 are allowed')
  })

  it('balance with a path cut short names the path (it was a stack trace)', async () => {
    const r = await quickdraw('balance', duel, '--param', 'combatants[0', '--metric', 'wins:aldo', '--target', '0.5')
    expect(r).toMatchObject({ code: 2, err: 'quickdraw: --param: "combatants[0" is not a path like combatants[1].skill\n' })
  })

  it('a tactics patch nested 100,000 levels deep is refused without exhausting the stack', async () => {
    const n = 100_000
    const file = join(dir, 'deep.json')
    writeFileSync(file, `{"tactics":[{"combatant":"aldo","x":${'{"a":'.repeat(n)}1${'}'.repeat(n)}}]}`)
    const r = await quickdraw('tactics', duel, '--metric', 'wins:aldo', '--a', `deep=@${file}`, '--b', 'as-is={}', '--trials', '100')
    expect(r.code).toBe(2)
    expect(r.err).toContain('--a deep: the patch is nested more than 64 levels deep')
    expect(r.err).not.toMatch(STACK)
  })

  it('Ctrl-C early in balance ends as an interruption (130), not an internal error', async () => {
    const running = quickdraw('balance', triangle, '--param', 'combatants[0].skill', '--metric', 'acts-first-alone:convict-a', '--target', '0.5')
    await new Promise((ok) => setTimeout(ok, 20))
    process.emit('SIGINT', 'SIGINT')
    const r = await running
    expect(r.code).toBe(130)
    expect(r.err).not.toContain('internal error')
  })

  it('on a full disk run --out prints the numbers first, then says the file could not be written (exit 1)', async () => {
    const r = await quickdraw('run', triangle, '--trials', '2000', '--out', '/dev/full')
    expect(r.out).toMatch(/Convict A acts first, alone/)
    expect(r.code).toBe(1)
    expect(r.err).toMatch(/^quickdraw: --out: could not write \/dev\/full \(ENOSPC\); nothing was written there \(the answer is printed above\)/)
  })

  it('a dangling --out link is refused before the run and kept as a link', async () => {
    const link = join(dir, 'latest.json')
    symlinkSync(join(dir, 'results', 'run-7.json'), link)
    const r = await quickdraw('run', triangle, '--trials', '1000', '--out', link)
    expect(r.code).toBe(2)
    expect(r.err).toContain(`--out: ${link} is a link to ${join(dir, 'results', 'run-7.json')}, which does not exist`)
    expect(lstatSync(link).isSymbolicLink()).toBe(true)
    expect(readlinkSync(link)).toBe(join(dir, 'results', 'run-7.json'))
    expect(existsSync(join(dir, 'results'))).toBe(false)
  })

  it('validate - on an open, empty standard input says what it waits for, and ends on SIGTERM (143)', async () => {
    const child = spawn(process.execPath, [cliPath, 'validate', '-'], { stdio: ['pipe', 'pipe', 'pipe'] })
    let err = ''
    // the command is loaded, its own signal handlers are in and it is reading stdin once it says it waits
    const waiting = new Promise<void>((ok) =>
      child.stderr.on('data', (c: Buffer) => {
        err += String(c)
        if (err.includes(STDIN_HINT)) ok()
      }),
    )
    const exited = new Promise<number | null>((ok) => child.on('exit', (code) => ok(code)))
    await Promise.race([waiting, exited])
    expect(err).toBe(`${STDIN_HINT}\n`)
    child.kill('SIGTERM')
    expect(await exited).toBe(143)
    expect(err).not.toContain('internal error')
    child.stdin.end()
  }, 90_000)
})
