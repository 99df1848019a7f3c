import type { DraftArgs, DraftEntry, ExportArgs, RecentEntry, SaveArgs, SaveOutcome, ScenarioFile } from '../../../shared/ipc-contract'

/**
 * Files in a plain browser: open through a file picker, save and export as downloads, and the recent
 * list and autosaved drafts in local storage (the browser cannot reopen a path, so a recent entry keeps
 * the text it was last opened or saved with).
 */
const RECENT_KEY = 'quickdraw.recent'
const DRAFT_PREFIX = 'quickdraw.draft.'
const MAX_RECENT = 10

interface StoredRecent extends RecentEntry {
  text: string
}

function readRecent(storage: Storage): StoredRecent[] {
  try {
    const raw = JSON.parse(storage.getItem(RECENT_KEY) ?? '[]') as unknown
    return Array.isArray(raw) ? (raw as StoredRecent[]).filter((r) => typeof r.path === 'string' && typeof r.text === 'string') : []
  } catch {
    return []
  }
}

function remember(storage: Storage, file: ScenarioFile): void {
  const rest = readRecent(storage).filter((r) => r.path !== file.path)
  storage.setItem(RECENT_KEY, JSON.stringify([{ path: file.path, name: file.name, text: file.text }, ...rest].slice(0, MAX_RECENT)))
}

export function download(name: string, data: string | Blob, type: string): void {
  const blob = typeof data === 'string' ? new Blob([data], { type }) : data
  const url = URL.createObjectURL(blob)
  const a = document.createElement('a')
  a.href = url
  a.download = name
  a.style.display = 'none'
  document.body.append(a)
  a.click()
  a.remove()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

function pickFile(): Promise<File | null> {
  return new Promise((resolve) => {
    const input = document.createElement('input')
    input.type = 'file'
    input.accept = '.json,application/json'
    input.dataset.testid = 'file-picker'
    input.style.display = 'none'
    input.addEventListener('change', () => {
      resolve(input.files?.[0] ?? null)
      input.remove()
    })
    input.addEventListener('cancel', () => {
      resolve(null)
      input.remove()
    })
    document.body.append(input)
    input.click()
  })
}

function dataUrlToBlob(url: string): Blob {
  const bin = atob(url.slice(url.indexOf(',') + 1))
  const bytes = new Uint8Array(bin.length)
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i)
  return new Blob([bytes], { type: 'image/png' })
}

/** The part of the Web Locks API (`navigator.locks`) that tells which tab is editing which draft. */
export interface DraftLocks {
  request(name: string, callback: () => Promise<void>): Promise<void>
  query(): Promise<{ held?: { name?: string }[] }>
}

/** Most drafts kept in the browser; past it the oldest no open tab is editing go. */
export const MAX_BROWSER_DRAFTS = 20

/**
 * Drafts belong to the tab that wrote it: the tab holds a Web Lock named after each draft it writes,
 * which the browser lets go when the tab closes or crashes. Another tab never offers a draft whose lock
 * is held as "unsaved edits from a previous session", and never deletes it. Without Web Locks every
 * draft is offered, as before.
 */
function draftLocks(locks: DraftLocks | undefined) {
  const mine = new Map<string, () => void>()
  const lockName = (key: string): string => `${DRAFT_PREFIX}${key}`
  return {
    hold(key: string): void {
      if (!locks || mine.has(key)) return
      let release = (): void => undefined
      const held = new Promise<void>((resolve) => (release = resolve))
      mine.set(key, release)
      void locks.request(lockName(key), () => held).catch(() => mine.delete(key))
    },
    release(key: string): void {
      mine.get(key)?.()
      mine.delete(key)
    },
    /** Draft keys another open tab is editing. */
    async heldElsewhere(): Promise<Set<string>> {
      if (!locks) return new Set()
      const state = await locks.query().catch(() => ({ held: [] }))
      const names = (state.held ?? []).map((l) => l.name ?? '').filter((n) => n.startsWith(DRAFT_PREFIX))
      return new Set(names.map((n) => n.slice(DRAFT_PREFIX.length)).filter((k) => !mine.has(k)))
    },
  }
}

function defaultLocks(): DraftLocks | undefined {
  return typeof navigator !== 'undefined' && 'locks' in navigator ? (navigator.locks as unknown as DraftLocks) : undefined
}

function readDrafts(storage: Storage): DraftEntry[] {
  const out: DraftEntry[] = []
  const keys: string[] = []
  for (let i = 0; i < storage.length; i++) keys.push(storage.key(i) ?? '')
  for (const key of keys) {
    if (!key.startsWith(DRAFT_PREFIX)) continue
    try {
      out.push(JSON.parse(storage.getItem(key) ?? '') as DraftEntry)
    } catch {
      storage.removeItem(key)
    }
  }
  return out.sort((a, b) => (a.savedAt < b.savedAt ? 1 : -1))
}

export function browserFiles(storage: Storage, locks: DraftLocks | undefined = defaultLocks()) {
  const owned = draftLocks(locks)
  return {
    async openFile(): Promise<ScenarioFile | null> {
      const file = await pickFile()
      if (!file) return null
      const opened = { path: file.name, name: file.name, text: await file.text() }
      remember(storage, opened)
      return opened
    },
    async openRecent(path: string): Promise<ScenarioFile> {
      const hit = readRecent(storage).find((r) => r.path === path)
      if (!hit) throw new Error(`${path} is not in the recent list`)
      return { path: hit.path, name: hit.name, text: hit.text }
    },
    async saveFile(req: SaveArgs): Promise<SaveOutcome> {
      const name = req.saveAs || req.path === null ? (req.suggestedName ?? 'scenario.json') : req.path
      download(name, req.text, 'application/json')
      const file = { path: name, name, text: req.text }
      remember(storage, file)
      return { status: 'saved', file }
    },
    async recent(): Promise<RecentEntry[]> {
      return readRecent(storage).map((r) => ({ path: r.path, name: r.name }))
    },
    async writeDraft(d: DraftArgs): Promise<void> {
      const elsewhere = await owned.heldElsewhere()
      if (elsewhere.has(d.key)) throw new Error('autosave: that draft belongs to another open tab')
      const isNew = storage.getItem(DRAFT_PREFIX + d.key) === null
      owned.hold(d.key)
      storage.setItem(DRAFT_PREFIX + d.key, JSON.stringify({ ...d, savedAt: new Date().toISOString() }))
      if (!isNew) return
      // Past the cap the oldest drafts no tab is editing go.
      const all = readDrafts(storage)
      const removable = all.filter((x) => x.key !== d.key && !elsewhere.has(x.key)).reverse()
      for (const x of removable.slice(0, Math.max(0, all.length - MAX_BROWSER_DRAFTS))) storage.removeItem(DRAFT_PREFIX + x.key)
    },
    /** Drafts to offer back: none that another open tab is still editing. */
    async drafts(): Promise<DraftEntry[]> {
      const elsewhere = await owned.heldElsewhere()
      return readDrafts(storage).filter((d) => !elsewhere.has(d.key))
    },
    async clearDraft(key: string): Promise<void> {
      if ((await owned.heldElsewhere()).has(key)) throw new Error('discard draft: that draft belongs to another open tab, which is still editing it')
      storage.removeItem(DRAFT_PREFIX + key)
      owned.release(key)
    },
    async exportFile(f: ExportArgs): Promise<boolean> {
      if (f.kind === 'png') download(f.suggestedName, dataUrlToBlob(f.data), 'image/png')
      else download(f.suggestedName, f.data, { csv: 'text/csv', json: 'application/json', html: 'text/html' }[f.kind])
      return true
    },
  }
}
