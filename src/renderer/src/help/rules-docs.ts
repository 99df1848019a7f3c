import MarkdownIt from 'markdown-it'

/**
 * The rules reference inside the app: the pages of `docs/rules/` (the same files the repository documents
 * its rules in, with their book citations), bundled at build time and shown in the window, so a GM reads
 * how Quickdraw plays each rule without leaving the app or going online.
 */
const sources = import.meta.glob<string>('../../../../docs/rules/*.md', { query: '?raw', import: 'default' })

export interface RulesPage {
  /** File name without `.md`: `hero`, `gurps`…; `README` is the index. */
  id: string
  title: string
}

/** The pages in the order a reader meets them: the index, then the systems. */
export const RULES_PAGES: readonly RulesPage[] = [
  { id: 'README', title: 'About these pages' },
  { id: 'hero', title: 'HERO System' },
  { id: 'gurps', title: 'GURPS' },
  { id: 'bushido', title: 'Bushido' },
  { id: 'genesys', title: 'Star Wars / Genesys' },
  { id: 'l5r', title: 'Legend of the Five Rings' },
]

/** The page that explains a system's rules (both GURPS systems share one). */
export function pageForSystem(systemId: string | null | undefined): string {
  if (systemId === 'gurps-waits') return 'gurps'
  return RULES_PAGES.some((p) => p.id === systemId) ? (systemId as string) : 'README'
}

const md = new MarkdownIt({ html: false, linkify: false, typographer: false })
// A link to another page of the reference (`gurps.md`, `hero.md#4-delayed-and-held-actions`) turns to it
// inside the app; any other link is shown as its text only (the app opens no web page).
const defaultLinkOpen = md.renderer.rules.link_open ?? ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options))
md.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  const token = tokens[idx]
  const href = String(token.attrGet('href') ?? '')
  const page = /^([A-Za-z0-9_-]+)\.md(#.*)?$/.exec(href)
  if (page && RULES_PAGES.some((p) => p.id === page[1])) {
    token.attrSet('href', `#rules/${page[1]}`)
    token.attrSet('data-page', page[1])
  } else {
    token.attrSet('href', '#')
    token.attrSet('data-external', String(href))
  }
  return defaultLinkOpen(tokens, idx, options, env, self)
}

/** The page's text as HTML (raw HTML in the source is escaped, never passed through). */
export function renderRules(markdown: string): string {
  return md.render(markdown)
}

/** Loads and renders one page; throws for a page that does not exist. */
export async function loadRulesPage(id: string): Promise<string> {
  const load = sources[`../../../../docs/rules/${id}.md`]
  if (!load) throw new Error(`no rules page "${id}"`)
  return renderRules(await load())
}
