import type { JobProgress } from '../engine/run/job'
import type { ResultDocument } from '../engine/run/result'

/**
 * The one IPC contract between renderer and main. Preload, main handlers and the renderer api are all
 * typed from it, so renaming a field breaks the build everywhere.
 */
export interface ExampleSummary {
  file: string
  name: string
  system: string
  description: string
}

export interface AppInfo {
  appVersion: string
  engineVersion: string
  systems: { id: string; label: string; version: string }[]
}

export interface RunArgs {
  jobId: string
  scenario: unknown
  trials?: number
  seed?: number
  workers?: number
}

export interface InvokeContract {
  'app:info': { args: []; result: AppInfo }
  'examples:list': { args: []; result: ExampleSummary[] }
  'examples:load': { args: [file: string]; result: unknown }
  'sim:run': { args: [run: RunArgs]; result: ResultDocument }
  'sim:cancel': { args: [jobId: string]; result: boolean }
}

export interface EventContract {
  'sim:progress': { jobId: string; progress: JobProgress }
}

export type InvokeChannel = keyof InvokeContract
export type EventChannel = keyof EventContract

export const invokeChannels: readonly InvokeChannel[] = ['app:info', 'examples:list', 'examples:load', 'sim:run', 'sim:cancel']
export const eventChannels: readonly EventChannel[] = ['sim:progress']

/** The api the preload exposes as `window.api`. */
export type Api = {
  [C in InvokeChannel]: (...args: InvokeContract[C]['args']) => Promise<InvokeContract[C]['result']>
} & {
  on<E extends EventChannel>(channel: E, listener: (payload: EventContract[E]) => void): () => void
}
