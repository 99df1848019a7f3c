import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { CloseChoice } from '../../src/main/close-guard'
import { AppWindows, type DesktopWindow, type WindowContext } from '../../src/main/desktop/app-windows'
import { DraftOwners } from '../../src/main/desktop/draft-owners'
import type { Dialogs } from '../../src/main/ipc/file-handlers'
import { createHandlers, type Handlers } from '../../src/main/ipc/handlers'
import { AutosaveStore } from '../../src/main/services/autosave'
import { FileService } from '../../src/main/services/files'
import { RecentFiles } from '../../src/main/services/recent'
import type { SimulationService } from '../../src/main/services/simulation'
import type { EventContract, MenuCommand } from '../../src/shared/ipc-contract'

/** A window as Electron would drive it: the test fires its events and reads what the app did to it. */
class FakeWindow implements DesktopWindow {
  static nextId = 1
  readonly id = FakeWindow.nextId++
  title = ''
  destroyed = false
  minimized = false
  log: string[] = []
  sent: MenuCommand[] = []
  private closeListeners: ((prevent: () => void) => void)[] = []
  private closedListeners: (() => void)[] = []
  private goneListeners: (() => void)[] = []
  private focusListeners: (() => void)[] = []

  setTitle(t: string): void {
    this.title = t
  }
  setDocumentEdited(e: boolean): void {
    this.log.push(`edited ${e}`)
  }
  setRepresentedFilename(p: string): void {
    this.log.push(`file ${p}`)
  }
  send<E extends keyof EventContract>(channel: E, payload: EventContract[E]): void {
    if (channel === 'menu:command') this.sent.push(payload as MenuCommand)
  }
  isDestroyed(): boolean {
    return this.destroyed
  }
  isMinimized(): boolean {
    return this.minimized
  }
  restore(): void {
    this.minimized = false
    this.log.push('restore')
  }
  focus(): void {
    this.log.push('focus')
    this.focusListeners.forEach((l) => l())
  }
  /** The user (or the app) closes the window; it goes unless a listener prevents it. */
  close(): void {
    let prevented = false
    this.closeListeners.forEach((l) => l(() => (prevented = true)))
    if (prevented) return
    this.destroyed = true
    this.closedListeners.forEach((l) => l())
  }
  reload(): void {
    this.goneListeners.forEach((l) => l())
  }
  onClose(l: (prevent: () => void) => void): void {
    this.closeListeners.push(l)
  }
  onClosed(l: () => void): void {
    this.closedListeners.push(l)
  }
  onPageGone(l: () => void): void {
    this.goneListeners.push(l)
  }
  onFocus(l: () => void): void {
    this.focusListeners.push(l)
  }
}

const scenario = '{"system":"gurps-waits"}'
let dir = ''
let created: FakeWindow[]
let contexts: Map<number, WindowContext<FakeWindow>>
let errors: string[]
let answers: CloseChoice[]
let quits: number
let windows: AppWindows<FakeWindow>
let drafts: AutosaveStore

const noDialogs: Dialogs = {
  openScenario: async () => null,
  saveScenario: async () => null,
  confirmOverwriteChanged: async () => false,
  saveExport: async () => null,
}

function setUp(isMac = false): void {
  created = []
  contexts = new Map()
  errors = []
  answers = []
  quits = 0
  const files = new FileService()
  const recent = new RecentFiles(join(dir, 'recent.json'))
  drafts = new AutosaveStore(join(dir, 'autosave'))
  windows = new AppWindows<FakeWindow>({
    createWindow: () => {
      const w = new FakeWindow()
      created.push(w)
      return w
    },
    openFile: async (path) => {
      const file = await files.open(path)
      await recent.add(file.path)
      return file
    },
    showError: (message, detail) => void errors.push(`${message}: ${detail}`),
    ask: async () => answers.shift() ?? 'cancel',
    quit: () => void quits++,
    isMac,
    isKnownFile: (p) => files.isKnown(p),
    draftOwners: new DraftOwners(),
    defer: (f) => f(),
    makeHandlers: (ctx) => {
      contexts.set(ctx.windowId, ctx)
      return createHandlers({
        appVersion: '9.9.9',
        examplesDir: dir,
        simulation: {} as SimulationService,
        jobs: ctx.jobs,
        emit: ctx.emit,
        files,
        recent,
        drafts,
        dialogs: noDialogs,
        writeExport: async () => undefined,
        closeGuard: ctx.closeGuard,
        onWindowState: ctx.onWindowState,
        windowReady: ctx.windowReady,
        windowId: ctx.windowId,
        draftOwners: ctx.draftOwners,
      })
    },
  })
}

