import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { examplesDir, requireBuild } from '../helpers'
import { quickdrawInProcess as quickdraw } from './in-process'

/**
 * Issue 30: scripts can tell failures apart. 0 ok; 1 checked and failed (an invalid scenario, a refused
 * question, a failed merge); 2 you typed it wrong; 70 a bug. And --json wherever the output is
 * structured, schema and report included.
 */
const triangle = join(examplesDir, 'gurps-waits-triangle.json')
let dir = ''
beforeAll(() => {
  requireBuild()
  dir = mkdtempSync(join(tmpdir(), 'quickdraw-exit-'))
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('exit codes tell usage from a failed check', () => {
  it('you typed it wrong: 2 (an unknown option, a malformed value, a missing file argument)', async () => {
    expect((await quickdraw('run', triangle, '--trails', '5')).code).toBe(2)
    expect((await quickdraw('run', triangle, '--trials', 'abc')).code).toBe(2)
    expect((await quickdraw('validate')).code).toBe(2)
  })

  it('checked and failed: 1 (an invalid scenario, no exact computation, a partial that is not one)', async () => {
    const bad = join(dir, 'bad.json')
    writeFileSync(bad, JSON.stringify({ schemaVersion: 1, system: 'gurps-waits', name: 'x', combatants: 'none' }))
    const r = await quickdraw('validate', bad)
    expect(r.code).toBe(1)
    expect(r.err).toContain(`${bad}: `)
    expect((await quickdraw('run', bad)).code).toBe(1)
    expect((await quickdraw('merge', triangle)).code).toBe(1)
  })

  it('the usage says what each code means', async () => {
    const r = await quickdraw('help')
    expect(r.out).toMatch(/0 ok · 1 checked and failed[^·]*not built yet[^·]*· 2 bad usage[^·]*· 70 internal error/)
  })
})

describe('--json wherever the output is structured', () => {
  it('schema --json prints the schema (JSON either way)', async () => {
    const a = await quickdraw('schema', 'gurps-waits', '--json')
    expect(a.code).toBe(0)
    expect(JSON.parse(a.out)).toEqual(JSON.parse((await quickdraw('schema', 'gurps-waits')).out))
  })

  it('report --json prints the file written and the result document', async () => {
    const file = join(dir, 'report.html')
    const r = await quickdraw('report', triangle, '-o', file, '--trials', '2000', '--json')
    expect(r.code).toBe(0)
    const doc = JSON.parse(r.out) as { report: string; result: { format: string; run: { trials: number } } }
    expect(doc.report).toBe(file)
    expect(doc.result.format).toBe('quickdraw-result/1')
    expect(doc.result.run.trials).toBe(2000)
  })
})
