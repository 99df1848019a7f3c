import { spawn, spawnSync } from 'node:child_process'
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { availableParallelism, tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cliPath, examplesDir, requireBuild } from '../helpers'
import { quickdrawInProcess as quickdraw } from './in-process'

/** Issue 16 items 5 and 8, fault injection on the CLI: bad --out targets, signals, a closed pipe, escape codes. */
const triangle = join(examplesDir, 'gurps-waits-triangle.json')
let dir = ''
beforeAll(() => {
  requireBuild()
  dir = mkdtempSync(join(tmpdir(), 'quickdraw-reliability-'))
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** The partial result of shard 1/1, for merge. */
async function shard(): Promise<string> {
  const part = join(dir, 'part-1.json')
  if (!existsSync(part)) expect((await quickdraw('run', triangle, '--trials', '2000', '--shard', '1/1', '--out', part)).code).toBe(0)
  return part
}

const commands: [string, (out: string) => Promise<string[]>][] = [
  ['run', async (out) => ['run', triangle, '--trials', '1000', '--out', out]],
  ['sweep', async (out) => ['sweep', triangle, '--param', 'combatants[0].skill', '--from', '10', '--to', '11', '--step', '1', '--trials', '1000', '--out', out]],
  ['compare', async (out) => ['compare', triangle, '--set', 'combatants[0].skill=10', '--trials', '1000', '--out', out]],
  ['report', async (out) => ['report', triangle, '--trials', '1000', '--out', out]],
  ['merge', async (out) => ['merge', await shard(), '--out', out]],
]

describe('--out is checked before anything runs (exit 2, a message, nothing written)', () => {
  it.each(commands)('%s: a folder that does not exist', async (_, args) => {
    const r = await quickdraw(...(await args(join(dir, 'missing', 'x.json'))))
    expect(r).toMatchObject({ code: 2, err: expect.stringContaining(`--out: the folder ${join(dir, 'missing')} does not exist`) })
    expect(existsSync(join(dir, 'missing'))).toBe(false)
  })

  it.each(commands)('%s: a folder as the target', async (_, args) => {
    const folder = join(dir, 'a-folder')
    mkdirSync(folder, { recursive: true })
    const r = await quickdraw(...(await args(folder)))
    expect(r).toMatchObject({ code: 2, err: expect.stringContaining(`--out: ${folder} is a folder`) })
    expect(readdirSync(folder)).toEqual([])
  })

  it.each(commands)('%s: a file in the place of the folder', async (_, args) => {
    const file = join(dir, 'plain-file')
    writeFileSync(file, 'x')
    const r = await quickdraw(...(await args(join(file, 'x.json'))))
    expect(r).toMatchObject({ code: 2, err: expect.stringContaining(`--out: ${file} is not a folder`) })
  })

  it.skipIf(process.getuid?.() === 0)('a read-only target (not checkable as root, who may write anything)', async () => {
    const ro = join(dir, 'read-only.json')
    writeFileSync(ro, 'keep')
    chmodSync(ro, 0o444)
    const r = await quickdraw('run', triangle, '--trials', '1000', '--out', ro)
    expect(r).toMatchObject({ code: 2, err: expect.stringContaining('cannot be written') })
    expect(readFileSync(ro, 'utf8')).toBe('keep')
  })

  it('the scenario file itself is refused as the target, and stays as it was', async () => {
    const copy = join(dir, 'scenario.json')
    writeFileSync(copy, readFileSync(triangle))
    for (const args of [['run', copy, '--trials', '1000', '--out', copy], ['report', copy, '--out', copy], ['compare', copy, triangle, '--out', copy]]) {
      const r = await quickdraw(...args)
      expect(r).toMatchObject({ code: 2, err: expect.stringContaining(`--out: ${copy} is the input file ${copy} itself`) })
    }
    expect(readFileSync(copy, 'utf8')).toBe(readFileSync(triangle, 'utf8'))
  })

  it('the partial results being merged are refused as the target', async () => {
    const part = await shard()
    const before = readFileSync(part, 'utf8')
    expect((await quickdraw('merge', part, '--out', part)).code).toBe(2)
    expect(readFileSync(part, 'utf8')).toBe(before)
  })
})

describe('oversized input is refused without reading it all', () => {
  it('a scenario file over 16 MB exits 1 saying how large it is', async () => {
    const big = join(dir, 'big.json')
    writeFileSync(big, `{"name": "${'x'.repeat(17 * 1024 * 1024)}"}`)
    const r = await quickdraw('validate', big)
    expect(r).toMatchObject({ code: 1, err: expect.stringContaining(`${big}: cannot read the file (17 MB; a scenario is a few kilobytes, at most 16 MB)`) })
  })

  it('thousands of problems (5000 unknown fields) list the first 50 and count the rest', async () => {
    const doc = JSON.parse(readFileSync(triangle, 'utf8')) as Record<string, unknown>
    for (let i = 0; i < 5000; i++) doc[`bogus${i}`] = i
    const file = join(dir, 'many.json')
    writeFileSync(file, JSON.stringify(doc))
    const r = await quickdraw('validate', file)
    expect(r.code).toBe(1)
    expect(r.err).toMatch(/… and \d+ more\n$/)
    expect(r.err.split('\n').length).toBeLessThan(60)
  })
})

describe('merge checks its input (issue 16 item 7)', () => {
  it('a tampered partial (string count, huge shard count) exits 1 naming the file and the paths, and writes nothing', async () => {
    const part = JSON.parse(readFileSync(await shard(), 'utf8')) as { tally: { counts: unknown[] }; shard: { count: number } }
    part.tally.counts[0] = 'many'
    part.shard.count = 1e9
    const bad = join(dir, 'tampered.json')
    writeFileSync(bad, JSON.stringify(part))
    const out = join(dir, 'merged.json')
    const r = await quickdraw('merge', bad, '--out', out)
    expect(r.code).toBe(1)
    expect(r.err).toContain(`${bad}: not a partial result`)
    expect(r.err).toContain('tally.counts[0]: must be a whole number of at least 0, got "many"')
    expect(r.err).toContain('shard.count: must be an integer 1–100000, got 1000000000')
    expect(existsSync(out)).toBe(false)
  })
})

describe('--workers is capped at the core count (issue 16 item 4)', () => {
  it.skipIf(availableParallelism() >= 64)('--workers 64 runs on the machine\'s cores and says so', async () => {
    const r = await quickdraw('run', triangle, '--trials', '1000', '--workers', '64', '--json')
    const cores = availableParallelism()
    expect(r.code).toBe(0)
    expect(r.err).toContain(`--workers 64: this machine has ${cores} core${cores === 1 ? '' : 's'}; using ${cores}`)
    expect((JSON.parse(r.out) as { timing: { workers: number } }).timing.workers).toBe(cores)
  })
})

describe('what the CLI prints is safe for a terminal', () => {
  it('escape codes and control characters in a scenario name are printed escaped, not raw', async () => {
    const doc = JSON.parse(readFileSync(triangle, 'utf8')) as { name: string }
    doc.name = 'Red\u001b[31m alert\u0007\u202e'
    const file = join(dir, 'escape.json')
    writeFileSync(file, JSON.stringify(doc))
    const r = await quickdraw('validate', file)
    expect(r.code).toBe(0)
    expect(r.out).toContain('Red\\u001b[31m alert\\u0007\\u202e')
    for (const raw of ['\u001b', '\u0007', '\u202e']) expect(r.out).not.toContain(raw)
  })
})

/** The real binary: signals arrive at a process, and a pipe closes on it. */
describe('signals and pipes (the binary)', () => {
  const start = (...args: string[]) => {
    const child = spawn(process.execPath, [cliPath, ...args], { stdio: 'pipe' })
    let err = ''
    child.stderr.on('data', (d) => (err += d))
    const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null; err: string }>((r) => child.on('exit', (code, signal) => r({ code, signal, err })))
    return { child, exit }
  }

  it.each([
    ['SIGTERM', 143, 'interrupted (SIGTERM)'],
    ['SIGHUP', 129, 'the terminal closed (SIGHUP)'],
  ] as const)('%s during a sweep stops it with a message and exit %i (sweep used to exit without a word)', async (signal, code, text) => {
    const out = join(dir, `sweep-${signal}.json`)
    const { child, exit } = start('sweep', triangle, '--param', 'combatants[0].skill', '--from', '10', '--to', '12', '--step', '1', '--trials', '9000000000', '--out', out)
    await new Promise((r) => setTimeout(r, 1500))
    child.kill(signal)
    const r = await exit
    expect(r).toMatchObject({ code, signal: null })
    expect(r.err).toContain(text)
    expect(existsSync(out)).toBe(false)
  })

  /**
   * Whether the launcher's first line has run (Linux: the SigCgt mask of /proc/<pid>/status). SIGHUP
   * (bit 0) tells, as Node itself catches SIGINT and SIGTERM from its start only to re-raise them.
   */
  const launcherStarted = (pid: number): boolean => {
    const m = /SigCgt:\s*([0-9a-f]+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
    return m !== null && (BigInt(`0x${m[1]}`) & 1n) !== 0n
  }

  it.skipIf(process.platform !== 'linux')('a Ctrl-C sent while the command is still loading is handled too (exit 130, not killed by the signal)', async () => {
    const { child, exit } = start('run', triangle, '--trials', '9000000000')
    // As soon as the launcher's first line has run: long before the command (zod, the engine) has loaded.
    while (!launcherStarted(child.pid!)) await new Promise((r) => setTimeout(r, 2))
    child.kill('SIGINT')
    const r = await exit
    expect(r).toMatchObject({ code: 130, signal: null })
  })

  it('piping into a reader that stops early (| head) ends quietly, without an EPIPE stack', () => {
    const r = spawnSync('sh', ['-c', `("${process.execPath}" "${cliPath}" schema 2>"${join(dir, 'epipe.err')}"; echo $? >"${join(dir, 'epipe.code')}") | head -c 100 >/dev/null`], { encoding: 'utf8' })
    expect(r.status).toBe(0)
    expect(readFileSync(join(dir, 'epipe.err'), 'utf8')).toBe('')
    expect(readFileSync(join(dir, 'epipe.code'), 'utf8').trim()).toBe('0')
  })
})