function handlers(w: FakeWindow): Handlers {
  const h = windows.handlersFor(w.id)
  if (!h) throw new Error(`window ${w.id} has no handlers`)
  return h
}

function scenarioFile(name: string): string {
  const path = join(dir, name)
  writeFileSync(path, scenario)
  return path
}

/** Lets the file reads and IPC replies in flight finish. */
const settle = (): Promise<void> => new Promise((r) => setTimeout(r, 20))

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'quickdraw-windows-'))
  setUp()
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

describe('a scenario file given on the command line or by a file association opens', () => {
  it('the first window opens with the launch\'s file, handed over when its page is ready', async () => {
    const duel = scenarioFile('duel.quickdraw.json')
    windows.start([duel])
    expect(created).toHaveLength(1)
    expect(await handlers(created[0])['window:ready']()).toEqual({ path: duel, name: 'duel.quickdraw.json', text: scenario })
    // Once: a reload of the page starts as a fresh window.
    expect(await handlers(created[0])['window:ready']()).toBeNull()
  })

  it('without a file the first window opens empty (it shows the first example)', async () => {
    windows.start([])
    expect(await handlers(created[0])['window:ready']()).toBeNull()
  })

  it('macOS open-file before the app is ready is kept and opened at start', async () => {
    const duel = scenarioFile('duel.json')
    await windows.openPaths([duel])
    expect(created).toHaveLength(0)
    windows.start([])
    expect((await handlers(created[0])['window:ready']())?.path).toBe(duel)
  })

  it('a file that cannot be opened is named in an error message, and the window opens anyway', async () => {
    windows.start([join(dir, 'gone.json')])
    expect(await handlers(created[0])['window:ready']()).toBeNull()
    expect(errors).toHaveLength(1)
    expect(errors[0]).toContain(`Quickdraw could not open ${join(dir, 'gone.json')}`)
  })
})

describe('single instance: a second launch hands its file to the running app', () => {
  it('a window showing nothing of the user\'s (an untouched example) gets the file, and comes forward', async () => {
    windows.start([])
    const [w] = created
    await handlers(w)['window:ready']()
    await handlers(w)['window:state']({ dirty: false, name: 'gurps-waits-standoff.json', path: null })
    w.minimized = true
    const duel = scenarioFile('duel.json')
    await windows.secondInstance([duel])
    expect(created).toHaveLength(1)
    expect(w.sent).toEqual([{ command: 'open-file', file: { path: duel, name: 'duel.json', text: scenario } }])
    expect(w.log).toEqual(['restore', 'focus'])
  })

  it('a window with unsaved edits keeps them: the file opens in a new window', async () => {
    windows.start([])
    const [first] = created
    await handlers(first)['window:ready']()
    await handlers(first)['window:state']({ dirty: true, name: 'Untitled', path: null })
    const duel = scenarioFile('duel.json')
    await windows.secondInstance([duel])
    expect(created).toHaveLength(2)
    expect(first.sent).toEqual([])
    expect((await handlers(created[1])['window:ready']())?.path).toBe(duel)
  })

  it('a window with a file of its own keeps it: the file opens in a new window', async () => {
    const ambush = scenarioFile('ambush.json')
    windows.start([ambush])
    await handlers(created[0])['window:ready']()
    await windows.secondInstance([scenarioFile('duel.json')])
    expect(created).toHaveLength(2)
    expect(created[0].sent).toEqual([])
  })

  it('a file already open in a window brings that window forward instead of opening it twice', async () => {
    const duel = scenarioFile('duel.json')
    windows.start([duel])
    const [w] = created
    await handlers(w)['window:ready']()
    await handlers(w)['window:state']({ dirty: true, name: 'duel.json', path: duel })
    w.log = []
    await windows.secondInstance([duel])
    expect(created).toHaveLength(1)
    expect(w.sent).toEqual([])
    expect(w.log).toEqual(['focus'])
  })

  it('two files from one launch open in two windows, never both in the same one', async () => {
    windows.start([])
    await handlers(created[0])['window:ready']()
    await windows.secondInstance([scenarioFile('a.json'), scenarioFile('b.json')])
    expect(created).toHaveLength(2)
    expect(created[0].sent.map((c) => (c.command === 'open-file' ? c.file.name : c.command))).toEqual(['a.json'])
    expect((await handlers(created[1])['window:ready']())?.name).toBe('b.json')
  })

  it('a second launch without a file brings the running window forward', async () => {
    windows.start([])
    const [w] = created
    w.minimized = true
    await windows.secondInstance([])
    expect(created).toHaveLength(1)
    expect(w.log).toEqual(['restore', 'focus'])
  })
})

