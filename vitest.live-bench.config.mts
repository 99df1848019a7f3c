import { defineConfig } from 'vitest/config'
import base from './vitest.config.mts'

/** `npm run bench:live` (tests/e2e/live-bench.ts): a measurement, kept out of `npm test`; only that file runs. */
export default defineConfig({ ...base, test: { ...base.test, include: ['tests/e2e/live-bench.ts'] } })
