import { defineStore } from 'pinia'
import { computed, ref, shallowRef, watch } from 'vue'
import type { Metric } from '../../../engine/core/metrics'
import type { JobProgress } from '../../../engine/run/job'
import type { ResultDocument } from '../../../engine/run/result'
import { backend } from './backend'
import { useEditorStore } from './editor'

/** The run: settings (trials and seed live in the scenario's `run`), progress, partial and final results. */
export const useSimulationStore = defineStore('simulation', () => {
  const editor = useEditorStore()
  const workers = ref(backend().defaultWorkers)
  const running = ref(false)
  const jobId = ref('')
  const progress = shallowRef<JobProgress | null>(null)
  const result = shallowRef<ResultDocument | null>(null)
  /** The scenario exactly as the last run saw it (replays, finds and reports use it, not later edits). */
  const resultScenario = shallowRef<unknown>(null)
  /** The editor's scenario version the result (or the run going on) belongs to. */
  const resultVersion = ref('')
  /** The result no longer matches the scenario in the editor: it was edited after the run. */
  const stale = computed(() => !running.value && result.value !== null && resultVersion.value !== editor.version)
  const error = ref('')
  const startedAt = ref(0)
  const firstPartialMs = ref<number | null>(null)
  // Another scenario was opened: the run going on (if any) stops and the previous results go.
  watch(
    () => editor.session,
    () => {
      if (running.value) void cancel()
      clear()
    },
  )

  const runSettings = computed(() => (editor.doc as { run?: { trials?: number; seed?: number } } | null)?.run ?? {})
  const trials = computed({
    get: () => runSettings.value.trials ?? 100_000,
    set: (v: number) => editor.edit(['run', 'trials'], v),
  })
  const seed = computed({
    get: () => runSettings.value.seed ?? 1,
    set: (v: number) => editor.edit(['run', 'seed'], v),
  })
  /** What the charts show: the partial metrics while running, else the last result's. */
  const metrics = computed<Metric[]>(() => (running.value && progress.value ? progress.value.partial : (result.value?.metrics ?? [])))

  async function run(): Promise<void> {
    if (running.value || editor.doc === null) return
    if (!editor.valid) {
      error.value = 'The scenario has problems (marked in the editor); fix them to run.'
      return
    }
    running.value = true
    error.value = ''
    progress.value = null
    firstPartialMs.value = null
    jobId.value = `job-${Date.now().toString(36)}`
    startedAt.value = performance.now()
    const scenario = editor.doc // replaced whole on every edit, never mutated
    const version = editor.version
    const session = editor.session
    try {
      const doc = await backend().run({ jobId: jobId.value, scenario, trials: trials.value, seed: seed.value, workers: workers.value }, (p) => {
        firstPartialMs.value ??= performance.now() - startedAt.value
        progress.value = p
      })
      if (session !== editor.session) return // another scenario was opened meanwhile
      resultScenario.value = scenario
      resultVersion.value = version
      result.value = doc
      if (doc.status === 'error') error.value = doc.error ?? 'the simulation failed'
    } catch (e) {
      error.value = e instanceof Error ? e.message : String(e)
    } finally {
      running.value = false
    }
  }

  async function cancel(): Promise<void> {
    if (running.value) await backend().cancel(jobId.value)
  }

  function newSeed(): void {
    const words = new Uint32Array(1)
    crypto.getRandomValues(words)
    seed.value = words[0] % 2 ** 31
  }

  function clear(): void {
    result.value = null
    resultScenario.value = null
    resultVersion.value = ''
    progress.value = null
    error.value = ''
  }

  return { backendKind: backend().kind, workers, running, progress, result, resultScenario, resultVersion, stale, error, trials, seed, metrics, firstPartialMs, run, cancel, newSeed, clear }
})
