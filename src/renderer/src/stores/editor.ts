import { defineStore } from 'pinia'
import { computed, ref, shallowRef } from 'vue'
import { hashScenario } from '../../../engine/core/hash'
import { parseJsonText, parseScenario } from '../../../engine/run/parse'
import type { ScenarioIssue } from '../../../engine/core/schema'
import type { DraftEntry } from '../../../shared/ipc-contract'
import { afterEdit, marksFor, prune, type DefaultMarks } from '../editor/default-marks'
import { EditHistory } from '../editor/history'
import { getAt, pathKey, setAt, type JsonPath } from '../editor/json-path'
import type { JsonSchema } from '../editor/json-schema'
import { ReferenceChoiceCache } from '../editor/reference-choices'
import { renameId } from '../editor/rename-id'
import { deleteFighter, isFighterItem } from '../editor/delete-fighter'
import { backend } from './backend'

export function serialize(doc: unknown): string {
  return `${JSON.stringify(doc, null, 2)}\n`
}

function newDraftKey(): string {
  return `ed-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6).toString(36)}`
}

const AUTOSAVE_MS = 1000

/** What to do with unsaved edits when another scenario is about to replace them. */
export type LeaveChoice = 'save' | 'discard' | 'cancel'

/** The question on screen while the user decides (the dialog shows it and answers through `answerLeave`). */
export interface LeaveQuestion {
  /** The scenario whose edits are at stake, as the title bar names it. */
  name: string
  /** What replaces it: "open Knife fight", "start a new HERO scenario". */
  action: string
}

/**
 * The scenario being edited: the document (replaced whole on every edit), its file, undo/redo, live
 * validation with the engine's own parser, and autosave of unsaved edits.
 */
