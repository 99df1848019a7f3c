// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest'
import { browserFiles, MAX_BROWSER_DRAFTS, type DraftLocks } from './browser-files'

/** Web Locks shared by the tabs of one browser: each tab's locks go when the tab closes. */
function lockManager() {
  const held = new Map<string, string>()
  const tab = (id: string): DraftLocks & { close(): void } => ({
    async request(name, callback) {
      held.set(name, id)
      await callback()
      held.delete(name)
    },
    async query() {
      return { held: [...held.keys()].map((name) => ({ name })) }
    },
    close() {
      for (const [name, owner] of held) if (owner === id) held.delete(name)
    },
  })
  return { tab }
}

describe('browser files (downloads and local storage)', () => {
  beforeEach(() => localStorage.clear())

  it('a saved scenario joins the recent list and can be reopened from it with its text', async () => {
    const files = browserFiles(localStorage)
    const out = await files.saveFile({ path: null, text: '{"a":1}', suggestedName: 'duel.json' })
    expect(out).toEqual({ status: 'saved', file: { path: 'duel.json', name: 'duel.json', text: '{"a":1}' } })
    await files.saveFile({ path: 'duel.json', text: '{"a":2}' })
    expect(await files.recent()).toEqual([{ path: 'duel.json', name: 'duel.json' }])
    expect((await files.openRecent('duel.json')).text).toBe('{"a":2}')
    await expect(files.openRecent('other.json')).rejects.toThrow(/not in the recent list/)
  })

  it('drafts survive a reload of the page until cleared; a damaged one is dropped', async () => {
    await browserFiles(localStorage).writeDraft({ key: 'ed-1', path: null, name: 'Untitled', text: '{"half":' })
    localStorage.setItem('quickdraw.draft.bad', '{not json')
    const again = browserFiles(localStorage)
    expect((await again.drafts()).map((d) => [d.key, d.text])).toEqual([['ed-1', '{"half":']])
    await again.clearDraft('ed-1')
    expect(await again.drafts()).toEqual([])
  })

  it('a second tab never offers another open tab\'s live draft as from a previous session, nor deletes it', async () => {
    const browser = lockManager()
    const [a, b] = [browser.tab('a'), browser.tab('b')]
    const tabA = browserFiles(localStorage, a)
    const tabB = browserFiles(localStorage, b)
    await tabA.writeDraft({ key: 'ed-a', path: null, name: 'Untitled', text: '{"half":' })
    expect(await tabB.drafts()).toEqual([])
    await expect(tabB.clearDraft('ed-a')).rejects.toThrow('discard draft: that draft belongs to another open tab, which is still editing it')
    expect(localStorage.getItem('quickdraw.draft.ed-a')).not.toBeNull()
    // Tab A closes (or crashes) with the edits unsaved: now they are offered, and may be discarded.
    a.close()
    expect((await tabB.drafts()).map((d) => d.key)).toEqual(['ed-a'])
    await tabB.clearDraft('ed-a')
    expect(await tabB.drafts()).toEqual([])
  })

  it(`keeps at most ${MAX_BROWSER_DRAFTS} drafts, dropping the oldest no tab is editing`, async () => {
    for (let i = 0; i < MAX_BROWSER_DRAFTS + 2; i++) localStorage.setItem(`quickdraw.draft.old-${i}`, JSON.stringify({ key: `old-${i}`, path: null, name: 'x', text: '{}', savedAt: `2026-01-01T00:${String(i).padStart(2, '0')}:00.000Z` }))
    const files = browserFiles(localStorage, lockManager().tab('a'))
    await files.writeDraft({ key: 'ed-new', path: null, name: 'x', text: '{}' })
    const keys = (await files.drafts()).map((d) => d.key)
    expect(keys).toHaveLength(MAX_BROWSER_DRAFTS)
    expect(keys).toContain('ed-new')
    expect(keys).not.toContain('old-0')
    expect(keys).not.toContain('old-2')
    expect(keys).toContain('old-3')
  })
})
