// @vitest-environment happy-dom
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it } from 'vitest'
import { findBalance } from '../../../engine/run/balance'
import { exactOf } from '../../../engine/run/exact'
import { runJob } from '../../../engine/run/job'
import { runChunk } from '../../../engine/run/run-chunk'
import { useBackendForTests } from './backend'
import { useBalanceStore } from './balance'
import { useEditorStore } from './editor'
import { useLibraryStore } from './library'
import { useSimulationStore } from './simulation'
import { answeringLeave, testBackend } from './test-backend'

const standoff = JSON.parse(readFileSync(join(__dirname, '../../../../resources/examples/gurps-waits-standoff.json'), 'utf8')) as unknown
const run = (scenario: unknown, trials: number) => runJob({ scenario, trials, seed: 11, chunkSize: 10_000, concurrency: 1, workers: 1, execute: async (t) => runChunk(t), now: () => 0 })

describe('balance store', () => {
  beforeEach(async () => {
    setActivePinia(createPinia())
    useBackendForTests(testBackend({ 'standoff.json': standoff }))
    await useLibraryStore().openExample('standoff.json')
    const sim = useSimulationStore()
    sim.trials = 4_000
    sim.seed = 11
  })

  it('offers Sweep\'s numeric fields and the run\'s metrics, each ordering outcome as a choice', async () => {
    const balance = useBalanceStore()
    expect(balance.fields.map((f) => f.path)).toContain('combatants[0].skill')
    expect(balance.choices).toEqual([])
    await useSimulationStore().run()
    const values = balance.choices.map((c) => c.value)
    expect(values).toContain('acts-first-alone:kid')
    expect(values).toContain('ordering=kid>marshal||||')
    // each choice named as Results name it; the value it submits stays the query
    expect(balance.choices.find((c) => c.value === 'acts-first-alone:kid')?.label).toBe('The Kid acts first, alone')
    expect(balance.choices.find((c) => c.value === 'loses-action:marshal')?.label).toBe('The Marshal loses his action')
    for (const c of balance.choices) expect(c.label).not.toMatch(/^Acts first alone:|P\(|\b[a-z-]+[:=][a-z]/)
  })

  it('the answer is the engine\'s (GURPS Cascading Waits: exact), told as a sentence with the bracketing values', async () => {
    const balance = useBalanceStore()
    balance.path = 'combatants[0].skill'
    balance.metric = 'acts-first-alone:kid'
    balance.target = 50
    await balance.run()
    expect(balance.error).toBe('')
    const engine = await findBalance({ scenario: standoff, path: 'combatants[0].skill', query: { metric: 'acts-first-alone:kid' }, target: 0.5, trials: 4_000, seed: 11, run, exact: async (s) => exactOf(s) })
    expect(balance.answer).toEqual(engine)
    expect(engine.exact).toBe(true)
    expect(balance.said).toBe('The Kid acts first, alone')
    expect(balance.sentence).toBe(`The Kid's skill 14 makes "The Kid acts first, alone" 54.6% (exact); at 13 it is ${(engine.bracket[0].exact! * 100).toFixed(1)}% (exact).`)
    expect(balance.stale).toBe(false)
    useEditorStore().edit(['combatants', 1, 'skill'], 14)
    expect(balance.stale).toBe(true)
  })

  it('a target the range never reaches is refused with the reason, in words a user reads', async () => {
    const balance = useBalanceStore()
    balance.path = 'combatants[0].skill'
    balance.metric = 'acts-first-alone:kid'
    balance.target = 99
    await balance.run()
    expect(balance.answer).toBeNull()
    expect(balance.error).toMatch(/^"The Kid acts first, alone" does not reach 99.0% for The Kid's skill from 8 to 20: it goes from 10.3% to 93.1%; widen from\/to or pick another target$/)
  })

  it('a missing field or metric is named before anything runs', async () => {
    const balance = useBalanceStore()
    await balance.run()
    expect(balance.error).toBe('Field: choose a number of the scenario to vary')
    balance.path = 'combatants[0].skill'
    await balance.run()
    expect(balance.error).toBe('Metric: choose the metric that should reach the target')
  })

  it('opening another scenario clears the answer', async () => {
    const balance = useBalanceStore()
    balance.path = 'combatants[0].skill'
    balance.metric = 'acts-first-alone:kid'
    await balance.run()
    expect(balance.answer).not.toBeNull()
    await answeringLeave('discard', () => useLibraryStore().openExample('standoff.json')) // the trials and seed set above are edits
    expect(balance.answer).toBeNull()
    expect(balance.path).toBe('')
  })
})
