import { defineStore } from 'pinia'
import { ref, shallowRef, watch } from 'vue'
import type { ImportReport, ImportResult, Library, LibraryEntry, OpenedFile } from '../../../import'
import { useEditorStore } from './editor'

/** A file handed to the importer (from a file picker or a drop). */
export interface PickedFile {
  name: string
  bytes: Uint8Array
}

/**
 * Importing characters into the scenario being edited: character files are added at once, libraries (the
 * Star Wars adversaries, a BattleScribe Bushido catalogue) open in a browser to pick from. The import
 * code is the CLI's, run here in the page (pure TypeScript, no Node), so the desktop app and the browser
 * build behave alike. Every import shows its report: what the fight uses, then read, computed, defaulted,
 * not modelled. An import may take an existing fighter's place (Replace). Opening another scenario clears
 * the panel (its report and library were for the old one). The importers
 * (and their XML parser) are loaded with the first file imported, not with the app.
 */
type Importers = typeof import('../../../import')
let importers: Importers | null = null
const loadImporters = async (): Promise<Importers> => (importers ??= await import('../../../import'))

export const useImportStore = defineStore('importer', () => {
  const error = ref('')
  const report = shallowRef<ImportReport | null>(null)
  /** What the last import did, in a sentence ("Added Alice Wozniak (alice-wozniak) on side B."). */
  const summary = ref('')
  const libraries = shallowRef<{ file: string; library: Library }[]>([])
  const filter = ref('')
  const side = ref<'A' | 'B'>('B')
  const group = ref(1)
  /** The fighter an import replaces (his id), or '' to add a new fighter. */
  const replaceId = ref('')
  /** Set by the panel: opens the file picker (the menu's File › Import character…). */
  let picker: (() => void) | null = null

  function setPicker(open: (() => void) | null): void {
    picker = open
  }
  function requestFile(): void {
    const editor = useEditorStore()
    if (editor.doc === null) {
      error.value = 'Open a scenario first: imported characters are added to the scenario being edited.'
      return
    }
    picker?.()
  }

  function add(results: ImportResult[], from: string): void {
    const editor = useEditorStore()
    if (editor.doc === null || importers === null) throw new Error('open a scenario first: imported characters are added to the scenario being edited')
    const doc = editor.doc as Record<string, unknown>
    const list = doc[importers.listKey(String(doc.system))]
    const replacing = replaceId.value !== '' && Array.isArray(list) ? (list as { id?: unknown; name?: unknown }[]).find((c) => c.id === replaceId.value) : undefined
    if (replaceId.value !== '' && !replacing) replaceId.value = ''
    if (replacing && results.reduce((n, r) => n + r.combatants.length, 0) !== 1) throw new Error(`one fighter takes ${String(replacing.name ?? replacing.id)}'s place; this import holds several: add them instead`)
    const out = replacing ? importers.replaceInScenario(doc, replaceId.value, results[0]) : importers.addToScenario(doc, results, side.value)
    // the earlier imports' marks stay: adding fighters moves none of the fields they are on
    const kept = editor.defaults
    editor.edit([], out.doc)
    editor.markDefaults(out.report.defaultedFields, kept)
    report.value = out.report
    const names = results.flatMap((r) => r.combatants.map((c) => String(c.name)))
    if (replacing) {
      summary.value = `${names[0]} took the place of ${String(replacing.name ?? replacing.id)} (${replaceId.value}), keeping his side, plan and every reference to him; from ${from}.`
      replaceId.value = ''
    } else summary.value = `Added ${names.map((n, i) => `${n} (${out.ids[i]})`).join(', ')} from ${from} on side ${side.value}.`
  }

  /** Files from the picker or a drop: characters are added, libraries opened; a bad file says what is wrong and adds nothing. */
  async function importFiles(files: PickedFile[]): Promise<void> {
    error.value = ''
    const editor = useEditorStore()
    if (editor.doc === null) {
      error.value = 'Open a scenario first: imported characters are added to the scenario being edited.'
      return
    }
    const system = editor.systemId
    let lib: Importers
    try {
      lib = await loadImporters()
    } catch (e) {
      error.value = `The importers could not be loaded (${e instanceof Error ? e.message : String(e)}); nothing imported`
      return
    }
    const { ImportError, MAX_IMPORT_BYTES, SYSTEM_NAMES, librariesOf, openFile } = lib
    const opened: { file: string; o: OpenedFile }[] = []
    for (const f of files) {
      try {
        if (f.bytes.length > MAX_IMPORT_BYTES) throw new ImportError(`the file is ${(f.bytes.length / 1024 / 1024).toFixed(1)} MB; the limit is ${MAX_IMPORT_BYTES / 1024 / 1024} MB`)
        opened.push({ file: f.name, o: openFile(f.bytes) })
      } catch (e) {
        error.value = `${f.name}: ${e instanceof Error ? e.message : String(e)}; nothing imported`
        return
      }
    }
    const wrong = opened.find(({ o }) => (o.kind === 'character' ? o.result.system : o.system) !== system)
    if (wrong) {
      const sys = wrong.o.kind === 'character' ? wrong.o.result.system : wrong.o.system
      error.value = `${wrong.file}: this is for ${SYSTEM_NAMES[sys] ?? sys}, and the scenario being edited is for ${SYSTEM_NAMES[system] ?? system}; nothing imported`
      return
    }
    const libs = librariesOf(opened.map((x) => x.o))
    const found = libs.flatMap((l, i) => (l ? [{ file: opened[i].file, library: l }] : []))
    if (found.length) {
      libraries.value = found
      filter.value = ''
    }
    const characters = opened.flatMap(({ file, o }) => (o.kind === 'character' ? [{ file, result: o.result }] : []))
    if (characters.length) {
      try {
        add(characters.map((c) => c.result), characters.map((c) => c.file).join(', '))
      } catch (e) {
        error.value = e instanceof Error ? e.message : String(e)
      }
    } else if (found.length) summary.value = `${found.map((l) => `${l.file}: ${l.library.entries.length} entries`).join('; ')}. Pick one below.`
  }

  /** Entries of the open libraries that match the filter. */
  function shown(): { file: string; library: Library; entry: LibraryEntry }[] {
    const filterEntries = importers?.filterEntries
    if (!filterEntries) return []
    return libraries.value.flatMap(({ file, library }) => filterEntries(library.entries, filter.value).map((entry) => ({ file, library, entry })))
  }

  /** Takes one entry of a library into the scenario. */
  function pick(hit: { file: string; library: Library; entry: LibraryEntry }): void {
    error.value = ''
    try {
      add([hit.library.take(hit.entry, { group: hit.entry.kind === 'Minion' ? group.value : undefined })], hit.file)
    } catch (e) {
      error.value = `${hit.entry.name}: ${e instanceof Error ? e.message : String(e)}`
    }
  }

  function closeLibraries(): void {
    libraries.value = []
  }
  function dismiss(): void {
    report.value = null
    summary.value = ''
    error.value = ''
  }

  // Another scenario opened: the last import's report, its library and its choice of fighter were for the old one.
  watch(
    () => useEditorStore().session,
    () => {
      dismiss()
      closeLibraries()
      replaceId.value = ''
    },
  )

  return { error, report, summary, libraries, filter, side, group, replaceId, setPicker, requestFile, importFiles, shown, pick, closeLibraries, dismiss }
})
