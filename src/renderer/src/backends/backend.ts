import type { JobProgress } from '../../../engine/run/job'
import type { ResultDocument } from '../../../engine/run/result'
import type { AppInfo, ExampleSummary } from '../../../shared/ipc-contract'

/** What the renderer needs from wherever it runs: the Electron main process or a plain browser. */
export interface Backend {
  kind: 'electron' | 'browser'
  info(): Promise<AppInfo>
  examples(): Promise<ExampleSummary[]>
  loadExample(file: string): Promise<unknown>
  run(req: { jobId: string; scenario: unknown; trials?: number; seed?: number; workers?: number }, onProgress: (p: JobProgress) => void): Promise<ResultDocument>
  cancel(jobId: string): Promise<void>
  /** Worker count used when a run names none. */
  defaultWorkers: number
}
