// First start on a fresh machine (issue 12 item 1): `npm start` fetches Electron's binary through Electron's
// own installer before electron-vite launches it, and says clearly what to do when the download fails.
// A throwaway download server on 127.0.0.1 stands in for the Electron releases; the zip it serves holds a
// small `electron` script that records how it was started. Everything happens in a scratch copy of the
// project whose node_modules/electron is a real copy, so the shared node_modules is never written.
import { execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import { cpSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, realpathSync, rmSync, statSync, symlinkSync } from 'node:fs'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import { connect, type AddressInfo, type Socket } from 'node:net'
import { tmpdir } from 'node:os'
import { delimiter, dirname, join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { root } from '../helpers'
import { makeZip } from './zip'

const sharedModules = join(root, 'node_modules')
const electronVersion = (JSON.parse(readFileSync(join(sharedModules, 'electron', 'package.json'), 'utf8')) as { version: string }).version
const zipName = `electron-v${electronVersion}-${process.platform}-${process.arch}.zip`
/** Where Electron's installer puts the executable inside dist/ (and writes into path.txt). */
const executable = process.platform === 'darwin' ? 'Electron.app/Contents/MacOS/Electron' : 'electron'

/** Copies of the files `npm start` needs, and a node_modules of links to the shared one except the two packages that must be real. */
function scratchProject(dir: string): void {
  for (const file of ['package.json', 'electron.vite.config.ts']) cpSync(join(root, file), join(dir, file))
  cpSync(join(root, 'scripts'), join(dir, 'scripts'), { recursive: true })
  cpSync(join(root, 'out'), join(dir, 'out'), { recursive: true })
  const modules = join(dir, 'node_modules')
  mkdirSync(join(modules, '.bin'), { recursive: true })
  for (const name of readdirSync(sharedModules)) {
    if (name === '.bin' || name === 'node_modules' || name === 'electron' || name === 'electron-vite') continue
    symlinkSync(join(sharedModules, name), join(modules, name))
  }
  // electron: real files, so path.txt and dist/ land here; its own node_modules (types only) can stay shared.
  mkdirSync(join(modules, 'electron'))
  for (const name of readdirSync(join(sharedModules, 'electron'))) {
    if (name === 'dist' || name === 'path.txt') continue
    const from = join(sharedModules, 'electron', name)
    if (name === 'node_modules') symlinkSync(from, join(modules, 'electron', name))
    else cpSync(from, join(modules, 'electron', name), { recursive: true })
  }
  // electron-vite finds electron from its own real location, so it must live in the scratch copy too.
  cpSync(join(sharedModules, 'electron-vite'), join(modules, 'electron-vite'), { recursive: true, dereference: true })
  for (const name of readdirSync(join(sharedModules, '.bin'))) {
    const link = join(sharedModules, '.bin', name)
    if (lstatSync(link).isSymbolicLink()) symlinkSync(readlinkSync(link), join(modules, '.bin', name))
  }
}

interface Mirror {
  url: string
  requests: string[]
  targets: string[]
  close: () => Promise<void>
}

/** The stand-in release server: the zip and its SHASUMS256.txt under v<version>/. */
async function startMirror(zip: Buffer): Promise<Mirror> {
  const requests: string[] = []
  const targets: string[] = []
  const sums = `${createHash('sha256').update(zip).digest('hex')} *${zipName}\n`
  const server: Server = createServer((req, res) => {
    // A proxy is asked for the absolute address; the same server stands in for a proxy to the mirror.
    targets.push(req.url ?? '')
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname
    requests.push(path)
    if (path === `/v${electronVersion}/${zipName}`) res.writeHead(200, { 'content-type': 'application/zip', 'content-length': zip.length }).end(zip)
    else if (path === `/v${electronVersion}/SHASUMS256.txt`) res.writeHead(200, { 'content-type': 'text/plain' }).end(sums)
    else res.writeHead(404).end('not found')
  })
  // As a proxy: Node's fetch tunnels through CONNECT, which this server answers by connecting to itself.
  const tunnels = new Set<Socket>()
  server.on('connect', (req: IncomingMessage, client: Socket, head: Buffer) => {
    targets.push(`CONNECT ${req.url ?? ''}`)
    const upstream = connect((server.address() as AddressInfo).port, '127.0.0.1', () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n')
      upstream.write(head)
      upstream.pipe(client)
      client.pipe(upstream)
    })
    for (const s of [client, upstream]) {
      tunnels.add(s)
      s.on('error', () => s.destroy())
      s.on('close', () => tunnels.delete(s))
    }
  })
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok))
  const { port } = server.address() as AddressInfo
  const close = (): Promise<void> =>
    new Promise((ok) => {
      for (const s of tunnels) s.destroy()
      server.close(() => ok())
      server.closeAllConnections()
    })
  return { url: `http://127.0.0.1:${port}/`, requests, targets, close }
}

