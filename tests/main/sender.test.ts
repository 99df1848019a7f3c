import { describe, expect, it } from 'vitest'
import { devServerUrl, isTrustedSender, trustedUrlCheck } from '../../src/main/ipc/sender'

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

  it('a packaged app never loads or trusts a dev server named in the environment', () => {
    const env = { ELECTRON_RENDERER_URL: 'http://localhost:5173/' }
    expect(devServerUrl(true, env)).toBeUndefined()
    expect(devServerUrl(false, env)).toBe('http://localhost:5173/')
    expect(devServerUrl(false, {})).toBeUndefined()
  })

  it('in development only a dev server on this machine is loaded, never remote content', () => {
    expect(devServerUrl(false, { ELECTRON_RENDERER_URL: 'http://127.0.0.1:5173/' })).toBe('http://127.0.0.1:5173/')
    expect(devServerUrl(false, { ELECTRON_RENDERER_URL: 'https://evil.example/' })).toBeUndefined()
    expect(devServerUrl(false, { ELECTRON_RENDERER_URL: 'http://localhost.evil.example:5173/' })).toBeUndefined()
    expect(devServerUrl(false, { ELECTRON_RENDERER_URL: 'file:///tmp/index.html' })).toBeUndefined()
    expect(devServerUrl(false, { ELECTRON_RENDERER_URL: 'not a url' })).toBeUndefined()
  })
})
