import { defineStore } from 'pinia'
import { computed, ref, shallowRef, watch } from 'vue'
import type { DistributionMetric } from '../../../engine/core/metrics'
import { compareDocuments, type ComparisonRow } from '../../../engine/run/compare'
import { getAtPath, setAtPath } from '../../../engine/run/json-path'
import { parseScenario } from '../../../engine/run/parse'
import type { ResultDocument } from '../../../engine/run/result'
import { issueLine } from '../../../engine/core/schema'
import { findSystem } from '../../../engine/systems/registry'
import { hashScenario } from '../../../engine/core/hash'
import { differences, differencesLine } from '../analysis/ab-diff'
import { editableFields, valueText } from '../analysis/editable-fields'
import { planSlots, swapPlan } from '../analysis/plan-slots'
import { systemForm } from '../editor/system-form'
import { backend } from './backend'
import { useEditorStore } from './editor'
import { useSimulationStore } from './simulation'

/** What B is: the scenario with one rule variant or one field changed, or another scenario altogether. */
export type VariantKind = 'rule' | 'field' | 'plan' | 'scenario' | 'copy'

/**
 * Side-by-side comparison: the current scenario (A) against B, both run with the run bar's seed and
 * trials; every metric with both values, the difference and its 95% interval (engine `compareDocuments`),
 * flagged when not significant, and the distributions of both overlaid.
 */
