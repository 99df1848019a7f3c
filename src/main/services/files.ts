import { createHash } from 'node:crypto'
import { promises as fs } from 'node:fs'
import { basename, resolve } from 'node:path'
import { writeFileAtomic } from './atomic-write'
import { withSchemaPointer } from './schema-pointer'

/** Largest scenario file the app opens or writes (a scenario is a few kilobytes; this stops accidents). */
export const MAX_FILE_BYTES = 2 * 1024 * 1024

export interface OpenedFile {
  path: string
  name: string
  text: string
}

export type SaveResult = { status: 'saved'; file: OpenedFile } | { status: 'conflict'; path: string }

function digest(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex')
}

/**
 * Scenario files on disk. Remembers the content each path had when the app last read or wrote it, so a
 * save can tell that someone else (an editor, `git pull`) changed the file meanwhile and ask first.
 * Only paths the user picked in a dialog or from the recent list ever reach this service.
 */
export class FileService {
  private readonly known = new Map<string, string>()

  /** `schemasDir`: the JSON Schemas Quickdraw ships; a saved scenario without `"$schema"` gets one pointing there. */
  constructor(private readonly schemasDir?: string) {}

  async open(path: string): Promise<OpenedFile> {
    const full = resolve(path)
    const stat = await fs.stat(full)
    if (!stat.isFile()) throw new Error(`${full} is not a file`)
    if (stat.size > MAX_FILE_BYTES) throw new Error(`${basename(full)} is larger than ${MAX_FILE_BYTES / 1024 / 1024} MB; a scenario is a few kilobytes`)
    const text = await fs.readFile(full, 'utf8')
    this.known.set(full, digest(text))
    return { path: full, name: basename(full), text }
  }

  /** Whether the app has read or written this path in this session. */
  isKnown(path: string): boolean {
    return this.known.has(resolve(path))
  }

  /**
   * Writes atomically. Without `force`, refuses with `conflict` when the file on disk is not what the app
   * last read or wrote there — including a file the app has not seen this session (say, the target of a
   * draft recovered after a crash), since nobody can tell what changed in it meanwhile. A scenario without
   * `"$schema"` is written with one (schema-pointer.ts); the text written is in the result.
   */
  async save(path: string, given: string, force = false): Promise<SaveResult> {
    const full = resolve(path)
    const text = withSchemaPointer(given, full, this.schemasDir)
    if (Buffer.byteLength(text, 'utf8') > MAX_FILE_BYTES) throw new Error(`the scenario is larger than ${MAX_FILE_BYTES / 1024 / 1024} MB`)
    if (!force && (await this.changedOnDisk(full))) return { status: 'conflict', path: full }
    await writeFileAtomic(full, text)
    this.known.set(full, digest(text))
    return { status: 'saved', file: { path: full, name: basename(full), text } }
  }

  private async changedOnDisk(full: string): Promise<boolean> {
    const expected = this.known.get(full)
    let current: string | null
    try {
      current = digest(await fs.readFile(full, 'utf8'))
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return false
      throw e
    }
    return current !== expected
  }
}
