import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { findSystem } from '../../src/engine/systems/registry'
import { escapeHtml } from '../../src/shared/report/svg-charts'
import { cliPath, examplesDir, requireBuild, withinStandardErrors } from '../helpers'

const triangle = join(examplesDir, 'gurps-waits-triangle.json')
let dir = ''
const quickdraw = (...args: string[]) => {
  const r = spawnSync(process.execPath, [cliPath, ...args], { encoding: 'utf8', timeout: 120_000 })
  return { code: r.status, out: r.stdout, err: r.stderr }
}

describe('quickdraw sweep, compare, shard/merge and report', () => {
  beforeAll(() => {
    requireBuild()
    dir = mkdtempSync(join(tmpdir(), 'quickdraw-analysis-'))
  })
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('sweep runs every point with the same seed and the curve follows the exact values', () => {
    const r = quickdraw('sweep', triangle, '--param', 'combatants[2].skill', '--from', '9', '--to', '13', '--step', '2', '--trials', '60000', '--json')
    expect(r.code).toBe(0)
    const sweep = JSON.parse(r.out)
    expect(sweep.points.map((p: { at: number[] }) => p.at[0])).toEqual([9, 11, 13])
    type Point = { document: { metrics: { id: string; count: number; n: number; exact?: number }[] } }
    const metric = sweep.points.map((p: Point) => p.document.metrics.find((m) => m.id === 'prevents:guard:stabber'))
    const exact = metric.map((m: Point['document']['metrics'][number]) => m.exact as number)
    expect(exact[0]).toBeLessThan(exact[1])
    expect(exact[1]).toBeLessThan(exact[2])
    // every sampled point within 4 standard errors of its exact value (fixed seed 1)
    for (const m of metric) expect(withinStandardErrors(m.count, m.n, m.exact), `${m.count}/${m.n} vs ${m.exact}`).toBe(true)
    expect(new Set(sweep.points.map((p: { document: { run: { seed: number } } }) => p.document.run.seed))).toEqual(new Set([1]))
  })

  it('sweep names a point that makes the scenario invalid', () => {
    const r = quickdraw('sweep', triangle, '--param', 'combatants[0].skill', '--from', '29', '--to', '31', '--step', '1')
    expect(r.code).toBe(1)
    expect(r.err).toContain('sweep point combatants[0].skill=31 is not a valid scenario')
    expect(r.err).toContain('combatants[0].skill: must be an integer 3–30, got 31')
  })

  it('compare shows both values, the difference and flags what is not significant', () => {
    const r = quickdraw('compare', triangle, '--set', 'combatants[1].combatReflexes=false', '--trials', '100000')
    expect(r.code).toBe(0)
    expect(r.out).toMatch(/Convict B acts first, alone\s+\d+\.\d\d%\s+\d+\.\d\d%\s+-\d+\.\d\d%/)
    const same = JSON.parse(quickdraw('compare', triangle, triangle, '--trials', '20000', '--json').out)
    expect(same.rows.every((row: { significant: boolean }) => !row.significant)).toBe(true)
  })

  it('compare applies every --set in order (two fields changed together), and refuses --set with two files', () => {
    // Acting after the Captain instead of in tandem needs both fields changed: a Teamwork roll is only for tandem.
    const tandem = join(examplesDir, 'hero-coordinated-tandem.json')
    const both = quickdraw('compare', tandem, '--set', 'combatants[1].plan.hold.mode="after"', '--set', 'combatants[1].plan.hold.roll="dex"', '--trials', '4000', '--json')
    expect(both.code, both.err).toBe(0)
    const written = join(dir, 'after.json')
    const b = JSON.parse(readFileSync(tandem, 'utf8')) as { combatants: { plan: { hold: Record<string, string> } }[] }
    b.combatants[1].plan.hold = { ...b.combatants[1].plan.hold, mode: 'after', roll: 'dex' }
    writeFileSync(written, JSON.stringify(b))
    const files = quickdraw('compare', tandem, written, '--trials', '4000', '--json')
    const rows = (out: string) => (JSON.parse(out) as { rows: { b: number }[] }).rows.map((r) => r.b)
    expect(rows(both.out)).toEqual(rows(files.out))
    const refused = quickdraw('compare', tandem, written, '--set', 'combatants[0].dex=10')
    expect(refused.code).toBe(2)
    expect(refused.err).toMatch(/--set changes the one scenario given/)
  })

  it('shards merged give exactly the document of a single run', () => {
    for (const i of [1, 2, 3, 4]) expect(quickdraw('run', triangle, '--trials', '230000', '--chunk-size', '20000', '--shard', `${i}/4`, '--out', join(dir, `part-${i}.json`)).code).toBe(0)
    const merged = quickdraw('merge', ...[4, 2, 3, 1].map((i) => join(dir, `part-${i}.json`)), '--json')
    expect(merged.code).toBe(0)
    const single = JSON.parse(quickdraw('run', triangle, '--trials', '230000', '--chunk-size', '20000', '--json').out)
    const m = JSON.parse(merged.out)
    delete m.timing
    delete single.timing
    expect(m).toEqual(single)
    const missing = quickdraw('merge', join(dir, 'part-1.json'), join(dir, 'part-2.json'))
    expect(missing.code).toBe(1)
    expect(missing.err).toContain('missing shards 3, 4 of 4')
  })

  it('report writes one self-contained HTML file with every metric and the charts', () => {
    const file = join(dir, 'report.html')
    expect(quickdraw('report', triangle, '-o', file, '--trials', '50000').code).toBe(0)
    const html = readFileSync(file, 'utf8')
    expect(html).toContain('<h1>Knife, grab, door button</h1>')
    // Rule settings in words (issue 13): the variant's label, never its key.
    const yard = findSystem('gurps-waits')?.variants.find((v) => v.key === 'yardPenalty')
    expect(html).toContain(escapeHtml(yard?.label ?? 'missing'))
    expect(html).not.toContain('yardPenalty')
    expect(html).not.toMatch(/<script|https?:\/\//)
    expect((html.match(/data-chart=/g) ?? []).length).toBeGreaterThan(3)
  })
})

describe('sweep shards', () => {
  it('merging every shard of a sweep gives the single sweep, point by point', () => {
    requireBuild()
    const d = mkdtempSync(join(tmpdir(), 'quickdraw-sweep-shards-'))
    try {
      const args = ['sweep', triangle, '--param', 'combatants[0].skill', '--from', '12', '--to', '14', '--step', '1', '--trials', '90000', '--chunk-size', '10000']
      for (const i of [1, 2, 3]) expect(quickdraw(...args, '--shard', `${i}/3`, '--out', join(d, `s${i}.json`)).code).toBe(0)
      const merged = JSON.parse(quickdraw('merge', join(d, 's3.json'), join(d, 's1.json'), join(d, 's2.json'), '--json').out)
      const single = JSON.parse(quickdraw(...args, '--json').out)
      const strip = (s: { points: { document: { timing?: unknown } }[] }) => s.points.map((p) => ({ ...p, document: { ...p.document, timing: undefined } }))
      expect(strip(merged)).toEqual(strip(single))
    } finally {
      rmSync(d, { recursive: true, force: true })
    }
  })
})

describe('trace --find', () => {
  it('finds an ordering whose outcome key has "=" in it (a tie)', () => {
    requireBuild()
    const standoff = join(examplesDir, 'gurps-waits-standoff.json')
    const r = quickdraw('trace', standoff, '--find', 'ordering=kid=marshal||||', '--json')
    expect(r.code).toBe(0)
    const acts = JSON.parse(r.out).events.filter((e: { kind: string }) => e.kind === 'act')
    expect(acts).toHaveLength(1)
    expect(acts[0].who).toEqual(['kid', 'marshal'])
  })
})
