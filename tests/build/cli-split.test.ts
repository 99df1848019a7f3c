import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { listSystems } from '../../src/cli/systems-list'
import { ENGINE_VERSION } from '../../src/engine/version'
import { cliPath, requireBuild, root } from '../helpers'

/**
 * The command line starts at once: `--version`, `help` and `systems` load the CLI's entry and nothing of
 * the engine's rule systems (no sampler, no solver, no schema library); `validate` loads the schema library
 * and the schema of the one system its file names, and no sampler or solver; a command that plays a
 * scenario loads the rule systems when it runs. Checked by the files the built CLI actually loads (Node's
 * module cache after the command), never by a timing.
 */
const cliBundle = join(root, 'out', 'main', 'cli.js')

/** The files (relative to the project) that running `quickdraw <args>` from the build loads. */
function loadedBy(...args: string[]): string[] {
  const script = `
    const w = process.stdout.write.bind(process.stdout)
    process.stdout.write = () => true
    require(${JSON.stringify(cliBundle)}).main(${JSON.stringify(args)}).then((code) => {
      w(JSON.stringify({ code, files: Object.keys(require.cache) }))
      process.exit(0)
    })`
  const got = JSON.parse(execFileSync(process.execPath, ['-e', script], { cwd: root, encoding: 'utf8' })) as { code: number; files: string[] }
  expect(got.code).toBe(0)
  return got.files.map((f) => relative(root, f).replace(/\\/g, '/'))
}

/** The source modules bundled into the given built files (the bundler heads each with a "// src/…" line). */
function sourceModules(files: string[]): string[] {
  const modules = new Set<string>()
  for (const f of files.filter((x) => x.startsWith('out/'))) for (const m of readFileSync(join(root, f), 'utf8').matchAll(/^\/\/ (src\/\S+\.ts)$/gm)) modules.add(m[1])
  return [...modules]
}

/** The source modules `entry` imports for their code (not for types only), on and on. */
function importedFrom(entries: string[]): Set<string> {
  const seen = new Set<string>()
  const todo = [...entries]
  for (let file = todo.pop(); file !== undefined; file = todo.pop()) {
    if (seen.has(file)) continue
    seen.add(file)
    const text = readFileSync(join(root, file), 'utf8')
    for (const m of text.matchAll(/^(?:import|export)\s+(type\s+)?[^'"]*?from\s+'(\.[^']+)'/gms)) {
      if (m[1]) continue
      const base = resolve(root, dirname(file), m[2])
      const hit = [`${base}.ts`, join(base, 'index.ts')].find((c) => existsSync(c))
      if (hit) todo.push(relative(root, hit).replace(/\\/g, '/'))
    }
  }
  return seen
}

/** The modules of a rule system's game (its samplers, solvers, plans): what its index.ts loads beyond what its schema loads. */
function gameModules(system: string): string[] {
  const dir = `src/engine/systems/${system}`
  const schema = importedFrom([`${dir}/schema.ts`, ...['scenario.ts', 'variants.ts'].map((f) => `${dir}/${f}`).filter((f) => existsSync(join(root, f)))])
  return [...importedFrom([`${dir}/index.ts`])].filter((m) => !schema.has(m))
}

/** The built chunk holding the list of every rule system (and so, with it, every sampler and solver). */
let registryChunk = ''

beforeAll(() => {
  requireBuild()
  const files = loadedBy('trace', 'resources/examples/hero-gunfighters.json')
  registryChunk = files.find((f) => readFileSync(join(root, f), 'utf8').includes('// src/engine/systems/registry.ts')) ?? ''
})

describe('the CLI loads only what a command needs (built files)', () => {
  it('playing a scenario loads the rule systems (the chunk the quick commands must not load)', () => {
    expect(registryChunk).toMatch(/^out\/main\/chunks\//)
  })

  for (const args of [['--version'], ['help'], ['help', 'run'], ['systems'], ['systems', '--json']]) {
    it(`quickdraw ${args.join(' ')} loads no rule system, no library and no worker pool`, () => {
      const files = loadedBy(...args)
      const size = files.reduce((s, f) => s + statSync(join(root, f)).size, 0)
      console.log(`cli-split: quickdraw ${args.join(' ')} loads ${files.join(', ')} (${size.toLocaleString('en-US')} bytes)`)
      expect(files).toContain('out/main/cli.js')
      expect(files).not.toContain(registryChunk)
      expect(files.filter((f) => f.includes('node_modules/'))).toEqual([])
      expect(files.filter((f) => /\/chunks\/(simulation|parse|commands)-.{8}\.js$/.test(f))).toEqual([])
    })
  }

  // One example of each system whose schema checks reach furthest into its rules (Bushido's work out pools and Ki).
  for (const [file, system] of [['hero-gunfighters.json', 'hero'], ['bushido-ki-boost.json', 'bushido'], ['gurps-duel.json', 'gurps'], ['genesys-blaster-duel.json', 'genesys'], ['l5r-void-duel.json', 'l5r'], ['gurps-waits-triangle.json', 'gurps-waits']] as const) {
    it(`quickdraw validate ${file} loads the schema of ${system} alone: no sampler, no solver, no worker pool`, () => {
      const files = loadedBy('validate', `resources/examples/${file}`)
      const modules = sourceModules(files)
      console.log(`cli-split: quickdraw validate ${file} loads ${modules.filter((m) => m.startsWith('src/engine/systems/')).join(', ')}`)
      expect(files).not.toContain(registryChunk)
      expect(files.filter((f) => /\/chunks\/(simulation|parse|commands)-.{8}\.js$/.test(f))).toEqual([])
      expect(new Set(files.filter((f) => f.includes('node_modules/')).map((f) => /node_modules\/([^/]+)\//.exec(f)?.[1]))).toEqual(new Set(['zod', 'pure-rand']))
      // its own schema, and of the systems' folders only its own (GURPS shares gurps-common)
      expect(modules).toContain(`src/engine/systems/${system}/schema.ts`)
      const folders = new Set(modules.flatMap((m) => /^src\/engine\/systems\/([^/]+)\//.exec(m)?.[1] ?? []))
      expect([...folders].filter((f) => f !== system && f !== 'gurps-common')).toEqual([])
      // none of the game: what the system's index.ts brings in beyond what its schema needs
      const game = gameModules(system)
      expect(game.length).toBeGreaterThan(0)
      expect(modules.filter((m) => game.includes(m))).toEqual([])
      expect(modules.filter((m) => m.startsWith('src/main/') || (m.startsWith('src/engine/run/') && m !== 'src/engine/run/parse-core.ts'))).toEqual([])
    })
  }

  it("the built systems list is the registry's own, with the engine version", () => {
    const built = JSON.parse(execFileSync(process.execPath, [cliPath, 'systems', '--json'], { cwd: root, encoding: 'utf8' })) as unknown
    expect(built).toEqual(JSON.parse(JSON.stringify({ engine: ENGINE_VERSION, systems: listSystems() })))
  })
})
