import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import fc from 'fast-check'
import { zipSync } from 'fflate'
import { describe, expect, it } from 'vitest'
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

/** XML a builder never writes but a damaged or hostile file may hold: refused or read, never a crash. */
describe('the XML layer: reserved names, deep nesting, character references, zipped files', () => {
  const smash = readFileSync(join(fixtures, 'hdc_hero6efvtt_smash.extracted.hdc'), 'utf8')
  const enc = (s: string): Uint8Array => new TextEncoder().encode(s)
  const nameOf = (s: string): string => {
    const o = openFile(enc(s))
    if (o.kind !== 'character') throw new Error('not a character')
    return String(o.result.combatants[0].name)
  }

  it.each(['constructor', '__proto__', 'prototype'])('an element and an attribute named %s are read past: Smash still imports', (bad) => {
    const text = smash.replace('<CHARACTER_INFO ', `<${bad} ${bad}="1">x</${bad}><CHARACTER_INFO ${bad}="2" `)
    expect(text).not.toBe(smash)
    expect(nameOf(text)).toBe('Smash')
    expect(({} as Record<string, unknown>).x).toBeUndefined()
  })

  it('elements nested 20,000 deep are refused with the depth, not a crash', () => {
    const deep = smash.replace('<CHARACTER_INFO ', `${'<a>'.repeat(20_000)}${'</a>'.repeat(20_000)}<CHARACTER_INFO `)
    expect(() => openFile(enc(deep))).toThrow(ImportError)
    expect(() => openFile(enc(deep))).toThrow(/nests elements more than 200 deep/)
  })

  it('numeric character references in a name are decoded (Sm&#228;sh &#x41; is "Smäsh A")', () => {
    expect(nameOf(smash.replace('CHARACTER_NAME="Smash"', 'CHARACTER_NAME="Sm&#228;sh &#x41;"'))).toBe('Smäsh A')
  })

  it('a reference to no character (&#x110000;, a lone surrogate) is refused or dropped, never a crash', () => {
    for (const ref of ['&#x110000;', '&#xD800;', '&#0;', '&#99999999999;']) {
      try {
        nameOf(smash.replace('CHARACTER_NAME="Smash"', `CHARACTER_NAME="S${ref}"`))
      } catch (e) {
        expect(e).toBeInstanceOf(ImportError)
      }
    }
  })

  const warband = readFileSync(join(fixtures, 'bushido', 'quickdraw_test_warband.cat'))
  it('a zipped catalogue (.catz) opens as the catalogue does', () => {
    const plain = openFile(warband)
    const zipped = openFile(zipSync({ 'Quickdraw Test Warband.cat': new Uint8Array(warband) }))
    expect(zipped.kind).toBe('library')
    expect(librariesOf([zipped])[0]?.entries.map((e) => e.name)).toEqual(librariesOf([plain])[0]?.entries.map((e) => e.name))
  })

  it('a zipped roster (.rosz) lists its models, each read from the copy of its card the roster holds', () => {
    const ros = readFileSync(join(fixtures, 'bushido', 'quickdraw_test_roster.ros'))
    const lib = librariesOf([openFile(zipSync({ 'Test Roster.ros': new Uint8Array(ros) }))])[0]
    expect(lib?.format).toMatch(/roster/)
    expect(lib?.entries.map((e) => e.name)).toEqual(['Renée the Duelist'])
    const m = lib?.take(lib.entries[0]).combatants[0]
    expect(m).toMatchObject({ name: 'Renée the Duelist', melee: 4, wounds: 6, strength: 1, parry: 1, ki: 2, kiMax: 5 })
  })

  it('a zip of two files, an empty zip, a damaged zip and a zip bomb are refused with the reason', () => {
    expect(() => openFile(zipSync({ 'a.cat': new Uint8Array(warband), 'b.cat': new Uint8Array(warband) }))).toThrow(/holds 2 files/)
    expect(() => openFile(zipSync({}))).toThrow(ImportError)
    const cut = zipSync({ 'a.cat': new Uint8Array(warband) })
    expect(() => openFile(cut.slice(0, 60))).toThrow(ImportError)
    const bomb = zipSync({ 'a.cat': new Uint8Array(6 * 1024 * 1024) }, { level: 9 })
    expect(bomb.length).toBeLessThan(100_000)
    expect(() => openFile(bomb)).toThrow(/over 5 MB unpacked/)
  })
})
