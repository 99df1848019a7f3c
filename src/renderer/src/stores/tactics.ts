import { defineStore } from 'pinia'
import { computed, ref, shallowRef, watch } from 'vue'
import type { ScenarioChoices } from '../../../engine/core/scenario'
import { type describeQuery, parseMetricQuery } from '../../../engine/run/estimate'
import { labelInWords, outcomeInWords, queryInWords, settingOf } from '../../../shared/report/headline'
import type { JobProgress } from '../../../engine/run/job'
import { checkTactics, playTactics, TacticsRefusal, tacticsPlayers, type TacticsAnswer, type TacticsOption } from '../../../engine/run/tactics'
import { getAt, setAt } from '../../../engine/run/json-path'
import { fighterOptionSets } from '../../../engine/run/option-sets'
import { tacticsSentence } from '../analysis/balance-text'
import { renameId } from '../editor/rename-id'
import { findSystem } from '../../../engine/systems/registry'
import { backend } from './backend'
import { backendRunner, StoppedRun, useMetricChoices } from './balance'
import { useEditorStore } from './editor'
import { useSimulationStore } from './simulation'

/** An option as the user types it: a name and a JSON Merge Patch of the scenario, as text. */
export interface OptionDraft {
  name: string
  patch: string
}

/** One fighter's ready-made option set, as the Tactics tab offers it. */
export interface ReadySet {
  /** `fighter:kind`. */
  key: string
  /** In a GM's words: "each of Ilse's attacks". */
  label: string
  /** The fighter's name, who chooses. */
  player: string
  options: TacticsOption[]
}

/** The option's patch parsed, or why it is not JSON. */
export function parseDraft(d: OptionDraft): { ok: true; option: TacticsOption } | { ok: false; message: string } {
  try {
    return { ok: true, option: { name: d.name.trim(), patch: JSON.parse(d.patch.trim() === '' ? '{}' : d.patch) as unknown } }
  } catch (e) {
    return { ok: false, message: `"${d.name.trim() || 'unnamed'}": the change is not JSON (${(e as Error).message})` }
  }
}

/**
 * "What should each side do?": every option of side A against every option of side B (engine
 * `playTactics`, each cell run through the backend with the run bar's seed and trials), the game solved;
 * progress, cancel, and the recommendation as a sentence.
 */
