// @vitest-environment happy-dom
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it } from 'vitest'
import { nextTick } from 'vue'
import { runJob } from '../../../engine/run/job'
import { runChunk } from '../../../engine/run/run-chunk'
import { setAtPath } from '../../../engine/run/json-path'
import { useBackendForTests } from './backend'
import { useEditorStore } from './editor'
import { useLibraryStore } from './library'
import { useSimulationStore } from './simulation'
import { useSweepStore } from './sweep'
import { answeringLeave, testBackend } from './test-backend'

const standoff = JSON.parse(readFileSync(join(__dirname, '../../../../resources/examples/gurps-waits-standoff.json'), 'utf8')) as unknown

describe('sweep store', () => {
  beforeEach(async () => {
    setActivePinia(createPinia())
    useBackendForTests(testBackend({ 'standoff.json': standoff }))
    await useLibraryStore().openExample('standoff.json')
    const sim = useSimulationStore()
    sim.trials = 4_000
    sim.seed = 11
  })

  it('offers the numeric fields and starts a picked one around its current value', () => {
    const sweep = useSweepStore()
    expect(sweep.fields.map((f) => f.path)).toContain('combatants[0].skill')
    sweep.pick(0, 'combatants[0].skill')
    expect(sweep.axes[0]).toEqual({ path: 'combatants[0].skill', from: 12, to: 16, step: 1 })
  })

  it('a stepped field (Basic Speed in quarters) is swept in its own steps, so every point is valid', () => {
    const sweep = useSweepStore()
    const speed = (useEditorStore().doc as { combatants: { basicSpeed: number }[] }).combatants[1].basicSpeed
    sweep.pick(0, 'combatants[1].basicSpeed')
    expect(sweep.axes[0]).toEqual({ path: 'combatants[1].basicSpeed', from: speed - 0.5, to: speed + 0.5, step: 0.25 })
  })

  it('runs every point with the same seed: each point is exactly the run of that scenario', async () => {
    const sweep = useSweepStore()
    sweep.axes[0] = { path: 'combatants[0].skill', from: 12, to: 14, step: 2 }
    await sweep.run()
    expect(sweep.error).toBe('')
    expect(sweep.sweep?.points.map((p) => p.at)).toEqual([[12], [14]])
    const alone = await runJob({ scenario: setAtPath(standoff, 'combatants[0].skill', 14), trials: 4_000, seed: 11, chunkSize: 10_000, concurrency: 1, workers: 1, execute: async (t) => runChunk(t), now: () => 0 })
    expect(sweep.sweep?.points[1].document.metrics).toEqual(alone.metrics)
    expect(sweep.selected.length).toBeGreaterThan(0)
    expect(sweep.point).toBe(2)
  })

  it('a two-parameter sweep covers the grid; a bad range is refused before anything runs', async () => {
    const sweep = useSweepStore()
    sweep.twoParams = true
    sweep.axes[0] = { path: 'combatants[0].skill', from: 12, to: 13, step: 1 }
    sweep.axes[1] = { path: 'combatants[0].skill', from: 10, to: 11, step: 1 }
    await sweep.run()
    expect(sweep.error).toBe('Second parameter: combatants[0].skill is already the first parameter')
    expect(sweep.sweep).toBeNull()
    sweep.axes[1] = { path: 'combatants[1].skill', from: 10, to: 11, step: 1 }
    await sweep.run()
    expect(sweep.sweep?.points.map((p) => p.at)).toEqual([[12, 10], [12, 11], [13, 10], [13, 11]])
  })

  it('cancel stops the sweep: no more points start', async () => {
    const sweep = useSweepStore()
    useSimulationStore().trials = 200_000
    sweep.axes[0] = { path: 'combatants[0].skill', from: 10, to: 20, step: 1 }
    const run = sweep.run()
    await new Promise((r) => setTimeout(r, 20))
    await sweep.cancel()
    await run
    expect(sweep.running).toBe(false)
    expect(sweep.sweep?.points.length ?? 0).toBeLessThan(11)
    expect((useEditorStore().doc as { combatants: unknown }).combatants).toEqual((standoff as { combatants: unknown }).combatants)
  })

  it('issue 13, nothing stale: an edit marks the sweep out of date; opening another scenario clears it and its fields', async () => {
    const sweep = useSweepStore()
    sweep.axes[0] = { path: 'combatants[0].skill', from: 12, to: 13, step: 1 }
    await sweep.run()
    expect(sweep.stale).toBe(false)
    useEditorStore().edit(['combatants', 1, 'skill'], 11)
    expect(sweep.stale).toBe(true)
    await answeringLeave('discard', () => useLibraryStore().openExample('standoff.json'))
    expect(sweep.sweep).toBeNull()
    expect(sweep.stale).toBe(false)
    expect(sweep.axes[0].path).toBe('')
  })

  it('issue 13: the heatmap\'s second parameter is there to choose as soon as it is asked for', async () => {
    const sweep = useSweepStore()
    sweep.twoParams = true
    await nextTick()
    expect(sweep.axes.length).toBe(2)
    expect(sweep.fields.some((f) => f.path === 'combatants[1].skill')).toBe(true)
  })
})
