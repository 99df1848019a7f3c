import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cliPath, examplesDir, launcherStarted, requireBuild } from '../helpers'

const triangle = join(examplesDir, 'gurps-waits-triangle.json')
let dir = ''

function quickdraw(...args: string[]) {
  const r = spawnSync(process.execPath, [cliPath, ...args], { encoding: 'utf8', timeout: 120_000 })
  return { code: r.status, out: r.stdout, err: r.stderr }
}

describe('quickdraw CLI', () => {
  beforeAll(() => {
    requireBuild()
    dir = mkdtempSync(join(tmpdir(), 'quickdraw-cli-'))
  })
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('run prints a table of metrics with 95% intervals and exact values', () => {
    const r = quickdraw('run', triangle, '--trials', '200000', '--seed', '3', '--workers', '2')
    expect(r.code).toBe(0)
    expect(r.out).toContain('Knife, grab, door button')
    expect(r.out).toMatch(/Convict B acts first, alone\s+\d+\.\d\d%\s+\d+\.\d\d% – \d+\.\d\d%\s+46\.40%/)
    expect(r.out).toContain('Order of action when the Waits trigger')
    expect(r.out).not.toMatch(/Complete orderings|→/)
  })

  it('run --json prints the result document, and --out writes the same document', () => {
    const out = join(dir, 'result.json')
    const r = quickdraw('run', triangle, '--trials', '50000', '--json', '--out', out)
    expect(r.code).toBe(0)
    const printed = JSON.parse(r.out)
    const written = JSON.parse(readFileSync(out, 'utf8'))
    expect(printed.format).toBe('quickdraw-result/1')
    expect(printed.run.trials).toBe(50_000)
    expect(written.metrics).toEqual(printed.metrics)
  })

  it('the same seed gives the same numbers whatever --workers', () => {
    const a = JSON.parse(quickdraw('run', triangle, '--trials', '120000', '--workers', '1', '--json').out)
    const b = JSON.parse(quickdraw('run', triangle, '--trials', '120000', '--workers', '3', '--json').out)
    expect(b.metrics).toEqual(a.metrics)
  })

  it('an invalid scenario exits 1 naming the file and every JSON path, and writes nothing', () => {
    const bad = join(dir, 'bad.json')
    const doc = JSON.parse(readFileSync(triangle, 'utf8'))
    doc.combatants[1].skill = '12a'
    doc.tactics[0].commit = 'later'
    writeFileSync(bad, JSON.stringify(doc))
    const out = join(dir, 'never.json')
    const r = quickdraw('run', bad, '--out', out)
    expect(r.code).toBe(1)
    expect(r.err).toContain(`${bad}: 2 problems`)
    expect(r.err).toContain('combatants[1].skill: must be an integer 3–30, got "12a"')
    expect(r.err).toContain('tactics[0].commit: must be one of "proceed", "keep-waiting", "late", got "later"')
    expect(existsSync(out)).toBe(false)
  })

  it('bad usage exits 2 with the option and its allowed values', () => {
    expect(quickdraw('run', triangle, '--trials', 'many').err).toContain('--trials: must be an integer 1–10000000000, got "many"')
    expect(quickdraw('run', triangle, '--workers', '0').code).toBe(2)
    expect(quickdraw('frobnicate').code).toBe(2)
    expect(quickdraw('run').code).toBe(2)
    expect(quickdraw('run', join(dir, 'missing.json')).err).toContain('cannot read the file (ENOENT)')
    expect(quickdraw('systems', '--trials', '5').err).toContain('option --trials does not apply')
  })

  it('validate, exact, trace, systems and schema work on the shipped examples', () => {
    expect(quickdraw('validate', triangle).out).toContain('valid GURPS — Cascading Waits scenario')
    const exact = quickdraw('exact', triangle)
    expect(exact.code).toBe(0)
    expect(exact.out).toMatch(/Convict B acts before Guard; Convict A loses his action\s+16\.05%/)
    const trace = quickdraw('trace', triangle, '--trial', '12345')
    expect(trace.code).toBe(0)
    expect(trace.out).toMatch(/rolls \d+ against Knife 13/)
    const systems = JSON.parse(quickdraw('systems', '--json').out)
    expect(systems.systems[0].variants.map((v: { key: string }) => v.key)).toEqual(['yardPenalty', 'belowThree', 'prevention'])
    const schema = JSON.parse(quickdraw('schema', 'gurps-waits').out)
    expect(schema.properties.combatants.maxItems).toBe(6)
    expect(quickdraw('schema', 'nope').code).toBe(2)
  })

  it('bench --only runs one benchmark at 1 and at all workers and reports its trials/s (structure, not speed)', () => {
    const r = quickdraw('bench', '--only', 'gurps-cascade-3', '--trials', '20000', '--repeat', '1', '--json')
    expect(r.code).toBe(0)
    const doc = JSON.parse(r.out)
    expect(doc.benchmarks.map((b: { id: string }) => b.id)).toEqual(['gurps-cascade-3'])
    expect(doc.benchmarks[0].results[0].workers).toBe(1)
    expect(doc.benchmarks[0].results[0].trialsPerSecond).toBeGreaterThan(0)
    expect(quickdraw('bench', '--only', 'nope').err).toContain('--only: no benchmark matches "nope"; benchmarks: ')
  })

  it('bench times an exact whole-fight answer in seconds, and quickdraw exact says the whole fight is exact (structure, not speed)', () => {
    const r = quickdraw('bench', '--only', 'l5r-exact-1v1', '--repeat', '1', '--json')
    expect(r.code).toBe(0)
    const doc = JSON.parse(r.out)
    expect(doc.benchmarks.map((b: { id: string }) => b.id)).toEqual(['l5r-exact-1v1'])
    expect(doc.benchmarks[0].exact).toBe(true)
    expect(doc.benchmarks[0].seconds.workers).toBe(1)
    expect(doc.benchmarks[0].seconds.median).toBeGreaterThan(0)
    const exact = quickdraw('exact', join(examplesDir, 'l5r-fast-vs-strong.json'))
    // the answer first: the scenario's question and its results at their exact values, then what was solved
    const lines = exact.out.split('\n')
    expect(lines[0]).toBe('Does striking first beat hitting harder, and which Stance should each take?')
    expect(lines[1]).toMatch(/^ {2}Kakita Ayame wins \d+\.\d\d% · Hida Kuon wins \d+\.\d\d%$/)
    expect(lines[4]).toMatch(/^Whole fight: exact \([\d,]+ states\)$/)
    expect(exact.out).toMatch(/Kakita Ayame wins\s+\d+\.\d+%/)
  }, 120_000)

  it.skipIf(process.platform !== 'linux')('Ctrl-C stops the workers and exits 130 without writing', async () => {
    const out = join(dir, 'interrupted.json')
    const child = spawn(process.execPath, [cliPath, 'run', triangle, '--trials', '9000000000', '--out', out], { stdio: 'pipe' })
    let err = ''
    child.stderr.on('data', (d) => (err += d))
    const exited = new Promise<number | null>((r) => child.on('exit', r))
    // Once the launcher handles signals, and the run has had a moment to start its workers.
    while (!launcherStarted(child.pid!)) await new Promise((r) => setTimeout(r, 5))
    await new Promise((r) => setTimeout(r, 300))
    child.kill('SIGINT')
    const code = await exited
    expect(code).toBe(130)
    expect(err).toContain('interrupted')
    expect(existsSync(out)).toBe(false)
  })
})
