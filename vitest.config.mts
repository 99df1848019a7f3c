import { readdirSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { defineConfig } from 'vitest/config'
import type { Plugin } from 'vite'
import vue from '@vitejs/plugin-vue'
import { systemInfo } from './src/shared/system-info'

/**
 * The page's build-time modules (electron.vite.config.ts makes them when the app is built): the rule
 * systems as the app lists them and the library's index of shipped examples, made the same way here so
 * the page's code runs under the tests. The tests keep the engine's own registry (every system loaded).
 */
function pageVirtualModules(): Plugin {
  const ids = new Set(['virtual:quickdraw-system-info', 'virtual:quickdraw-examples'])
  return {
    name: 'quickdraw-test-virtual-modules',
    enforce: 'pre',
    resolveId: (source) => (ids.has(source) ? `\0${source}` : null),
    load(id) {
      if (id === '\0virtual:quickdraw-system-info') return `export default ${JSON.stringify(systemInfo())}`
      if (id !== '\0virtual:quickdraw-examples') return null
      const dir = resolve(__dirname, 'resources', 'examples')
      const index = readdirSync(dir)
        .filter((f) => f.endsWith('.json'))
        .sort()
        .map((file) => {
          const doc = JSON.parse(readFileSync(resolve(dir, file), 'utf8')) as { name: string; system: string; description?: string }
          return { file, name: doc.name, system: doc.system, description: doc.description ?? '' }
        })
      return `export default ${JSON.stringify(index)}`
    },
  }
}

export default defineConfig({
  plugins: [vue(), pageVirtualModules()],
  test: {
    include: ['src/**/*.test.ts', 'tests/**/*.test.ts'],
    // Property tests run with a fixed fast-check seed (tests/setup/fast-check.ts).
    setupFiles: ['tests/setup/fast-check.ts'],
    environment: 'node',
    // Hang guards, not speed limits: CLI and browser tests start processes, and a shared or loaded
    // machine can be many times slower than a quiet one. Speed is measured by `quickdraw bench`.
    testTimeout: 240_000,
    hookTimeout: 240_000,
    pool: 'forks',
    // Node 20 can abort a process whose isolate goes away while V8 optimizes in the background; the
    // simulation service guards its workers (src/main/services/v8-workarounds.ts), this guards the forks.
    execArgv: ['--no-concurrent-recompilation'],
  },
})