describe('a shared scenario\'s link clicked elsewhere (quickdraw://open#scenario=…) opens in the app', () => {
  const link = 'quickdraw://open#scenario=abc'
  it('a window showing nothing of the user\'s gets the link, and comes forward', async () => {
    windows.start([])
    const [w] = created
    await handlers(w)['window:ready']()
    await windows.secondInstance([], [link])
    expect(created).toHaveLength(1)
    expect(w.sent).toEqual([{ command: 'open-link', link }])
    expect(w.log).toContain('focus')
  })

  it('a window with unsaved edits keeps them: the link opens in a new window, once its page is ready', async () => {
    windows.start([])
    const [w] = created
    await handlers(w)['window:ready']()
    await handlers(w)['window:state']({ dirty: true, name: 'duel.json', path: null })
    await windows.secondInstance([], [link])
    expect(created).toHaveLength(2)
    expect(w.sent).toEqual([])
    expect(created[1].sent).toEqual([])
    expect(await handlers(created[1])['window:ready']()).toBeNull()
    expect(created[1].sent).toEqual([{ command: 'open-link', link }])
  })

  it('two links of one launch open in two windows; a link before the app is ready (macOS) opens at start', async () => {
    windows.openLinks([link])
    expect(created).toHaveLength(0)
    windows.start([], ['quickdraw://open#scenario=second'])
    expect(created).toHaveLength(2)
    for (const w of created) await handlers(w)['window:ready']()
    expect(created.map((w) => w.sent)).toEqual([[{ command: 'open-link', link: 'quickdraw://open#scenario=second' }], [{ command: 'open-link', link }]])
  })
})

describe('window title', () => {
  it('follows the page: file name, unsaved star (Windows, Linux)', async () => {
    windows.start([])
    const [w] = created
    await handlers(w)['window:state']({ dirty: true, name: 'duel.json', path: null })
    expect(w.title).toBe('*duel.json — Quickdraw')
    await handlers(w)['window:state']({ dirty: false, name: 'duel.json', path: null })
    expect(w.title).toBe('duel.json — Quickdraw')
  })

  it('macOS: the unsaved dot and the represented file, for a file the app opened', async () => {
    setUp(true)
    const duel = scenarioFile('duel.json')
    windows.start([duel])
    const [w] = created
    await handlers(w)['window:ready']()
    await handlers(w)['window:state']({ dirty: true, name: 'duel.json', path: duel })
    expect(w.title).toBe('duel.json — Quickdraw')
    expect(w.log).toEqual(['edited true', `file ${duel}`])
  })

  it('refuses a malformed state, naming the field', async () => {
    windows.start([])
    await expect(handlers(created[0])['window:state']({ dirty: false, name: 'x', path: 42 })).rejects.toThrow(/window state: path/)
  })
})

