import { defineStore } from 'pinia'
import { computed, ref, shallowRef, watch, type ComputedRef } from 'vue'
import { BalanceRefusal, findBalance, type BalanceAnswer, type BalancePoint } from '../../../engine/run/balance'
import { findSystem } from '../../../engine/systems/registry'
import { type describeQuery, formatMetricQuery, MetricQueryError, parseMetricQuery } from '../../../engine/run/estimate'
import type { JobProgress } from '../../../engine/run/job'
import { setAtPath } from '../../../engine/run/json-path'
import type { ResultDocument } from '../../../engine/run/result'
import { balanceSentence, crossingSentence, fieldWords, shownValue } from '../analysis/balance-text'
import { averageInWords, labelInWords, queryInWords, settingOf } from '../../../shared/report/headline'
import { backend } from './backend'
import { useEditorStore } from './editor'
import { useExactStore } from './exact'
import { useSimulationStore } from './simulation'
import { useSweepStore } from './sweep'

export interface MetricChoice {
  /** `id` or `id=outcome` (an ordering's outcome), as `quickdraw balance --metric` takes it. */
  value: string
  label: string
}

/** A run was cancelled or failed part-way: the search stops and says so. */
export class StoppedRun extends Error {}

/**
 * The metrics a balance or tactics question can be asked on: those of the last run, or, before any run,
 * the scenario's exact values; an ordering offers each of its outcomes.
 */
export function useMetricChoices(): { choices: ComputedRef<MetricChoice[]>; describe: (q: string) => { label: string; percent: boolean } } {
  const sim = useSimulationStore()
  const exact = useExactStore()
  const source = computed(() => {
    const run = sim.result?.metrics ?? []
    return run.length > 0 ? run : (exact.metrics ?? []).filter((m) => m.kind !== 'joint')
  })
  const editor = useEditorStore()
  const setting = computed(() => settingOf(editor.doc))
  // Each choice named as Results name it ("The Kid acts first, alone", "Doc wins"); the value stays the query.
  const choices = computed<MetricChoice[]>(() =>
    source.value.flatMap((m): MetricChoice[] => {
      if (m.kind === 'order') return m.outcomes.map((o) => ({ value: `${m.id}=${o.key}`, label: queryInWords([m], { metric: m.id, outcome: o.key }, setting.value)?.label ?? o.label }))
      if (m.kind === 'probability') return [{ value: m.id, label: labelInWords(m.label, setting.value) }]
      if (m.kind === 'mean' || m.kind === 'distribution') return [{ value: m.id, label: averageInWords(m.label, setting.value).label }]
      return []
    }),
  )
  /** In words, read off the run's metrics; before any run, whether it is a chance from the system's catalogue. */
  const describe = (q: string): { label: string; percent: boolean } => {
    const query = parseMetricQuery(q)
    const said = queryInWords(source.value, query, setting.value)
    if (said) return said
    const kind = findSystem(editor.systemId)?.metrics.find((m) => m.id === query.metric.split(':')[0])?.kind
    return { label: choices.value.find((c) => c.value === q)?.label ?? q, percent: query.outcome !== undefined || kind === 'order' || kind === 'probability' }
  }
  return { choices, describe }
}

/** One run of the search through the backend, with the run bar's seed and workers; cancellable. */
export function backendRunner(opts: { seed: number; workers: number; isCancelled: () => boolean; onJob: (id: string) => void; onProgress: (p: JobProgress) => void }): (scenario: unknown, trials: number, options?: { exact?: boolean }) => Promise<ResultDocument> {
  let k = 0
  return async (scenario, trials, options) => {
    if (opts.isCancelled()) throw new StoppedRun('cancelled')
    const jobId = `search-${Date.now().toString(36)}-${k++}`
    opts.onJob(jobId)
    const doc = await backend().run({ jobId, scenario, trials, seed: opts.seed, workers: opts.workers, ...(options?.exact === false ? { exact: false } : {}) }, opts.onProgress)
    if (doc.status === 'error') throw new StoppedRun(`the simulation failed: ${doc.error ?? 'unknown error'}`)
    if (doc.status !== 'done' || opts.isCancelled()) throw new StoppedRun('cancelled')
    return doc
  }
}

/**
 * "What value makes this fair?": the value of one number of the scenario at which a metric reaches a
 * target (engine `findBalance`), every point run through the backend with the run bar's seed and trials,
 * exact where the system has exact values; progress, cancel, and the answer as a sentence.
 */
