import { spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { cliPath, examplesDir, requireBuild } from '../helpers'

// Node 20 aborts the process when a worker thread ends while V8 still optimizes its code on a background
// thread ("NodePlatform::ForIsolate … Assertion failed: (data.first) != nullptr"; it ended one CI run).
// The simulation service turns concurrent recompilation off before its pool exists
// (src/main/services/v8-workarounds.ts). V8's own optimization trace shows the mode of every TurboFan job:
// an isolate created with the flag off compiles synchronously, one created before (the process's main
// isolate, which lives as long as the process) keeps its background compiler. Without the workaround no
// job in this run is synchronous; with it, every job of the worker threads is.
describe('worker teardown on Node 20', () => {
  it('the workers of a CLI run optimize synchronously, so no compile job outlives a worker', () => {
    requireBuild()
    const r = spawnSync(
      process.execPath,
      ['--trace-opt', cliPath, 'run', join(examplesDir, 'gurps-duel.json'), '--trials', '100000', '--workers', '2'],
      { encoding: 'utf8', timeout: 120_000 },
    )
    expect(r.status).toBe(0)
    const jobs = r.stdout.split('\n').filter((line) => line.startsWith('[compiling method'))
    const synchronous = jobs.filter((line) => line.includes('ConcurrencyMode::kSynchronous'))
    expect(synchronous.length).toBeGreaterThan(10)
    // The fight loop itself runs only in the workers.
    expect(synchronous.some((line) => /JSFunction (playFight|resetFight|deathChecks)/.test(line))).toBe(true)
  })
})
