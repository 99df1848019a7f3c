import { beforeEach, describe, expect, it, vi } from 'vitest'

const registerSW = vi.fn()
vi.mock('virtual:pwa-register', () => ({ registerSW }))
const { registerOfflineSupport } = await import('./pwa')

/** Just what registerOfflineSupport looks at. */
function fakeWindow(opts: { api?: boolean; serviceWorker?: boolean; protocol?: string }): Window {
  return {
    api: opts.api ? {} : undefined,
    navigator: opts.serviceWorker === false ? {} : { serviceWorker: {} },
    location: { protocol: opts.protocol ?? 'https:' },
  } as unknown as Window
}

describe('the offline service worker is registered only in a plain browser (issue 12 item 4)', () => {
  beforeEach(() => registerSW.mockClear())

  it('a plain browser registers it', () => {
    expect(registerOfflineSupport(fakeWindow({}))).toBe(true)
    expect(registerSW).toHaveBeenCalledOnce()
  })

  it('the desktop app (the preload gives window.api) never registers one', () => {
    expect(registerOfflineSupport(fakeWindow({ api: true }))).toBe(false)
    expect(registerSW).not.toHaveBeenCalled()
  })

  it('a page opened from disk or a browser without service workers does not try', () => {
    expect(registerOfflineSupport(fakeWindow({ protocol: 'file:' }))).toBe(false)
    expect(registerOfflineSupport(fakeWindow({ serviceWorker: false }))).toBe(false)
    expect(registerSW).not.toHaveBeenCalled()
  })
})
