import { exactOf } from '../../../engine/run/exact'
import { findTrial } from '../../../engine/run/find'
import { runJob } from '../../../engine/run/job'
import { runChunk } from '../../../engine/run/run-chunk'
import type { DraftEntry, ScenarioFile, WindowState } from '../../../shared/ipc-contract'
import { watch } from 'vue'
import type { Backend } from '../backends/backend'
import { useEditorStore, type LeaveChoice } from './editor'

/** An in-process backend for store and component tests: real engine chunks, files in memory. */
export function testBackend(
  examples: Record<string, unknown>,
): Backend & { saved: ScenarioFile[]; draftStore: Map<string, DraftEntry>; windowStates: WindowState[]; closed: number } {
  const jobs = new Map<string, AbortController>()
  const saved: ScenarioFile[] = []
  const draftStore = new Map<string, DraftEntry>()
  const windowStates: WindowState[] = []
  // Store tests press Run and read its answer; a test of live answers turns them on (sim.live = true).
  try {
    globalThis.localStorage?.setItem('quickdraw.live-answers', 'off')
  } catch {
    // no storage: the store's default applies
  }
  return {
    kind: 'browser',
    defaultWorkers: 1,
    saved,
    draftStore,
    windowStates,
    closed: 0,
    info: async () => ({ appVersion: 'test', engineVersion: 'test', systems: [] }),
    examples: async () => Object.keys(examples).map((file) => ({ file, name: file, system: 'gurps-waits', description: '' })),
    loadExample: async (file) => structuredClone(examples[file]),
    async run(req, onProgress) {
      const c = new AbortController()
      jobs.set(req.jobId, c)
      try {
        // Exact values come from the system's own summary here; `exact` (whether to attach a solve) is the backend's.
        const { exact: _attachExact, ...job } = req
        return await runJob({ ...job, chunkSize: 10_000, concurrency: 1, workers: 1, execute: async (task) => {
            await new Promise((r) => setTimeout(r, 0)) // a chunk takes time elsewhere; let cancel get in
            return runChunk(task)
          }, signal: c.signal, onProgress, progressIntervalMs: 0, now: () => performance.now() })
      } finally {
        jobs.delete(req.jobId)
      }
    },
    async cancel(jobId) {
      jobs.get(jobId)?.abort()
    },
    exact: async (req) => exactOf(req.scenario),
    findTrial: async (f) => findTrial(f.scenario, f.seed, f.trials, f.chunkSize, { metric: f.metric, outcome: f.outcome }),
    openFile: async () => null,
    openRecent: async () => {
      throw new Error('none')
    },
    async saveFile(req) {
      const file = { path: req.path ?? req.suggestedName ?? 'x.json', name: req.suggestedName ?? 'x.json', text: req.text }
      saved.push(file)
      return { status: 'saved', file }
    },
    recent: async () => saved.map((f) => ({ path: f.path, name: f.name })),
    writeDraft: async (d) => void draftStore.set(d.key, { ...d, savedAt: 'now' }),
    drafts: async () => [...draftStore.values()],
    clearDraft: async (key) => void draftStore.delete(key),
    exportFile: async () => true,
    onMenu: () => () => undefined,
    reportWindowState: (state) => void windowStates.push({ ...state }),
    async closeWindow() {
      this.closed++
    },
    windowReady: async () => null,
  }
}

/**
 * Runs `open` (opening another scenario) and, when it asks Save / Discard / Cancel about unsaved
 * edits, answers `choice` (as a user would in the dialog).
 */
export async function answeringLeave(choice: LeaveChoice, open: () => Promise<void>): Promise<void> {
  const editor = useEditorStore()
  const stop = watch(
    () => editor.leaving,
    (q) => q && editor.answerLeave(choice),
    { flush: 'sync' },
  )
  try {
    await open()
  } finally {
    stop()
  }
}