export const useComparisonStore = defineStore('comparison', () => {
  const editor = useEditorStore()
  const sim = useSimulationStore()
  const kind = ref<VariantKind>('rule')
  const rule = ref('')
  const ruleValue = ref('')
  const field = ref('')
  /** The new value of `field`, as JSON (a bare word is taken as text). */
  const fieldValue = ref('')
  const other = shallowRef<{ name: string; doc: unknown } | null>(null)
  /** "Duplicate as B": B is a copy of A edited side by side with it (any field, rule or plan). */
  const copy = shallowRef<unknown>(null)
  /** B's JSON while it is being typed (a syntax error is shown, the last good copy kept). */
  const copyText = ref('')
  const copyError = ref('')
  /** The scenarios as the last comparison ran them (the report writes these, not later edits). */
  const ranA = shallowRef<unknown>(null)
  const ranB = shallowRef<unknown>(null)
  /** A whole plan: whose plan B changes, and whose plan he plays instead ('' = the default plan). */
  const planSlot = ref('')
  const planFrom = ref('')
  const running = ref(false)
  const step = ref<'A' | 'B' | ''>('')
  const a = shallowRef<ResultDocument | null>(null)
  const b = shallowRef<ResultDocument | null>(null)
  const rows = shallowRef<ComparisonRow[]>([])
  const error = ref('')
  /** The scenario version A was (see the editor's `version`), and what B differs by, in words. */
  const version = ref('')
  let jobId = ''
  let cancelled = false
  /** The comparison shown was made from another version of the scenario than the editor's. */
  const stale = computed(() => !running.value && a.value !== null && version.value !== currentVersion())
  /** A's version in the editor, and for an edited copy B's too: editing either side makes the comparison out of date. */
  function currentVersion(): string {
    return kind.value === 'copy' && copy.value !== null ? `${editor.version}/${hashScenario(copy.value)}` : editor.version
  }

  /** Another scenario was opened: the comparison and B's choices belonged to the previous one. */
  watch(
    () => editor.session,
    () => {
      if (running.value) void cancel()
      a.value = b.value = null
      rows.value = []
      bLabel.value = ''
      rule.value = ruleValue.value = field.value = fieldValue.value = planSlot.value = planFrom.value = ''
      other.value = null
      copy.value = ranA.value = ranB.value = null
      copyText.value = copyError.value = ''
      if (kind.value === 'copy') kind.value = 'rule'
      error.value = ''
    },
  )

  /** Duplicate as B: B starts as a copy of the scenario in the editor, to edit beside it. */
  function duplicateAsB(): void {
    if (editor.doc === null) return
    kind.value = 'copy'
    setCopy(structuredClone(editor.doc))
  }

  function setCopy(doc: unknown): void {
    copy.value = doc
    copyText.value = `${JSON.stringify(doc, null, 2)}\n`
    copyError.value = ''
  }

  /** One value of B changed (a path as the CLI takes it: `combatants[1].skill`); `undefined` removes it, so its default applies. */
  function editB(path: string, value: unknown): void {
    if (copy.value === null) return
    setCopy(setAtPath(copy.value, path, value))
  }

  function setBText(text: string): void {
    copyText.value = text
    try {
      copy.value = JSON.parse(text) as unknown
      copyError.value = ''
    } catch (e) {
      copyError.value = e instanceof Error ? e.message : String(e)
    }
  }

  /** B's fields beside A's: every editable value of the copy, with A's value and whether they differ. */
  const copyFields = computed(() => {
    if (kind.value !== 'copy' || copy.value === null) return []
    const schema = systemForm(editor.systemId)?.schema
    const inA = new Map(editableFields(editor.doc, schema).map((f) => [f.path, f]))
    return editableFields(copy.value, schema).map((f) => ({ ...f, a: inA.get(f.path), differs: inA.get(f.path)?.value !== f.value }))
  })
  /** What B changes from A, in words. */
  const copyDifferences = computed(() => (kind.value === 'copy' && copy.value !== null ? differences(editor.doc, copy.value, systemForm(editor.systemId)?.schema, variants.value) : []))
  /** B's problems (it is checked like any scenario), one line each. */
  const copyIssues = computed(() => {
    if (kind.value !== 'copy' || copy.value === null) return []
    const r = parseScenario(copy.value)
    return r.ok ? [] : r.issues.map(issueLine)
  })

  const variants = computed(() => findSystem(editor.systemId)?.variants ?? [])
  /** Every value B may change: numbers, on/off settings and choices, also those at their default. */
  const fields = computed(() => editableFields(editor.doc, systemForm(editor.systemId)?.schema))
  /** What B is, in words, for the legends and the table ("Doc — Combat reflexes: off"); set when the comparison runs. */
  const bLabel = ref('')
  /** What B changes, item by item, as of the last comparison (the report lists them). */
  const differs = ref<string[]>([])
  /** The fighters' plans B may swap. */
  const plans = computed(() => planSlots(editor.doc))

  function parseValue(text: string): unknown {
    try {
      return JSON.parse(text)
    } catch {
      return text
    }
  }

  /** Scenario B, or a message saying why it cannot be built. */
  function scenarioB(): unknown {
    const base = editor.doc
    if (kind.value === 'scenario') {
      if (!other.value) throw new Error('Choose scenario B: a shipped example or a file.')
      return other.value.doc
    }
    if (kind.value === 'copy') {
      if (copy.value === null) throw new Error('Press "Duplicate as B" to start B as a copy of A.')
      if (copyError.value) throw new Error(`B's JSON has a syntax error: ${copyError.value}`)
      if (copyIssues.value.length > 0) throw new Error(`B is not a valid scenario: ${copyIssues.value.join('; ')}`)
      if ((copy.value as { system?: unknown }).system !== editor.systemId) throw new Error('B must use the same rule system as A.')
      return copy.value
    }
    if (kind.value === 'plan') {
      const slot = plans.value.find((x) => x.path === planSlot.value)
      if (!slot) throw new Error('Choose whose plan B changes.')
      const doc = swapPlan(base, slot, plans.value.find((x) => x.path === planFrom.value) ?? null)
      const r = parseScenario(doc)
      if (!r.ok) throw new Error(`With that plan the scenario is not valid: ${r.issues.map(issueLine).join('; ')}`)
      return doc
    }
    const [path, value] = kind.value === 'rule' ? [`rules.${rule.value}`, ruleValue.value] : [field.value, parseValue(fieldValue.value)]
    if (kind.value === 'rule' && rule.value === '') throw new Error('Choose the rule variant to change.')
    if (kind.value === 'field' && !fields.value.some((f) => f.path === field.value)) throw new Error(`Choose a field of the scenario to change (${field.value || 'none chosen'}).`)
    const doc = setAtPath(kind.value === 'rule' && getAtPath(base, 'rules') === undefined ? setAtPath(base, 'rules', {}) : base, path, value)
    const r = parseScenario(doc)
    if (!r.ok) throw new Error(`With ${path} = ${JSON.stringify(value)} the scenario is not valid: ${r.issues.map(issueLine).join('; ')}`)
    return doc
  }

  /** B in words: the field or rule changed and its new value, or the other scenario's name. */
  function describeB(): string {
    if (kind.value === 'scenario') return other.value?.name ?? 'another scenario'
    if (kind.value === 'copy') return differencesLine(copyDifferences.value)
    if (kind.value === 'plan') {
      const slot = plans.value.find((x) => x.path === planSlot.value)
      const from = plans.value.find((x) => x.path === planFrom.value)
      return from ? `${slot?.owner ?? ''} plays ${from.owner}'s plan` : `${slot?.owner ?? ''} plays the default plan`
    }
    if (kind.value === 'rule') {
      const v = variants.value.find((x) => x.key === rule.value)
      return `${v?.label ?? rule.value}: ${v?.values.find((x) => x.value === ruleValue.value)?.label ?? ruleValue.value}`
    }
    const f = fields.value.find((x) => x.path === field.value)
    return f ? `${f.label}: ${valueText(f, parseValue(fieldValue.value))}` : `${field.value} = ${fieldValue.value}`
  }

  async function runOne(label: 'A' | 'B', scenario: unknown): Promise<ResultDocument | null> {
    step.value = label
    jobId = `compare-${label}-${Date.now().toString(36)}`
    const doc = await backend().run({ jobId, scenario, trials: sim.trials, seed: sim.seed, workers: sim.workers }, () => undefined)
    if (doc.status === 'error') throw new Error(doc.error ?? 'the simulation failed')
    return doc.status === 'done' && !cancelled ? doc : null
  }

  async function run(): Promise<void> {
    if (running.value || sim.running || editor.doc === null) return
    error.value = ''
    if (!editor.valid) return void (error.value = 'The scenario has problems (marked in the editor); fix them to compare.')
    let docB: unknown
    try {
      docB = scenarioB()
    } catch (e) {
      return void (error.value = e instanceof Error ? e.message : String(e))
    }
    running.value = true
    cancelled = false
    a.value = b.value = null
    rows.value = []
    const at = currentVersion()
    const session = editor.session
    try {
      const ra = await runOne('A', editor.doc)
      const rb = ra ? await runOne('B', docB) : null
      if (ra && rb && session === editor.session) {
        version.value = at
        bLabel.value = describeB()
        differs.value = kind.value === 'copy' ? copyDifferences.value : [bLabel.value]
        ranA.value = editor.doc
        ranB.value = docB
        a.value = ra
        b.value = rb
        rows.value = compareDocuments(ra, rb)
      }
    } catch (e) {
      error.value = e instanceof Error ? e.message : String(e)
    } finally {
      running.value = false
      step.value = ''
    }
  }

  async function cancel(): Promise<void> {
    cancelled = true
    if (running.value) await backend().cancel(jobId)
  }

  async function chooseExample(file: string): Promise<void> {
    other.value = { name: file, doc: await backend().loadExample(file) }
  }

  async function chooseFile(): Promise<void> {
    const f = await backend().openFile()
    if (!f) return
    try {
      other.value = { name: f.name, doc: JSON.parse(f.text) as unknown }
    } catch (e) {
      error.value = `${f.name} is not JSON: ${e instanceof Error ? e.message : String(e)}`
    }
  }

  /** Distribution metrics both runs report, paired for the overlaid charts. */
  const distributions = computed(() => {
    if (!a.value || !b.value) return []
    const inB = new Map(b.value.metrics.map((m) => [m.id, m]))
    return a.value.metrics.flatMap((m) => {
      const mb = inB.get(m.id)
      return m.kind === 'distribution' && mb?.kind === 'distribution' ? [[m, mb] as [DistributionMetric, DistributionMetric]] : []
    })
  })

  return {
    kind, rule, ruleValue, field, fieldValue, planSlot, planFrom, plans, other, running, step, a, b, rows, error, stale, variants, fields, bLabel, differs, distributions,
    copy, copyText, copyError, copyFields, copyDifferences, copyIssues, ranA, ranB,
    run, cancel, chooseExample, chooseFile, duplicateAsB, editB, setBText,
  }
})
