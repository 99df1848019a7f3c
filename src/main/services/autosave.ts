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

  private async read(file: string): Promise<Draft | null> {
    try {
      const d = JSON.parse(await fs.readFile(file, 'utf8')) as Partial<Draft>
      if (typeof d.key !== 'string' || !KEY.test(d.key) || typeof d.text !== 'string') return null
      return { key: d.key, path: typeof d.path === 'string' ? d.path : null, name: typeof d.name === 'string' ? d.name : 'Untitled', text: d.text, savedAt: String(d.savedAt ?? '') }
    } catch {
      return null
    }
  }
}
