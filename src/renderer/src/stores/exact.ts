import { defineStore } from 'pinia'
import { computed, ref, shallowRef, watch } from 'vue'
import type { ExactMetric } from '../../../engine/systems/rule-system'
import { backend } from './backend'
import { useEditorStore } from './editor'
import { useLibraryStore } from './library'

/** Quiet time after the last edit before the exact values are computed again. */
export const EXACT_DEBOUNCE_MS = 150

/**
 * The exact answer of the scenario being edited, for systems that have one (`RuleSystem.exact`): computed
 * off the page's thread a moment after each valid edit, so a designer sees the odds move while changing
 * a dice pool or a skill, before running anything. A newer edit cancels the computation in flight; an
 * invalid scenario keeps the last answer, marked stale, until it is valid again.
 */
export const useExactStore = defineStore('exact', () => {
  const editor = useEditorStore()
  const library = useLibraryStore()
  const metrics = shallowRef<ExactMetric[] | null>(null)
  const status = ref<'none' | 'computing' | 'done' | 'stale' | 'error'>('none')
  const error = ref('')
  /** Milliseconds the last computation took, from request to answer. */
  const took = ref(0)
  const supported = computed(() => library.info?.systems.find((s) => s.id === editor.systemId)?.exact === true)
  let timer: ReturnType<typeof setTimeout> | null = null
  let inFlight: string | null = null
  let seq = 0

  function cancelInFlight(): void {
    if (inFlight !== null) void backend().cancel(inFlight)
    inFlight = null
  }

  function schedule(): void {
    if (timer) clearTimeout(timer)
    timer = null
    cancelInFlight()
    if (!supported.value || editor.doc === null) {
      metrics.value = null
      status.value = 'none'
      return
    }
    if (!editor.valid) {
      if (metrics.value !== null) status.value = 'stale'
      return
    }
    status.value = 'computing'
    timer = setTimeout(() => void compute(), EXACT_DEBOUNCE_MS)
  }

  async function compute(): Promise<void> {
    timer = null
    const jobId = `exact-${Date.now().toString(36)}-${++seq}`
    inFlight = jobId
    const started = performance.now()
    try {
      const answer = await backend().exact({ jobId, scenario: editor.doc })
      if (inFlight !== jobId) return // a newer edit took over
      metrics.value = answer
      status.value = answer === null ? 'none' : 'done'
      error.value = ''
      took.value = performance.now() - started
    } catch (e) {
      if (inFlight !== jobId) return
      status.value = 'error'
      error.value = e instanceof Error ? e.message : String(e)
    } finally {
      if (inFlight === jobId) inFlight = null
    }
  }

  // Another scenario opened (a file, an example, New…): the last answer was for a different scenario and
  // is never shown beside it, not even while the new one computes.
  watch(
    () => editor.session,
    () => {
      metrics.value = null
    },
    { flush: 'sync' },
  )
  watch(() => [editor.doc, editor.valid, supported.value] as const, schedule, { immediate: true })

  return { metrics, status, error, took, supported }
})
