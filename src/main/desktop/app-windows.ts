import type { EventContract, MenuCommand, ScenarioFile, WindowState } from '../../shared/ipc-contract'
import { CloseGuard, type CloseChoice } from '../close-guard'
import type { Handlers } from '../ipc/handlers'
import { JobRegistry } from '../ipc/jobs'
import type { DraftOwners } from './draft-owners'
import { applyWindowState, type TitledWindow } from './window-title'

/** The parts of a BrowserWindow (and its webContents) the app's windows need; tests pass fakes. */
export interface DesktopWindow extends TitledWindow {
  /** The id its page's IPC messages carry (`webContents.id`). */
  readonly id: number
  send<E extends keyof EventContract>(channel: E, payload: EventContract[E]): void
  isDestroyed(): boolean
  isMinimized(): boolean
  restore(): void
  focus(): void
  close(): void
  /** The close button: `prevent` keeps the window open. */
  onClose(listener: (prevent: () => void) => void): void
  onClosed(listener: () => void): void
  /** The page went away but the window stays: a reload, a navigation, a crash. */
  onPageGone(listener: () => void): void
  onFocus(listener: () => void): void
}

/** What one window's IPC handlers are built from. */
export interface WindowContext<W extends DesktopWindow> {
  window: W
  windowId: number
  jobs: JobRegistry
  closeGuard: CloseGuard
  draftOwners: DraftOwners
  emit: <E extends keyof EventContract>(channel: E, payload: EventContract[E]) => void
  onWindowState: (state: WindowState) => void
  windowReady: () => Promise<ScenarioFile | null>
}

export interface AppWindowsDeps<W extends DesktopWindow> {
  createWindow(): W
  /** Reads a scenario file the user opened from outside the app (size checks, recent list). */
  openFile(path: string): Promise<ScenarioFile>
  /** Tells the user that a file could not be opened. */
  showError(message: string, detail: string): void
  /** Save / Don't Save / Cancel for a window with unsaved edits. */
  ask(window: W, name: string): Promise<CloseChoice>
  quit(): void
  isMac: boolean
  /** Whether the app opened or saved this path (only those become the macOS represented file). */
  isKnownFile(path: string): boolean
  draftOwners: DraftOwners
  makeHandlers(context: WindowContext<W>): Handlers
  /** Runs `f` after the current IPC reply has gone out (default `setImmediate`). */
  defer?: (f: () => void) => void
}

interface WindowRecord<W extends DesktopWindow> {
  window: W
  handlers: Handlers
  jobs: JobRegistry
  closeGuard: CloseGuard
  state: WindowState
  /** The page asked for its file (`window:ready`) and listens for commands. */
  ready: boolean
  /** The file this window was opened for, handed over once at `window:ready`. */
  initial: Promise<ScenarioFile | null> | null
  /** Commands for a page not ready yet (the menu used while no window was open). */
  queue: MenuCommand[]
}

/**
 * The app's windows and what each one owns: its IPC handlers, its runs (cancelled when its page goes),
 * its close guard, its drafts and its title. Files opened from outside the app (command line, file
 * association, a second launch, macOS open-file) go to the window already showing that file, else to a
 * window that shows nothing of the user's yet (no file, no edits), else to a new window: a file opened
 * from outside never replaces someone's work. Electron-free: main passes real windows, tests fakes.
 */
export class AppWindows<W extends DesktopWindow> {
  private readonly records = new Map<number, WindowRecord<W>>()
  /** Window ids, most recently focused last. */
  private focusOrder: number[] = []
  private started = false
  private readonly early: string[] = []
  private readonly earlyLinks: string[] = []

  constructor(private readonly deps: AppWindowsDeps<W>) {}

  /** The app is ready: opens the first window, with the launch's files (and any macOS sent earlier). */
  start(paths: readonly string[], links: readonly string[] = []): void {
    this.started = true
    const all = [...paths, ...this.early.splice(0)]
    const allLinks = [...links, ...this.earlyLinks.splice(0)]
    if (all.length === 0 && allLinks.length === 0) this.openWindow()
    else {
      void this.openPaths(all)
      this.openLinks(allLinks)
    }
  }

