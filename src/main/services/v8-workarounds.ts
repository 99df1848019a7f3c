import { setFlagsFromString } from 'node:v8'

let applied = false

/**
 * Makes worker-thread teardown safe on Node 20 (the CLI's Node): compile hot functions on the worker's
 * own thread instead of on V8's background threads.
 *
 * Why: Node 20 unregisters a worker's isolate from its platform before disposing it. A TurboFan job
 * still compiling for that isolate on a background thread can then ask the platform for the isolate's
 * task runner and the whole process aborts with "NodePlatform::ForIsolate … Assertion failed:
 * (data.first) != nullptr" (seen in our CI when a pool was destroyed right after short runs; a cancel,
 * which terminates the worker mid-chunk, opens the same window). With concurrent recompilation off no
 * background job outlives the isolate. Throughput is unchanged within noise (`quickdraw bench`, medians
 * of 3: GURPS melee 301k → 327k/s, HERO 210k → 203k/s, L5R 220k → 225k/s with one worker).
 *
 * V8 flags are process-wide and a worker isolate reads them when it is created, so this runs before the
 * first pool exists. Idempotent.
 */
export function useSynchronousOptimization(): void {
  if (applied) return
  setFlagsFromString('--no-concurrent-recompilation')
  applied = true
}
