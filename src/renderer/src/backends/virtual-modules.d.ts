declare module 'virtual:quickdraw-system-info' {
  import type { AppInfo } from '../../../shared/ipc-contract'
  /** The rule systems as the app lists them (id, label, version, exact answer or not), worked out when the app is built. */
  const systems: AppInfo['systems']
  export default systems
}

declare module 'virtual:quickdraw-examples' {
  import type { ExampleSummary } from '../../../shared/ipc-contract'
  /** Each shipped example as the library lists it, read when the app is built. */
  const examples: ExampleSummary[]
  export default examples
}
