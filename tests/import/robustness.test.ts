import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import fc from 'fast-check'
import { describe, it } from 'vitest'
import { ImportError, librariesOf, openFile } from '../../src/import'

/**
 * Bad input never crashes the importer: a file of a known layout with its values replaced by values of
 * the wrong type, or cut short, either imports or is refused with an ImportError (a message for the
 * user), never a TypeError. Fixed seed, printed by fast-check on failure.
 */
const fixtures = join(__dirname, '..', 'fixtures', 'import')
const JSON_FILES = ['l5r/quickdraw_l5rcm_akodo.l5r', 'l5r/quickdraw_websheet_archer.l5r', 'foundry_gurps_actor_gurren_alexander.json', 'swrpg/quickdraw_adversaries.json']
const XML_FILES = ['bushido/quickdraw_test_warband.cat', 'gurps/quickdraw_gca5_swordsman.gca5', 'swrpg/quickdraw_oggdude_character.xml']

/** Opens the file and, for a library, takes every entry: only ImportErrors may come out. */
function tryAll(bytes: Uint8Array): void {
  try {
    const opened = openFile(bytes)
    for (const lib of librariesOf([opened])) for (const e of lib?.entries ?? []) {
      try {
        lib?.take(e, { group: 2 })
      } catch (err) {
        if (!(err instanceof ImportError)) throw err
      }
    }
  } catch (err) {
    if (!(err instanceof ImportError)) throw err
  }
}

/** Every value inside a JSON document, with a path to it. */
function paths(x: unknown, at: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(x)) return [at, ...x.flatMap((v, i) => paths(v, [...at, i]))]
  if (x && typeof x === 'object') return [at, ...Object.entries(x).flatMap(([k, v]) => paths(v, [...at, k]))]
  return [at]
}
function replaced(doc: unknown, path: (string | number)[], value: unknown): unknown {
  if (path.length === 0) return value
  if (Array.isArray(doc)) return doc.map((v, i) => (i === path[0] ? replaced(v, path.slice(1), value) : (v as unknown)))
  const copy = { ...(doc as Record<string, unknown>) }
  copy[path[0]] = replaced(copy[path[0]], path.slice(1), value)
  return copy
}

describe('the importer refuses bad input with a message, never a crash', () => {
  const BAD: unknown[] = [null, 'x', -3, 1e9, [], {}, true, '7k', 'Rank 9 to 2']
  it.each(JSON_FILES)('%s with one value of the wrong type, anywhere', (file) => {
    const text = readFileSync(join(fixtures, file), 'utf8')
    const doc = JSON.parse(text) as unknown
    const all = paths(doc).filter((p) => p.length > 0)
    const one = (i: number, v: unknown): void => tryAll(new TextEncoder().encode(JSON.stringify(replaced(doc, all[i], v))))
    // small files: every value replaced by every bad value; the large Foundry export: a fixed-seed sample
    if (text.length < 20_000) all.forEach((_, i) => BAD.forEach((v) => one(i, v)))
    else fc.assert(fc.property(fc.nat(all.length - 1), fc.constantFrom(...BAD), one), { seed: 18, numRuns: 300 })
  })

  it.each([...JSON_FILES, ...XML_FILES])('%s cut short anywhere', (file) => {
    const text = readFileSync(join(fixtures, file), 'utf8')
    fc.assert(
      fc.property(fc.nat(text.length - 1), (n) => {
        tryAll(new TextEncoder().encode(text.slice(0, n)))
      }),
      { seed: 18, numRuns: 60 },
    )
  })
})
