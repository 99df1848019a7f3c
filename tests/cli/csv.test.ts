import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parse } from 'csv-parse/sync'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cliPath, examplesDir, requireBuild } from '../helpers'

const triangle = join(examplesDir, 'gurps-waits-triangle.json')
let dir = ''

function quickdraw(...args: string[]) {
  const r = spawnSync(process.execPath, [cliPath, ...args], { encoding: 'utf8', timeout: 120_000 })
  return { code: r.status, out: r.stdout, err: r.stderr }
}

describe('quickdraw run --csv', () => {
  beforeAll(() => {
    requireBuild()
    dir = mkdtempSync(join(tmpdir(), 'quickdraw-csv-'))
  })
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('prints the results as CSV, the same as the JSON document says, and --out writes the same file', () => {
    const file = join(dir, 'r.csv')
    const r = quickdraw('run', triangle, '--trials', '20000', '--seed', '3', '--workers', '1', '--csv', '--out', file)
    expect(r.code).toBe(0)
    expect(readFileSync(file, 'utf8')).toBe(r.out)
    const rows = parse(r.out, { bom: true, columns: true }) as Record<string, string>[]
    const doc = JSON.parse(quickdraw('run', triangle, '--trials', '20000', '--seed', '3', '--workers', '1', '--json').out) as { metrics: { id: string; kind: string; p?: number }[] }
    const first = doc.metrics.find((m) => m.kind === 'probability')
    const row = rows.find((x) => x.metric === first?.id)
    expect(Number(row?.value)).toBe(first?.p)
    expect(row).toMatchObject({ system: 'gurps-waits', seed: '3', trials: '20000' })
  })

  it('refuses --csv with --json', () => {
    const r = quickdraw('run', triangle, '--csv', '--json')
    expect(r.code).toBe(2)
    expect(r.err).toMatch(/--json and --csv/)
  })
})
