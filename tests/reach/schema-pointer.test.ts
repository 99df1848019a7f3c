import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { parseScenario } from '../../src/engine/run/parse'
import { schemaId } from '../../src/engine/systems/json-schema'
import { FileService } from '../../src/main/services/files'
import { schemaPointer, withSchemaPointer } from '../../src/main/services/schema-pointer'
import { examplesDir, root } from '../helpers'

/**
 * Issue 30 item 6: a saved scenario carries "$schema", so a text editor completes and checks it with no
 * setting and no network: a path, relative to the file, to its system's schema in the schemas Quickdraw
 * ships. Quickdraw ignores the field, and it is not part of the hash: no number moves.
 */
const schemas = join(root, 'schemas')
const dir = mkdtempSync(join(tmpdir(), 'quickdraw-schema-pointer-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** The schema a file's "$schema" leads to, resolved against the file as an editor does (a URL reference). */
const target = (file: string, pointer: string): string => fileURLToPath(new URL(pointer, pathToFileURL(file)))
const hashOf = (text: string): string => {
  const r = parseScenario(JSON.parse(text))
  if (!r.ok) throw new Error(r.issues.map((i) => `${i.path}: ${i.message}`).join('; '))
  return r.hash
}

describe('"$schema" in saved scenarios', () => {
  it('points from where the file is to its system\'s schema: beside the schemas, in the examples, anywhere else', () => {
    expect(schemaPointer(join(schemas, 'my-fight.json'), 'hero', schemas)).toBe('./hero.schema.json')
    expect(schemaPointer(join(examplesDir, 'hero-gunfighters.json'), 'hero', schemas)).toBe('../../schemas/hero.schema.json')
    const elsewhere = join(dir, 'fights', 'duel.quickdraw.json')
    const pointer = schemaPointer(elsewhere, 'gurps', schemas) ?? ''
    expect(target(elsewhere, pointer)).toBe(join(schemas, 'gurps.schema.json'))
    expect(schemaPointer(elsewhere, 'chess', schemas)).toBeUndefined()
  })

  it('every shipped example saved anywhere gets the pointer first, leading to its own schema, with the same hash', () => {
    const files = readdirSync(examplesDir).filter((f) => f.endsWith('.json'))
    expect(files.length).toBeGreaterThan(20)
    for (const f of files) {
      const text = readFileSync(join(examplesDir, f), 'utf8')
      const where = join(dir, 'saved', f)
      const saved = withSchemaPointer(text, where, schemas)
      const doc = JSON.parse(saved) as Record<string, unknown>
      expect(Object.keys(doc)[0], f).toBe('$schema')
      const schema = JSON.parse(readFileSync(target(where, doc.$schema as string), 'utf8')) as { $id: string }
      expect(schema.$id, f).toBe(schemaId(doc.system as string))
      expect(hashOf(saved), f).toBe(hashOf(text))
    }
  })

  it('a web address the user wrote is kept; a pointer Quickdraw wrote follows the file; text that is no scenario is left alone', () => {
    const own = `${JSON.stringify({ $schema: 'https://example.org/my.schema.json', system: 'hero' }, null, 2)}\n`
    expect(withSchemaPointer(own, join(dir, 'a.json'), schemas)).toBe(own)
    const moved = withSchemaPointer(`${JSON.stringify({ name: 'x', $schema: '../../schemas/hero.schema.json', system: 'hero' }, null, 2)}\n`, join(schemas, 'b.json'), schemas)
    expect(JSON.parse(moved)).toEqual({ name: 'x', $schema: './hero.schema.json', system: 'hero' })
    expect(Object.keys(JSON.parse(moved) as object)).toEqual(['name', '$schema', 'system'])
    for (const text of ['[1, 2]', 'not json', '{"system": "chess"}']) expect(withSchemaPointer(text, join(dir, 'c.json'), schemas)).toBe(text)
    expect(withSchemaPointer('{"system": "hero"}', join(dir, 'c.json'), undefined)).toBe('{"system": "hero"}')
  })

  it('the desktop app\'s save writes it and knows the file it wrote (saving again asks nothing)', async () => {
    const files = new FileService(schemas)
    const text = readFileSync(join(examplesDir, 'gurps-duel.json'), 'utf8')
    const path = join(dir, 'duel.quickdraw.json')
    const first = await files.save(path, text)
    if (first.status !== 'saved') throw new Error(first.status)
    expect(readFileSync(path, 'utf8')).toBe(first.file.text)
    expect(target(path, (JSON.parse(first.file.text) as { $schema: string }).$schema)).toBe(join(schemas, 'gurps.schema.json'))
    expect((await files.save(path, text)).status).toBe('saved')
    expect(readFileSync(path, 'utf8')).toBe(first.file.text)
  })
})
