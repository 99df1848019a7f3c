// @vitest-environment happy-dom
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { mount } from '@vue/test-utils'
import { describe, expect, it } from 'vitest'
import WelcomeDialog from './WelcomeDialog.vue'

const root = join(__dirname, '..', '..', '..', '..', '..')

/**
 * Issue 30: the web app links the licences of the packages it is built with, and the link works offline:
 * the Welcome links the notices file the build writes beside the page, and the web app's service worker
 * keeps that file with the rest of the app. (The desktop app shows them from About: tests/reach/third-party-notices.test.ts.) Needs the build (npm test
 * builds first).
 */
describe('the web app links its third-party notices, offline too', () => {
  it('the Welcome links the notices file beside the page, which the build writes and the service worker keeps', () => {
    const wrapper = mount(WelcomeDialog, { attachTo: document.body })
    const link = wrapper.get('[data-testid="third-party-notices"]')
    expect(link.text()).toBe('their licences')
    const href = link.attributes('href') ?? ''
    expect(href).toBe('./third-party-notices.txt')
    const built = join(root, 'out', 'renderer', href)
    expect(existsSync(built), `${built} (npm run build writes it)`).toBe(true)
    expect(readFileSync(built, 'utf8')).toMatch(/^Quickdraw — third-party notices\n/)
    // the web app's service worker precaches it, so the link opens with no network
    expect(readFileSync(join(root, 'out', 'renderer', 'sw.js'), 'utf8')).toMatch(/url:\s*"third-party-notices\.txt"/)
    wrapper.unmount()
  })
})
