import { resolve } from 'node:path'

/**
 * Where the CLI finds its files. Both hold whether this module runs from the bundle (`out/main`) or
 * from source (`src/cli`, in tests): each is two folders below the project root.
 */
export const projectRoot = resolve(__dirname, '..', '..')
export const workerPath = resolve(projectRoot, 'out', 'main', 'worker.js')
export const resourcesDir = resolve(projectRoot, 'resources')