  /**
   * Opens shared scenarios' links from outside the app (a `quickdraw:` link clicked in a chat or a
   * browser; before `start`, kept until the app is ready). Like a file, a link never replaces someone's
   * work: it goes to a window that shows nothing of the user's yet, else to a new window, whose page opens
   * it as an unsaved scenario (or says why it cannot).
   */
  openLinks(links: readonly string[]): void {
    if (!this.started) {
      this.earlyLinks.push(...links)
      return
    }
    for (const link of links) {
      const target = this.reusable()?.window ?? this.openWindow()
      const r = this.records.get(target.id)
      if (!r) continue
      // Taken at once, so a second link of the same launch goes elsewhere (the page then says what it shows).
      if (r.ready) {
        r.state = { ...r.state, dirty: true }
        this.send(target.id, { command: 'open-link', link })
      } else {
        r.initial ??= Promise.resolve(null)
        r.queue.push({ command: 'open-link', link })
      }
      this.bringForward(target)
    }
  }

  /** A new window; `initial` is the file it opens with (otherwise it shows the first example). */
  openWindow(initial: Promise<ScenarioFile | null> | null = null): W {
    const window = this.deps.createWindow()
    const id = window.id
    const jobs = new JobRegistry()
    const closeGuard = new CloseGuard({
      ask: (name) => this.deps.ask(window, name),
      send: (command) => this.send(id, command),
      close: (quitting) => (quitting ? this.deps.quit() : window.close()),
      cancelled: () => {
        for (const r of this.records.values()) r.closeGuard.quitCancelled()
      },
    })
    closeGuard.windowOpened()
    const record: WindowRecord<W> = { window, jobs, closeGuard, handlers: {} as Handlers, state: { dirty: false, name: '', path: null }, ready: false, initial, queue: [] }
    record.handlers = this.deps.makeHandlers({
      window,
      windowId: id,
      jobs,
      closeGuard,
      draftOwners: this.deps.draftOwners,
      emit: (channel, payload) => this.emitTo(id, channel, payload),
      onWindowState: (state) => this.stateChanged(id, state),
      windowReady: () => this.pageReady(id),
    })
    this.records.set(id, record)
    this.focusOrder.push(id)
    window.onFocus(() => {
      this.focusOrder = [...this.focusOrder.filter((x) => x !== id), id]
    })
    window.onClose((prevent) => {
      if (closeGuard.onClose()) prevent()
    })
    window.onPageGone(() => this.pageGone(id))
    window.onClosed(() => {
      this.pageGone(id)
      this.records.delete(id)
      this.focusOrder = this.focusOrder.filter((x) => x !== id)
    })
    return window
  }

  /** The handlers of the window whose page sent an IPC message; undefined for anything not ours. */
  handlersFor(senderId: number): Handlers | undefined {
    return this.records.get(senderId)?.handlers
  }

  /** Whether `senderId` is the page of one of the app's own windows. */
  isOwnWindow(senderId: number): boolean {
    return this.records.has(senderId)
  }

  get count(): number {
    return this.records.size
  }

  /** The window the user used last, if any is open. */
  focused(): W | undefined {
    const id = this.focusOrder[this.focusOrder.length - 1]
    return id === undefined ? undefined : this.records.get(id)?.window
  }

  /** A menu command goes to the window in front; with none open (macOS), a new window gets it. */
  sendCommand(command: MenuCommand): void {
    const target = this.focused() ?? this.openWindow()
    const r = this.records.get(target.id)
    // A page still loading would miss it: it gets it once it is ready.
    if (r && !r.ready) r.queue.push(command)
    else this.send(target.id, command)
  }

  /** Tells every window (say, that the recent files changed). */
  broadcast(command: MenuCommand): void {
    for (const id of this.records.keys()) this.send(id, command)
  }

