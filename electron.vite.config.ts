import { readdirSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { defineConfig } from 'electron-vite'
import vue from '@vitejs/plugin-vue'
import type { Plugin } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'
import { systemInfo } from './src/shared/system-info'
import { listSystems } from './src/cli/systems-list'
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

const registryFile = resolve(__dirname, 'src/engine/systems/registry.ts')
/**
 * Engine code every rule system and the page share: all of src/engine but the systems' own folders, with
 * zod and pure-rand, and the page's zod setting (zod-jitless.ts, which must run before any schema checks
 * a value, so it goes in the same chunk, right after zod).
 */
const isEngineCommon = (id: string): boolean => {
  const path = id.replace(/\\/g, '/')
  if (/\/node_modules\/(zod|pure-rand)\//.test(path) || path.endsWith('/src/renderer/src/zod-jitless.ts')) return true
  return /\/src\/engine\//.test(path) && !/\/src\/engine\/systems\/[^/]+\//.test(path)
}
const pageRegistryFile = resolve(__dirname, 'src/renderer/src/backends/systems.ts')
const systemInfoId = 'virtual:quickdraw-system-info'
const examplesId = 'virtual:quickdraw-examples'

/** Each shipped example as the library lists it (file, name, system, description), read when the app is built. */
function exampleIndex(): { file: string; name: string; system: string; description: string }[] {
  const dir = resolve(__dirname, 'resources', 'examples')
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((file) => {
      const doc = JSON.parse(readFileSync(resolve(dir, file), 'utf8')) as { name: string; system: string; description?: string }
      return { file, name: doc.name, system: doc.system, description: doc.description ?? '' }
    })
}

/**
 * The page loads each rule system when a scenario of it is opened, not in its first script: in the
 * renderer's build (the page and its simulation worker), the engine's registry is replaced by
 * backends/systems.ts, which imports each system as its own chunk. The list of systems the app shows
 * (label, version, exact answer or not) is worked out here, at build time, from the registry itself, and
 * so is the library's list of shipped examples (each example's whole file is a chunk of its own).
 */
function systemsOnDemand(): Plugin {
  return {
    name: 'quickdraw-systems-on-demand',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (source === systemInfoId || source === examplesId) return `\0${source}`
      if (!/(^|\/)systems\/registry$/.test(source) || !importer || importer === pageRegistryFile) return null
      const hit = await this.resolve(source, importer, { skipSelf: true })
      return hit?.id === registryFile ? pageRegistryFile : null
    },
    load(id) {
      if (id === `\0${systemInfoId}`) return `export default ${JSON.stringify(systemInfo())}`
      if (id === `\0${examplesId}`) return `export default ${JSON.stringify(exampleIndex())}`
      return null
    },
    // Vite's preloading of a dynamic import's files reads the page's <link> tags, which a Web Worker has
    // not: the dynamic imports in the chunks a worker loads (each rule system's, by backends/systems.ts)
    // preload nothing, in the worker and on the page alike (a system's chunk needs no styles, and its few
    // shared chunks load with it). Runs after Vite has written each import's list of files to preload.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        // every chunk the worker loads: its entry and what that imports, on and on
        const worker = Object.values(bundle).find((c) => c.type === 'chunk' && c.isEntry && c.name === 'chunk-worker')
        const todo = worker ? [worker.fileName] : []
        const seen = new Set<string>()
        for (let file = todo.pop(); file !== undefined; file = todo.pop()) {
          const chunk = bundle[file]
          if (seen.has(file) || chunk?.type !== 'chunk') continue
          seen.add(file)
          chunk.code = chunk.code.replace(/__vite__mapDeps\(\[[\d,]*\]\)/g, '[]')
          todo.push(...chunk.imports)
        }
      },
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
      // txt: the third-party notices the Welcome links, readable offline too
      globPatterns: ['**/*.{html,js,css,svg,png,webmanifest,json,txt}'],
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

const cliSystemsListFile = resolve(__dirname, 'src/cli/systems-list.ts')
const cliSystemsListId = '\0quickdraw-cli-systems-list'

/**
 * The CLI starts at once: `quickdraw systems` prints the rule systems' list, worked out here when the CLI
 * is built, instead of loading every system's samplers and solvers to read it (src/cli/systems-list.ts is
 * replaced by the list itself in the main build).
 */
function cliSystemsList(): Plugin {
  return {
    name: 'quickdraw-cli-systems-list',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (!importer || !/systems-list$/.test(source)) return null
      const hit = await this.resolve(source, importer, { skipSelf: true })
      return hit?.id === cliSystemsListFile ? cliSystemsListId : null
    },
    load(id) {
      return id === cliSystemsListId ? `const list = ${JSON.stringify(listSystems())}\nexport function listSystems() { return structuredClone(list) }\n` : null
    },
  }
}

/**
 * Three builds: main (Electron main + the simulation worker + the headless CLI, all CommonJS so the
 * worker also loads inside a packaged app.asar), preload (CommonJS, sandboxed) and the Vue renderer.
 * The worker keeps a stable path, `out/main/worker.js`, which Electron main, the CLI and the tests load.
 */
export default defineConfig({
  main: {
    plugins: [cliSystemsList()],
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
        // The simulation Web Worker is a second entry of the page's build (not a build of its own), so the
        // page and its workers load the same chunks: the engine, and each rule system when first needed.
        input: { index: resolve(__dirname, 'src/renderer/index.html'), 'chunk-worker': resolve(__dirname, 'src/renderer/src/backends/chunk-worker.ts') },
        output: {
          // The engine's common code (and zod, pure-rand) is one chunk of its own: were it left in the page's
          // entry, a rule system's chunk would import it from there, and a worker would run the page.
          codeSplitting: { groups: [{ name: 'engine', test: (id: string) => isEngineCommon(id) }] },
        },
      },
      // electron-vite leaves the renderer unminified by default; the app bundle and its Web Worker are
      // downloaded by the web app, so minify both.
      minify: true,
    },
    plugins: [systemsOnDemand(), vue(), devInlineStyles(), appIcons(), thirdPartyNotices(), webApp()],
  },
})
