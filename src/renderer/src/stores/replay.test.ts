// @vitest-environment happy-dom
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it } from 'vitest'
import { findTrial } from '../../../engine/run/find'
import { replayTrial } from '../../../engine/run/replay'
import { useBackendForTests } from './backend'
import { useEditorStore } from './editor'
import { useLibraryStore } from './library'
import { useReplayStore } from './replay'
import { useSimulationStore } from './simulation'
import { testBackend } from './test-backend'

const standoff = JSON.parse(readFileSync(join(__dirname, '../../../../resources/examples/gurps-waits-standoff.json'), 'utf8')) as unknown

describe('replay store', () => {
  beforeEach(async () => {
    setActivePinia(createPinia())
    useBackendForTests(testBackend({ 'standoff.json': standoff }))
    await useLibraryStore().openExample('standoff.json')
    const sim = useSimulationStore()
    sim.trials = 30_000
    sim.seed = 5
  })

  it('a new result shows its first fight; fight T is the engine replay with the run seed and chunk size', async () => {
    const replay = useReplayStore()
    const sim = useSimulationStore()
    await sim.run()
    expect(replay.events).toEqual(replayTrial(standoff, 5, 0, sim.result?.run.chunkSize))
    replay.replay(12_345)
    expect(replay.trial).toBe(12_345)
    expect(replay.events).toEqual(replayTrial(standoff, 5, 12_345, sim.result?.run.chunkSize))
    replay.replay(10 ** 9)
    expect(replay.trial).toBe(29_999)
  })

  it('finds the first fight of the run with an outcome, replays it, and later edits do not change it', async () => {
    const replay = useReplayStore()
    const sim = useSimulationStore()
    await sim.run()
    expect(replay.options.map((o) => o.value)).toContain('simultaneous-exchange:kid:marshal')
    expect(replay.options.map((o) => o.value)).toContain('ordering=marshal>kid||||')
    expect(replay.options.map((o) => o.value)).not.toContain('loses-action:kid')
    useEditorStore().edit(['combatants', 0, 'skill'], 9)
    replay.query = 'ordering=marshal>kid||||'
    await replay.find()
    const expected = findTrial(standoff, 5, 30_000, sim.result?.run.chunkSize ?? 0, { metric: 'ordering', outcome: 'marshal>kid||||' })
    expect(replay.trial).toBe(expected)
    expect(replay.message).toMatch(new RegExp(`Fight #${expected} is the first of this run where`))
    expect(replay.events).toEqual(replayTrial(standoff, 5, expected ?? -1, sim.result?.run.chunkSize))
  })
})
