import { resolve } from 'node:path'
import { defineConfig } from 'electron-vite'
import vue from '@vitejs/plugin-vue'
import type { Plugin } from 'vite'

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
    },
    plugins: [vue(), devInlineStyles()],
  },
})
