import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { writeFileAtomic } from '../../src/main/services/atomic-write'
import { AutosaveStore } from '../../src/main/services/autosave'
import { FileService } from '../../src/main/services/files'
import { MAX_RECENT, RecentFiles } from '../../src/main/services/recent'

let dir = ''
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'quickdraw-files-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

describe('file service', () => {
  it('opens a file and saves it back atomically, leaving no temporary file behind', async () => {
    const path = join(dir, 'duel.json')
    writeFileSync(path, '{"a":1}')
    const files = new FileService()
    const opened = await files.open(path)
    expect(opened).toEqual({ path, name: 'duel.json', text: '{"a":1}' })
    const saved = await files.save(path, '{"a":2}')
    expect(saved.status).toBe('saved')
    expect(readFileSync(path, 'utf8')).toBe('{"a":2}')
    expect(readdirSync(dir)).toEqual(['duel.json'])
  })

  it('reports a conflict instead of overwriting a file that changed on disk since it was opened', async () => {
    const path = join(dir, 'duel.json')
    writeFileSync(path, 'v1')
    const files = new FileService()
    await files.open(path)
    writeFileSync(path, 'changed by git')
    expect(await files.save(path, 'mine')).toEqual({ status: 'conflict', path })
    expect(readFileSync(path, 'utf8')).toBe('changed by git')
    expect((await files.save(path, 'mine', true)).status).toBe('saved')
    expect(readFileSync(path, 'utf8')).toBe('mine')
  })

  it('saving twice in a row is no conflict: the app remembers what it wrote', async () => {
    const path = join(dir, 'new.json')
    const files = new FileService()
    expect((await files.save(path, 'one')).status).toBe('saved')
    expect((await files.save(path, 'two')).status).toBe('saved')
    expect(files.isKnown(path)).toBe(true)
  })

  it('a file the app has not seen this session (a recovered draft\'s target) is a conflict until confirmed', async () => {
    const path = join(dir, 'duel.json')
    writeFileSync(path, 'edited elsewhere after the crash')
    const files = new FileService()
    expect(await files.save(path, 'draft')).toEqual({ status: 'conflict', path })
    expect(readFileSync(path, 'utf8')).toBe('edited elsewhere after the crash')
  })

  it('an export of bytes (a PNG) is written whole, byte for byte, with no temporary file left', async () => {
    const path = join(dir, 'chart.png')
    writeFileSync(path, 'an older chart')
    const bytes = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0xff])
    await writeFileAtomic(path, bytes)
    expect([...readFileSync(path)]).toEqual([...bytes])
    expect(readdirSync(dir)).toEqual(['chart.png'])
  })

  it('a write that fails leaves the old file as it was and no temporary file', async () => {
    const path = join(dir, 'duel.json')
    writeFileSync(path, 'v1')
    // Renaming a file over a non-empty folder fails after the temporary file was written.
    const folder = join(dir, 'folder')
    mkdirSync(folder)
    writeFileSync(join(folder, 'inside'), 'x')
    await expect(writeFileAtomic(folder, 'v2')).rejects.toThrow()
    expect(readFileSync(path, 'utf8')).toBe('v1')
    expect(readdirSync(dir).sort()).toEqual(['duel.json', 'folder'])
  })

  it('refuses a folder and names what is wrong', async () => {
    await expect(new FileService().open(dir)).rejects.toThrow(/is not a file/)
  })
})

describe('recent files', () => {
  it('keeps the newest first, without duplicates, at most ten, and survives a restart', async () => {
    const store = join(dir, 'recent.json')
    const recent = new RecentFiles(store)
    for (let i = 0; i < MAX_RECENT + 2; i++) await recent.add(join(dir, `s${i}.json`))
    await recent.add(join(dir, 's5.json'))
    const list = await new RecentFiles(store).list()
    expect(list).toHaveLength(MAX_RECENT)
    expect(list[0]).toEqual({ path: join(dir, 's5.json'), name: 's5.json' })
    expect(list.filter((r) => r.name === 's5.json')).toHaveLength(1)
    expect(list.some((r) => r.name === 's0.json')).toBe(false)
  })

  it('treats a damaged store as an empty list', async () => {
    const store = join(dir, 'recent.json')
    writeFileSync(store, '{not json')
    expect(await new RecentFiles(store).list()).toEqual([])
  })
})

describe('autosave', () => {
  it('keeps a draft until it is cleared, so it can be offered back after a crash', async () => {
    const drafts = new AutosaveStore(join(dir, 'autosave'), () => new Date('2025-01-02T03:04:05Z'))
    await drafts.write({ key: 'ed-1', path: null, name: 'Untitled', text: '{"name":"x"}' })
    const after = await new AutosaveStore(join(dir, 'autosave')).list()
    expect(after).toEqual([{ key: 'ed-1', path: null, name: 'Untitled', text: '{"name":"x"}', savedAt: '2025-01-02T03:04:05.000Z' }])
    await drafts.clear('ed-1')
    expect(await drafts.list()).toEqual([])
  })

  it('refuses a key that could escape the folder', async () => {
    const drafts = new AutosaveStore(join(dir, 'autosave'))
    await expect(drafts.write({ key: '../evil', path: null, name: 'x', text: '' })).rejects.toThrow(/draft key/)
  })
})
