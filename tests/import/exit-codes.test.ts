import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { quickdrawInProcess } from '../cli/in-process'

/**
 * quickdraw import tells a bad file from a wrong command line (issue 26): a file it checked and found
 * wanting (unreadable, not a character file, malformed, or a scenario the import would leave invalid) is
 * exit 1, "checked and failed"; a wrong option or combination of options is exit 2. Either way the message
 * names the file or the option and the reason, and nothing is written.
 */
const root = join(__dirname, '..', '..')
const archer = join(root, 'tests', 'fixtures', 'import', 'l5r', 'quickdraw_websheet_archer.l5r')
const duel = join(root, 'resources', 'examples', 'l5r-void-duel.json')

describe('quickdraw import: exit 1 for a file checked and failed, 2 for a wrong command line', () => {
  let dir = ''
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'quickdraw-import-exit-'))
  })
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('a file that does not exist, or is not a character file, is exit 1 naming it', async () => {
    const missing = join(dir, 'nobody.gcs')
    const r = await quickdrawInProcess('import', missing)
    expect(r.code).toBe(1)
    expect(r.err).toContain(`${missing}: cannot read the file (ENOENT)`)
    const notes = join(dir, 'notes.json')
    writeFileSync(notes, '{"shopping": ["rice", "tea"]}')
    const n = await quickdrawInProcess('import', notes)
    expect(n.code).toBe(1)
    expect(n.err).toMatch(new RegExp(`${notes.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: not a character file this importer knows`))
  })

  it('a scenario to add to that is not one (not JSON, or no known system) is exit 1, and it is left as it was', async () => {
    const broken = join(dir, 'broken.json')
    writeFileSync(broken, '{"system": "l5r", "combatants": [')
    const r = await quickdrawInProcess('import', archer, '--into', broken)
    expect(r.code).toBe(1)
    expect(r.err).toMatch(/^quickdraw: --into: .*broken\.json: /m)
    expect(readFileSync(broken, 'utf8')).toBe('{"system": "l5r", "combatants": [')
    const unknown = join(dir, 'unknown.json')
    writeFileSync(unknown, '{"system": "dnd5e", "combatants": []}')
    expect((await quickdrawInProcess('import', archer, '--into', unknown)).code).toBe(1)
  })

  it('a scenario the import would leave invalid is exit 1, nothing written', async () => {
    const doc = JSON.parse(readFileSync(duel, 'utf8'))
    doc.tactics.push({ combatant: 'ghost', rounds: [{ stance: 'attack' }] })
    const file = join(dir, 'ghost.json')
    const text = JSON.stringify(doc)
    writeFileSync(file, text)
    const r = await quickdrawInProcess('import', archer, '--into', file)
    expect(r.code).toBe(1)
    expect(r.err).toMatch(/with the imported characters the scenario is not valid, nothing written/)
    expect(readFileSync(file, 'utf8')).toBe(text)
  })

  it('a good file of another system than asked for, an unknown system, or a bad --side is exit 2', async () => {
    const wrong = await quickdrawInProcess('import', archer, '--system', 'gurps')
    expect(wrong.code).toBe(2)
    expect(wrong.err).toMatch(/this is a Legend of the Five Rings character \(L5R web character sheet \(\.l5r\)\), not one for gurps/)
    expect((await quickdrawInProcess('import', archer, '--system', 'dnd5e')).code).toBe(2)
    expect((await quickdrawInProcess('import', archer, '--side', 'C')).code).toBe(2)
    expect((await quickdrawInProcess('import', archer, '--into', duel, '--replace', 'nobody')).code).toBe(2)
  })

  it('a good file imports: exit 0', async () => {
    expect((await quickdrawInProcess('import', archer, '--json')).code).toBe(0)
  })
})