  /**
   * A second launch of the app: it quits, handing over its files. They open here; with none, the
   * window in front comes forward (a second launch from the dock or start menu means "show me the app").
   */
  async secondInstance(paths: readonly string[], links: readonly string[] = []): Promise<void> {
    if (links.length > 0) this.openLinks(links)
    if (paths.length > 0 || !this.started) return this.openPaths(paths)
    if (links.length > 0) return
    if (this.count === 0) this.openWindow()
    else this.bringForward(this.focused())
  }

  /** Opens files from outside the app (before `start`, macOS open-file: kept until the app is ready). */
  async openPaths(paths: readonly string[]): Promise<void> {
    if (!this.started) {
      this.early.push(...paths)
      return
    }
    for (const path of paths) await this.openPath(path)
  }

  /** Every window's runs and searches stop (the app is quitting). */
  cancelAllJobs(): number {
    let n = 0
    for (const r of this.records.values()) n += r.jobs.cancelAll()
    return n
  }

  /** An app quit started: every window asks about its unsaved edits as it closes, and an approval quits. */
  quitRequested(): void {
    for (const r of this.records.values()) r.closeGuard.quitRequested()
  }

  private async openPath(path: string): Promise<void> {
    const showing = [...this.records.values()].find((r) => r.state.path === path)
    if (showing) return this.bringForward(showing.window)
    const target = this.reusable()
    const file = this.deps.openFile(path).catch((e: unknown) => {
      this.deps.showError(`Quickdraw could not open ${path}`, e instanceof Error ? e.message : String(e))
      return null
    })
    if (!target) {
      this.openWindow(file)
      await file
      return
    }
    if (!target.ready) {
      target.initial = file
      await file
      return
    }
    // Marked as taken before the file is read, so a second file of the same launch goes elsewhere.
    target.state = { ...target.state, path }
    const opened = await file
    if (opened) this.send(target.window.id, { command: 'open-file', file: opened })
    else target.state = { ...target.state, path: null }
    this.bringForward(target.window)
  }

  /** The window in front that shows nothing of the user's: no file, no unsaved edits, none coming. */
  private reusable(): WindowRecord<W> | undefined {
    for (const id of [...this.focusOrder].reverse()) {
      const r = this.records.get(id)
      if (r && !r.window.isDestroyed() && !r.state.dirty && !r.state.path && r.initial === null) return r
    }
    return undefined
  }

  private bringForward(window: W | undefined): void {
    if (!window || window.isDestroyed()) return
    if (window.isMinimized()) window.restore()
    window.focus()
  }

  private stateChanged(id: number, state: WindowState): void {
    const r = this.records.get(id)
    if (!r) return
    r.state = { dirty: state.dirty, name: state.name, path: state.path ?? null }
    applyWindowState(r.window, r.state, this.deps.isMac, this.deps.isKnownFile)
  }

  private async pageReady(id: number): Promise<ScenarioFile | null> {
    const r = this.records.get(id)
    if (!r) return null
    const initial = r.initial
    r.initial = null
    r.ready = true
    const queued = r.queue.splice(0)
    if (queued.length > 0) (this.deps.defer ?? setImmediate)(() => queued.forEach((c) => this.send(id, c)))
    const file = initial ? await initial : null
    if (file) r.state = { ...r.state, path: file.path }
    return file
  }

  /** Its runs stop and its drafts are left behind for the others to offer; a reload starts clean. */
  private pageGone(id: number): void {
    const r = this.records.get(id)
    if (!r) return
    r.jobs.cancelAll()
    this.deps.draftOwners.release(id)
    r.ready = false
    r.state = { dirty: false, name: '', path: null }
    r.closeGuard.windowOpened()
  }

  private send(id: number, command: MenuCommand): void {
    this.emitTo(id, 'menu:command', command)
  }

  private emitTo<E extends keyof EventContract>(id: number, channel: E, payload: EventContract[E]): void {
    const r = this.records.get(id)
    if (r && !r.window.isDestroyed()) r.window.send(channel, payload)
  }
}
