import { EventEmitter } from 'node:events'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import Module, { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { MenuItemConstructorOptions } from 'electron'
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { invokeChannels } from '../../src/shared/ipc-contract'
import { requireBuild, root } from '../helpers'

/**
 * The built main entry (out/main/index.js) started against a stand-in for the `electron` module, since
 * Electron itself cannot run on these machines: the wiring of the single-instance lock, the app://
 * protocol, the IPC seam, the windows and the menu is checked as Electron would drive it.
 */

type Listener = (...args: unknown[]) => unknown

class FakeWebContents extends EventEmitter {
  static next = 100
  readonly id = FakeWebContents.next++
  url = ''
  sent: [string, unknown][] = []
  openHandler: ((d: { url: string }) => { action: string }) | null = null
  send(channel: string, payload: unknown): void {
    this.sent.push([channel, payload])
  }
  setWindowOpenHandler(h: (d: { url: string }) => { action: string }): void {
    this.openHandler = h
  }
  async loadURL(url: string): Promise<void> {
    this.url = url
  }
}

function fakeElectron(opts: { lock: boolean; userData: string }) {
  const windows: FakeBrowserWindow[] = []
  const handlers = new Map<string, Listener>()
  const log: string[] = []
  let schemes: unknown[] = []
  let protocolHandler: ((r: { url: string }) => Promise<Response>) | null = null
  let menu: MenuItemConstructorOptions[] = []
  let lockData: unknown
  let ready: () => void = () => undefined
  const whenReady = new Promise<void>((r) => (ready = r))

  class FakeBrowserWindow extends EventEmitter {
    webContents = new FakeWebContents()
    title = ''
    destroyed = false
    constructor(readonly options: { webPreferences: Record<string, unknown>; icon?: string }) {
      super()
      windows.push(this)
    }
    static getAllWindows(): FakeBrowserWindow[] {
      return windows.filter((w) => !w.destroyed)
    }
    loadURL(url: string): Promise<void> {
      return this.webContents.loadURL(url)
    }
    setTitle(t: string): void {
      this.title = t
    }
    setDocumentEdited(): void {}
    setRepresentedFilename(): void {}
    isDestroyed(): boolean {
      return this.destroyed
    }
    isMinimized(): boolean {
      return false
    }
    restore(): void {}
    focus(): void {
      this.emit('focus')
    }
    show(): void {}
    close(): void {
      let prevented = false
      this.emit('close', { preventDefault: () => (prevented = true) })
      if (prevented) return
      this.destroyed = true
      this.emit('closed')
    }
  }

  const app = Object.assign(new EventEmitter(), {
    isPackaged: false,
    requestSingleInstanceLock: (data: unknown) => {
      lockData = data
      return opts.lock
    },
    quit: () => void log.push('quit'),
    whenReady: () => whenReady,
    getPath: () => opts.userData,
    getVersion: () => '9.9.9',
    addRecentDocument: (p: string) => void log.push(`recent ${p}`),
    clearRecentDocuments: () => void log.push('recent cleared'),
  })
  const electron = {
    app,
    BrowserWindow: FakeBrowserWindow,
    dialog: { showMessageBox: async () => ({ response: 0 }), showOpenDialog: async () => ({ canceled: true, filePaths: [] }), showSaveDialog: async () => ({ canceled: true }) },
    Menu: { buildFromTemplate: (t: MenuItemConstructorOptions[]) => t, setApplicationMenu: (t: MenuItemConstructorOptions[]) => void (menu = t) },
    protocol: {
      registerSchemesAsPrivileged: (s: unknown[]) => void (schemes = s),
      handle: (scheme: string, h: (r: { url: string }) => Promise<Response>) => {
        log.push(`protocol ${scheme}`)
        protocolHandler = h
      },
    },
    session: { defaultSession: { setPermissionRequestHandler: () => undefined, setPermissionCheckHandler: () => undefined } },
    shell: { openExternal: async (u: string) => void log.push(`open ${u}`) },
    ipcMain: { handle: (channel: string, h: Listener) => void handlers.set(channel, h) },
  }
  return {
    electron,
    app,
    windows,
    handlers,
    log,
    ready,
    get schemes() {
      return schemes
    },
    get lockData() {
      return lockData
    },
    get protocolHandler() {
      return protocolHandler
    },
    get menu() {
      return menu
    },
  }
}

type Fake = ReturnType<typeof fakeElectron>
const entry = join(root, 'out', 'main', 'index.js')
const nodeRequire = createRequire(import.meta.url)
let dir = ''
const savedArgv = process.argv
const savedRendererUrl = process.env.ELECTRON_RENDERER_URL

/** Loads the built main entry with `argv`, its `require('electron')` answered by the stand-in. */
function start(fake: Fake, argv: string[]): void {
  const load = (Module as unknown as { _load: (request: string, ...rest: unknown[]) => unknown })._load
  const original = load
  ;(Module as unknown as { _load: typeof load })._load = (request, ...rest) => (request === 'electron' ? fake.electron : original(request, ...rest))
  process.argv = argv
  delete process.env.ELECTRON_RENDERER_URL
  try {
    for (const key of Object.keys(nodeRequire.cache)) if (key.startsWith(join(root, 'out', 'main'))) delete nodeRequire.cache[key]
    nodeRequire(entry)
  } finally {
    ;(Module as unknown as { _load: typeof load })._load = original
    process.argv = savedArgv
  }
}

const page = 'app://quickdraw/index.html'

/** What an IPC invoke from a window's page looks like to main. */
function invoke(fake: Fake, channel: string, from: { webContents: FakeWebContents } | { id: number; url: string }, ...args: unknown[]): Promise<unknown> {
  const sender = 'webContents' in from ? { id: from.webContents.id, url: from.webContents.url } : from
  const handler = fake.handlers.get(channel)
  if (!handler) throw new Error(`no handler for ${channel}`)
  return Promise.resolve().then(() => handler({ sender: { id: sender.id }, senderFrame: { parent: null, url: sender.url } }, ...args))
}

const tick = (): Promise<void> => new Promise((r) => setTimeout(r, 30))
/** Waits for something main does after reading files (the menu is built once the recent list is read): on a loaded machine that takes more than one tick. */
async function until(done: () => boolean, what: string): Promise<void> {
  for (let waited = 0; !done(); waited += 30) {
    if (waited > 20_000) throw new Error(`gave up waiting for ${what}`)
    await tick()
  }
}

beforeAll(() => requireBuild())
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'quickdraw-main-'))
})
afterEach(() => {
  rmSync(dir, { recursive: true, force: true })
  if (savedRendererUrl !== undefined) process.env.ELECTRON_RENDERER_URL = savedRendererUrl
})

