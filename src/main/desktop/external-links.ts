/**
 * The web pages the app links to (Help menu). Where the project is published is set here, once; the
 * allow-list below is derived from these links, so a page of the app can open nothing else.
 */
export const PROJECT_URL = 'https://github.com/quickdraw-rpg/quickdraw'

export const HELP_LINKS = {
  documentation: `${PROJECT_URL}#readme`,
  examples: `${PROJECT_URL}/tree/main/resources/examples`,
} as const

/** Where the app may send the user's browser: https pages of these hosts, under these folders. */
export interface ExternalSite {
  host: string
  pathPrefix: string
}

/** Only the project's own pages: a host as broad as github.com is narrowed to the project's folder. */
export const EXTERNAL_SITES: readonly ExternalSite[] = [{ host: new URL(PROJECT_URL).host, pathPrefix: `${new URL(PROJECT_URL).pathname}` }]

/**
 * Whether `shell.openExternal` may be given this URL: https only, on an allowed site (host and folder), no user name or
 * password, no odd port, of a sane length. Anything a scenario file could put in front of the user (a
 * link in a description) fails this unless it points at the app's own documentation.
 */
export function isAllowedExternal(url: unknown, sites: readonly ExternalSite[] = EXTERNAL_SITES): url is string {
  if (typeof url !== 'string' || url.length > 2048) return false
  try {
    const u = new URL(url)
    if (u.protocol !== 'https:' || u.username !== '' || u.password !== '' || u.port !== '') return false
    return sites.some((s) => u.host === s.host && (u.pathname === s.pathPrefix || u.pathname.startsWith(`${s.pathPrefix}/`)))
  } catch {
    return false
  }
}

/** Opens an allowed link in the user's browser; returns whether it did. */
export function openExternalChecked(url: unknown, open: (url: string) => Promise<void>): boolean {
  if (!isAllowedExternal(url)) return false
  void open(url).catch(() => undefined)
  return true
}
