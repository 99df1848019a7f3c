import { execFileSync } from 'node:child_process'
import { readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { listSystems } from '../../src/cli/systems-list'
import { ENGINE_VERSION } from '../../src/engine/version'
import { cliPath, requireBuild, root } from '../helpers'

/**
 * The command line starts at once: `--version`, `help` and `systems` load the CLI's entry and nothing of
 * the engine's rule systems (no sampler, no solver, no schema library), while a command that plays or
 * checks a scenario loads them when it runs. Checked by the files the built CLI actually loads (Node's
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

/** The built chunk holding the list of every rule system (and so, with it, every sampler and solver). */
let registryChunk = ''

beforeAll(() => {
  requireBuild()
  const files = loadedBy('validate', 'resources/examples/hero-gunfighters.json')
  registryChunk = files.find((f) => readFileSync(join(root, f), 'utf8').includes('// src/engine/systems/registry.ts')) ?? ''
})

describe('the CLI loads only what a command needs (built files)', () => {
  it('checking a scenario loads the rule systems (the chunk the quick commands must not load)', () => {
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
      expect(files.filter((f) => /\/chunks\/(simulation|parse|commands)-/.test(f))).toEqual([])
    })
  }

  it("the built systems list is the registry's own, with the engine version", () => {
    const built = JSON.parse(execFileSync(process.execPath, [cliPath, 'systems', '--json'], { cwd: root, encoding: 'utf8' })) as unknown
    expect(built).toEqual(JSON.parse(JSON.stringify({ engine: ENGINE_VERSION, systems: listSystems() })))
  })
})
