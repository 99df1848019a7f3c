import { defineConfig } from 'vitest/config'
import vue from '@vitejs/plugin-vue'

export default defineConfig({
  plugins: [vue()],
  test: {
    include: ['src/**/*.test.ts', 'tests/**/*.test.ts'],
    // Property tests run with a fixed fast-check seed (tests/setup/fast-check.ts).
    setupFiles: ['tests/setup/fast-check.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Node 20 can abort a process whose isolate goes away while V8 optimizes in the background; the
    // simulation service guards its workers (src/main/services/v8-workarounds.ts), this guards the forks.
    execArgv: ['--no-concurrent-recompilation'],
  },
})
