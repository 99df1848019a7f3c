import { describe, expect, it } from 'vitest'
import { HELP_LINKS, isAllowedExternal, openExternalChecked } from '../../src/main/desktop/external-links'

describe('links open in the browser only for the app\'s own pages', () => {
  it('the Help links are allowed', () => {
    expect(isAllowedExternal(HELP_LINKS.documentation)).toBe(true)
    expect(isAllowedExternal(HELP_LINKS.examples)).toBe(true)
  })

  it('refuses other hosts, other projects on the same host, http, credentials, ports and non-strings', () => {
    const project = new URL(HELP_LINKS.documentation)
    const bad = [
      'https://evil.example/',
      `https://${project.host}/someone-else/repo`,
      `https://${project.host}${project.pathname}-evil`,
      `https://${project.host}${project.pathname}/../../evil`,
      `http://${project.host}${project.pathname}`,
      `https://user:pw@${project.host}${project.pathname}`,
      `https://${project.host}:8443${project.pathname}`,
      'file:///etc/passwd',
      'javascript:alert(1)',
      'not a url',
      42,
      `https://${project.host}${project.pathname}/${'x'.repeat(3000)}`,
    ]
    for (const url of bad) expect(isAllowedExternal(url), String(url).slice(0, 80)).toBe(false)
  })

  it('openExternalChecked hands only allowed links to the browser', () => {
    const opened: string[] = []
    const open = async (u: string): Promise<void> => void opened.push(u)
    expect(openExternalChecked('https://evil.example/', open)).toBe(false)
    expect(openExternalChecked(HELP_LINKS.examples, open)).toBe(true)
    expect(opened).toEqual([HELP_LINKS.examples])
  })
})
