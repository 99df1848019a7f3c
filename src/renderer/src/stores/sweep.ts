import { defineStore } from 'pinia'
import { computed, ref, shallowRef, watch } from 'vue'
import type { JobProgress } from '../../../engine/run/job'
import { parsePath } from '../../../engine/run/json-path'
import { defaultSweepStep } from '../analysis/numeric-fields'
import { editableFields } from '../analysis/editable-fields'
import { setAtPath } from '../../../engine/run/json-path'
import { schemaAt } from '../editor/json-schema'
import { systemForm } from '../editor/system-form'
import { planSweep, type SweepAxis, type SweepDocument } from '../analysis/sweep-plan'
import { seriesKeys, sweepCsv } from '../analysis/sweep-series'
import { backend } from './backend'
import { useEditorStore } from './editor'
import { useSimulationStore } from './simulation'

/**
 * Parameter sweeps: one or two numeric fields of the scenario over a range, every point run through the
 * backend with the run bar's seed and trials (common random numbers, so curves are smooth), cancellable,
 * with progress, and exported as CSV or as the JSON `quickdraw sweep --json` writes.
 */
export const useSweepStore = defineStore('sweep', () => {
  const editor = useEditorStore()
  const sim = useSimulationStore()
  const axes = ref<SweepAxis[]>([{ path: '', from: 0, to: 0, step: 1 }])
  const twoParams = ref(false)
  const running = ref(false)
  const cancelled = ref(false)
  const point = ref(0)
  const pointCount = ref(0)
  const progress = shallowRef<JobProgress | null>(null)
  const sweep = shallowRef<SweepDocument | null>(null)
  const error = ref('')
  const selected = ref<string[]>([])
  /** The scenario version the sweep was run from (see the editor's `version`). */
  const version = ref('')
  let jobId = ''
  /** The sweep shown was made from another version of the scenario than the editor's. */
  const stale = computed(() => !running.value && sweep.value !== null && version.value !== editor.version)

  /** Another scenario was opened: its fields differ, so the sweep, its axes and its picks start over. */
  watch(
    () => editor.session,
    () => {
      if (running.value) void cancel()
      sweep.value = null
      axes.value = [{ path: '', from: 0, to: 0, step: 1 }]
      twoParams.value = false
      selected.value = []
      error.value = ''
      pointCount.value = 0
    },
  )

  /** Every number of the scenario, also those left at their default. */
  const fields = computed(() => editableFields(editor.doc, systemForm(editor.systemId)?.schema).filter((f) => f.kind === 'integer' || f.kind === 'number') as (ReturnType<typeof editableFields>[number] & { value: number })[])
  // The heatmap's second parameter is there to choose as soon as it is asked for.
  watch(twoParams, (on) => {
    if (on && axes.value.length < 2) axes.value.push({ path: '', from: 0, to: 0, step: 1 })
  })
  const series = computed(() => (sweep.value ? seriesKeys(sweep.value) : []))

  /** Picking a field starts its range around the current value: ±2 of its steps (see `defaultSweepStep`). */
  function pick(index: number, path: string): void {
    const f = fields.value.find((x) => x.path === path)
    if (!f) return
    const parsed = parsePath(path)
    const form = systemForm(editor.systemId)
    const step = defaultSweepStep(f.value, form && typeof parsed !== 'string' ? schemaAt(form.schema, parsed) : undefined)
    axes.value[index] = { path, from: Math.round((f.value - 2 * step) * 1e9) / 1e9, to: Math.round((f.value + 2 * step) * 1e9) / 1e9, step }
  }

  function activeAxes(): SweepAxis[] {
    if (twoParams.value && axes.value.length < 2) axes.value.push({ path: '', from: 0, to: 0, step: 1 })
    return twoParams.value ? axes.value.slice(0, 2) : axes.value.slice(0, 1)
  }

  async function run(): Promise<void> {
    if (running.value || sim.running || editor.doc === null) return
    error.value = ''
    let plan: ReturnType<typeof planSweep>
    try {
      // A field left at its default is swept from a copy of the scenario that states it.
      const axesNow = activeAxes()
      const base = axesNow.reduce<unknown>((d, a) => {
        const f = fields.value.find((x) => x.path === a.path)
        return f?.isDefault ? setAtPath(d, a.path, f.value) : d
      }, editor.doc)
      plan = planSweep(base, axesNow)
    } catch (e) {
      error.value = e instanceof Error ? e.message : String(e)
      return
    }
    running.value = true
    cancelled.value = false
    version.value = editor.version
    const session = editor.session
    pointCount.value = plan.points.length
    const done: SweepDocument['points'] = []
    sweep.value = { ...plan.head, points: [] }
    try {
      for (const [k, p] of plan.points.entries()) {
        if (cancelled.value || session !== editor.session) break
        point.value = k + 1
        jobId = `sweep-${Date.now().toString(36)}-${k}`
        // Same seed at every point: common random numbers.
        const document = await backend().run({ jobId, scenario: p.scenario, trials: sim.trials, seed: sim.seed, workers: sim.workers }, (pr) => (progress.value = pr))
        if (document.status === 'error') throw new Error(document.error ?? 'the simulation failed')
        if (document.status !== 'done' || session !== editor.session) break
        done.push({ at: p.at, document })
        sweep.value = { ...plan.head, points: [...done] }
        if (selected.value.length === 0) selected.value = series.value.filter((s) => s.percent).slice(0, 2).map((s) => s.key)
      }
    } catch (e) {
      error.value = e instanceof Error ? e.message : String(e)
    } finally {
      running.value = false
      progress.value = null
    }
  }

  async function cancel(): Promise<void> {
    if (!running.value) return
    cancelled.value = true
    await backend().cancel(jobId)
  }

  const baseName = computed(() => `${(sweep.value?.scenario.name ?? 'sweep').toLowerCase().replace(/[^a-z0-9]+/g, '-')}-sweep-seed${sim.seed}`)

  async function exportAs(kind: 'csv' | 'json'): Promise<void> {
    if (!sweep.value || stale.value) return
    const data = kind === 'csv' ? sweepCsv(sweep.value) : `${JSON.stringify(sweep.value, null, 2)}\n`
    await backend().exportFile({ kind, suggestedName: `${baseName.value}.${kind}`, data })
  }

  return { axes, twoParams, running, cancelled, point, pointCount, progress, sweep, error, selected, stale, fields, series, pick, run, cancel, exportAs }
})
