import { describe, expect, it } from 'vitest'
import { applyWindowState } from '../../src/main/desktop/window-title'
import { windowTitle } from '../../src/shared/window-title'

function fakeWindow() {
  const calls: string[] = []
  return {
    calls,
    setTitle: (t: string) => void calls.push(`title ${t}`),
    setDocumentEdited: (e: boolean) => void calls.push(`edited ${e}`),
    setRepresentedFilename: (p: string) => void calls.push(`file ${p}`),
  }
}

describe('the window title shows the file and whether it has unsaved edits', () => {
  it('Windows and Linux: the file name, a star while edits are unsaved, then the app', () => {
    expect(windowTitle({ dirty: false, name: 'duel.json', path: '/g/duel.json' }, false)).toBe('duel.json — Quickdraw')
    expect(windowTitle({ dirty: true, name: 'duel.json', path: '/g/duel.json' }, false)).toBe('*duel.json — Quickdraw')
    expect(windowTitle({ dirty: false, name: '' }, false)).toBe('Quickdraw')
  })

  it('macOS: no star; the close button shows the unsaved dot and the title bar the file', () => {
    const w = fakeWindow()
    applyWindowState(w, { dirty: true, name: 'duel.json', path: '/g/duel.json' }, true, () => true)
    expect(w.calls).toEqual(['title duel.json — Quickdraw', 'edited true', 'file /g/duel.json'])
  })

  it('macOS shows as the represented file only a file the app opened or saved, not a path the page claims', () => {
    const w = fakeWindow()
    applyWindowState(w, { dirty: false, name: 'passwd', path: '/etc/passwd' }, true, () => false)
    expect(w.calls).toEqual(['title passwd — Quickdraw', 'edited false', 'file '])
  })

  it('Windows and Linux touch only the title', () => {
    const w = fakeWindow()
    applyWindowState(w, { dirty: true, name: 'duel.json', path: '/g/duel.json' }, false, () => true)
    expect(w.calls).toEqual(['title *duel.json — Quickdraw'])
  })

  it('control characters and text-direction overrides in a name never reach the title bar', () => {
    expect(windowTitle({ dirty: false, name: 'duel\n.json' }, false)).toBe('duel .json — Quickdraw')
    expect(windowTitle({ dirty: false, name: 'evil\u202Enosj.exe' }, false)).toBe('evil nosj.exe — Quickdraw')
  })
})
