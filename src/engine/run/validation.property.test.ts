import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { systemIds } from '../systems/registry'
import { parseScenario } from './parse'

/**
 * Issue 16 item 1: validation never throws, for any input. Arbitrary JSON values are fed to every
 * system's schema, alone and grafted at a random place into every shipped example (where the
 * cross-field checks get far enough to trip over a wrong field). The suite's fixed fast-check seed
 * (tests/setup/fast-check.ts; FC_SEED to explore); fast-check prints it and the counterexample on failure.
 */
const examplesDir = join(__dirname, '..', '..', '..', 'resources', 'examples')
const examples = readdirSync(examplesDir)
  .filter((f) => f.endsWith('.json'))
  .sort()
  .map((f) => ({ file: f, doc: JSON.parse(readFileSync(join(examplesDir, f), 'utf8')) as unknown }))

type Key = string | number

/** Every place in a document, as key lists (the root excluded). */
function places(doc: unknown, at: Key[] = []): Key[][] {
  if (doc === null || typeof doc !== 'object') return []
  const entries: [Key, unknown][] = Array.isArray(doc) ? doc.map((v, i) => [i, v]) : Object.entries(doc)
  return entries.flatMap(([k, v]) => [[...at, k], ...places(v, [...at, k])])
}

/** A copy of `doc` with `value` at `path` (or that entry removed when `value` is undefined). */
function graft(doc: unknown, path: Key[], value: unknown): unknown {
  const copy = structuredClone(doc) as Record<Key, unknown>
  let node = copy
  for (const k of path.slice(0, -1)) node = node[k] as Record<Key, unknown>
  const last = path[path.length - 1]
  if (value === undefined && Array.isArray(node)) node.splice(last as number, 1)
  else if (value === undefined) delete node[last]
  else node[last] = value
  return copy
}

const settles = (doc: unknown): void => {
  const r = parseScenario(doc)
  expect(typeof r.ok).toBe('boolean')
  if (!r.ok) for (const i of r.issues) expect(typeof i.message).toBe('string')
}

describe('validation of arbitrary JSON (property)', () => {
  it.each(systemIds)('any JSON object claiming system %s gets a result, never an exception', (system) => {
    fc.assert(
      fc.property(fc.dictionary(fc.string({ maxLength: 12 }), fc.jsonValue({ maxDepth: 4 }), { maxKeys: 8 }), (doc) => settles({ ...doc, system })),
      { numRuns: 200 },
    )
  })

  it.each(examples.map((e) => e.file))('%s with any JSON value grafted anywhere (or a field removed) gets a result', (file) => {
    const { doc } = examples.find((e) => e.file === file)!
    const all = places(doc)
    const value = fc.oneof(fc.jsonValue({ maxDepth: 3 }), fc.constant(undefined), fc.string({ maxLength: 8 }), fc.integer({ min: -5, max: 50 }), fc.constantFrom(Infinity, -Infinity, ''))
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat(all.length - 1), value), { minLength: 1, maxLength: 3 }), (edits) => {
        let mutant: unknown = doc
        for (const [k, v] of edits) {
          const path = all[k]
          try {
            mutant = graft(mutant, path, v)
          } catch {
            // an earlier edit removed this place's parent: skip
          }
        }
        settles(mutant)
      }),
      { numRuns: 60 },
    )
  })
})
