import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Ajv from 'ajv'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { documentJsonSchema, DOCUMENT_SCHEMAS } from '../../src/engine/run/partial-schema'
import { examplesDir, requireBuild, root } from '../helpers'
import { quickdrawInProcess as quickdraw } from './in-process'

/**
 * Issue 30, integration: the documents quickdraw writes have published JSON Schemas in schemas/ (result,
 * sweep, partial and partial sweep), made from the code (npm run generate rewrites them; this test fails
 * when they drift), each with its own $id; what the commands write validates against them.
 */
const schemasDir = join(root, 'schemas')
const triangle = join(examplesDir, 'gurps-waits-triangle.json')
let dir = ''
beforeAll(() => {
  requireBuild()
  dir = mkdtempSync(join(tmpdir(), 'quickdraw-doc-schemas-'))
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))

function validator(file: string): (doc: unknown) => string[] {
  const ajv = new Ajv({ allErrors: true })
  const validate = ajv.compile(JSON.parse(readFileSync(join(schemasDir, file), 'utf8')))
  return (doc) => (validate(doc) ? [] : (validate.errors ?? []).map((e) => `${e.dataPath} ${e.message}`))
}

describe('JSON Schemas of the documents quickdraw writes', () => {
  it.each(DOCUMENT_SCHEMAS.map((d) => [d.file, d] as const))('%s is the one the code generates (npm run generate)', (file, d) => {
    const made = `${JSON.stringify(documentJsonSchema(d), null, 2)}\n`
    if (process.env.QUICKDRAW_WRITE_GENERATED === '1') writeFileSync(join(schemasDir, file), made)
    expect(existsSync(join(schemasDir, file))).toBe(true)
    expect(readFileSync(join(schemasDir, file), 'utf8')).toBe(made)
  })

  it('every $id in schemas/ is given once, so a validator can load all the files together', () => {
    // every "$id" anywhere in every file (the combined scenario schema embeds the systems' schemas)
    const ids = readdirSync(schemasDir)
      .filter((f) => f.endsWith('.json'))
      .flatMap((f) => [...readFileSync(join(schemasDir, f), 'utf8').matchAll(/"\$id": "([^"]+)"/g)].map((m) => m[1]))
    expect(ids.length).toBeGreaterThanOrEqual(11)
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([])
    for (const d of DOCUMENT_SCHEMAS) expect(ids).toContain(d.id)
  })

  it('run --json, merge and sweep --json write documents their schemas accept; a damaged one is not', async () => {
    const result = await quickdraw('run', triangle, '--trials', '2000', '--json')
    expect(result.code).toBe(0)
    const checkResult = validator('result.schema.json')
    const doc = JSON.parse(result.out) as { metrics: { kind: string; exact?: unknown }[]; run: { trials: unknown } }
    expect(checkResult(doc)).toEqual([])
    expect(doc.metrics.some((m) => m.exact !== undefined)).toBe(true)
    expect(checkResult({ ...doc, run: { ...doc.run, trials: 'many' } }).length).toBeGreaterThan(0)

    const part = join(dir, 'part.json')
    expect((await quickdraw('run', triangle, '--trials', '2000', '--shard', '1/1', '--out', part)).code).toBe(0)
    const partial = JSON.parse(readFileSync(part, 'utf8')) as Record<string, unknown>
    expect(validator('partial.schema.json')(partial)).toEqual([])
    expect(validator('partial.schema.json')({ ...partial, checks: undefined }).length).toBeGreaterThan(0)
    const merged = await quickdraw('merge', part, '--json')
    expect(checkResult(JSON.parse(merged.out))).toEqual([])

    const sweepArgs = ['sweep', triangle, '--param', 'combatants[0].skill', '--from', '11', '--to', '12', '--step', '1', '--trials', '1000']
    const sweep = await quickdraw(...sweepArgs, '--json')
    expect(validator('sweep.schema.json')(JSON.parse(sweep.out))).toEqual([])
    const sweepPart = join(dir, 'sweep-part.json')
    expect((await quickdraw(...sweepArgs, '--shard', '1/1', '--out', sweepPart)).code).toBe(0)
    expect(validator('sweep-partial.schema.json')(JSON.parse(readFileSync(sweepPart, 'utf8')))).toEqual([])
  })
})
