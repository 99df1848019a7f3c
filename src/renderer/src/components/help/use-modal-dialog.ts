import { onMounted, ref, type Ref } from 'vue'

/**
 * A dialog of the app's own that shows itself as a modal when mounted (the Welcome, Open Shared Link):
 * bind `dialog` with `ref="dialog"` on its `<dialog>`, and its Escape key (`@cancel.prevent="close"`) and
 * buttons to `close`. `hide` closes it without saying so, for a choice that tells its parent what comes
 * next by an event of its own.
 */
export function useModalDialog(onClose: () => void): { dialog: Ref<HTMLDialogElement | null>; hide: () => void; close: () => void } {
  const dialog = ref<HTMLDialogElement | null>(null)
  const hide = (): void => dialog.value?.close()
  const close = (): void => {
    hide()
    onClose()
  }
  onMounted(() => dialog.value?.showModal())
  return { dialog, hide, close }
}
