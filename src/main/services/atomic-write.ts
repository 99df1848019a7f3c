import { randomBytes } from 'node:crypto'
import { promises as fs } from 'node:fs'
import { basename, dirname, join } from 'node:path'

/**
 * Writes a file so that a crash never leaves half of it: the data goes to a temporary file in the same
 * folder, is flushed, and is renamed over the target (rename is atomic on one file system).
 */
export async function writeFileAtomic(target: string, data: string): Promise<void> {
  const tmp = join(dirname(target), `.${basename(target)}.${randomBytes(6).toString('hex')}.tmp`)
  const handle = await fs.open(tmp, 'w')
  try {
    await handle.writeFile(data, 'utf8')
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
