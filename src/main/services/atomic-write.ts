import { promises as fs } from 'node:fs'
import { resolve } from 'node:path'
import writeFileAtomicLib from 'write-file-atomic'

/**
 * Writes a file so that a crash never leaves half of it, for the CLI and the app alike. A regular file
 * (or a new one) is written by write-file-atomic: the data goes to a temporary file next to the real
 * file, is flushed and renamed over it; a symlink keeps pointing where it did (its target is written),
 * and the file keeps its mode and, where allowed, its owner. Anything that is not a regular file — a
 * terminal, a pipe, `/dev/stdout` — is written directly: renaming over it would replace the device entry.
 * Text is written as UTF-8, bytes (a PNG export) as they are.
 */
export async function writeFileAtomic(target: string, data: string | Uint8Array): Promise<void> {
  const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : Buffer.from(data.buffer, data.byteOffset, data.byteLength)
  const existing = await fs.stat(target).catch(() => null)
  if (existing?.isDirectory()) throw Object.assign(new Error(`${target} is a folder`), { code: 'EISDIR' })
  // /dev/stdout, /dev/fd/1, /proc/self/fd/1 name whatever the process writes to, even a regular file
  // the shell redirected it into: that is written through, never replaced.
  if (existing && (!existing.isFile() || /^\/(dev|proc)\//.test(resolve(target)))) {
    await fs.writeFile(target, bytes)
    return
  }
  await writeFileAtomicLib(target, bytes)
}