export const useEditorStore = defineStore('editor', () => {
  const doc = shallowRef<unknown>(null)
  const text = ref('')
  const jsonError = ref('')
  const path = ref<string | null>(null)
  const name = ref('Untitled')
  const savedText = ref('')
  const draftKey = ref(newDraftKey())
  const recoverable = ref<DraftEntry[]>([])
  const message = ref('')
  const tick = ref(0)
  /** Bumped whenever another scenario is loaded (results of the previous one no longer apply). */
  const session = ref(0)
  const history = new EditHistory<unknown>()
  let draftTimer: ReturnType<typeof setTimeout> | null = null
  /** Set once the user chose "Don't Save" while closing: from then on no draft is written. */
  let discarding = false
  /** The user chose Discard for the edits the next `load` replaces: their draft goes, it is not kept. */
  let discardOnLoad = false
  /** Save / Discard / Cancel asked now, or null. */
  const leaving = shallowRef<LeaveQuestion | null>(null)
  /** The last id renamed with its references (the Tactics tab's options on screen follow it too). */
  const lastRename = shallowRef<{ before: unknown; at: JsonPath; next: unknown } | null>(null)
  let answer: ((c: LeaveChoice) => void) | null = null
  /**
   * Fields the last imports filled with a default, marked in the form until the user edits them. Kept with
   * the scenario being edited, not saved in its file (see `editor/default-marks.ts`); another scenario
   * loaded starts with none.
   */
  const defaults = shallowRef<DefaultMarks>(new Map())

  const validation = computed(() => (doc.value === null ? null : parseScenario(doc.value)))
  const issues = computed<ScenarioIssue[]>(() => (validation.value && !validation.value.ok ? validation.value.issues : []))
  const issuesByPath = computed(() => {
    const m = new Map<string, string[]>()
    for (const i of issues.value) m.set(i.path, [...(m.get(i.path) ?? []), i.message])
    return m
  })
  const valid = computed(() => validation.value?.ok === true && jsonError.value === '')
  const systemId = computed(() => (doc.value as { system?: string } | null)?.system ?? '')
  const dirty = computed(() => doc.value !== null && (jsonError.value !== '' || serialize(doc.value) !== savedText.value))
  /**
   * Which version of the scenario the editor holds: a hash of the document (plus a mark while the JSON tab
   * has a syntax error). Results, sweeps, comparisons and reports remember the version they were made
   * from; when it differs from this one they are out of date.
   */
  const version = computed(() => (doc.value === null ? '' : `${hashScenario(doc.value)}${jsonError.value === '' ? '' : '!'}`))
  const canUndo = computed(() => tick.value >= 0 && history.canUndo)
  const canRedo = computed(() => tick.value >= 0 && history.canRedo)
  const references = new ReferenceChoiceCache()

  /** The ids a reference field (a tactic's combatant, a target, a list of ids) may take, or null for a free field. */
  function choicesAt(schema: JsonSchema, at: JsonPath): string[] | null {
    return references.choices(doc.value, schema, at, issues.value.length > 0)
  }

  function replace(next: unknown, syncText = true): void {
    doc.value = next
    defaults.value = prune(defaults.value, next)
    if (syncText) {
      text.value = serialize(next)
      jsonError.value = ''
    }
    tick.value++
    scheduleDraft()
  }

  /** Loads a document as a fresh editing session (no undo into the previous scenario). */
  function load(next: unknown, file: { path: string | null; name: string }, asSaved = true): void {
    history.clear()
    if (draftTimer) clearTimeout(draftTimer)
    if (discardOnLoad) void backend().clearDraft(draftKey.value)
    else keepOrDropDraft()
    discardOnLoad = false
    draftKey.value = newDraftKey()
    path.value = file.path
    name.value = file.name
    doc.value = next
    text.value = serialize(next)
    jsonError.value = ''
    savedText.value = asSaved ? text.value : ''
    message.value = ''
    defaults.value = new Map()
    tick.value++
    session.value++
  }

  /**
   * Before another scenario replaces this one (an example, a file, a recent file, New, a draft to
   * restore): with unsaved edits the user is asked Save / Discard / Cancel. True when the switch may go
   * ahead: nothing unsaved, saved, or discarded on purpose. A Save that fails (problems in the scenario,
   * a Save As dialog cancelled) keeps the scenario open. The run settings (trials, seed) are part of the
   * scenario file, so changing them is an edit like any other; the worker count is not saved and is not.
   */
  async function confirmLeave(action: string): Promise<boolean> {
    discardOnLoad = false
    if (doc.value === null || !dirty.value) return true
    answer?.('cancel') // a question still open (a second click elsewhere) is withdrawn
    const choice = await new Promise<LeaveChoice>((resolve) => {
      answer = resolve
      leaving.value = { name: name.value, action }
    })
    if (choice === 'cancel') return false
    if (choice === 'save') return save()
    discardOnLoad = true
    return true
  }

  /** The user's answer to the Save / Discard / Cancel question. */
  function answerLeave(choice: LeaveChoice): void {
    const a = answer
    answer = null
    leaving.value = null
    a?.(choice)
  }

  /**
   * Leaving a scenario nobody asked about (a caller that did not go through `confirmLeave`): unsaved
   * edits are never thrown away. They stay in the autosave store and are offered back in the drafts
   * banner; a clean scenario's draft is simply dropped.
   */
  function keepOrDropDraft(): void {
    if (doc.value !== null && dirty.value) {
      const draft = { key: draftKey.value, path: path.value, name: name.value, text: text.value }
      void backend().writeDraft(draft)
      recoverable.value = [{ ...draft, savedAt: new Date().toISOString() }, ...recoverable.value.filter((d) => d.key !== draft.key)]
    } else void backend().clearDraft(draftKey.value)
  }

  function edit(at: JsonPath, value: unknown): void {
    if (doc.value === null) return
    const old = getAt(doc.value, at)
    if (old === value) return
    history.record(doc.value, pathKey(at), Date.now())
    defaults.value = afterEdit(defaults.value, at, value)
    if (value === undefined && isFighterItem(at)) {
      // Deleting a fighter: his plan, the targets and situations that name him go with him, in one undo step.
      const d = deleteFighter(doc.value, at)
      replace(d.doc)
      const who = String((old as { name?: unknown } | null)?.name ?? (old as { id?: unknown } | null)?.id ?? 'the fighter')
      const n = d.removed.length
      message.value = `Removed ${who}${n ? ` and the ${n === 1 ? 'place' : `${n} places`} that named him (his plan, targets, pairs)` : ''}.${d.kept.length ? ` ${d.kept.length === 1 ? 'One place the scenario cannot do without still names' : `${d.kept.length} places the scenario cannot do without still name`} him: the problems below show where; choose another fighter there.` : ''}`
      return
    }
    if (!isItemId(at)) return replace(setAt(doc.value, at, value))
    // Renaming an id (a combatant's, a tactic's): every reference to it follows, in the same undo step.
    const before = doc.value
    const renamed = renameId(before, at, value)
    replace(renamed.doc)
    if (renamed.followed.length > 0) lastRename.value = { before, at, next: value }
    const n = renamed.followed.length
    message.value = n === 0 ? '' : `Renamed "${String(old)}" to "${String(value)}" everywhere it is used (${n} ${n === 1 ? 'place' : 'places'}).`
  }

  /** Marks the fields an import just filled with defaults (paths in the document now being edited), besides `kept`. */
  function markDefaults(fields: readonly { path: string; text: string }[], kept: DefaultMarks = defaults.value): void {
    defaults.value = marksFor(doc.value, fields, kept)
  }

  /** The JSON tab: every keystroke is parsed; a syntax error is shown and the form keeps the last good document. */
  function setText(next: string): void {
    text.value = next
    try {
      const parsed = JSON.parse(next) as unknown
      jsonError.value = ''
      history.record(doc.value, 'json', Date.now())
      replace(parsed, false)
    } catch (e) {
      jsonError.value = e instanceof Error ? e.message : String(e)
      tick.value++
      scheduleDraft()
    }
  }

  function undo(): void {
    const prev = history.undo(doc.value)
    if (prev !== undefined) replace(prev)
  }

  function redo(): void {
    const next = history.redo(doc.value)
    if (next !== undefined) replace(next)
  }

  function scheduleDraft(): void {
    if (draftTimer) clearTimeout(draftTimer)
    draftTimer = setTimeout(() => void writeDraft(), AUTOSAVE_MS)
  }

  /** Writes the unsaved edits to the autosave store now (a clean scenario's draft is dropped instead). */
  async function writeDraft(): Promise<void> {
    if (draftTimer) clearTimeout(draftTimer)
    draftTimer = null
    if (discarding) return
    if (!dirty.value) return backend().clearDraft(draftKey.value)
    await backend().writeDraft({ key: draftKey.value, path: path.value, name: name.value, text: text.value })
  }

  async function save(saveAs = false): Promise<boolean> {
    if (doc.value === null) return false
    if (!valid.value) {
      message.value = 'Fix the problems marked in the editor before saving.'
      return false
    }
    const suggestedName = path.value === null ? `${slug(String((doc.value as { name?: string }).name ?? 'scenario'))}.json` : name.value
    const sent = serialize(doc.value)
    const out = await backend().saveFile({ path: path.value, text: sent, saveAs, suggestedName })
    if (out.status !== 'saved') return false
    path.value = out.file.path
    name.value = out.file.name
    // The desktop app writes the file with a "$schema" pointer for text editors (not part of the scenario's
    // hash); the scenario saved is the one sent, so the editor keeps it as it is, unmodified.
    savedText.value = sent
    // Drops the draft, unless edits were made while the save was in flight (the dialog open): they are not
    // in the file, so their draft stays.
    await writeDraft()
    message.value = `Saved ${out.file.name}`
    return true
  }

  /** Opens file text; text that is not JSON still opens, in the JSON tab, so nothing is lost. */
  function openText(file: { path: string | null; name: string; text: string }): void {
    try {
      const json = parseJsonText(file.text) // skips the byte-order mark some editors write
      if (!json.ok) throw new Error(json.message)
      load(json.value, file)
    } catch {
      load({}, file)
      setText(file.text)
    }
  }

  /**
   * The drafts left from earlier sessions, each text once: a scenario whose same unsaved edits were
   * autosaved by several sessions (reloads, tabs) is offered once, the newest copy, and the copies go.
   */
  async function checkDrafts(): Promise<void> {
    const seen = new Set<string>()
    const keep: DraftEntry[] = []
    const all = (await backend().drafts()).filter((d) => d.key !== draftKey.value)
    for (const d of [...all].sort((a, b) => b.savedAt.localeCompare(a.savedAt))) {
      const same = `${d.path ?? ''}\n${d.name}\n${d.text}`
      if (seen.has(same)) await backend().clearDraft(d.key)
      else {
        seen.add(same)
        keep.push(d)
      }
    }
    recoverable.value = keep
  }

  async function restoreDraft(d: DraftEntry): Promise<void> {
    if (!(await confirmLeave(`restore ${d.name}`))) return
    openText({ path: d.path, name: d.name, text: d.text })
    savedText.value = ''
    // The restored edits are in the store under this session's key before the old draft goes.
    await writeDraft()
    await discardDraft(d)
  }

  /** Closing with "Don't Save": the edits are thrown away on purpose, so their draft goes too. */
  async function discardEdits(): Promise<void> {
    discarding = true
    if (draftTimer) clearTimeout(draftTimer)
    draftTimer = null
    await backend().clearDraft(draftKey.value)
  }

  async function discardDraft(d: DraftEntry): Promise<void> {
    await backend().clearDraft(d.key)
    recoverable.value = recoverable.value.filter((x) => x.key !== d.key)
  }

  return {
    doc, text, jsonError, path, name, recoverable, session, version, message, issues, issuesByPath, valid, systemId, dirty, canUndo, canRedo,
    leaving, lastRename, defaults, load, edit, markDefaults, choicesAt, setText, undo, redo, save, openText, checkDrafts, restoreDraft, discardDraft, writeDraft,
    discardEdits, confirmLeave, answerLeave,
  }
})

/** The `id` of an item of a list (`combatants[1].id`): other parts of the scenario may refer to it. */
export function isItemId(at: JsonPath): boolean {
  return at.length >= 2 && at[at.length - 1] === 'id' && typeof at[at.length - 2] === 'number'
}

function slug(s: string): string {
  return s.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 60) || 'scenario'
}
