// @vitest-environment happy-dom
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { ProbabilityMetric } from '../../../engine/core/metrics'
import { useBackendForTests } from './backend'
import { useEditorStore } from './editor'
import { useLibraryStore } from './library'
import { useSimulationStore } from './simulation'
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
})