export const useBalanceStore = defineStore('balance', () => {
  const editor = useEditorStore()
  const sim = useSimulationStore()
  const sweep = useSweepStore()
  const { choices, describe } = useMetricChoices()
  const path = ref('')
  const metric = ref('')
  const target = ref(50)
  /** Empty: the engine's default range around the current value. */
  const from = ref<number | ''>('')
  const to = ref<number | ''>('')
  const running = ref(false)
  const cancelled = ref(false)
  const points = ref<BalancePoint[]>([])
  const progress = shallowRef<JobProgress | null>(null)
  const answer = shallowRef<BalanceAnswer | null>(null)
  /** What the answer is about, in words ("The Kid's skill"). */
  const field = ref('')
  /** The metric the answer reaches, named as Results name it ("The Kid acts first, alone"). */
  const said = ref('')
  const error = ref('')
  const version = ref('')
  let jobId = ''
  const stale = computed(() => !running.value && answer.value !== null && version.value !== editor.version)
  /** Every number of the scenario, as Sweep offers them. */
  const fields = computed(() => sweep.fields)

  watch(
    () => editor.session,
    () => {
      if (running.value) void cancel()
      answer.value = null
      points.value = []
      path.value = ''
      metric.value = ''
      from.value = ''
      to.value = ''
      error.value = ''
    },
  )

  const sentence = computed(() => (answer.value ? balanceSentence(answer.value, field.value, said.value) : ''))
  const crossing = computed(() => (answer.value && answer.value.bracket.length > 1 ? crossingSentence(answer.value) : ''))

  async function run(): Promise<void> {
    if (running.value || sim.running || editor.doc === null) return
    error.value = ''
    const f = fields.value.find((x) => x.path === path.value)
    if (!f) {
      error.value = 'Field: choose a number of the scenario to vary'
      return
    }
    if (metric.value === '') {
      error.value = 'Metric: choose the metric that should reach the target'
      return
    }
    if (!Number.isFinite(target.value)) {
      error.value = 'Target: must be a number'
      return
    }
    // A field left at its default is varied from a copy of the scenario that states it.
    const scenario = f.isDefault ? setAtPath(editor.doc, f.path, f.value) : editor.doc
    const session = editor.session
    const runner = backendRunner({ seed: sim.seed, workers: sim.workers, isCancelled: () => cancelled.value || session !== editor.session, onJob: (id) => (jobId = id), onProgress: (p) => (progress.value = p) })
    let seen: Parameters<typeof describeQuery>[0] = []
    running.value = true
    cancelled.value = false
    version.value = editor.version
    points.value = []
    answer.value = null
    try {
      const result = await findBalance({
        scenario,
        path: f.path,
        query: parseMetricQuery(metric.value),
        // A chance is asked in percent on screen, 0–1 in the engine.
        target: percentMetric.value ? target.value / 100 : target.value,
        from: from.value === '' ? undefined : from.value,
        to: to.value === '' ? undefined : to.value,
        trials: sim.trials,
        seed: sim.seed,
        run: async (s, n, options) => {
          const doc = await runner(s, n, options)
          seen = doc.metrics
          return doc
        },
        // each point solved exactly only where that costs no more than sampling it
        now: () => performance.now(),
        exact: async (s) => {
          jobId = `balance-exact-${Date.now().toString(36)}`
          const exact = await backend().exact({ jobId, scenario: s })
          if (exact && seen.length === 0) seen = exact
          return exact
        },
        onPoint: (p) => (points.value = [...points.value, p]),
      })
      if (session === editor.session) {
        field.value = fieldWords(scenario, f.path, f.label)
        said.value = queryInWords(seen, parseMetricQuery(metric.value), settingOf(scenario))?.label ?? labelInWords(result.label)
        answer.value = result
      }
    } catch (e) {
      if (e instanceof StoppedRun && e.message === 'cancelled') error.value = ''
      else if (e instanceof BalanceRefusal || e instanceof MetricQueryError || e instanceof StoppedRun) error.value = inWords(e.message, f.path, fieldWords(scenario, f.path, f.label), seen)
      else error.value = e instanceof Error ? e.message : String(e)
    } finally {
      running.value = false
      progress.value = null
    }
  }

  /** The engine's refusal with the metric, the target and the field as the tab shows them. */
  function inWords(message: string, at: string, field: string, seen: Parameters<typeof describeQuery>[0]): string {
    const q = parseMetricQuery(metric.value)
    const described = describe(metric.value)
    const shown = queryInWords(seen, q, settingOf(editor.doc)) ?? { label: labelInWords(described.label), percent: described.percent }
    const goal = percentMetric.value ? target.value / 100 : target.value
    const v = (x: string): string => shownValue(shown.percent, Number(x))
    return message
      .replace(`${formatMetricQuery(q)} does not reach ${goal} for ${at}`, `"${shown.label}" does not reach ${shownValue(shown.percent, goal)} for ${field}`)
      .replace(/it goes from (-?[\d.e+-]+) to (-?[\d.e+-]+);/, (_, x: string, y: string) => `it goes from ${v(x)} to ${v(y)};`)
      .replace('raise --to', 'raise "to"')
      .replace('lower --from', 'lower "from"')
      .replace(/--(from|to)\b/g, '$1')
  }

  async function cancel(): Promise<void> {
    if (!running.value) return
    cancelled.value = true
    await backend().cancel(jobId)
  }

  /** Chances (probabilities and order outcomes) are entered in percent. */
  const percentMetric = computed(() => metric.value !== '' && describe(metric.value).percent)

  return { path, metric, target, from, to, running, cancelled, points, progress, answer, field, said, error, stale, fields, choices, percentMetric, sentence, crossing, run, cancel }
})
