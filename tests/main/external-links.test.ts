import { describe, expect, it } from 'vitest'
import { EXTERNAL_SITES, isAllowedExternal, openExternalChecked, type ExternalSite } from '../../src/main/desktop/external-links'

/** A site as one would be listed, should the app ever link to one: a host narrowed to a folder. */
const docs: ExternalSite[] = [{ host: 'docs.example.org', pathPrefix: '/quickdraw' }]

describe('links open in the browser only for listed sites', () => {
  it('today the app lists no site: its documentation ships inside it, and no link opens anything', () => {
    expect(EXTERNAL_SITES).toEqual([])
    expect(isAllowedExternal('https://docs.example.org/quickdraw/')).toBe(false)
    const opened: string[] = []
    expect(openExternalChecked('https://github.com/', async (u) => void opened.push(u))).toBe(false)
    expect(opened).toEqual([])
  })

  it('a listed site\'s pages are allowed', () => {
    expect(isAllowedExternal('https://docs.example.org/quickdraw', docs)).toBe(true)
    expect(isAllowedExternal('https://docs.example.org/quickdraw/rules/hero#4', docs)).toBe(true)
  })

  it('refuses other hosts, other folders on the same host, http, credentials, ports and non-strings', () => {
    const bad = [
      'https://evil.example/',
      'https://docs.example.org/someone-else/repo',
      'https://docs.example.org/quickdraw-evil',
      'https://docs.example.org/quickdraw/../../evil',
      'http://docs.example.org/quickdraw',
      'https://user:pw@docs.example.org/quickdraw',
      'https://docs.example.org:8443/quickdraw',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'not a url',
      42,
      `https://docs.example.org/quickdraw/${'x'.repeat(3000)}`,
    ]
    for (const url of bad) expect(isAllowedExternal(url, docs), String(url).slice(0, 80)).toBe(false)
  })

  it('openExternalChecked hands only allowed links to the browser', () => {
    const opened: string[] = []
    const open = async (u: string): Promise<void> => void opened.push(u)
    expect(openExternalChecked('https://evil.example/', open, docs)).toBe(false)
    expect(openExternalChecked('https://docs.example.org/quickdraw/x', open, docs)).toBe(true)
    expect(opened).toEqual(['https://docs.example.org/quickdraw/x'])
  })
})
