import { promises as fs } from 'node:fs'
import { join } from 'node:path'
import { writeFileAtomic } from './atomic-write'

export interface Draft {
  /** Which editor session the draft belongs to. */
  key: string
  /** The file the draft was opened from, or null for an unsaved scenario. */
  path: string | null
  name: string
  text: string
  savedAt: string
}

const KEY = /^[A-Za-z0-9_-]{1,64}$/

/** Largest draft kept (a scenario file's own limit, in bytes of its UTF-8 text). */
export const MAX_DRAFT_BYTES = 2 * 1024 * 1024
/** Most drafts kept; past it the oldest that no open window is editing go (see `prune`). */
export const MAX_DRAFTS = 20

/**
 * Unsaved edits, one JSON file per editor session in the app's data folder, written atomically. The app
 * deletes a draft when its scenario is saved or discarded; any draft still there at start-up is what a
 * crash or forced quit left behind, and is offered back.
 */
export class AutosaveStore {
  constructor(
    private readonly dir: string,
    private readonly now: () => Date = () => new Date(),
  ) {}

  private file(key: string): string {
    if (!KEY.test(key)) throw new Error('autosave: the draft key must be 1–64 letters, digits, "-" or "_"')
    return join(this.dir, `${key}.json`)
  }

  async write(draft: Omit<Draft, 'savedAt'>): Promise<void> {
    const file = this.file(draft.key)
    const bytes = Buffer.byteLength(draft.text, 'utf8')
    if (bytes > MAX_DRAFT_BYTES) throw new Error(`autosave: the scenario is larger than ${MAX_DRAFT_BYTES / 1024 / 1024} MB, so no draft was kept; save it to a file instead`)
    await fs.mkdir(this.dir, { recursive: true })
    await writeFileAtomic(file, JSON.stringify({ ...draft, savedAt: this.now().toISOString() }))
  }

  async list(): Promise<Draft[]> {
    let names: string[]
    try {
      names = await fs.readdir(this.dir)
    } catch {
      return []
    }
    const drafts: Draft[] = []
    for (const name of names.filter((n) => n.endsWith('.json')).sort()) {
      const draft = await this.read(join(this.dir, name))
      if (draft) drafts.push(draft)
    }
    return drafts.sort((a, b) => (a.savedAt < b.savedAt ? 1 : -1))
  }

  async clear(key: string): Promise<void> {
    await fs.rm(this.file(key), { force: true })
  }

  /**
   * Keeps at most `max` drafts: the oldest of the others go first, and a draft for which `inUse` says
   * true (an open window is editing it) is never removed. Returns the keys removed.
   */
  async prune(inUse: (key: string) => boolean, max = MAX_DRAFTS): Promise<string[]> {
    const drafts = await this.list()
    const excess = drafts.length - max
    if (excess <= 0) return []
    const removable = drafts.filter((d) => !inUse(d.key)).reverse().slice(0, excess)
    for (const d of removable) await this.clear(d.key)
    return removable.map((d) => d.key)
  }

  private async read(file: string): Promise<Draft | null> {
    try {
      // A draft is at most MAX_DRAFT_BYTES of text plus its JSON quoting; anything far larger is not ours.
      if ((await fs.stat(file)).size > 4 * MAX_DRAFT_BYTES) return null
      const d = JSON.parse(await fs.readFile(file, 'utf8')) as Partial<Draft>
      if (typeof d.key !== 'string' || !KEY.test(d.key) || typeof d.text !== 'string') return null
      return { key: d.key, path: typeof d.path === 'string' ? d.path : null, name: typeof d.name === 'string' ? d.name : 'Untitled', text: d.text, savedAt: String(d.savedAt ?? '') }
    } catch {
      return null
    }
  }
}
