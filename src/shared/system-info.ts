import { systems } from '../engine/systems/registry'
import type { AppInfo } from './ipc-contract'

/** The rule systems as the app lists them (same in Electron and in the browser). */
export function systemInfo(): AppInfo['systems'] {
  return systems.map((s) => ({ id: s.id, label: s.label, version: s.version, exact: s.exact !== undefined }))
}
