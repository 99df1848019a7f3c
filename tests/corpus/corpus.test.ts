import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cliPath, requireBuild } from '../helpers'
import { quickdrawInProcess as quickdraw, type CliResult } from '../cli/in-process'
import { corpus, type CorpusCase } from './cases'

/**
 * Issue 16, done when: every case of the malformed-input corpus goes through validate, run --out, exact
 * and trace with the outcome it expects — refused with exit 1 naming its JSON path, or accepted — and
 * never an exit 70 (an internal error), a stack trace or a written file. Cases run in this process through the CLI's entry
 * function; a sample also runs through the real binary.
 */
const cases = corpus()
let dir = ''
beforeAll(() => {
  requireBuild()
  dir = mkdtempSync(join(tmpdir(), 'quickdraw-corpus-'))
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const STACK = /\n\s+at .+:\d+:\d+/

function fileOf(c: CorpusCase, k: number): string {
  const file = join(dir, `case-${k}.json`)
  writeFileSync(file, c.text)
  return file
}

function expectClean(r: CliResult, c: CorpusCase): void {
  expect(r.code, r.err).not.toBe(70)
  expect(r.err).not.toMatch(STACK)
  expect(r.err).not.toContain('internal error')
  if (c.expect === 'accepted') return
  expect(r.code, r.err).toBe(1)
  const { path } = c.expect
  if (path === '') expect(r.err).toMatch(/^quickdraw: .*case-\d+\.json: /)
  else expect(r.err).toContain(`  ${path}: `)
}

describe(`malformed-input corpus (${cases.length} cases)`, () => {
  it('has at least 150 cases, most of them refusals', () => {
    expect(cases.length).toBeGreaterThanOrEqual(150)
    expect(cases.filter((c) => c.expect !== 'accepted').length).toBeGreaterThanOrEqual(150)
  })

  it.each(cases.map((c, k) => [c.name, k] as const))('%s', async (_, k) => {
    const c = cases[k]
    const file = fileOf(c, k)
    const out = join(dir, `out-${k}.json`)
    const validate = await quickdraw('validate', file)
    expectClean(validate, c)
    if (c.expect === 'accepted') {
      expect(validate.code).toBe(0)
      const run = await quickdraw('run', file, '--trials', '200', '--out', out)
      expect(run.code).toBe(0)
      expect(existsSync(out)).toBe(true)
      expect((await quickdraw('trace', file)).code).toBe(0)
      expect((await quickdraw('exact', file)).code).toBe(0)
      return
    }
    for (const args of [['run', file, '--trials', '200', '--out', out], ['exact', file], ['trace', file]]) {
      const r = await quickdraw(...args)
      expectClean(r, c)
      expect(existsSync(out)).toBe(false)
    }
  })

  it('a sample through the real binary gets the same refusals', () => {
    const sample = cases.map((c, k) => ({ c, k })).filter(({ c }, i) => c.expect !== 'accepted' && i % 50 === 0)
    expect(sample.length).toBeGreaterThanOrEqual(3)
    for (const { c, k } of sample) {
      const file = fileOf(c, k)
      const r = spawnSync(process.execPath, [cliPath, 'validate', file], { encoding: 'utf8', timeout: 240_000 })
      expectClean({ code: r.status ?? -1, out: r.stdout, err: r.stderr }, c)
    }
  })
})
