// @vitest-environment happy-dom
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { ProbabilityMetric } from '../../../engine/core/metrics'
import { backend, useBackendForTests } from './backend'
import { useEditorStore } from './editor'
import { useLibraryStore } from './library'
import { nextTick, watch } from 'vue'
import { parseScenarioOrThrow } from '../../../engine/run/parse'
import { LIVE_DEBOUNCE_MS, useSimulationStore } from './simulation'
import { testBackend } from './test-backend'

const examplesDir = join(__dirname, '../../../../resources/examples')

describe('simulation store', () => {
  beforeEach(async () => {
    setActivePinia(createPinia())
    useBackendForTests(testBackend({ 'gurps-waits-standoff.json': JSON.parse(readFileSync(join(examplesDir, 'gurps-waits-standoff.json'), 'utf8')) as unknown }))
    await useLibraryStore().openExample('gurps-waits-standoff.json')
  })

  it('runs with the trials and seed of the scenario, showing partial results on the way', async () => {
    const sim = useSimulationStore()
    sim.trials = 50_000
    sim.seed = 9
    const seen: number[] = []
    const run = sim.run()
    expect(sim.running).toBe(true)
    const timer = setInterval(() => sim.progress && seen.push(sim.progress.trialsDone), 0)
    await run
    clearInterval(timer)
    expect(sim.result?.status).toBe('done')
    expect(sim.result?.run).toMatchObject({ seed: 9, trials: 50_000, trialsDone: 50_000 })
    expect(sim.metrics.some((m) => m.kind === 'probability' && (m as ProbabilityMetric).exact !== undefined)).toBe(true)
    expect(useEditorStore().doc).toMatchObject({ run: { trials: 50_000, seed: 9 } })
  })

  it('the same seed gives the same numbers; cancel ends the run as aborted', async () => {
    const sim = useSimulationStore()
    sim.trials = 30_000
    await sim.run()
    const first = JSON.stringify(sim.result?.metrics)
    await sim.run()
    expect(JSON.stringify(sim.result?.metrics)).toBe(first)
    sim.trials = 5_000_000
    const run = sim.run()
    await new Promise((r) => setTimeout(r, 30))
    await sim.cancel()
    await run
    expect(sim.result?.status).toBe('aborted')
    expect(sim.result?.run.trialsDone).toBeLessThan(5_000_000)
  })

  it('opening another scenario over unsaved edits asks first; Cancel keeps them and their run settings', async () => {
    const editor = useEditorStore()
    const sim = useSimulationStore()
    editor.edit(['combatants', 0, 'name'], 'Billy')
    sim.seed = 77
    const opening = useLibraryStore().openExample('gurps-waits-standoff.json')
    await vi.waitFor(() => expect(editor.leaving).not.toBeNull())
    editor.answerLeave('cancel')
    await opening
    expect((editor.doc as { combatants: { name: string }[] }).combatants[0].name).toBe('Billy')
    expect(sim.seed).toBe(77)
    expect(editor.dirty).toBe(true)
    expect(editor.recoverable).toEqual([])
  })

  it('refuses to run an invalid scenario and says why', async () => {
    const editor = useEditorStore()
    editor.edit(['combatants', 0, 'skill'], 99)
    const sim = useSimulationStore()
    await sim.run()
    expect(sim.result).toBeNull()
    expect(sim.error).toMatch(/problems/)
  })

  it('issue 13, nothing stale: an edit after a run marks the result out of date, undo makes it current, another scenario clears it', async () => {
    const sim = useSimulationStore()
    const editor = useEditorStore()
    sim.trials = 5_000
    await sim.run()
    expect(sim.stale).toBe(false)
    editor.edit(['combatants', 0, 'skill'], 10)
    expect(sim.stale).toBe(true)
    editor.undo()
    expect(sim.stale).toBe(false)
    editor.setText('{ not json')
    expect(sim.stale).toBe(true)
    const opening = useLibraryStore().openExample('gurps-waits-standoff.json')
    await vi.waitFor(() => expect(editor.leaving).not.toBeNull())
    editor.answerLeave('discard')
    await opening
    expect(sim.result).toBeNull()
    expect(sim.stale).toBe(false)
  })

  it('issue 27, live answers: an edit answers at once from 500 fights and refines to exactly the numbers of a Run with the same seed and trials', async () => {
    const sim = useSimulationStore()
    const editor = useEditorStore()
    sim.live = true
    const seen: number[] = []
    watch(() => sim.result, (r) => r && seen.push(r.run.trials), { flush: 'sync' })
    sim.trials = 40_000
    editor.edit(['combatants', 0, 'skill'], 11)
    await nextTick()
    expect(sim.refining).toBe(true)
    await vi.waitFor(() => expect(sim.refining).toBe(false), { timeout: 20_000 })
    expect(seen).toEqual([500, 2_000, 8_000, 32_000, 40_000])
    expect(sim.stale).toBe(false)
    const live = JSON.stringify(sim.result?.metrics)
    await sim.run()
    expect(sim.result?.run.trials).toBe(40_000)
    expect(JSON.stringify(sim.result?.metrics)).toBe(live)
    // What the answer was before the edit is kept to show what changed.
    editor.edit(['combatants', 0, 'skill'], 14)
    await nextTick()
    await vi.waitFor(() => expect(sim.refining).toBe(false), { timeout: 20_000 })
    expect(JSON.stringify(sim.previous)).toBe(live)
  })

  it('issue 27, live answers: many quick edits never show an answer of another version of the scenario as current', async () => {
    const sim = useSimulationStore()
    const editor = useEditorStore()
    sim.live = true
    sim.trials = 20_000
    const wrong: string[] = []
    watch(
      () => [sim.result, editor.version] as const,
      () => {
        if (sim.result === null || sim.stale) return
        const now = parseScenarioOrThrow(editor.doc).hash
        if (sim.result.scenario.hash !== now) wrong.push(`${sim.result.scenario.hash} shown for ${now}`)
      },
      { flush: 'sync' },
    )
    for (let k = 0; k < 8; k++) {
      editor.edit(['combatants', 0, 'skill'], 9 + k)
      await new Promise((r) => setTimeout(r, 40 + 60 * (k % 3)))
    }
    await vi.waitFor(() => expect(sim.refining).toBe(false), { timeout: 20_000 })
    expect(wrong).toEqual([])
    expect(sim.result?.scenario.hash).toBe(parseScenarioOrThrow(editor.doc).hash)
    expect(sim.result?.run.trials).toBe(20_000)
  })

  it('issue 27: with "Answer as I edit" off (as store tests start), an edit only marks the answer out of date', async () => {
    const sim = useSimulationStore()
    const editor = useEditorStore()
    expect(sim.live).toBe(false)
    sim.trials = 5_000
    await sim.run()
    const asked: unknown[] = []
    const b = backend()
    const run = b.run.bind(b)
    b.run = (req, onProgress) => (asked.push(req), run(req, onProgress))
    vi.useFakeTimers()
    try {
      editor.edit(['combatants', 0, 'skill'], 10)
      await nextTick()
      expect(sim.refining).toBe(false)
      // Well past the live answer's quiet time: no run was asked for, and the answer is marked out of date.
      vi.advanceTimersByTime(LIVE_DEBOUNCE_MS * 10)
      expect(asked).toEqual([])
      expect(sim.stale).toBe(true)
    } finally {
      vi.useRealTimers()
    }
  })
})