/** A clean environment: no inherited npm, Electron or proxy settings; the download cache in the scratch project. */
function environment(dir: string, mirror: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {}
  for (const [key, value] of Object.entries(process.env)) {
    if (/^(npm_|electron_|ELECTRON_)|proxy$/i.test(key)) continue
    env[key] = value
  }
  return {
    ...env,
    PATH: [dirname(process.execPath), process.env.PATH ?? ''].join(delimiter),
    ELECTRON_MIRROR: mirror,
    electron_use_remote_checksums: '1',
    electron_config_cache: join(dir, 'electron-cache'),
    ELECTRON_GET_NO_PROGRESS: '1',
    QUICKDRAW_STANDIN_RECORD: join(dir, 'started-with.txt'),
  }
}

/** Runs a command without blocking this process, which serves the downloads. */
function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<{ code: number | null; out: string; err: string; error?: Error }> {
  return new Promise((done) => {
    execFile(command, args, { cwd, env, encoding: 'utf8', timeout: 120_000 }, (error, out, err) => {
      done({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, out, err, error: error && typeof error.code !== 'number' ? error : undefined })
    })
  })
}

const standIn = ['#!/bin/sh', '# Stands in for Electron: records the folder and the arguments it was started with.', 'printf "%s\\n" "$PWD" "$@" > "$QUICKDRAW_STANDIN_RECORD"', ''].join('\n')

