// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest'
import { browserFiles } from './browser-files'

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
})
