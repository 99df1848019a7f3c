import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { systems } from '../../../engine/systems/registry'
import { loadRulesPage, pageForSystem, RULES_PAGES } from './rules-docs'
import { renderRules } from './rules-render'

describe('the rules reference inside the app', () => {
  it('lists every page of docs/rules, and every system has its page', async () => {
    const files = readdirSync(join(__dirname, '../../../../docs/rules')).filter((f) => f.endsWith('.md')).map((f) => f.replace(/\.md$/, ''))
    expect(RULES_PAGES.map((p) => p.id).sort()).toEqual(files.sort())
    for (const s of systems) expect(pageForSystem(s.id), s.id).not.toBe('README')
    for (const p of RULES_PAGES) expect(await loadRulesPage(p.id)).toMatch(/<h1>/)
  })

  it('turns a link to another page into an in-app link, and escapes raw HTML', () => {
    const html = renderRules('See [the GURPS page](gurps.md) and [elsewhere](https://example.org/x). <script>alert(1)</script>')
    expect(html).toContain('href="#rules/gurps" data-page="gurps"')
    expect(html).toContain('data-external="https://example.org/x"')
    expect(html).not.toContain('href="https://example.org/x"')
    expect(html).not.toContain('<script>')
    expect(html).toContain('&lt;script&gt;')
  })

  it('opens the page of the scenario\'s system, the index without one', () => {
    expect(pageForSystem('gurps-waits')).toBe('gurps')
    expect(pageForSystem('hero')).toBe('hero')
    expect(pageForSystem(null)).toBe('README')
  })

  it('refuses a page that does not exist', async () => {
    await expect(loadRulesPage('../../package')).rejects.toThrow(/no rules page/)
  })
})
