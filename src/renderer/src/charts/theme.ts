import { ref, type Ref } from 'vue'

/** Bumped when the system switches between light and dark, so charts (drawn on canvas) re-read their colours. */
export const themeVersion: Ref<number> = ref(0)

if (typeof window !== 'undefined' && typeof window.matchMedia === 'function') {
  window.matchMedia('(prefers-color-scheme: dark)').addEventListener('change', () => {
    themeVersion.value++
  })
}
