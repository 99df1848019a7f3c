// What the page loads at start: the built app's entry script holds what the first screen needs, and the
// parts a user may never open (the character importers with their XML parser, the rules pages' Markdown
// renderer) are separate files fetched the first time they are used. Reads the build in out/renderer.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { root } from '../helpers'

const dir = join(root, 'out/renderer')
const built = existsSync(join(dir, 'index.html'))

describe.skipIf(!built)('the page bundle (out/renderer, after npm run build)', () => {
  const html = built ? readFileSync(join(dir, 'index.html'), 'utf8') : ''
  const entry = /<script type="module"[^>]*src="\.\/(assets\/[^"]+\.js)"/.exec(html)?.[1] ?? ''
  const files = built ? readdirSync(join(dir, 'assets')).filter((f) => f.endsWith('.js')) : []
  const holding = (text: string): string[] => files.filter((f) => readFileSync(join(dir, 'assets', f), 'utf8').includes(text))

  it('the entry script is found in index.html', () => {
    expect(entry).toMatch(/^assets\/index-.+\.js$/)
  })

  it('the importers are not in the entry script but in a file of their own, loaded on the first import', () => {
    // a message only the importers give (src/import/index.ts)
    const where = holding('Foundry VTT actor export')
    expect(where).toHaveLength(1)
    expect(`assets/${where[0]}`).not.toBe(entry)
    expect(where[0]).toMatch(/^import-/)
  })

  it("the rules pages' Markdown renderer is not in the entry script but loaded with the first page", () => {
    const where = holding('markdown-it')
    expect(where.length).toBeGreaterThan(0)
    expect(where.map((f) => `assets/${f}`)).not.toContain(entry)
  })
})
