import type { JobProgress } from '../engine/run/job'
import type { ResultDocument } from '../engine/run/result'
import type { ExactMetric } from '../engine/systems/rule-system'

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
  /** `exact`: the system computes exact values, which the editor shows as the scenario is edited. */
  systems: { id: string; label: string; version: string; exact: boolean }[]
}

export interface RunArgs {
  jobId: string
  scenario: unknown
  trials?: number
  seed?: number
  workers?: number
  /**
   * Whether the run attaches the scenario's exact values (default true). Live answers say false: the
   * exact values come once per edit from their own request, and a short run never waits for a solve.
   */
  exact?: boolean
}

/** A scenario file as the renderer sees it: where it lives and its text. */
export interface ScenarioFile {
  path: string
  name: string
  text: string
}

export interface RecentEntry {
  path: string
  name: string
  /** The name, followed by its folder when another recent file has the same name ("duel.json — campaign/"). */
  label?: string
}

export interface SaveArgs {
  /** The file to write; null (or `saveAs`) asks the user where. */
  path: string | null
  text: string
  saveAs?: boolean
  /** Suggested file name for the dialog. */
  suggestedName?: string
}

/** `cancelled`: the user closed the dialog or chose not to overwrite a file changed on disk. */
export type SaveOutcome = { status: 'saved'; file: ScenarioFile } | { status: 'cancelled' }

export interface DraftArgs {
  key: string
  path: string | null
  name: string
  text: string
}

export interface DraftEntry extends DraftArgs {
  savedAt: string
}

export type ExportKind = 'csv' | 'json' | 'png' | 'html'

export interface ExportArgs {
  kind: ExportKind
  suggestedName: string
  /** Text for CSV, JSON and HTML (a report); a `data:image/png;base64,` URL for PNG. */
  data: string
}

/**
 * "Find a fight where…": the first trial of a run (scenario, seed, trials, chunk size) whose outcome
 * counts toward a probability metric, or has a given ordering outcome. Deterministic.
 */
export interface FindArgs {
  /** Lets `sim:cancel` stop a long search. */
  jobId: string
  scenario: unknown
  seed: number
  trials: number
  chunkSize: number
  metric: string
  /** For an ordering metric: the outcome key. */
  outcome?: string
}

/** What the window's title and close button need to know: are there unsaved edits, and in which scenario. */
export interface WindowState {
  dirty: boolean
  name: string
  /** The scenario's file, or null when it has none yet (an example, a restored draft). */
  path?: string | null
}

/** The exact values of a scenario (cancellable by job id, like a run). */
export interface ExactArgs {
  jobId: string
  scenario: unknown
}

export interface InvokeContract {
  'app:info': { args: []; result: AppInfo }
  'examples:list': { args: []; result: ExampleSummary[] }
  'examples:load': { args: [file: string]; result: unknown }
  'sim:run': { args: [run: RunArgs]; result: ResultDocument }
  'sim:cancel': { args: [jobId: string]; result: boolean }
  'sim:find': { args: [find: FindArgs]; result: number | null }
  'sim:exact': { args: [exact: ExactArgs]; result: ExactMetric[] | null }
  'file:open': { args: []; result: ScenarioFile | null }
  'file:open-recent': { args: [path: string]; result: ScenarioFile }
  'file:save': { args: [save: SaveArgs]; result: SaveOutcome }
  'recent:list': { args: []; result: RecentEntry[] }
  'draft:write': { args: [draft: DraftArgs]; result: void }
  'draft:list': { args: []; result: DraftEntry[] }
  'draft:clear': { args: [key: string]; result: void }
  'export:save': { args: [file: ExportArgs]; result: boolean }
  'window:state': { args: [state: WindowState]; result: void }
  /** The page has saved or discarded its edits after a close request: close (or quit) now. */
  'window:close': { args: []; result: void }
  /**
   * The page is loaded and listens for menu commands: the scenario file this window was opened for (the
   * command line, a file association, a second launch), if any. Later files arrive as `open-file`.
   */
  'window:ready': { args: []; result: ScenarioFile | null }
}

/** The views below the run bar: the last run's results, a parameter sweep, a comparison. */
export type AppView = 'results' | 'sweep' | 'compare' | 'balance' | 'tactics'

/** What the application menu asks the renderer to do. */
export type MenuCommand =
  | { command: 'new-from-example' }
  /** A new scenario from the template of a rule system (`src/shared/templates.ts`). */
  | { command: 'new'; system: string }
  | { command: 'open' }
  | { command: 'open-recent'; path: string }
  /** A file main has opened for this window (a second launch, a file association, macOS open-file). */
  | { command: 'open-file'; file: ScenarioFile }
  /** A shared scenario's link (`quickdraw://open#scenario=…` clicked elsewhere, or a web app link) to open here. */
  | { command: 'open-link'; link: string }
  /** File › Open Shared Link…: ask for a link to paste. */
  | { command: 'open-link-prompt' }
  /** The recent files changed (say, Clear Recent): read them again. */
  | { command: 'recent-changed' }
  | { command: 'save' }
  | { command: 'save-as' }
  /** File › Import character…: a character file or a library, into the scenario being edited. */
  | { command: 'import' }
  | { command: 'export'; kind: 'csv' | 'json' | 'report' }
  | { command: 'show'; view: AppView }
  /** The rules of each system, as the app ships them (Help › Rules Reference). */
  | { command: 'rules' }
  | { command: 'run' }
  | { command: 'cancel' }
  | { command: 'undo' }
  | { command: 'redo' }
  /** Closing with unsaved edits, after the user chose to save them or to throw them away. */
  | { command: 'close'; choice: 'save' | 'discard' }

export interface EventContract {
  'sim:progress': { jobId: string; progress: JobProgress }
  'menu:command': MenuCommand
}

export type InvokeChannel = keyof InvokeContract
export type EventChannel = keyof EventContract

export const invokeChannels: readonly InvokeChannel[] = [
  'app:info',
  'examples:list',
  'examples:load',
  'sim:run',
  'sim:cancel',
  'sim:find',
  'sim:exact',
  'file:open',
  'file:open-recent',
  'file:save',
  'recent:list',
  'draft:write',
  'draft:list',
  'draft:clear',
  'export:save',
  'window:state',
  'window:close',
  'window:ready',
]
export const eventChannels: readonly EventChannel[] = ['sim:progress', 'menu:command']

/** The api the preload exposes as `window.api`. */
export type Api = {
  [C in InvokeChannel]: (...args: InvokeContract[C]['args']) => Promise<InvokeContract[C]['result']>
} & {
  on<E extends EventChannel>(channel: E, listener: (payload: EventContract[E]) => void): () => void
}
