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

export function browserFiles(storage: Storage) {
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
      storage.setItem(DRAFT_PREFIX + d.key, JSON.stringify({ ...d, savedAt: new Date().toISOString() }))
    },
    async drafts(): Promise<DraftEntry[]> {
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
    },
    async clearDraft(key: string): Promise<void> {
      storage.removeItem(DRAFT_PREFIX + key)
    },
    async exportFile(f: ExportArgs): Promise<boolean> {
      if (f.kind === 'png') download(f.suggestedName, dataUrlToBlob(f.data), 'image/png')
      else download(f.suggestedName, f.data, { csv: 'text/csv', json: 'application/json', html: 'text/html' }[f.kind])
      return true
    },
  }
}