export const useTacticsStore = defineStore('tactics', () => {
  const editor = useEditorStore()
  const sim = useSimulationStore()
  const { choices, describe } = useMetricChoices()
  const fresh = (): { a: OptionDraft[]; b: OptionDraft[] } => ({ a: [{ name: 'as it is', patch: '{}' }], b: [{ name: 'as it is', patch: '{}' }] })
  const a = ref<OptionDraft[]>(fresh().a)
  const b = ref<OptionDraft[]>(fresh().b)
  const metric = ref('')
  /** Who chooses each side's options, as typed ('' = "side A" / "side B" in the answer). */
  const players = ref({ a: '', b: '' })
  const running = ref(false)
  const cancelled = ref(false)
  const cell = ref(0)
  const cellCount = ref(0)
  const progress = shallowRef<JobProgress | null>(null)
  const answer = shallowRef<TacticsAnswer | null>(null)
  const shownAs = ref({ label: '', percent: false })
  const error = ref('')
  const version = ref('')
  let jobId = ''
  const stale = computed(() => !running.value && answer.value !== null && version.value !== editor.version)

  /** The options the scenario keeps (`choices`), or one "as it is" option a side. */
  function loadKept(): void {
    const kept = (editor.doc as { choices?: ScenarioChoices } | null)?.choices
    const drafts = (list: ScenarioChoices['a']): OptionDraft[] => list.map((o) => ({ name: o.name, patch: JSON.stringify(o.patch, null, 1) }))
    const f = fresh()
    a.value = kept && Array.isArray(kept.a) ? drafts(kept.a) : f.a
    b.value = kept && Array.isArray(kept.b) ? drafts(kept.b) : f.b
    metric.value = kept && typeof kept.metric === 'string' ? kept.metric : ''
    players.value = { a: kept?.players?.a ?? '', b: kept?.players?.b ?? '' }
  }

  /** The players as the answer names them. */
  const named = computed(() => tacticsPlayers({ players: players.value }))
  /** The players to keep with the options: both, or none. */
  const keptPlayers = (): { players?: { a: string; b: string } } => {
    const a = players.value.a.trim()
    const b = players.value.b.trim()
    return a !== '' && b !== '' ? { players: { a, b } } : {}
  }
  loadKept()

  watch(
    () => editor.session,
    () => {
      if (running.value) void cancel()
      answer.value = null
      loadKept()
      error.value = ''
    },
  )

  // An id renamed in the editor: the options on screen follow it as the scenario's kept options do
  // (an option that is not JSON yet is left as typed).
  watch(
    () => editor.lastRename,
    (r) => {
      if (!r) return
      const patchOf = (d: OptionDraft): unknown => {
        const p = parseDraft(d)
        return p.ok ? p.option.patch : {}
      }
      const kept = (list: OptionDraft[]): unknown[] => list.map((d) => ({ name: d.name, patch: patchOf(d) }))
      const asKept = setAt(r.before, ['choices'], { metric: metric.value, a: kept(a.value), b: kept(b.value) })
      const out = getAt(renameId(asKept, r.at, r.next).doc, ['choices']) as { metric: string; a: { patch: unknown }[]; b: { patch: unknown }[] }
      const follow = (list: OptionDraft[], renamed: { patch: unknown }[]): OptionDraft[] =>
        list.map((d, i) => (parseDraft(d).ok && JSON.stringify(renamed[i].patch) !== JSON.stringify(patchOf(d)) ? { ...d, patch: JSON.stringify(renamed[i].patch, null, 1) } : d))
      a.value = follow(a.value, out.a)
      b.value = follow(b.value, out.b)
      metric.value = out.metric
    },
    { flush: 'sync' },
  )

  /** The metric choices, with the kept metric listed even before a run has named every metric. */
  const metricChoices = computed(() => (metric.value === '' || choices.value.some((c) => c.value === metric.value) ? choices.value : [{ value: metric.value, label: keptMetricLabel(metric.value) }, ...choices.value]))

  /**
   * A kept metric before any run has named it, in words from the system's catalogue ("Side A wins",
   * "The Kid acts first, alone"), never as the query written in the file.
   */
  function keptMetricLabel(q: string): string {
    const d = describe(q).label
    if (d !== q) return d
    const query = parseMetricQuery(q)
    const [id, ...subjects] = query.metric.split(':')
    const doc = findSystem(editor.systemId)?.metrics.find((m) => m.id === id)
    if (!doc) return d
    const fighters = (editor.doc as { combatants?: { id?: unknown; name?: unknown }[]; models?: { id?: unknown; name?: unknown }[] } | null)
    const list = fighters?.combatants ?? fighters?.models ?? []
    const nameOf = (who: string): string => {
      const f = list.find((x) => x?.id === who)
      return typeof f?.name === 'string' && f.name.trim() !== '' ? f.name : who
    }
    const setting = settingOf(editor.doc)
    const who = subjects.map(nameOf).join(', ')
    const outcome = query.outcome === undefined ? undefined : /^[A-Za-z]$/.test(query.outcome) ? `Side ${query.outcome.toUpperCase()}` : nameOf(query.outcome)
    // Said with the fighter first where Results say it so ("Acts first alone: The Kid" → "The Kid acts first, alone").
    if (outcome === undefined) {
      const said = who === '' ? labelInWords(doc.label, setting) : labelInWords(`${doc.label}: ${who}`, setting)
      return said === `${doc.label}: ${who}` ? `${doc.label} (${who})` : said
    }
    const title = who === '' ? doc.label : `${doc.label} (${who})`
    return outcomeInWords({ label: title, outcomes: [] }, outcome, setting)
  }

  /** Whether the options on screen differ from those the scenario keeps. */
  const keptDiffers = computed(() => {
    const kept = (editor.doc as { choices?: ScenarioChoices } | null)?.choices
    const parsed = [...a.value, ...b.value].map(parseDraft)
    if (parsed.some((p) => !p.ok)) return false
    const opts = parsed.map((p) => (p as { ok: true; option: TacticsOption }).option)
    const now = { metric: metric.value, a: opts.slice(0, a.value.length), b: opts.slice(a.value.length), ...keptPlayers() }
    return JSON.stringify(now) !== JSON.stringify(kept ? { metric: kept.metric, a: kept.a, b: kept.b, ...(kept.players ? { players: { a: kept.players.a, b: kept.players.b } } : {}) } : undefined)
  })

  /** Keeps these options in the scenario (its `choices`), one undoable edit; saved with the file. */
  function keep(): void {
    if (problem.value !== '' || metric.value === '') return
    const opts = (list: OptionDraft[]): TacticsOption[] => list.map((d) => (parseDraft(d) as { ok: true; option: TacticsOption }).option)
    editor.edit(['choices'], { metric: metric.value, a: opts(a.value), b: opts(b.value), ...keptPlayers() })
  }

  /** Checked live: each patch is JSON, the names are there and distinct, every pairing gives a valid scenario. */
  const problem = computed<string>(() => {
    if (editor.doc === null) return ''
    const parsed = [...a.value, ...b.value].map(parseDraft)
    const bad = parsed.find((p) => !p.ok)
    if (bad && !bad.ok) return bad.message
    const opts = parsed.map((p) => (p.ok ? p.option : { name: '', patch: {} }))
    try {
      checkTactics({ scenario: editor.doc, a: opts.slice(0, a.value.length), b: opts.slice(a.value.length) })
      return ''
    } catch (e) {
      return e instanceof TacticsRefusal ? e.message.replace(/ \((--[ab] )?name=patch\)/, '') : String(e)
    }
  })

  function add(side: 'a' | 'b'): void {
    const list = side === 'a' ? a : b
    list.value = [...list.value, { name: `option ${list.value.length + 1}`, patch: '{}' }]
  }
  /**
   * A new option that starts from the scenario's plans as written (its `tactics` or `plans` list, or the
   * combatants where the plans live on them), to edit into an alternative.
   */
  function addFromScenario(side: 'a' | 'b'): void {
    const doc = editor.doc as Record<string, unknown> | null
    if (doc === null) return
    const key = ['tactics', 'plans', 'combatants'].find((k) => Array.isArray(doc[k]))
    if (key === undefined) return add(side)
    const list = side === 'a' ? a : b
    list.value = [...list.value, { name: `option ${list.value.length + 1}`, patch: JSON.stringify({ [key]: doc[key] }, null, 1) }]
  }
  function remove(side: 'a' | 'b', i: number): void {
    const list = side === 'a' ? a : b
    list.value = list.value.filter((_, k) => k !== i)
  }

  /**
   * The ready-made option sets the scenario's fighters offer ("each of Ilse's attacks", "when Ilse
   * retreats"), one click each; none while the scenario is not valid.
   */
  const readySets = computed<ReadySet[]>(() => {
    const doc = editor.doc as Record<string, unknown> | null
    if (doc === null) return []
    const list = Array.isArray(doc.combatants) ? doc.combatants : Array.isArray(doc.models) ? doc.models : []
    const out: ReadySet[] = []
    for (const f of list as { id?: unknown; name?: unknown }[]) {
      if (typeof f?.id !== 'string') continue
      try {
        for (const set of fighterOptionSets(doc, f.id)) {
          if (set.options.length < 2) continue
          out.push({ key: `${f.id}:${set.kind}`, label: set.label, player: typeof f.name === 'string' && f.name.trim() !== '' ? f.name : f.id, options: set.options.map((o) => ({ name: o.name, patch: o.patch })) })
        }
      } catch {
        return []
      }
    }
    return out
  })

  /**
   * Gives a side a ready-made set: it replaces the side's options while they are only the untouched
   * "as it is", else it is added after them; the side's chooser becomes the fighter if nobody was named.
   */
  function addSet(side: 'a' | 'b', key: string): void {
    const set = readySets.value.find((x) => x.key === key)
    if (!set) return
    const list = side === 'a' ? a : b
    const untouched = list.value.length === 1 && list.value[0].patch.trim() === '{}' && list.value[0].name === 'as it is'
    const taken = new Set(untouched ? [] : list.value.map((d) => d.name))
    const added = set.options.filter((o) => !taken.has(o.name)).map((o) => ({ name: o.name, patch: JSON.stringify(o.patch, null, 1) }))
    list.value = untouched ? added : [...list.value, ...added]
    if (players.value[side].trim() === '') players.value = { ...players.value, [side]: set.player }
  }

  const sentence = computed(() => (answer.value ? tacticsSentence(answer.value, shownAs.value.label, shownAs.value.percent, named.value) : ''))

  async function run(): Promise<void> {
    if (running.value || sim.running || editor.doc === null) return
    error.value = ''
    if (metric.value === '') {
      error.value = 'Metric: choose the metric side A wants high and side B wants low'
      return
    }
    if (problem.value !== '') {
      error.value = problem.value
      return
    }
    const opts = (list: OptionDraft[]): TacticsOption[] => list.map((d) => (parseDraft(d) as { ok: true; option: TacticsOption }).option)
    const session = editor.session
    const runner = backendRunner({ seed: sim.seed, workers: sim.workers, isCancelled: () => cancelled.value || session !== editor.session, onJob: (id) => (jobId = id), onProgress: (p) => (progress.value = p) })
    let seen: Parameters<typeof describeQuery>[0] = []
    running.value = true
    cancelled.value = false
    version.value = editor.version
    answer.value = null
    cell.value = 0
    cellCount.value = a.value.length * b.value.length
    try {
      const result = await playTactics({
        scenario: editor.doc,
        a: opts(a.value),
        b: opts(b.value),
        query: parseMetricQuery(metric.value),
        trials: sim.trials,
        seed: sim.seed,
        run: async (s, n) => {
          const doc = await runner(s, n)
          seen = doc.metrics
          return doc
        },
        // a cell with an exact answer takes it and is not sampled (no noise in the table)
        exact: async (s) => {
          if (cancelled.value || session !== editor.session) throw new StoppedRun('cancelled')
          jobId = `tactics-exact-${Date.now().toString(36)}`
          const exact = await backend().exact({ jobId, scenario: s })
          if (cancelled.value || session !== editor.session) throw new StoppedRun('cancelled')
          if (exact && seen.length === 0) seen = exact
          return exact
        },
        onCell: (i, j) => (cell.value = i * b.value.length + j + 1),
      })
      if (session === editor.session) {
        const q = parseMetricQuery(metric.value)
        // named as Results name it ("The Kid acts first, alone", "Doc wins"), never the engine's label
        shownAs.value = queryInWords(seen, q, settingOf(editor.doc)) ?? describe(metric.value)
        answer.value = result
      }
    } catch (e) {
      if (e instanceof StoppedRun && e.message === 'cancelled') error.value = ''
      else error.value = e instanceof Error ? e.message : String(e)
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

  return { a, b, metric, players, named, running, cancelled, cell, cellCount, progress, answer, shownAs, error, stale, choices: metricChoices, keptDiffers, problem, sentence, readySets, add, addFromScenario, addSet, remove, keep, run, cancel }
})
