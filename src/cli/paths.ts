import { existsSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'

/**
 * The folder of the nearest package.json above `from`: the project root whether this module runs from
 * source (`src/cli`, in tests), from the build (`out/main` or one of its chunks, `out/main/chunks`) or
 * from the packed CLI (`node_modules/quickdraw/...`).
 */
function packageRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir
    if (dirname(dir) === dir) return resolve(from, '..', '..')
  }
}

/** Where the CLI finds its files. */
export const projectRoot = packageRoot(__dirname)
export const workerPath = resolve(projectRoot, 'out', 'main', 'worker.js')
export const resourcesDir = resolve(projectRoot, 'resources')
