import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { ENGINE_VERSION } from '../../src/engine/version'
import { COMMAND_HELP } from '../../src/cli/usage'
import { cliPath, examplesDir, requireBuild } from '../helpers'

const triangle = join(examplesDir, 'gurps-waits-triangle.json')

function quickdraw(args: string[], input?: string) {
  const r = spawnSync(process.execPath, [cliPath, ...args], { encoding: 'utf8', timeout: 120_000, input })
  return { code: r.status, out: r.stdout, err: r.stderr }
}

describe('the command line follows the conventions users know', () => {
  beforeAll(() => requireBuild())

  it('--version prints the version', () => {
    const r = quickdraw(['--version'])
    expect(r.code).toBe(0)
    expect(r.out).toBe(`quickdraw ${ENGINE_VERSION}\n`)
  })

  it('bare quickdraw is a usage error: usage on stderr, exit 2; help is not: stdout, exit 0', () => {
    const bare = quickdraw([])
    expect(bare.code).toBe(2)
    expect(bare.out).toBe('')
    expect(bare.err).toMatch(/^quickdraw — /)
    const help = quickdraw(['help'])
    expect(help.code).toBe(0)
    expect(help.out).toMatch(/Usage:/)
  })

  it.each(Object.keys(COMMAND_HELP))('%s --help and help %s print that command\'s own usage', (command) => {
    const a = quickdraw([command, '--help'])
    const b = quickdraw(['help', command])
    expect(a.code).toBe(0)
    expect(a.out).toBe(b.out)
    expect(a.out.startsWith(`quickdraw ${command}`)).toBe(true)
  })

  it('help for an unknown command is a usage error', () => {
    expect(quickdraw(['help', 'nope']).code).toBe(2)
  })

  it('"-" reads the scenario from standard input', () => {
    const text = readFileSync(triangle, 'utf8')
    const fromFile = quickdraw(['run', triangle, '--trials', '20000', '--seed', '3', '--json'])
    const fromStdin = quickdraw(['run', '-', '--trials', '20000', '--seed', '3', '--json'], text)
    expect(fromStdin.code).toBe(0)
    expect(JSON.parse(fromStdin.out).metrics).toEqual(JSON.parse(fromFile.out).metrics)
    expect(quickdraw(['validate', '-'], text).out).toMatch(/^standard input: valid/)
  })

  it('validate --json gives a verdict document either way, exit 1 when invalid', () => {
    const ok = quickdraw(['validate', triangle, '--json'])
    expect(ok.code).toBe(0)
    expect(JSON.parse(ok.out)).toMatchObject({ valid: true, system: 'gurps-waits' })
    const bad = quickdraw(['validate', '-', '--json'], JSON.stringify({ ...JSON.parse(readFileSync(triangle, 'utf8')), combatants: [] }))
    expect(bad.code).toBe(1)
    const verdict = JSON.parse(bad.out)
    expect(verdict.valid).toBe(false)
    expect(verdict.issues[0]).toMatchObject({ path: 'combatants' })
  })

  it('trace --find with no matching trial exits 1 with a clear message (70 means an internal error)', () => {
    const r = quickdraw(['trace', triangle, '--find', 'ordering=nobody-ever', '--trials', '200'])
    expect(r.code).toBe(1)
    expect(r.err).toMatch(/no trial among the first 200 .* matches ordering=nobody-ever/)
  })
})
