import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { defineConfig } from 'electron-vite'
import vue from '@vitejs/plugin-vue'
import type { Plugin } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'
import { thirdPartyNotices } from './scripts/third-party-notices.mjs'

/**
 * The built page allows no inline styles. Only the dev server, which injects its CSS as <style> tags,
 * gets 'unsafe-inline' for styles.
 */
function devInlineStyles(): Plugin {
  return {
    name: 'quickdraw-dev-inline-styles',
    apply: 'serve',
    transformIndexHtml: (html) => html.replace("style-src 'self';", "style-src 'self' 'unsafe-inline';"),
  }
}

/** The app icon files the web app manifest names, copied from resources/ next to index.html. */
const webIcons = ['icon.svg', 'icon-192.png', 'icon-512.png', 'icon-maskable-512.png']

function appIcons(): Plugin {
  return {
    name: 'quickdraw-app-icons',
    apply: 'build',
    // The tab icon: the app icon instead of none.
    transformIndexHtml: (html) => html.replace('<link rel="icon" href="data:," />', '<link rel="icon" href="./icon.svg" type="image/svg+xml" />'),
    generateBundle() {
      for (const file of webIcons) this.emitFile({ type: 'asset', fileName: file, source: readFileSync(resolve(__dirname, 'resources', file)) })
    },
  }
}

/**
 * The plain-browser build is also an installable offline web app: a manifest and a generated service
 * worker that precaches every file of the build (page, styles, icons, the app bundle and the simulation
 * Web Worker), so after one visit it opens and runs with no network. The page registers the worker
 * itself, only outside Electron (src/renderer/src/pwa.ts).
 */
function webApp(): Plugin[] {
  return VitePWA({
    injectRegister: false,
    registerType: 'prompt',
    includeManifestIcons: false,
    manifest: {
      id: './',
      name: 'Quickdraw',
      short_name: 'Quickdraw',
      description: 'Monte Carlo lab for tabletop-RPG initiative, interrupts and cascading Waits',
      lang: 'en',
      display: 'standalone',
      start_url: './',
      scope: './',
      theme_color: '#121a2e',
      background_color: '#121a2e',
      icons: [
        { src: 'icon-192.png', sizes: '192x192', type: 'image/png' },
        { src: 'icon-512.png', sizes: '512x512', type: 'image/png' },
        { src: 'icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        { src: 'icon.svg', sizes: 'any', type: 'image/svg+xml' },
      ],
    },
    workbox: {
      globPatterns: ['**/*.{html,js,css,svg,png,webmanifest,json}'],
      // The app bundle and the simulation worker are each well over workbox's 2 MiB default when unminified.
      maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
      navigateFallback: 'index.html',
      cleanupOutdatedCaches: true,
      // The first visit's page is controlled at once (no reload needed to work offline). A new version
      // waits until every tab of the old one is closed, so an open page never mixes files of two builds
      // and is never reloaded under the user's edits.
      clientsClaim: true,
      skipWaiting: false,
    },
  })
}

/**
 * Three builds: main (Electron main + the simulation worker + the headless CLI, all CommonJS so the
 * worker also loads inside a packaged app.asar), preload (CommonJS, sandboxed) and the Vue renderer.
 * The worker keeps a stable path, `out/main/worker.js`, which Electron main, the CLI and the tests load.
 */
export default defineConfig({
  main: {
    build: {
      externalizeDeps: true,
      rolldownOptions: {
        input: {
          index: resolve(__dirname, 'src/main/index.ts'),
          worker: resolve(__dirname, 'src/main/worker.ts'),
          cli: resolve(__dirname, 'src/cli/index.ts'),
        },
      },
    },
  },
  preload: {
    build: {
      rolldownOptions: {
        input: { index: resolve(__dirname, 'src/preload/index.ts') },
      },
    },
  },
  renderer: {
    root: resolve(__dirname, 'src/renderer'),
    build: {
      rolldownOptions: {
        input: { index: resolve(__dirname, 'src/renderer/index.html') },
      },
      // electron-vite leaves the renderer unminified by default; the app bundle and its Web Worker are
      // downloaded by the web app, so minify both (the worker is built with the same setting).
      minify: true,
    },
    plugins: [vue(), devInlineStyles(), appIcons(), thirdPartyNotices(), webApp()],
  },
})
