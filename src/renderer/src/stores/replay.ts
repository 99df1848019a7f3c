import { defineStore } from 'pinia'
import { computed, ref, shallowRef, watch } from 'vue'
import type { TraceEvent } from '../../../engine/core/trace'
import { replayTrial } from '../../../engine/run/replay'
import { backend } from './backend'
import { useSimulationStore } from './simulation'

/** Something to look for in a fight: a probability metric, or one outcome of an ordering. */
export interface FindOption {
  /** `metric` or `metric=outcome`, as `quickdraw trace --find` takes it. */
  value: string
  label: string
}

/**
 * Replay of one fight of the last result: trial T of the run (same scenario, seed and chunk size), told
 * as the system's trace events; and "find a fight where…", the first trial of the run whose outcome
 * matches (engine `findTrial`, in a worker), then replayed. The same seed always finds the same fight.
 */
export const useReplayStore = defineStore('replay', () => {
  const sim = useSimulationStore()
  const trial = ref(0)
  const events = shallowRef<TraceEvent[]>([])
  const query = ref('')
  const finding = ref(false)
  const message = ref('')
  let jobId = ''

  const options = computed<FindOption[]>(() =>
    (sim.result?.metrics ?? []).flatMap((m): FindOption[] => {
      if (m.kind === 'probability') return m.count > 0 ? [{ value: m.id, label: m.label }] : []
      if (m.kind === 'order') return m.outcomes.filter((o) => o.count > 0).map((o) => ({ value: `${m.id}=${o.key}`, label: `${m.label}: ${o.label}` }))
      return []
    }),
  )

  /** Tells trial `t` of the last run (0-based; clamped to the run's trials). */
  function replay(t: number): void {
    const doc = sim.result
    if (!doc || sim.resultScenario === null) return
    trial.value = Math.min(Math.max(0, Math.floor(t) || 0), doc.run.trials - 1)
    message.value = ''
    try {
      events.value = replayTrial(sim.resultScenario, doc.run.seed, trial.value, doc.run.chunkSize)
    } catch (e) {
      events.value = []
      message.value = e instanceof Error ? e.message : String(e)
    }
  }

  async function find(): Promise<void> {
    const doc = sim.result
    if (!doc || sim.resultScenario === null || query.value === '' || finding.value) return
    const [metric, outcome] = query.value.split(/=(.*)/s, 2)
    finding.value = true
    message.value = ''
    jobId = `find-${Date.now().toString(36)}`
    try {
      const found = await backend().findTrial({ jobId, scenario: sim.resultScenario, seed: doc.run.seed, trials: doc.run.trials, chunkSize: doc.run.chunkSize, metric, outcome: outcome || undefined })
      const label = options.value.find((o) => o.value === query.value)?.label ?? query.value
      if (found === null) message.value = `No fight among the ${doc.run.trials.toLocaleString('en-US')} of this run matches “${label}” (or the search was stopped).`
      else {
        replay(found)
        message.value = `Fight #${found} is the first of this run where “${label}”.`
      }
    } catch (e) {
      message.value = e instanceof Error ? e.message : String(e)
    } finally {
      finding.value = false
    }
  }

  async function stopFind(): Promise<void> {
    if (finding.value) await backend().cancel(jobId)
  }

  // A new result starts over at its first fight.
  watch(
    () => sim.result,
    (doc) => {
      query.value = ''
      if (doc && doc.status !== 'error') replay(0)
      else events.value = []
    },
  )

  return { trial, events, query, finding, message, options, replay, find, stopFind }
})
