import MarkdownIt from 'markdown-it'
import { RULES_PAGES } from './rules-docs'

/** How the rules pages turn from Markdown into the window's HTML (loaded when the first page is opened). */
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
