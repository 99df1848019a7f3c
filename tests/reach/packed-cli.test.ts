// Quickdraw one command away (issue 30 item 8): `npm pack` makes a self-contained CLI package (the engine
// and the command line, no Electron, every library it needs inside), which installs with no network and
// runs `npx quickdraw run <file>` in an empty folder. One pack, one install, one short run.
import { execFileSync } from 'node:child_process'
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ENGINE_VERSION } from '../../src/engine/version'
import { cliPath, examplesDir, requireBuild, root } from '../helpers'

interface Result {
  scenario: { name: string; hash: string }
  run: { trialsDone: number }
  metrics: unknown
}

interface PackInfo {
  filename: string
  files: { path: string }[]
  bundled: string[]
}

const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  scripts: Record<string, string>
  dependencies: Record<string, string>
  bundleDependencies: string[]
}
let dir = ''
let packed: PackInfo
/**
 * npm as a user runs it in a shell: none of the settings of the npm that started these tests, an empty cache
 * of its own and a registry nobody answers at, so nothing can come from the network or an earlier install.
 */
const env = (): NodeJS.ProcessEnv => ({
  ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_/i.test(k))),
  npm_config_registry: 'http://127.0.0.1:9/',
  npm_config_cache: join(dir, 'npm-cache'),
  npm_config_offline: 'true',
  npm_config_audit: 'false',
  npm_config_fund: 'false',
  npm_config_update_notifier: 'false',
})
const run = (cwd: string, command: string, ...args: string[]): string =>
  execFileSync(command, args, { cwd, encoding: 'utf8', env: env(), stdio: ['ignore', 'pipe', 'pipe'], timeout: 100_000 })
const npm = (cwd: string, ...args: string[]): string => run(cwd, 'npm', ...args)

beforeAll(() => {
  requireBuild()
  dir = mkdtempSync(join(tmpdir(), 'quickdraw-pack-'))
  // the build is the tests' own (npm test builds first); `npm pack` alone runs it through "prepack"
  packed = (JSON.parse(npm(root, 'pack', '--json', '--ignore-scripts', '--pack-destination', dir)) as PackInfo[])[0]
}, 120_000)

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true })
})

describe('npm pack: the command line as a package of its own', () => {
  it('builds before packing, and carries every library it needs (no Electron, no app)', () => {
    expect(pkg.scripts.prepack).toBe('npm run build')
    expect([...pkg.bundleDependencies].sort()).toEqual(Object.keys(pkg.dependencies).sort())
    const paths = packed.files.map((f) => f.path)
    expect(paths).toContain('bin/quickdraw.cjs')
    expect(paths).toContain('out/main/cli.js')
    expect(paths).toContain('out/main/worker.js')
    expect(paths).toContain('resources/examples/hero-gunfighters.json')
    expect(paths.filter((p) => /(^|\/)electron(\/|$)|^out\/(renderer|preload)\/|^out\/main\/index\.js$|^src\//.test(p))).toEqual([])
    expect(packed.bundled).toEqual(expect.arrayContaining(Object.keys(pkg.dependencies)))
  })

  it('installs offline into an empty folder and runs npx quickdraw run on a scenario there', () => {
    const user = join(dir, 'empty')
    mkdirSync(user)
    writeFileSync(join(user, 'package.json'), '{ "name": "a-gm", "private": true }\n')
    npm(user, 'install', join(dir, packed.filename))
    copyFileSync(join(examplesDir, 'gurps-waits-triangle.json'), join(user, 'triangle.json'))
    const version = run(user, 'npx', 'quickdraw', '--version')
    expect(version.trim()).toBe(`quickdraw ${ENGINE_VERSION}`)
    const args = ['run', 'triangle.json', '--trials', '2000', '--seed', '3', '--workers', '1', '--json']
    const installed = JSON.parse(run(user, 'npx', 'quickdraw', ...args)) as Result
    // the same numbers as the clone's own command on the same file and seed
    const here = JSON.parse(run(user, process.execPath, cliPath, ...args)) as Result
    expect(installed.scenario).toEqual({ name: 'Knife, grab, door button', hash: here.scenario.hash })
    expect(installed.run.trialsDone).toBe(2000)
    expect(installed.metrics).toEqual(here.metrics)
  }, 120_000)
})
