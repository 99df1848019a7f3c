import { promises as fs } from 'node:fs'
import { basename, resolve } from 'node:path'
import { writeFileAtomic } from './atomic-write'

export const MAX_RECENT = 10

export interface RecentFile {
  path: string
  name: string
}

/** The most recently opened or saved scenario files, newest first, kept in a JSON file in the app's data folder. */
export class RecentFiles {
  private items: RecentFile[] | null = null

  constructor(private readonly storePath: string) {}

  async list(): Promise<RecentFile[]> {
    if (this.items === null) this.items = await this.read()
    return this.items.map((r) => ({ ...r }))
  }

  async has(path: string): Promise<boolean> {
    const full = resolve(path)
    return (await this.list()).some((r) => r.path === full)
  }

  async add(path: string): Promise<RecentFile[]> {
    const full = resolve(path)
    const rest = (await this.list()).filter((r) => r.path !== full)
    this.items = [{ path: full, name: basename(full) }, ...rest].slice(0, MAX_RECENT)
    await writeFileAtomic(this.storePath, JSON.stringify(this.items, null, 2))
    return this.list()
  }

  async remove(path: string): Promise<RecentFile[]> {
    const full = resolve(path)
    this.items = (await this.list()).filter((r) => r.path !== full)
    await writeFileAtomic(this.storePath, JSON.stringify(this.items, null, 2))
    return this.list()
  }

  /** Clear Recent: forgets every file. */
  async clear(): Promise<void> {
    this.items = []
    await writeFileAtomic(this.storePath, '[]')
  }

  /** A missing or damaged store is an empty list: losing the recent list must never stop the app. */
  private async read(): Promise<RecentFile[]> {
    try {
      const raw = JSON.parse(await fs.readFile(this.storePath, 'utf8')) as unknown
      if (!Array.isArray(raw)) return []
      return raw
        .filter((r): r is RecentFile => typeof r === 'object' && r !== null && typeof r.path === 'string')
        .map((r) => ({ path: r.path, name: basename(r.path) }))
        .slice(0, MAX_RECENT)
    } catch {
      return []
    }
  }
}