describe.skipIf(process.platform === 'win32')('first start: npm start fetches Electron from the mirror and starts it', () => {
  let dir = ''
  let project = ''
  let sharedHadBinary = false
  beforeAll(() => {
    sharedHadBinary = existsSync(join(sharedModules, 'electron', 'path.txt'))
    if (!existsSync(join(root, 'out', 'main', 'index.js'))) throw new Error('out/main/index.js is missing: run "npm run build" (npm test does it) before these tests')
    dir = mkdtempSync(join(tmpdir(), 'quickdraw-first-start-'))
  })
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true })
  })

  it('downloads the zip through ELECTRON_MIRROR, unpacks it and starts it on the built main entry; then it is a no-op', async () => {
    project = join(dir, 'project')
    mkdirSync(project)
    scratchProject(project)
    // The shared node_modules is never the one being installed into.
    expect(realpathSync(join(project, 'node_modules', 'electron'))).not.toBe(realpathSync(join(sharedModules, 'electron')))
    const zip = makeZip([
      { name: executable, data: standIn, mode: 0o755 },
      { name: 'version', data: `v${electronVersion}` },
    ])
    const mirror = await startMirror(zip)
    try {
      const env = environment(project, mirror.url)
      const r = await run('npm', ['start', '--', '--skipBuild'], project, env)
      expect(r.error).toBeUndefined()
      expect(r.code, r.out + r.err).toBe(0)
      expect(mirror.requests).toContain(`/v${electronVersion}/${zipName}`)
      expect(mirror.requests).toContain(`/v${electronVersion}/SHASUMS256.txt`)
      const electronDir = join(project, 'node_modules', 'electron')
      expect(readFileSync(join(electronDir, 'path.txt'), 'utf8')).toBe(executable)
      expect(statSync(join(electronDir, 'dist', executable)).mode & 0o111).not.toBe(0)
      // electron-vite started the stand-in in the project folder with ".", i.e. package.json's main.
      const [cwd, ...args] = readFileSync(env.QUICKDRAW_STANDIN_RECORD as string, 'utf8').trimEnd().split('\n')
      expect(realpathSync(cwd as string)).toBe(realpathSync(project))
      expect(args).toEqual(['.'])
      const main = (JSON.parse(readFileSync(join(project, 'package.json'), 'utf8')) as { main: string }).main
      expect(readFileSync(resolve(project, main), 'utf8')).toBe(readFileSync(join(root, 'out', 'main', 'index.js'), 'utf8'))

      // Installed: the next start asks the server nothing.
      const asked = mirror.requests.length
      const again = await run(process.execPath, [join('scripts', 'ensure-electron.mjs')], project, env)
      expect(again.code, again.err).toBe(0)
      expect(mirror.requests.length).toBe(asked)
    } finally {
      await mirror.close()
    }
    // Nothing was written into the shared Electron package.
    expect(existsSync(join(sharedModules, 'electron', 'path.txt'))).toBe(sharedHadBinary)
  })

  it('npm start and npm run dev both make sure of Electron before electron-vite reads its path', () => {
    const scripts = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts
    expect(scripts.start).toMatch(/^node scripts\/ensure-electron\.mjs && electron-vite preview\b/)
    expect(scripts.dev).toMatch(/^node scripts\/ensure-electron\.mjs && electron-vite dev\b/)
  })

  it('with the download server down: one clear message naming Electron, the version, the address, ELECTRON_MIRROR and the proxy settings; non-zero exit', async () => {
    const down = join(dir, 'down')
    mkdirSync(down)
    scratchProject(down)
    const mirror = await startMirror(Buffer.alloc(0))
    await mirror.close() // nothing listens on this port any more
    const env = environment(down, mirror.url)
    const r = await run('npm', ['start', '--', '--skipBuild'], down, env)
    expect(r.code).not.toBe(0)
    const host = new URL(mirror.url).host
    expect(r.err).toContain(`Quickdraw could not download Electron ${electronVersion}`)
    expect(r.err).toContain('could not be reached')
    expect(r.err).toContain(`http://${host}/v${electronVersion}/${zipName}`)
    expect(r.err).toContain(`ELECTRON_MIRROR: ${mirror.url}`)
    expect(r.err).toContain('HTTPS_PROXY')
    expect(r.err).toContain('ELECTRON_GET_USE_PROXY')
    // no stack trace, no undici internals
    expect(r.err).not.toMatch(/^\s+at /m)
    expect(r.err).not.toMatch(/undici|TypeError/)
    expect(existsSync(env.QUICKDRAW_STANDIN_RECORD as string)).toBe(false)
    expect(existsSync(join(down, 'node_modules', 'electron', 'path.txt'))).toBe(false)
  })

  it('behind a proxy: with HTTP_PROXY/HTTPS_PROXY set, the download goes through the proxy', async () => {
    const proxied = join(dir, 'proxied')
    mkdirSync(proxied)
    scratchProject(proxied)
    const zip = makeZip([
      { name: executable, data: standIn, mode: 0o755 },
      { name: 'version', data: `v${electronVersion}` },
    ])
    const proxy = await startMirror(zip)
    try {
      // The mirror's host name does not resolve here: only the proxy can reach it.
      const env = { ...environment(proxied, 'http://electron-mirror.invalid/'), HTTP_PROXY: proxy.url, HTTPS_PROXY: proxy.url }
      const r = await run(process.execPath, [join('scripts', 'ensure-electron.mjs')], proxied, env)
      expect(r.code, r.err).toBe(0)
      expect(proxy.targets).toContain('CONNECT electron-mirror.invalid:80')
      expect(proxy.requests).toContain(`/v${electronVersion}/${zipName}`)
      expect(readFileSync(join(proxied, 'node_modules', 'electron', 'path.txt'), 'utf8')).toBe(executable)
    } finally {
      await proxy.close()
    }
  })

  it('a mirror that answers every address with a web page: the message says so, not only "checksum"', async () => {
    const html = join(dir, 'html-mirror')
    mkdirSync(html)
    scratchProject(html)
    const page = '<!DOCTYPE html><html><body>Welcome to our mirror</body></html>'
    const server: Server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page))
    await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok))
    try {
      const env = environment(html, `http://127.0.0.1:${(server.address() as AddressInfo).port}/`)
      delete env.electron_use_remote_checksums
      const r = await run(process.execPath, [join('scripts', 'ensure-electron.mjs')], html, env)
      expect(r.code).toBe(1)
      expect(r.err).toContain('the mirror answered with a web page (text/html), not the zip')
      expect(r.err).not.toMatch(/^\s+at /m)
    } finally {
      server.closeAllConnections()
      await new Promise<void>((ok) => server.close(() => ok()))
    }
  })

  it('a mirror without this version: the message gives the server answer', async () => {
    const missing = join(dir, 'missing')
    mkdirSync(missing)
    scratchProject(missing)
    const mirror = await startMirror(Buffer.alloc(0))
    try {
      const env = { ...environment(missing, `${mirror.url}nothing-here/`), HTTPS_PROXY: 'http://proxy.example:3128', NO_PROXY: '127.0.0.1' }
      const r = await run(process.execPath, [join('scripts', 'ensure-electron.mjs')], missing, env)
      expect(r.code).toBe(1)
      expect(r.err).toContain('the server answered 404')
      expect(r.err).toContain('Proxy: HTTPS_PROXY=http://proxy.example:3128')
      expect(mirror.requests).toContain(`/nothing-here/v${electronVersion}/${zipName}`)
      expect(r.err).not.toMatch(/^\s+at /m)
    } finally {
      await mirror.close()
    }
  })
})
