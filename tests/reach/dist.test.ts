// The installers' app (issue 12 item 3): electron-builder, with electron-builder.yml, packs the built app.
// Electron itself cannot be downloaded here, so a stand-in Electron folder takes its place: an `electron`
// script carrying the fuse wire a real Electron binary has (the sentinel, version 1, eight fuses in
// Electron's default states), so electron-builder flips the fuses in it exactly as it would in the binary.
// Checked: the unpacked app's layout and the fuses. Not checkable here: the AppImage/.deb/NSIS/.dmg
// targets themselves, code signing, and that the packaged app starts.
import { execFile } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { basename, dirname, join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { root } from '../helpers'

const require = createRequire(import.meta.url)
const asar = require('@electron/asar') as { listPackage: (archive: string, options: { isPack: boolean }) => string[] }
const { getCurrentFuseWire, FuseV1Options } = require('@electron/fuses') as {
  getCurrentFuseWire: (path: string) => Promise<Record<number, number>>
  FuseV1Options: Record<string, number>
}

const SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX'
const ON = '1'.charCodeAt(0)
const OFF = '0'.charCodeAt(0)
/** Electron's defaults: RunAsNode on, cookie encryption off, NODE_OPTIONS on, --inspect on, ASAR integrity off, load from asar only off, V8 snapshot off, file:// privileges on. */
const DEFAULT_WIRE = '10110001'

interface Pkg {
  dependencies?: Record<string, string>
  optionalDependencies?: Record<string, string>
  devDependencies?: Record<string, string>
}
const readPkg = (dir: string): Pkg => JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Pkg

/** The installed packages the production dependencies need (their dependencies, optional ones if installed), by node_modules path. */
function productionClosure(): Set<string> {
  const found = new Set<string>()
  /** Node's lookup: the requiring package's own node_modules first, then each folder up to the project (never node_modules/node_modules). */
  const locate = (name: string, from: string): string | undefined => {
    for (let dir = from; ; dir = dirname(dir)) {
      const candidate = join(dir, 'node_modules', name)
      if (basename(dir) !== 'node_modules' && existsSync(join(candidate, 'package.json'))) return candidate
      if (dir === root) return undefined
    }
  }
  const visit = (name: string, from: string): void => {
    const at = locate(name, from)
    if (!at) return // not installed (an optional dependency for another platform)
    const rel = at.slice(root.length + 1)
    if (found.has(rel)) return
    found.add(rel)
    const pkg = readPkg(at)
    for (const dep of Object.keys({ ...pkg.dependencies, ...pkg.optionalDependencies })) visit(dep, at)
  }
  for (const dep of Object.keys(readPkg(root).dependencies ?? {})) visit(dep, root)
  return found
}

describe.skipIf(process.platform === 'win32')('npm run dist -- --dir: the unpacked desktop app', () => {
  let dir = ''
  let app = ''
  let files: string[] = []
  beforeAll(async () => {
    if (!existsSync(join(root, 'out', 'main', 'worker.js'))) throw new Error('out/ is missing: run "npm run build" (npm test does it) before these tests')
    dir = mkdtempSync(join(tmpdir(), 'quickdraw-dist-'))
    const standIn = join(dir, 'electron-dist')
    mkdirSync(standIn)
    writeFileSync(join(standIn, 'electron'), `#!/bin/sh\nexit 0\n# ${SENTINEL}\x01\x08${DEFAULT_WIRE}\n`, { mode: 0o755 })
    const output = join(dir, 'dist')
    const cli = join(root, 'node_modules', 'electron-builder', 'cli.js')
    const args = [cli, '--dir', '--linux', `-c.electronDist=${standIn}`, `-c.directories.output=${output}`]
    const env = { ...process.env, ELECTRON_BUILDER_CACHE: join(dir, 'cache'), CI: 'true' }
    const r = await new Promise<{ code: number | null; out: string }>((done) => {
      execFile(process.execPath, args, { cwd: root, env, encoding: 'utf8', timeout: 600_000, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
        done({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, out: stdout + stderr })
      })
    })
    if (r.code !== 0) throw new Error(`electron-builder failed:\n${r.out.slice(-4000)}`)
    app = join(output, 'linux-unpacked')
    files = asar.listPackage(join(app, 'resources', 'app.asar'), { isPack: false })
  }, 900_000)
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true })
  })

  it('app.asar holds the main process, the preload and the renderer, and no source maps or web service worker', () => {
    for (const f of ['/package.json', '/out/main/index.js', '/out/preload/index.js', '/out/renderer/index.html']) expect(files).toContain(f)
    expect(files.some((f) => /^\/out\/renderer\/assets\/index-[\w-]+\.js$/.test(f))).toBe(true)
    expect(files.filter((f) => f.endsWith('.map'))).toEqual([])
    expect(files).not.toContain('/out/renderer/sw.js')
    // Nothing of the sources, tests or build configuration.
    expect(files.filter((f) => /^\/(src|tests|scripts|resources|schemas|docs)\//.test(f) || f.endsWith('electron-builder.yml'))).toEqual([])
  })

  it('the Piscina worker and every chunk it loads are unpacked next to app.asar, so worker threads read them as plain files', () => {
    const unpacked = join(app, 'resources', 'app.asar.unpacked', 'out', 'main')
    expect(readFileSync(join(unpacked, 'worker.js'), 'utf8')).toBe(readFileSync(join(root, 'out', 'main', 'worker.js'), 'utf8'))
    const chunks = readdirSync(join(root, 'out', 'main', 'chunks')).filter((f) => f.endsWith('.js'))
    expect(chunks.length).toBeGreaterThan(0)
    expect(readdirSync(join(unpacked, 'chunks')).sort()).toEqual(chunks.sort())
    // The worker's relative requires resolve among the unpacked chunks.
    for (const m of readFileSync(join(unpacked, 'worker.js'), 'utf8').matchAll(/require\("\.\/chunks\/([^"]+)"\)/g)) {
      expect(existsSync(join(unpacked, 'chunks', m[1] as string))).toBe(true)
    }
  })

  it('the desktop program is quickdraw-app (what the .deb puts in /usr/bin), never quickdraw, the command line\'s name', () => {
    expect(existsSync(join(app, 'quickdraw-app'))).toBe(true)
    expect(existsSync(join(app, 'quickdraw'))).toBe(false)
  })

  it('the JSON Schemas a saved scenario points editors at are shipped beside the examples (resources/schemas)', () => {
    expect(readdirSync(join(app, 'resources', 'schemas')).sort()).toEqual(readdirSync(join(root, 'schemas')).filter((f) => f.endsWith('.schema.json')).sort())
  })

  it('every example scenario is shipped where the main process reads them (resources/examples)', () => {
    const shipped = readdirSync(join(app, 'resources', 'examples')).sort()
    expect(shipped).toEqual(readdirSync(join(root, 'resources', 'examples')).filter((f) => f.endsWith('.json')).sort())
  })

  it('only the production dependencies are inside', () => {
    const packed = new Set<string>()
    for (const f of files) {
      const m = /^\/((?:node_modules\/(?:@[^/]+\/)?[^/]+\/)+)package\.json$/.exec(f)
      if (m) packed.add((m[1] as string).replace(/\/$/, ''))
    }
    expect([...packed].sort()).toEqual([...productionClosure()].sort())
    for (const dev of Object.keys(readPkg(root).devDependencies ?? {})) expect(packed.has(`node_modules/${dev}`), dev).toBe(false)
  })

  it('the Electron fuses are set: no run-as-Node, no NODE_OPTIONS, no --inspect, cookie encryption and ASAR integrity on, app only from app.asar', async () => {
    const wire = await getCurrentFuseWire(join(app, 'quickdraw-app'))
    expect(wire[FuseV1Options.RunAsNode as number]).toBe(OFF)
    expect(wire[FuseV1Options.EnableNodeOptionsEnvironmentVariable as number]).toBe(OFF)
    expect(wire[FuseV1Options.EnableNodeCliInspectArguments as number]).toBe(OFF)
    expect(wire[FuseV1Options.EnableCookieEncryption as number]).toBe(ON)
    expect(wire[FuseV1Options.EnableEmbeddedAsarIntegrityValidation as number]).toBe(ON)
    expect(wire[FuseV1Options.OnlyLoadAppFromAsar as number]).toBe(ON)
    // The page is served from app://quickdraw, so file:// keeps no extra privileges.
    expect(wire[FuseV1Options.GrantFileProtocolExtraPrivileges as number]).toBe(OFF)
  })
})
