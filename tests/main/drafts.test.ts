import { mkdtempSync, readdirSync, rmSync, writeFileSync, mkdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { AutosaveStore, MAX_DRAFT_BYTES, MAX_DRAFTS } from '../../src/main/services/autosave'
import { RecentFiles } from '../../src/main/services/recent'
import { recentDocuments } from '../../src/main/desktop/recent-documents'

let dir = ''
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'quickdraw-drafts-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

const at = (minute: number) => () => new Date(Date.UTC(2026, 0, 1, 0, minute))

describe('drafts are capped in size and count', () => {
  it('a draft larger than a scenario file may be is refused with a message, and nothing is written', async () => {
    const store = new AutosaveStore(join(dir, 'autosave'))
    // Characters are not bytes: 1 M "é" is 2 MB of UTF-8 plus one byte.
    const text = `${'é'.repeat(MAX_DRAFT_BYTES / 2)}x`
    await expect(store.write({ key: 'ed-1', path: null, name: 'Big', text })).rejects.toThrow(/autosave: the scenario is larger than 2 MB, so no draft was kept/)
    expect(await store.list()).toEqual([])
  })

  it('a huge file in the drafts folder is not read back as a draft', async () => {
    mkdirSync(join(dir, 'autosave'))
    writeFileSync(join(dir, 'autosave', 'ed-big.json'), JSON.stringify({ key: 'ed-big', text: 'x'.repeat(4 * MAX_DRAFT_BYTES + 10) }))
    expect(await new AutosaveStore(join(dir, 'autosave')).list()).toEqual([])
  })

  it(`prune keeps the newest ${MAX_DRAFTS}, never one an open window is editing`, async () => {
    const folder = join(dir, 'autosave')
    for (let i = 0; i < MAX_DRAFTS + 3; i++) await new AutosaveStore(folder, at(i)).write({ key: `d-${String(i).padStart(2, '0')}`, path: null, name: 'x', text: '{}' })
    const store = new AutosaveStore(folder)
    // d-00 is the oldest but still open in a window: d-01, d-02, d-03 go instead.
    expect(await store.prune((key) => key === 'd-00')).toEqual(['d-01', 'd-02', 'd-03'])
    expect(readdirSync(folder).sort()).toHaveLength(MAX_DRAFTS)
    expect(await store.prune(() => false)).toEqual([])
  })
})

describe('Clear Recent', () => {
  it('forgets every recent file, also after a restart', async () => {
    const store = join(dir, 'recent.json')
    const recent = new RecentFiles(store)
    await recent.add('/g/duel.json')
    await recent.clear()
    expect(await recent.list()).toEqual([])
    expect(await new RecentFiles(store).list()).toEqual([])
  })
})

describe('recent files feed the system\'s recent documents', () => {
  function setUp() {
    const log: string[] = []
    const recent = new RecentFiles(join(dir, 'recent.json'))
    const docs = recentDocuments({
      recent,
      system: { addRecentDocument: (p) => void log.push(`system add ${p}`), clearRecentDocuments: () => void log.push('system clear') },
      rebuildMenu: () => void log.push('menu'),
      broadcast: (c) => void log.push(`windows ${c.command}`),
    })
    return { log, recent, docs }
  }

  it('a file opened or saved goes to the system\'s recent documents, the menu and every window', () => {
    const { log, docs } = setUp()
    docs.changed('/g/duel.json')
    expect(log).toEqual(['system add /g/duel.json', 'menu', 'windows recent-changed'])
  })

  it('Clear Recent empties the app\'s list and the system\'s, and the menu and windows follow', async () => {
    const { log, recent, docs } = setUp()
    await recent.add('/g/duel.json')
    await docs.clear()
    expect(await recent.list()).toEqual([])
    expect(log).toEqual(['system clear', 'menu', 'windows recent-changed'])
  })
})