describe('the built main process, started by a stand-in Electron', () => {
  it('a second launch: it finds the lock taken, hands over its files and quits without opening anything', async () => {
    const fake = fakeElectron({ lock: false, userData: dir })
    const duel = join(dir, 'duel.quickdraw.json')
    const link = 'quickdraw://open#scenario=abc'
    start(fake, ['/opt/Quickdraw/quickdraw', duel, link, '--some-switch'])
    expect(fake.lockData).toEqual({ files: [duel], links: [link] })
    expect(fake.log).toEqual(['quit'])
    fake.ready()
    await tick()
    expect(fake.windows).toHaveLength(0)
    expect(fake.handlers.size).toBe(0)
  })

  it('the first launch opens its file in a window served from app://, and a second launch\'s file in another', async () => {
    const fake = fakeElectron({ lock: true, userData: dir })
    const duel = join(dir, 'duel.quickdraw.json')
    writeFileSync(duel, '{"system":"gurps-waits"}')
    start(fake, ['/opt/Quickdraw/quickdraw', duel])
    // Registered before the app is ready, as Electron requires.
    expect(fake.schemes).toEqual([{ scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true } }])
    fake.ready()
    await until(() => fake.windows.length > 0, 'the first window')
    expect(fake.log).toContain('protocol app')
    expect([...fake.handlers.keys()].sort()).toEqual([...invokeChannels].sort())
    expect(fake.windows).toHaveLength(1)
    const [first] = fake.windows
    expect(first.webContents.url).toBe(page)
    expect(first.options.webPreferences).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false })
    // on Linux the window carries the app icon (npm start has no installed .desktop entry to take it from)
    if (process.platform === 'linux') expect(existsSync(first.options.icon as string), first.options.icon).toBe(true)
    expect(await invoke(fake, 'window:ready', first)).toEqual({ path: duel, name: 'duel.quickdraw.json', text: '{"system":"gurps-waits"}' })
    expect(fake.log).toContain(`recent ${duel}`)

    const ambush = join(dir, 'ambush.json')
    writeFileSync(ambush, '{"system":"gurps"}')
    fake.app.emit('second-instance', {}, ['/opt/Quickdraw/quickdraw', 'ambush.json'], dir, { files: [ambush] })
    await until(() => fake.windows.length > 1, 'the second window')
    expect(fake.windows).toHaveLength(2)
    expect(((await invoke(fake, 'window:ready', fake.windows[1])) as { path: string }).path).toBe(ambush)

    // A shared scenario's link clicked elsewhere (macOS hands it over by event): both windows hold files,
    // so it opens in a third, whose page gets it once it is ready.
    const link = 'quickdraw://open#scenario=abc'
    fake.app.emit('open-url', { preventDefault: () => undefined }, link)
    await until(() => fake.windows.length > 2, 'the window for the link')
    expect(await invoke(fake, 'window:ready', fake.windows[2])).toBeNull()
    await until(() => fake.windows[2].webContents.sent.length > 0, 'the link sent to its window')
    expect(fake.windows[2].webContents.sent).toContainEqual(['menu:command', { command: 'open-link', link }])
  })

  it('IPC is refused from anything but the app\'s own windows on app://', async () => {
    const fake = fakeElectron({ lock: true, userData: dir })
    start(fake, ['/opt/Quickdraw/quickdraw'])
    fake.ready()
    await until(() => fake.windows.length > 0, 'the first window')
    const [w] = fake.windows
    await expect(invoke(fake, 'app:info', { id: 9999, url: page })).rejects.toThrow('app:info: refused, the request did not come from a Quickdraw window')
    await expect(invoke(fake, 'app:info', { id: w.webContents.id, url: 'file:///tmp/index.html' })).rejects.toThrow(/refused/)
    await expect(invoke(fake, 'app:info', { id: w.webContents.id, url: 'https://evil.example/' })).rejects.toThrow(/refused/)
    expect(((await invoke(fake, 'app:info', w)) as { appVersion: string }).appVersion).toBe('9.9.9')
  })

  it('the window title is the app\'s, no link opens in the browser, and app:// serves the built page', async () => {
    const fake = fakeElectron({ lock: true, userData: dir })
    start(fake, ['/opt/Quickdraw/quickdraw'])
    fake.ready()
    await until(() => fake.windows.length > 0, 'the first window')
    const [w] = fake.windows
    await invoke(fake, 'window:state', w, { dirty: true, name: 'duel.json', path: null })
    expect(w.title).toBe(process.platform === 'darwin' ? 'duel.json — Quickdraw' : '*duel.json — Quickdraw')
    let prevented = false
    w.emit('page-title-updated', { preventDefault: () => (prevented = true) }, 'Quickdraw')
    expect(prevented).toBe(true)

    // A page asking for a new window gets none, and no link goes to the browser (the app lists no site).
    expect(w.webContents.openHandler?.({ url: 'https://evil.example/' })).toEqual({ action: 'deny' })
    expect(w.webContents.openHandler?.({ url: 'https://github.com/' })).toEqual({ action: 'deny' })
    await tick()
    expect(fake.log.filter((l) => l.startsWith('open '))).toEqual([])

    const served = await fake.protocolHandler!({ url: page })
    expect(served.status).toBe(200)
    expect(await served.text()).toContain('<div id="app">')
    expect((await fake.protocolHandler!({ url: 'app://quickdraw/..%2fmain/index.js' })).status).toBe(404)
  })

  it('the menu has Clear Recent, and Help › Rules Reference goes to the window', async () => {
    const fake = fakeElectron({ lock: true, userData: dir })
    start(fake, ['/opt/Quickdraw/quickdraw'])
    fake.ready()
    await until(() => fake.windows.length > 0, 'the first window')
    const find = (items: MenuItemConstructorOptions[], label: string): MenuItemConstructorOptions | undefined => {
      for (const i of items) {
        if (i.label === label) return i
        const inner = Array.isArray(i.submenu) ? find(i.submenu, label) : undefined
        if (inner) return inner
      }
      return undefined
    }
    await until(() => find(fake.menu, 'Clear Recent') !== undefined, 'the menu')
    await invoke(fake, 'window:ready', fake.windows[0])
    ;(find(fake.menu, 'Rules Reference')?.click as () => void)()
    await until(() => fake.windows[0].webContents.sent.some(([c]) => c === 'menu:command'), 'the command to reach the window')
    expect(fake.windows[0].webContents.sent).toContainEqual(['menu:command', { command: 'rules' }])
    expect(fake.log.filter((l) => l.startsWith('open '))).toEqual([])
  })
})
