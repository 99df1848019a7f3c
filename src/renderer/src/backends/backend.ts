import type { JobProgress } from '../../../engine/run/job'
import type { ResultDocument } from '../../../engine/run/result'
import type { ExactMetric } from '../../../engine/systems/rule-system'
import type { AppInfo, DraftArgs, DraftEntry, ExampleSummary, ExportArgs, FindArgs, MenuCommand, RecentEntry, SaveArgs, SaveOutcome, ScenarioFile, WindowState } from '../../../shared/ipc-contract'

/** What the renderer needs from wherever it runs: the Electron main process or a plain browser. */
export interface Backend {
  kind: 'electron' | 'browser'
  info(): Promise<AppInfo>
  examples(): Promise<ExampleSummary[]>
  loadExample(file: string): Promise<unknown>
  run(req: { jobId: string; scenario: unknown; trials?: number; seed?: number; workers?: number; exact?: boolean }, onProgress: (p: JobProgress) => void): Promise<ResultDocument>
  /** Cancels a run or a search by its job id. */
  cancel(jobId: string): Promise<void>
  /** The first trial of a run matching a query (engine `findTrial`, off the page's thread); null if none or cancelled. */
  findTrial(req: FindArgs): Promise<number | null>
  /** A scenario's exact values, off the page's thread; null if its system has none or the job was cancelled. */
  exact(req: { jobId: string; scenario: unknown }): Promise<ExactMetric[] | null>
  /** Worker count used when a run names none. */
  defaultWorkers: number
  openFile(): Promise<ScenarioFile | null>
  openRecent(path: string): Promise<ScenarioFile>
  saveFile(req: SaveArgs): Promise<SaveOutcome>
  recent(): Promise<RecentEntry[]>
  writeDraft(draft: DraftArgs): Promise<void>
  drafts(): Promise<DraftEntry[]>
  clearDraft(key: string): Promise<void>
  exportFile(file: ExportArgs): Promise<boolean>
  /** Commands from the application menu (Electron only; the browser has none). */
  onMenu(listener: (c: MenuCommand) => void): () => void
  /** Tells the window whether closing it would lose edits (Electron asks Save / Don't Save / Cancel). */
  reportWindowState(state: WindowState): void
  /** After a close request: the edits are saved or discarded, close the window now. */
  closeWindow(): Promise<void>
  /** The page is ready for commands: the file the desktop window was opened for, if any (browser: none). */
  windowReady(): Promise<ScenarioFile | null>
}
