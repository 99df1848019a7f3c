import { describe, expect, it } from 'vitest'
import { isTrustedSender, trustedUrlCheck } from '../../src/main/ipc/sender'

describe('IPC sender check', () => {
  const packaged = trustedUrlCheck(undefined)
  const dev = trustedUrlCheck('http://localhost:5173/')
  const page = 'file:///opt/Quickdraw/resources/app.asar/out/renderer/index.html'

  it('accepts the top frame of our own page', () => {
    expect(isTrustedSender({ parent: null, url: page }, packaged)).toBe(true)
    expect(isTrustedSender({ parent: null, url: 'http://localhost:5173/#/results' }, dev)).toBe(true)
  })

  it('refuses a missing frame, a subframe, another page or another origin', () => {
    expect(isTrustedSender(null, packaged)).toBe(false)
    expect(isTrustedSender({ parent: {}, url: page }, packaged)).toBe(false)
    expect(isTrustedSender({ parent: null, url: 'https://evil.example/renderer/index.html' }, packaged)).toBe(false)
    expect(isTrustedSender({ parent: null, url: 'file:///tmp/index.html' }, packaged)).toBe(false)
    expect(isTrustedSender({ parent: null, url: 'http://localhost:5174/' }, dev)).toBe(false)
    expect(isTrustedSender({ parent: null, url: 'not a url' }, dev)).toBe(false)
  })
})
