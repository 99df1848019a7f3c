import { z } from 'zod'
import { parseJsonText, parseScenario } from '../../engine/run/parse'
import { issueLine } from '../../engine/core/schema'
import type { ExportKind, InvokeContract } from '../../shared/ipc-contract'
import type { DraftOwners } from '../desktop/draft-owners'
import { recentLabels } from '../desktop/recent-labels'
import type { AutosaveStore } from '../services/autosave'
import { MAX_FILE_BYTES, type FileService } from '../services/files'
import type { RecentFiles } from '../services/recent'
import { arg, draftKey, fileName, filePath } from './validate'

/** The native dialogs the file handlers need, injected so tests can answer them. */
export interface Dialogs {
  /** Asks which scenario file to open; null when cancelled. */
  openScenario(): Promise<string | null>
  /** Asks where to save a scenario; null when cancelled. */
  saveScenario(suggestedName: string): Promise<string | null>
  /** The file changed on disk since it was opened: overwrite it anyway? */
  confirmOverwriteChanged(path: string): Promise<boolean>
  /** Asks where to write an exported result; null when cancelled. */
  saveExport(kind: ExportKind, suggestedName: string): Promise<string | null>
}

export interface FileHandlerDeps {
  files: FileService
  recent: RecentFiles
  drafts: AutosaveStore
  dialogs: Dialogs
  writeExport: (path: string, data: string | Uint8Array) => Promise<void>
  /** Called after the recent list changed (main rebuilds the Open Recent menu); `path` was added. */
  onRecentChanged?: (added?: string) => void
  /**
   * The window these handlers serve and which open window edits which draft. Without them (a single
   * page, as in most tests) every draft is offered and may be discarded.
   */
  windowId?: number
  draftOwners?: DraftOwners
  /** The platform whose conventions the recent files' labels follow (default: this one). */
  platform?: NodeJS.Platform
}

type FileChannel = 'file:open' | 'file:open-recent' | 'file:save' | 'recent:list' | 'draft:write' | 'draft:list' | 'draft:clear' | 'export:save'
export type FileHandlers = { [C in FileChannel]: (...args: unknown[]) => Promise<InvokeContract[C]['result']> }

const text = z.string({ error: 'must be text' }).max(MAX_FILE_BYTES, { error: `must be at most ${MAX_FILE_BYTES} characters` })
const saveArgs = z.strictObject({ path: filePath.nullable(), text, saveAs: z.boolean().optional(), suggestedName: fileName.optional() })
const draftArgs = z.strictObject({ key: draftKey, path: filePath.nullable(), name: z.string().max(200), text })
const exportArgs = z.strictObject({ kind: z.enum(['csv', 'json', 'png', 'html']), suggestedName: fileName, data: z.string().max(50 * 1024 * 1024) })
const PNG_PREFIX = 'data:image/png;base64,'

/** A scenario is saved only when it is one: valid JSON that the engine's schema accepts. */
function checkScenarioText(raw: string): void {
  // The same reading as opening a file and the command line: a byte-order mark is skipped.
  const json = parseJsonText(raw)
  if (!json.ok) throw new Error(`save: the scenario is ${json.message}; nothing was written`)
  const parsed = parseScenario(json.value)
  if (!parsed.ok) throw new Error(`save: the scenario is not valid, nothing was written:\n${parsed.issues.map(issueLine).join('\n')}`)
}

export function createFileHandlers(deps: FileHandlerDeps): FileHandlers {
  const remember = async (path: string): Promise<void> => {
    await deps.recent.add(path)
    deps.onRecentChanged?.(path)
  }
  const owners = deps.draftOwners
  const me = deps.windowId ?? 0
  return {
    'file:open': async () => {
      const path = await deps.dialogs.openScenario()
      if (path === null) return null
      const file = await deps.files.open(path)
      await remember(file.path)
      return file
    },
    'file:open-recent': async (raw: unknown) => {
      const path = arg(filePath, raw, 'open recent')
      if (!(await deps.recent.has(path))) throw new Error('open recent: that file is not in the recent list')
      try {
        const file = await deps.files.open(path)
        await remember(file.path)
        return file
      } catch (e) {
        await deps.recent.remove(path)
        deps.onRecentChanged?.()
        throw new Error(`open recent: ${e instanceof Error ? e.message : String(e)} (removed from the recent list)`, { cause: e })
      }
    },
    'file:save': async (raw: unknown) => {
      const req = arg(saveArgs, raw, 'save')
      checkScenarioText(req.text)
      let path = req.saveAs ? null : req.path
      // Only a path the user picked (dialog, recent list) or the app wrote before may be written without asking.
      if (path !== null && !deps.files.isKnown(path) && !(await deps.recent.has(path))) path = null
      // A path picked in the save dialog was confirmed there (the dialog asks before replacing a file).
      const picked = path === null
      if (path === null) path = await deps.dialogs.saveScenario(req.suggestedName ?? 'scenario.json')
      if (path === null) return { status: 'cancelled' }
      let saved = await deps.files.save(path, req.text, picked)
      if (saved.status === 'conflict') {
        if (!(await deps.dialogs.confirmOverwriteChanged(saved.path))) return { status: 'cancelled' }
        saved = await deps.files.save(path, req.text, true)
      }
      if (saved.status !== 'saved') return { status: 'cancelled' }
      await remember(saved.file.path)
      return saved
    },
    'recent:list': async () => {
      const items = await deps.recent.list()
      const labels = recentLabels(items.map((r) => r.path), deps.platform)
      return items.map((r, i) => ({ ...r, label: labels[i].label }))
    },
    'draft:write': async (raw: unknown) => {
      const draft = arg(draftArgs, raw, 'autosave')
      const isNew = owners !== undefined && !owners.isLive(draft.key)
      if (owners && !owners.claim(draft.key, me)) throw new Error('autosave: that draft belongs to another open window')
      await deps.drafts.write(draft)
      // Only a new draft can take the count over the cap (autosave rewrites the same one every second).
      if (isNew) await deps.drafts.prune((key) => owners.isLive(key))
    },
    // Another open window's drafts are its live edits, not edits left from a previous session.
    'draft:list': async () => (await deps.drafts.list()).filter((d) => !owners || owners.offerable(d.key, me)),
    'draft:clear': async (raw: unknown) => {
      const key = arg(draftKey, raw, 'discard draft')
      if (owners && !owners.mayClear(key, me)) throw new Error('discard draft: that draft belongs to another open window, which is still editing it')
      await deps.drafts.clear(key)
      owners?.forget(key)
    },
    'export:save': async (raw: unknown) => {
      const req = arg(exportArgs, raw, 'export')
      if (req.kind === 'png' && !req.data.startsWith(PNG_PREFIX)) throw new Error('export: a PNG must be a data:image/png;base64 URL')
      const path = await deps.dialogs.saveExport(req.kind, req.suggestedName)
      if (path === null) return false
      await deps.writeExport(path, req.kind === 'png' ? Buffer.from(req.data.slice(PNG_PREFIX.length), 'base64') : req.data)
      return true
    },
  }
}
