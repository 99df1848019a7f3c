import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { systemIds } from '../../src/engine/systems/registry'
import { root } from '../helpers'

/**
 * The built page (out/renderer) loads only what it shows: its first script carries no rule system and no
 * Chart.js, each system is a chunk of its own fetched when a scenario of it is opened, and the simulation
 * worker loads the very same chunks as the page (one copy of each system's code). Checked on the files
 * the build wrote, by size and by what imports what; never by a timing.
 */
/** The built page; another build's folder may be checked by setting QUICKDRAW_RENDERER_OUT. */
const dir = process.env.QUICKDRAW_RENDERER_OUT ?? join(root, 'out', 'renderer')
const assets = join(dir, 'assets')
const ENTRY_LIMIT = 500_000

const read = (file: string): string => readFileSync(join(dir, file), 'utf8')
/** The chunks a chunk imports statically (`from"./x.js"` and bare `import"./x.js"`, as minified). */
const staticImports = (file: string): string[] => [...read(file).matchAll(/(?:from|import)\s*["'`]\.\/([\w.-]+\.js)["'`]/g)].map((m) => `assets/${m[1]}`)
/** A chunk and everything it imports statically, on and on: what loads with it. */
function closure(file: string): Set<string> {
  const seen = new Set<string>()
  const todo = [file]
  for (let f = todo.pop(); f !== undefined; f = todo.pop()) {
    if (seen.has(f)) continue
    seen.add(f)
    todo.push(...staticImports(f))
  }
  return seen
}

let entry = ''
let worker = ''
let systemChunk: Record<string, string> = {}
let chartChunk = ''

/** The export of each rule system the page's list loads (`.then((m) => m.hero)` in backends/systems.ts); other lazy modules (share links…) are not systems. */
const systemExports = new Set([...readFileSync(join(root, 'src/renderer/src/backends/systems.ts'), 'utf8').matchAll(/\.then\(\(m\) => m\.(\w+)\)/g)].map((m) => m[1]))

beforeAll(() => {
  if (!existsSync(join(dir, 'index.html'))) throw new Error(`${dir} is missing: run "npm run build" (npm test does it) before these tests`)
  entry = /<script type="module"[^>]*src="\.\/(assets\/[\w.-]+\.js)"/.exec(read('index.html'))?.[1] ?? ''
  const js = readdirSync(assets).filter((f) => f.endsWith('.js'))
  worker = `assets/${js.find((f) => f.startsWith('chunk-worker-')) ?? ''}`
  systemChunk = {}
  for (const f of js) {
    // the page's list of systems imports each one as `import("./<chunk>.js").then(m => m.<export>)`
    // (an example's document is imported the same way, as `.default`)
    for (const m of read(`assets/${f}`).matchAll(/import\(\s*["'`]\.\/([\w.-]+\.js)["'`]\s*\)\.then\(\s*\(?(\w+)\)?\s*=>\s*\2\.(\w+)\)/g)) if (systemExports.has(m[3])) systemChunk[m[3]] = `assets/${m[1]}`
    const chart = /import\(\s*["'`]\.\/(chart-register-[\w.-]+\.js)["'`]\s*\)/.exec(read(`assets/${f}`))
    if (chart) chartChunk = `assets/${chart[1]}`
  }
})

describe('the page loads only what it shows (built files)', () => {
  it(`the page's entry script is under ${ENTRY_LIMIT.toLocaleString('en-US')} bytes`, () => {
    expect(entry).toMatch(/^assets\/index-/)
    const size = statSync(join(dir, entry)).size
    console.log(`page-split: entry ${entry} is ${size.toLocaleString('en-US')} bytes; with what it imports, ${[...closure(entry)].reduce((s, f) => s + statSync(join(dir, f)).size, 0).toLocaleString('en-US')} bytes`)
    expect(size).toBeLessThan(ENTRY_LIMIT)
  })

  it('every rule system is a chunk of its own that the first screen does not load', () => {
    expect(Object.keys(systemChunk).length).toBe(systemIds.length)
    const first = closure(entry)
    for (const [name, file] of Object.entries(systemChunk)) {
      expect(existsSync(join(dir, file)), `${name}: ${file}`).toBe(true)
      expect(first.has(file), `${name} loads with the page's first script`).toBe(false)
    }
  })

  it('Chart.js is fetched with the first chart, not with the page', () => {
    expect(chartChunk).not.toBe('')
    expect(read(chartChunk)).toContain('is not a registered')
    for (const f of closure(entry)) expect(read(f), `Chart.js in ${f}`).not.toContain('is not a registered')
  })

  it('the worker is built with the page: it loads the same system chunks, and never the page itself', () => {
    expect(worker).toMatch(/^assets\/chunk-worker-/)
    const inWorker = closure(worker)
    expect(inWorker.has(entry), 'the worker would run the page').toBe(false)
    // the list of systems the page imports from is the one the worker loads
    const loaderChunks = readdirSync(assets)
      .filter((f) => f.endsWith('.js') && /import\(\s*["'`]\.\/[\w.-]+\.js["'`]\s*\)\.then\(\s*\(?(\w+)\)?\s*=>\s*\1\.gurpsWaits\)/.test(read(`assets/${f}`)))
      .map((f) => `assets/${f}`)
    expect(loaderChunks.length).toBe(1)
    expect(inWorker.has(loaderChunks[0])).toBe(true)
    // nothing a system's chunk loads is the page's entry either
    for (const file of Object.values(systemChunk)) expect(closure(file).has(entry), file).toBe(false)
    // no second worker bundle carrying the engine again
    const workers = readdirSync(assets).filter((f) => f.endsWith('.js') && /self\.onmessage\s*=/.test(read(`assets/${f}`)))
    expect(workers).toEqual([worker.slice('assets/'.length)])
  })

  it('the offline web app precaches every chunk: each system, Chart.js, the worker and the examples', () => {
    const sw = read('sw.js')
    for (const f of readdirSync(assets).filter((x) => x.endsWith('.js'))) expect(sw, f).toContain(`assets/${f}`)
  })
})
