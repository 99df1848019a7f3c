import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { examplesDir } from '../helpers'
import { scenarioTemplate, templateSystems } from '../../src/shared/templates'

/**
 * A user never sees a stub: no shipped example's name, description or any other text still holds a
 * placeholder waiting for a number (a shipped description once read "RESULT_A" where the exact answer
 * belonged), a to-do mark or filler text.
 */
export const PLACEHOLDER = /\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b|\b(TODO|TBD|FIXME|XXX)\b|lorem ipsum|\?\?\?|\{\{|\$\{/i

/** Every string in a JSON value, with its path. */
function strings(v: unknown, path = ''): { path: string; text: string }[] {
  if (typeof v === 'string') return [{ path, text: v }]
  if (Array.isArray(v)) return v.flatMap((x, i) => strings(x, `${path}[${i}]`))
  if (v !== null && typeof v === 'object') return Object.entries(v).flatMap(([k, x]) => strings(x, path === '' ? k : `${path}.${k}`))
  return []
}

describe('shipped examples and templates hold no placeholder text', () => {
  it('the pattern catches the kinds of placeholder it is for, and not ordinary words', () => {
    for (const bad of ['Aldo wins RESULT_A of fights', 'TODO: numbers', 'about XXX%', 'wins ???', 'wins {{p}}', 'wins ${p}']) expect(bad).toMatch(PLACEHOLDER)
    for (const ok of ['Aldo wins 78.1% of fights', 'Tour de jeu', 'an All-Out Attack', 'HERO 6E2 p.21', 'L5R 4e core p.86', 'DX 13', 'wins:aldo']) expect(ok).not.toMatch(PLACEHOLDER)
  })

  it('in every string of every shipped example', () => {
    const found: string[] = []
    for (const file of readdirSync(examplesDir).filter((f) => f.endsWith('.json'))) {
      const doc = JSON.parse(readFileSync(join(examplesDir, file), 'utf8')) as unknown
      for (const s of strings(doc)) if (PLACEHOLDER.test(s.text) && !/^(\$schema|.*\.patch\..*)$/.test(s.path)) found.push(`${file} ${s.path}: ${s.text.slice(0, 80)}`)
    }
    expect(found).toEqual([])
  })

  it('in every template a new scenario starts from', () => {
    const found = templateSystems.flatMap((id) => strings(scenarioTemplate(id)).filter((s) => PLACEHOLDER.test(s.text)).map((s) => `${id} ${s.path}: ${s.text}`))
    expect(templateSystems.length).toBeGreaterThanOrEqual(5)
    expect(found).toEqual([])
  })
})
