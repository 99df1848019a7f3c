import { defineStore } from 'pinia'
import { ref, shallowRef } from 'vue'
import type { JobProgress } from '../../../engine/run/job'
import type { ResultDocument } from '../../../engine/run/result'
import type { AppInfo, ExampleSummary } from '../../../shared/ipc-contract'
import { createBackend } from '../api'

/** Examples, the scenario being run, progress and the latest result. Large results live in shallowRefs. */
export const useSimulationStore = defineStore('simulation', () => {
  const backend = createBackend()
  const info = ref<AppInfo | null>(null)
  const examples = ref<ExampleSummary[]>([])
  const selected = ref<string>('')
  const scenario = shallowRef<unknown>(null)
  const trials = ref(100_000)
  const seed = ref(1)
  const workers = ref(backend.defaultWorkers)
  const running = ref(false)
  const jobId = ref('')
  const progress = shallowRef<JobProgress | null>(null)
  const result = shallowRef<ResultDocument | null>(null)
  const error = ref('')

  async function load(): Promise<void> {
    info.value = await backend.info()
    examples.value = await backend.examples()
    if (examples.value.length > 0) await choose(examples.value[0].file)
  }

  async function choose(file: string): Promise<void> {
    selected.value = file
    scenario.value = await backend.loadExample(file)
    const run = (scenario.value as { run?: { trials?: number; seed?: number } }).run
    trials.value = run?.trials ?? 100_000
    seed.value = run?.seed ?? 1
    result.value = null
    progress.value = null
    error.value = ''
  }

  async function run(): Promise<void> {
    if (running.value || scenario.value === null) return
    running.value = true
    error.value = ''
    progress.value = null
    jobId.value = `job-${Date.now().toString(36)}`
    try {
      result.value = await backend.run({ jobId: jobId.value, scenario: scenario.value, trials: trials.value, seed: seed.value, workers: workers.value }, (p) => {
        progress.value = p
      })
      if (result.value.status === 'error') error.value = result.value.error ?? 'the simulation failed'
    } catch (e) {
      error.value = e instanceof Error ? e.message : String(e)
    } finally {
      running.value = false
    }
  }

  async function cancel(): Promise<void> {
    if (running.value) await backend.cancel(jobId.value)
  }

  function newSeed(): void {
    seed.value = Math.floor(Math.random() * 2 ** 31)
  }

  return { backendKind: backend.kind, info, examples, selected, scenario, trials, seed, workers, running, progress, result, error, load, choose, run, cancel, newSeed }
})
