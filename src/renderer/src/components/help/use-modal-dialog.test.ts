// @vitest-environment happy-dom
import { mount } from '@vue/test-utils'
import { describe, expect, it } from 'vitest'
import OpenLinkDialog from './OpenLinkDialog.vue'
import WelcomeDialog from './WelcomeDialog.vue'

/** The two small dialogs open and close the one way (use-modal-dialog.ts): shown as a modal at once, closed by a choice. */
describe('the Welcome and Open Shared Link dialogs', () => {
  it('the Welcome shows itself, and Go to the app closes it and says so', async () => {
    const wrapper = mount(WelcomeDialog, { attachTo: document.body })
    const dialog = wrapper.get('[data-testid="welcome"]').element as HTMLDialogElement
    expect(dialog.open).toBe(true)
    await wrapper.get('[data-testid="welcome-close"]').trigger('click')
    expect(dialog.open).toBe(false)
    expect(wrapper.emitted('close')).toHaveLength(1)
    wrapper.unmount()
  })

  it('choosing a duel in the Welcome starts it, then closes', async () => {
    const wrapper = mount(WelcomeDialog, { attachTo: document.body })
    await wrapper.get('[data-testid="welcome-duel-gurps-duel.json"]').trigger('click')
    expect(wrapper.emitted('start')).toEqual([[{ example: 'gurps-duel.json', view: 'results' }]])
    expect(wrapper.emitted('close')).toHaveLength(1)
    expect((wrapper.get('[data-testid="welcome"]').element as HTMLDialogElement).open).toBe(false)
    wrapper.unmount()
  })

  it('Open Shared Link shows itself; Open hands the link on and closes without a close, Cancel closes', async () => {
    const opening = mount(OpenLinkDialog, { attachTo: document.body })
    const dialog = opening.get('[data-testid="open-link-dialog"]').element as HTMLDialogElement
    expect(dialog.open).toBe(true)
    await opening.get('[data-testid="open-link-text"]').setValue('  quickdraw://open#scenario=abc  ')
    await opening.get('form').trigger('submit')
    expect(opening.emitted('open')).toEqual([['quickdraw://open#scenario=abc']])
    expect(opening.emitted('close')).toBeUndefined()
    expect(dialog.open).toBe(false)
    opening.unmount()

    const cancelling = mount(OpenLinkDialog, { attachTo: document.body })
    await cancelling.get('[data-testid="open-link-cancel"]').trigger('click')
    expect(cancelling.emitted('close')).toHaveLength(1)
    expect(cancelling.emitted('open')).toBeUndefined()
    expect((cancelling.get('[data-testid="open-link-dialog"]').element as HTMLDialogElement).open).toBe(false)
    cancelling.unmount()
  })
})
