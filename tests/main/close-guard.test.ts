import { describe, expect, it } from 'vitest'
import { CloseGuard, type CloseChoice } from '../../src/main/close-guard'
import type { MenuCommand } from '../../src/shared/ipc-contract'

/** A guard whose dialog answers `answer` (once the test resolves it) and which logs what it did. */
function guard(answer: CloseChoice) {
  const sent: MenuCommand[] = []
  const closed: boolean[] = []
  const asked: string[] = []
  let release = (): void => undefined
  const g = new CloseGuard({
    ask: (name) => {
      asked.push(name)
      return new Promise((resolve) => {
        release = () => resolve(answer)
      })
    },
    send: (c) => void sent.push(c),
    close: (quitting) => void closed.push(quitting),
  })
  const answered = async (): Promise<void> => {
    release()
    await new Promise((r) => setTimeout(r, 0))
  }
  return { g, sent, closed, asked, answered }
}

describe('closing the window with unsaved edits asks first', () => {
  it('a window without unsaved edits closes at once, without a question', () => {
    const { g, asked } = guard('save')
    g.setState({ dirty: false, name: 'duel.json' })
    expect(g.onClose()).toBe(false)
    expect(asked).toEqual([])
  })

  it('Save: the close waits, the page is told to save, and its approval closes the window', async () => {
    const { g, sent, closed, asked, answered } = guard('save')
    g.setState({ dirty: true, name: 'duel.json' })
    expect(g.onClose()).toBe(true)
    expect(g.onClose()).toBe(true) // a second click while the question is open asks nothing more
    expect(asked).toEqual(['duel.json'])
    await answered()
    expect(sent).toEqual([{ command: 'close', choice: 'save' }])
    expect(closed).toEqual([])
    g.approve()
    expect(closed).toEqual([false])
    expect(g.onClose()).toBe(false) // the approved close goes through
  })

  it("Don't Save during a quit: the page discards, and the approval quits the app", async () => {
    const { g, sent, closed, answered } = guard('discard')
    g.setState({ dirty: true, name: 'Untitled' })
    g.quitRequested()
    expect(g.onClose()).toBe(true)
    await answered()
    expect(sent).toEqual([{ command: 'close', choice: 'discard' }])
    g.approve()
    expect(closed).toEqual([true])
  })

  it('Cancel keeps the window and its edits, and forgets the quit it interrupted', async () => {
    const { g, sent, closed, answered } = guard('cancel')
    g.setState({ dirty: true, name: 'duel.json' })
    g.quitRequested()
    expect(g.onClose()).toBe(true)
    await answered()
    expect(sent).toEqual([])
    expect(closed).toEqual([])
    expect(g.onClose()).toBe(true) // still guarded: the next close asks again
    await answered()
    g.approve()
    expect(closed).toEqual([false])
  })

  it('a new window starts clean: no stale approval, state or quit from the last one', async () => {
    const { g, closed } = guard('save')
    g.setState({ dirty: true, name: 'a.json' })
    g.quitRequested()
    g.approve()
    g.windowOpened()
    expect(g.onClose()).toBe(false)
    g.setState({ dirty: true, name: 'b.json' })
    expect(g.onClose()).toBe(true)
    g.approve()
    expect(closed).toEqual([true, false])
  })
})
