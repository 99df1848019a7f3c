import { defineStore } from 'pinia'
import { computed, ref } from 'vue'
import type { AppInfo, ExampleSummary, RecentEntry, ScenarioFile } from '../../../shared/ipc-contract'
import { scenarioTemplate, templateSystems } from '../../../shared/templates'
import { backend } from './backend'
import { useEditorStore } from './editor'

/** The example a first start opens: a plain sword-and-axe duel anyone can read. */
export const FIRST_EXAMPLE = 'gurps-duel.json'

/** The fragment of the page's address, where a shared link carries its scenario ('' outside a browser page). */
function sharedFragment(): string {
  return typeof location === 'undefined' ? '' : location.hash
}

/** The shipped examples grouped by system, recent files, and opening either into the editor. */
export const useLibraryStore = defineStore('library', () => {
  const info = ref<AppInfo | null>(null)
  const examples = ref<ExampleSummary[]>([])
  const recent = ref<RecentEntry[]>([])
  const selected = ref('')
  const error = ref('')

  const bySystem = computed(() => {
    const groups = new Map<string, ExampleSummary[]>()
    for (const e of examples.value) groups.set(e.system, [...(groups.get(e.system) ?? []), e])
    return [...groups.entries()].map(([system, items]) => ({ system, label: info.value?.systems.find((s) => s.id === system)?.label ?? system, items }))
  })

  async function load(): Promise<void> {
    info.value = await backend().info()
    examples.value = await backend().examples()
    recent.value = await backend().recent()
  }

  async function guarded(f: () => Promise<void>): Promise<void> {
    error.value = ''
    try {
      await f()
    } catch (e) {
      error.value = e instanceof Error ? e.message : String(e)
    }
  }

  const exampleName = (file: string): string => examples.value.find((e) => e.file === file)?.name ?? file

  /** Every way of opening another scenario asks first when the one open has unsaved edits (Save / Discard / Cancel). */
  function openExample(file: string): Promise<void> {
    return guarded(async () => {
      if (!(await useEditorStore().confirmLeave(`open ${exampleName(file)}`))) return
      const doc = await backend().loadExample(file)
      selected.value = file
      useEditorStore().load(doc, { path: null, name: file })
    })
  }

  /**
   * A new scenario from the template of a rule system: two evenly matched fighters, valid and ready to
   * run, not yet saved anywhere (Save asks where). Untouched, it is left without a question.
   */
  function newScenario(system: string): Promise<void> {
    return guarded(async () => {
      const doc = scenarioTemplate(system)
      if (doc === null) throw new Error(`There is no template for the rule system "${system}"; choose one of ${templateSystems.join(', ')}.`)
      const label = info.value?.systems.find((s) => s.id === system)?.label ?? system
      if (!(await useEditorStore().confirmLeave(`start a new ${label.split(' — ')[0]} scenario`))) return
      // The page fetches each rule system when first needed: this one is there before its scenario shows.
      await (await import('../backends/systems')).loadSystem(system)
      selected.value = ''
      useEditorStore().load(doc, { path: null, name: 'Untitled' })
    })
  }

  /** The file is picked first, then the question asked: a cancelled picker changes nothing. */
  function openFile(): Promise<void> {
    return guarded(async () => {
      const f = await backend().openFile()
      if (!f) return
      if (!(await useEditorStore().confirmLeave(`open ${f.name}`))) return
      selected.value = ''
      useEditorStore().openText(f)
      recent.value = await backend().recent()
    })
  }

  function openRecent(path: string): Promise<void> {
    return guarded(async () => {
      const entry = recent.value.find((r) => r.path === path)
      if (!(await useEditorStore().confirmLeave(`open ${entry?.label ?? entry?.name ?? path}`))) return
      try {
        const f = await backend().openRecent(path)
        selected.value = ''
        useEditorStore().openText(f)
      } finally {
        recent.value = await backend().recent()
      }
    })
  }

  /** A file the desktop app opened for this window (a second launch, a file association). */
  async function openOpenedFile(f: ScenarioFile): Promise<void> {
    if (!(await useEditorStore().confirmLeave(`open ${f.name}`))) return
    selected.value = ''
    useEditorStore().openText(f)
    await refreshRecent()
  }

  /**
   * The page's start: the library, the drafts left from earlier, then the scenario of a shared link, or
   * the file this desktop window was opened for (command line, file association, a second launch), or
   * else a simple, well-known example (a sword against an axe).
   */
  async function start(): Promise<void> {
    started = startOnce()
    return started
  }
  /** Done once the page has started (a shared link sent meanwhile opens after, never under, the first scenario). */
  let started: Promise<void> | null = null
  const whenStarted = (): Promise<void> => started ?? Promise.resolve()
  async function startOnce(): Promise<void> {
    await load()
    const editor = useEditorStore()
    await editor.checkDrafts()
    const initial = await backend().windowReady()
    if (initial) await openOpenedFile(initial)
    else if (await openShared(sharedFragment())) return
    else if (examples.value.length > 0 && editor.doc === null) await openExample((examples.value.find((e) => e.file === FIRST_EXAMPLE) ?? examples.value[0]).file)
  }

  /**
   * Opens the scenario a shared link carries (`#scenario=…`) as an unsaved scenario, asking first over
   * unsaved edits; nothing runs beyond the live answer. A damaged link is refused with the reason. True
   * when the fragment held a scenario link (opened or refused).
   */
  async function openShared(fragment: string): Promise<boolean> {
    if (!/(^|[#&])scenario=/.test(fragment)) return false
    const [{ readShareFragment }, { loadSystemOf }] = await Promise.all([import('../share/share-link'), import('../backends/systems')])
    const shared = await readShareFragment(fragment, loadSystemOf)
    if (shared.kind === 'none') return false
    if (shared.kind === 'refused') {
      error.value = shared.message
      return true
    }
    const name = (shared.scenario as { name?: unknown }).name
    await guarded(async () => {
      if (!(await useEditorStore().confirmLeave('open the shared scenario'))) return
      selected.value = ''
      useEditorStore().load(shared.scenario, { path: null, name: typeof name === 'string' && name.trim() !== '' ? name : 'Shared scenario' }, false)
    })
    return true
  }

  async function refreshRecent(): Promise<void> {
    recent.value = await backend().recent()
  }

  /** The rule systems New offers, with their names. */
  const newChoices = computed(() => templateSystems.map((id) => ({ id, label: info.value?.systems.find((s) => s.id === id)?.label ?? id })))

  /**
   * A shared scenario's link from elsewhere (`quickdraw://open#scenario=…`, or a web app's address with
   * `#scenario=…`), opened once the page has started; a link that holds no scenario is refused with the reason.
   */
  async function openLink(link: string): Promise<void> {
    await whenStarted()
    const at = link.indexOf('#')
    if (at < 0 || !(await openShared(link.slice(at)))) error.value = 'This link does not hold a shared scenario: it was cut short, or it is not a link made with Copy link.'
  }

  return { info, examples, recent, selected, error, bySystem, newChoices, load, newScenario, openExample, openFile, openRecent, openOpenedFile, openShared, openLink, refreshRecent, start, whenStarted }
})
