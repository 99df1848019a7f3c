import { defineConfig } from 'vitest/config'
import vue from '@vitejs/plugin-vue'

export default defineConfig({
  plugins: [vue()],
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
