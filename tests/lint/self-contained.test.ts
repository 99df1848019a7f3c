import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { root } from '../helpers'

/**
 * Quickdraw stands on its own: nothing in the product's sources, shipped files or README points at a
 * document outside the repository (the team's working rules reference, the rules excerpts it was built
 * from). Rules are cited from docs/rules/ and the books.
 */
const OUTSIDE = [
  /\brules(-combat)?\.md\b/,
  /\bseeds?\/\d{3}/,
  /\bseed 00\d\b/i,
  /shared\/(rules|seeds|fixtures|architecture)/,
  /\barchitecture\.md\b(?<!docs\/architecture\.md)/,
]

/**
 * Tests that check the internal-vocabulary patterns themselves hold such strings on purpose, as the
 * examples the patterns must catch; they are not references.
 */
const PATTERN_TESTS = /plain-words\.test\.ts$/

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name)
    return statSync(p).isDirectory() ? files(p) : [p]
  })
}

describe('the repository stands on its own', () => {
  it('no file under src/ or resources/, nor the README, refers to a document outside the repository', () => {
    const checked = [...files(join(root, 'src')), ...files(join(root, 'resources')), join(root, 'README.md')].filter((f) => /\.(ts|vue|json|md|html|cjs|mjs)$/.test(f) && !PATTERN_TESTS.test(f))
    const hits: string[] = []
    for (const f of checked) {
      readFileSync(f, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (OUTSIDE.some((re) => re.test(line.replace(/docs\/architecture\.md/g, '')))) hits.push(`${relative(root, f)}:${i + 1}: ${line.trim().slice(0, 120)}`)
        })
    }
    expect(checked.length).toBeGreaterThan(100)
    expect(hits).toEqual([])
  })

  it('the check itself catches each kind of outside reference', () => {
    for (const bad of ['see rules.md §2.6', 'rules-combat.md C1.7', '../shared/seeds/000_x.txt', 'per seed 001', 'shared/architecture.md']) {
      expect(OUTSIDE.some((re) => re.test(bad)), bad).toBe(true)
    }
    expect(OUTSIDE.some((re) => re.test('docs/rules/hero.md section 4; docs/architecture.md'.replace(/docs\/architecture\.md/g, '')))).toBe(false)
  })
})