describe('drafts belong to the window that wrote them', () => {
  const draft = (key: string) => ({ key, path: null, name: 'Untitled', text: '{"half": ' })

  it('a second window never offers another open window\'s live edits as left from a previous session', async () => {
    windows.start([])
    windows.openWindow()
    const [a, b] = created
    await handlers(a)['draft:write'](draft('ed-a'))
    expect(await handlers(b)['draft:list']()).toEqual([])
    // The window that wrote it still sees it (its own banner may offer it back).
    expect((await handlers(a)['draft:list']()).map((d) => d.key)).toEqual(['ed-a'])
  })

  it('Discard in another window never deletes a live window\'s draft', async () => {
    windows.start([])
    windows.openWindow()
    const [a, b] = created
    await handlers(a)['draft:write'](draft('ed-a'))
    await expect(handlers(b)['draft:clear']('ed-a')).rejects.toThrow('discard draft: that draft belongs to another open window, which is still editing it')
    await expect(handlers(b)['draft:write'](draft('ed-a'))).rejects.toThrow(/another open window/)
    expect(existsSync(join(dir, 'autosave', 'ed-a.json'))).toBe(true)
  })

  it('what a window left unsaved when it went (closed, crashed, reloaded) is offered to the others', async () => {
    windows.start([])
    windows.openWindow()
    windows.openWindow()
    const [a, b, c] = created
    await handlers(a)['draft:write'](draft('ed-a'))
    await handlers(c)['draft:write'](draft('ed-c'))
    a.close() // clean as far as the close guard knows: it closes at once
    c.reload()
    expect((await handlers(b)['draft:list']()).map((d) => d.key).sort()).toEqual(['ed-a', 'ed-c'])
    await handlers(b)['draft:clear']('ed-a')
    expect(existsSync(join(dir, 'autosave', 'ed-a.json'))).toBe(false)
  })

  it('drafts are capped in number: the oldest no open window is editing go first', async () => {
    windows.start([])
    const [a] = created
    const store = join(dir, 'autosave')
    // 25 drafts left from earlier sessions, oldest first.
    for (let i = 0; i < 25; i++) await new AutosaveStore(store, () => new Date(Date.UTC(2026, 0, 1, 0, i))).write(draft(`old-${String(i).padStart(2, '0')}`))
    await handlers(a)['draft:write'](draft('ed-live'))
    const left = (await drafts.list()).map((d) => d.key)
    expect(left).toHaveLength(20)
    expect(left).toContain('ed-live')
    expect(left).not.toContain('old-00')
    expect(left).toContain('old-24')
  })
})

describe('each window owns its runs and its close button', () => {
  it('closing a window cancels its own runs, not another window\'s', async () => {
    windows.start([])
    windows.openWindow()
    const [a, b] = created
    const signals: AbortSignal[] = []
    const hang = (ctx: WindowContext<FakeWindow> | undefined): Promise<unknown> => ctx!.jobs.track('job', 'run', (signal) => new Promise((resolve) => {
      signals.push(signal)
      signal.addEventListener('abort', resolve)
    }))
    const runA = hang(contexts.get(a.id))
    void hang(contexts.get(b.id))
    a.close()
    await runA
    expect(signals.map((s) => s.aborted)).toEqual([true, false])
    expect(windows.cancelAllJobs()).toBe(1)
  })

  it('a quit cancelled in one window does not turn a later close of another into a quit', async () => {
    windows.start([])
    windows.openWindow()
    const [a, b] = created
    await handlers(a)['window:state']({ dirty: true, name: 'a.json' })
    await handlers(b)['window:state']({ dirty: true, name: 'b.json' })
    windows.quitRequested()
    answers.push('cancel')
    a.close()
    await settle()
    expect(a.destroyed).toBe(false)
    // Later the user closes window b alone and throws its edits away.
    answers.push('discard')
    b.close()
    await settle()
    expect(b.sent).toEqual([{ command: 'close', choice: 'discard' }])
    await handlers(b)['window:close']()
    expect(quits).toBe(0)
    expect(b.destroyed).toBe(true)
    expect(a.destroyed).toBe(false)
  })

  it('a menu command goes to the window in front; with none open (macOS) a new window gets it once ready', async () => {
    windows.start([])
    const [a] = created
    windows.openWindow()
    const b = created[1]
    a.focus()
    // Sent while the page still loads: it arrives once the page is ready, not into the void.
    windows.sendCommand({ command: 'save' })
    expect(a.sent).toEqual([])
    await handlers(a)['window:ready']()
    expect(a.sent).toEqual([{ command: 'save' }])
    windows.sendCommand({ command: 'run' })
    expect(a.sent).toEqual([{ command: 'save' }, { command: 'run' }])
    a.close()
    b.close()
    windows.sendCommand({ command: 'open' })
    const c = created[2]
    expect(c.sent).toEqual([])
    await handlers(c)['window:ready']()
    expect(c.sent).toEqual([{ command: 'open' }])
  })

  it('only the app\'s own windows have handlers', () => {
    windows.start([])
    expect(windows.handlersFor(created[0].id)).toBeDefined()
    expect(windows.handlersFor(9999)).toBeUndefined()
    created[0].close()
    expect(windows.handlersFor(created[0].id)).toBeUndefined()
  })
})
