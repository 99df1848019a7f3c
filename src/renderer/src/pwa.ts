/// <reference types="vite-plugin-pwa/client" />
import { registerSW } from 'virtual:pwa-register'

/**
 * In a plain browser the page registers the offline service worker (precaching the whole app, so it opens
 * and runs with no network after one visit). The desktop app, where the preload provides `window.api`,
 * never registers one: it loads its files from disk anyway.
 */
export function registerOfflineSupport(win: Window = window): boolean {
  if (win.api || !('serviceWorker' in win.navigator) || win.location.protocol === 'file:') return false
  void registerSW({ immediate: true })
  return true
}
