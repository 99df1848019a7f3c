import { browserBackend } from './backends/browser-backend'
import { electronBackend } from './backends/electron-backend'
import type { Backend } from './backends/backend'

/** The only file that reads `window.api`: picks the Electron backend when present, else the browser one. */
export function createBackend(): Backend {
  return window.api ? electronBackend(window.api) : browserBackend()
}
