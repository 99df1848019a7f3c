import { describe, expect, it } from 'vitest'
import { devServerUrl, handlerForSender, isTrustedSender, trustedUrlCheck } from '../../src/main/ipc/sender'

describe('IPC sender check', () => {
  const packaged = trustedUrlCheck(undefined)
  const dev = trustedUrlCheck('http://localhost:5173/')
  const page = 'app://quickdraw/index.html'

  it('accepts the top frame of our own page', () => {
    expect(isTrustedSender({ parent: null, url: page }, packaged)).toBe(true)
    expect(isTrustedSender({ parent: null, url: 'http://localhost:5173/#/results' }, dev)).toBe(true)
  })

  it('refuses a missing frame, a subframe, another page or another origin', () => {
    expect(isTrustedSender(null, packaged)).toBe(false)
    expect(isTrustedSender({ parent: {}, url: page }, packaged)).toBe(false)
    expect(isTrustedSender({ parent: null, url: 'https://evil.example/renderer/index.html' }, packaged)).toBe(false)
    expect(isTrustedSender({ parent: null, url: 'file:///tmp/index.html' }, packaged)).toBe(false)
    // The app is served from app://quickdraw: even its own file:// page is no longer trusted.
    expect(isTrustedSender({ parent: null, url: 'file:///opt/Quickdraw/resources/app.asar/out/renderer/index.html' }, packaged)).toBe(false)
    expect(isTrustedSender({ parent: null, url: 'app://evil/index.html' }, packaged)).toBe(false)
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

  it('a message is handled only for the app\'s own windows, by that window\'s handlers', () => {
    const windows = new Map([[7, 'handlers of window 7']])
    const lookup = (id: number): string | undefined => windows.get(id)
    expect(handlerForSender({ senderFrame: { parent: null, url: page }, sender: { id: 7 } }, 'file:open', lookup, packaged)).toBe('handlers of window 7')
    // A webContents that is not one of our windows (a devtools page, a stray view) showing our URL.
    expect(() => handlerForSender({ senderFrame: { parent: null, url: page }, sender: { id: 8 } }, 'file:open', lookup, packaged)).toThrow('file:open: refused, the request did not come from a Quickdraw window')
    expect(() => handlerForSender({ senderFrame: { parent: {}, url: page }, sender: { id: 7 } }, 'file:open', lookup, packaged)).toThrow(/refused/)
    expect(() => handlerForSender({ senderFrame: null, sender: { id: 7 } }, 'file:open', lookup, packaged)).toThrow(/refused/)
  })
})
