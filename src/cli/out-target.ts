import { accessSync, constants, lstatSync, readlinkSync, statSync, type Stats } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { writeFileAtomic } from '../main/services/atomic-write'
import { CheckFailed, UsageError } from './errors'

const statOf = (path: string): Stats | null => {
  try {
    return statSync(path)
  } catch {
    return null
  }
}

const writable = (path: string): boolean => {
  try {
    accessSync(path, constants.W_OK)
    return true
  } catch {
    return false
  }
}

/**
 * Checks an `--out` target before any work starts, so a long run never ends in a write that fails: the
 * folder must exist and take new files, the target must not be a folder, a read-only file, or one of
 * the command's own input files (which the output would overwrite). A pipe or a terminal
 * (`/dev/stdout`) is fine. Throws a UsageError (exit 2) naming the problem.
 */
export function checkOutTarget(target: string | undefined, inputs: readonly string[]): void {
  if (target === undefined) return
  if (target.trim() === '') throw new UsageError('--out: needs a file name')
  const st = statOf(target)
  // A link to a file that does not exist yet: writing would replace the link with a plain file.
  if (!st && isLink(target)) throw new UsageError(`--out: ${target} is a link to ${readlinkSync(target)}, which does not exist; create that file first (the link is kept and the file written through it) or give another name`)
  if (st?.isDirectory()) throw new UsageError(`--out: ${target} is a folder; give a file name inside it, e.g. ${resolve(target, 'result.json')}`)
  if (st) {
    for (const input of inputs) {
      const i = statOf(input)
      if (i && i.dev === st.dev && i.ino === st.ino) throw new UsageError(`--out: ${target} is the input file ${input} itself; writing there would overwrite it, choose another name`)
    }
    if (!writable(target)) throw new UsageError(`--out: ${target} cannot be written (read-only or not yours)`)
    return
  }
  const folder = dirname(resolve(target))
  const f = statOf(folder)
  if (!f) throw new UsageError(`--out: the folder ${folder} does not exist; create it first`)
  if (!f.isDirectory()) throw new UsageError(`--out: ${folder} is not a folder`)
  if (!writable(folder)) throw new UsageError(`--out: cannot create files in the folder ${folder} (read-only or not yours)`)
}

const isLink = (path: string): boolean => {
  try {
    return lstatSync(path).isSymbolicLink()
  } catch {
    return false
  }
}

/**
 * Writes a command's output file, after its answer is printed: a failure at this late stage (a full disk)
 * exits 1 with a message, and the numbers are already on the screen.
 */
export async function writeOut(target: string, data: string): Promise<void> {
  try {
    await writeFileAtomic(target, data)
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code
    throw new CheckFailed(`--out: could not write ${target} (${code ?? (e as Error).message}); nothing was written there (the answer is printed above)`)
  }
}
