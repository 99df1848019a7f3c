/**
 * The web pages the app may send the user's browser to. Today none: its documentation (the rules of each
 * system) ships inside the app and opens in the window. Should the app ever link to a site, list it in
 * EXTERNAL_SITES; nothing else can be opened, whatever a page or a scenario file asks.
 */

/** Where the app may send the user's browser: https pages of these hosts, under these folders. */
export interface ExternalSite {
  host: string
  pathPrefix: string
}

/** The sites links may open (a host as broad as github.com should be narrowed to a folder): none today. */
export const EXTERNAL_SITES: readonly ExternalSite[] = []

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
export function openExternalChecked(url: unknown, open: (url: string) => Promise<void>, sites: readonly ExternalSite[] = EXTERNAL_SITES): boolean {
  if (!isAllowedExternal(url, sites)) return false
  void open(url).catch(() => undefined)
  return true
}
