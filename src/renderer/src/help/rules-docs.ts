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

/** Loads and renders one page; throws for a page that does not exist. */
export async function loadRulesPage(id: string): Promise<string> {
  const load = sources[`../../../../docs/rules/${id}.md`]
  if (!load) throw new Error(`no rules page "${id}"`)
  // the Markdown renderer is loaded with the first page opened, not with the app
  const [{ renderRules }, text] = await Promise.all([import('./rules-render'), load()])
  return renderRules(text)
}
