import { createBackend } from '../api'
import type { Backend } from '../backends/backend'

let instance: Backend | null = null

/** The one backend of this page, created on first use (tests install a fake with `useBackendForTests`). */
export function backend(): Backend {
  instance ??= createBackend()
  return instance
}

export function useBackendForTests(b: Backend): void {
  instance = b
}
