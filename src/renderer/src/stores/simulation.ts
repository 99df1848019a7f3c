import { defineStore } from 'pinia'
import { computed, ref, shallowRef, watch } from 'vue'
import type { Metric } from '../../../engine/core/metrics'
import type { JobProgress } from '../../../engine/run/job'
import type { ResultDocument } from '../../../engine/run/result'
import { withExact } from '../../../engine/core/fight-exact'
import { backend } from './backend'
import { useEditorStore } from './editor'
import { useExactStore } from './exact'

/** Quiet time after the last edit before the live answer starts (long enough to let a typed number finish). */
export const LIVE_DEBOUNCE_MS = 80
/**
 * Fights in the first live answer: a first look within a blink (about ±4 points on a chance near 50%, shown
 * with its interval and "refining"), sharpened a moment later by the steps that follow.
 */
export const LIVE_FIRST_TRIALS = 500
/** Each refinement plays this many times the fights of the one before, up to the scenario's trial count. */
export const LIVE_GROWTH = 4

/**
 * The trial counts of a live answer: 500, 2,000, 8,000, 32,000… up to the scenario's count. Each is a run of
 * its own with the scenario's seed and the usual chunks, so it plays exactly the first fights of a Run
 * (chunk c always draws from the stream of (seed, c)), and the last is the Run itself, bit for bit.
 */
export function liveSteps(trials: number): number[] {
  const out: number[] = []
  for (let n = Math.min(LIVE_FIRST_TRIALS, trials); ; n = Math.min(trials, n * LIVE_GROWTH)) {
    out.push(n)
    if (n >= trials) return out
  }
}

/**
 * The run: settings (trials and seed live in the scenario's `run`), progress, partial and final results.
 * Live answers: every valid edit starts a short run at once and refines it in the background until the
 * scenario's trial count; the next edit cancels it. An explicit Run is never disturbed by them.
 */
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
  /** Answer as I edit (live answers); a preference kept in this browser. */
  const live = ref(readLivePreference())
  /** A live answer is being worked out or refined for the scenario as it is now. */
  const refining = ref(false)
  /** The result shown is a live answer (its exact values come from the exact answer of the same edit). */
  const liveResult = ref(false)
  const exactAnswer = useExactStore()
  /** The answer the scenario had before the last edit (its metrics), to show what changed. */
  const previous = shallowRef<Metric[] | null>(null)
  let liveTimer: ReturnType<typeof setTimeout> | null = null
  let liveJob = ''
  let liveToken = 0
  const startedAt = ref(0)
  const firstPartialMs = ref<number | null>(null)
  // Another scenario was opened: the run going on (if any) stops and the previous results go.
  watch(
    () => editor.session,
    () => {
      if (running.value) void cancel()
      stopLive()
      clear()
      previous.value = null
    },
  )
  // Every edit (a field, the JSON, an import, Undo) answers at once, unless a Run is going on.
  watch(
    () => [editor.version, editor.valid, live.value] as const,
    () => scheduleLive(),
  )
  watch(live, (on) => {
    try {
      globalThis.localStorage?.setItem(LIVE_KEY, on ? 'on' : 'off')
    } catch {
      // storage may be unavailable (private windows); the preference then lasts for this page
    }
  })

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
  const metrics = computed<Metric[]>(() => {
    if (running.value && progress.value) return progress.value.partial
    const shown = result.value?.metrics ?? []
    // A live answer never waits for a solve: the exact values join it when the exact answer of the same
    // version arrives (the same values, attached the same way, as a Run's).
    if (liveResult.value && !stale.value && exactAnswer.status === 'done' && exactAnswer.metrics) return withExact(structuredClone(shown), exactAnswer.metrics)
    return shown
  })

  function stopLive(): void {
    if (liveTimer) clearTimeout(liveTimer)
    liveTimer = null
    liveToken++
    if (liveJob !== '') void backend().cancel(liveJob)
    liveJob = ''
    refining.value = false
  }

  function scheduleLive(): void {
    stopLive()
    if (!live.value || running.value || editor.doc === null || !editor.valid) return
    if (result.value !== null && resultVersion.value === editor.version && result.value.status === 'done') return // Undo back to what is shown
    refining.value = true
    liveTimer = setTimeout(() => void liveAnswer(), LIVE_DEBOUNCE_MS)
  }

  /** The live answer of the scenario as it is now: a short run, then longer ones until its trial count. */
  async function liveAnswer(): Promise<void> {
    liveTimer = null
    const token = liveToken
    const scenario = editor.doc
    const version = editor.version
    const session = editor.session
    const current = (): boolean => token === liveToken && version === editor.version && session === editor.session && !running.value
    try {
      for (const [k, n] of liveSteps(trials.value).entries()) {
        liveJob = `live-${Date.now().toString(36)}-${token}-${k}`
        const doc = await backend().run({ jobId: liveJob, scenario, trials: n, seed: seed.value, workers: workers.value, exact: false }, () => undefined)
        if (!current()) return
        if (doc.status !== 'done') {
          if (doc.status === 'error') error.value = doc.error ?? 'the simulation failed'
          return
        }
        // The answer shown until now was of an earlier version: it becomes "what it was".
        if (result.value !== null && resultVersion.value !== version && result.value.status === 'done') previous.value = result.value.metrics
        resultScenario.value = scenario
        resultVersion.value = version
        result.value = doc
        liveResult.value = true
        error.value = ''
      }
    } catch (e) {
      if (current()) error.value = e instanceof Error ? e.message : String(e)
    } finally {
      if (token === liveToken) {
        refining.value = false
        liveJob = ''
      }
    }
  }

  /** Trials behind the answer shown, when it is a live answer still short of the scenario's count. */
  const liveTrials = computed(() => (result.value !== null && !stale.value && result.value.run.trials < trials.value ? result.value.run.trials : 0))

  async function run(): Promise<void> {
    if (running.value || editor.doc === null) return
    stopLive()
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
      if (result.value !== null && resultVersion.value !== version && result.value.status === 'done') previous.value = result.value.metrics
      resultScenario.value = scenario
      resultVersion.value = version
      result.value = doc
      liveResult.value = false
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

  return { backendKind: backend().kind, workers, running, progress, result, resultScenario, resultVersion, stale, error, trials, seed, metrics, firstPartialMs, live, refining, previous, liveTrials, run, cancel, newSeed, clear }
})

const LIVE_KEY = 'quickdraw.live-answers'

function readLivePreference(): boolean {
  try {
    return globalThis.localStorage?.getItem(LIVE_KEY) !== 'off'
  } catch {
    return true
  }
}
