import { randomBytes } from 'node:crypto'
import { promises as fs } from 'node:fs'
import { basename, dirname, join } from 'node:path'

/**
 * Writes a file so that a crash never leaves half of it: the data goes to a temporary file in the same
 * folder, is flushed, and is renamed over the target (rename is atomic on one file system). Text is
 * written as UTF-8, bytes (a PNG export) as they are.
 */
export async function writeFileAtomic(target: string, data: string | Uint8Array): Promise<void> {
  const tmp = join(dirname(target), `.${basename(target)}.${randomBytes(6).toString('hex')}.tmp`)
  const handle = await fs.open(tmp, 'w')
  try {
    await (typeof data === 'string' ? handle.writeFile(data, 'utf8') : handle.writeFile(data))
    await handle.sync()
  } catch (e) {
    await handle.close()
    await fs.rm(tmp, { force: true })
    throw e
  }
  await handle.close()
  try {
    await fs.rename(tmp, target)
  } catch (e) {
    await fs.rm(tmp, { force: true })
    throw e
  }
}
