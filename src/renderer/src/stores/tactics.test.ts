// @vitest-environment happy-dom
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it } from 'vitest'
import { exactOf } from '../../../engine/run/exact'
import { runJob } from '../../../engine/run/job'
import { runChunk } from '../../../engine/run/run-chunk'
import { playTactics } from '../../../engine/run/tactics'
import { useBackendForTests } from './backend'
import { useEditorStore } from './editor'
import { useLibraryStore } from './library'
import { useSimulationStore } from './simulation'
import { useTacticsStore } from './tactics'
import { answeringLeave, testBackend } from './test-backend'

interface Standoff {
  combatants: Record<string, unknown>[]
}
const standoff = JSON.parse(readFileSync(join(__dirname, '../../../../resources/examples/gurps-waits-standoff.json'), 'utf8')) as Standoff
const run = (scenario: unknown, trials: number) => runJob({ scenario, trials, seed: 11, chunkSize: 10_000, concurrency: 1, workers: 1, execute: async (t) => runChunk(t), now: () => 0 })
// Each gunfighter keeps his Basic Speed or drops it to 4 (its floor adds to the Wait contest: GURPS Basic Set p.B366).
const kidSlow = JSON.stringify({ combatants: [{ ...standoff.combatants[0], basicSpeed: 4 }, standoff.combatants[1]] })
const marshalSlow = JSON.stringify({ combatants: [standoff.combatants[0], { ...standoff.combatants[1], basicSpeed: 4 }] })

const editor0 = (): unknown => useEditorStore().doc

describe('tactics store', () => {
  beforeEach(async () => {
    setActivePinia(createPinia())
    useBackendForTests(testBackend({ 'standoff.json': standoff }))
    await useLibraryStore().openExample('standoff.json')
    const sim = useSimulationStore()
    sim.trials = 4_000
    sim.seed = 11
  })

  it('plays a 2×2 like the engine and recommends the pure strategy first (each keeps his Basic Speed)', async () => {
    const tactics = useTacticsStore()
    tactics.a = [{ name: 'stand', patch: '{}' }, { name: 'slow', patch: kidSlow }]
    tactics.b = [{ name: 'stand', patch: '' }, { name: 'slow', patch: marshalSlow }]
    tactics.metric = 'acts-first-alone:kid'
    expect(tactics.problem).toBe('')
    await tactics.run()
    expect(tactics.error).toBe('')
    const engine = await playTactics({
      scenario: standoff,
      a: [{ name: 'stand', patch: {} }, { name: 'slow', patch: JSON.parse(kidSlow) as unknown }],
      b: [{ name: 'stand', patch: {} }, { name: 'slow', patch: JSON.parse(marshalSlow) as unknown }],
      query: { metric: 'acts-first-alone:kid' },
      trials: 4_000,
      seed: 11,
      run,
      exact: async (s) => exactOf(s),
    })
    // every cell has an exact value here: the table takes them, samples nothing, and says so
    expect(engine.exact).toBe(true)
    expect(tactics.answer).toEqual(engine)
    expect(tactics.cell).toBe(4)
    expect(tactics.sentence).toMatch(/^Side A should always "stand"; side B should always "stand"\. Then "The Kid acts first, alone" is 54\.6% \(side A wants it high, side B low\)\.$/)
    // Named players: the answer speaks of them.
    tactics.players = { a: 'the Kid', b: 'the Marshal' }
    expect(tactics.sentence).toMatch(/^The Kid should always "stand"; the Marshal should always "stand"\. Then "The Kid acts first, alone" is 54\.6% \(the Kid wants it high, the Marshal low\)\.$/)
  })

  it('opens with the options a scenario keeps, and keeps edited ones in the scenario as one undoable edit', async () => {
    const kept = { ...standoff, choices: { metric: 'acts-first-alone:kid', a: [{ name: 'stand', patch: {} }, { name: 'slow', patch: JSON.parse(kidSlow) as unknown }], b: [{ name: 'stand', patch: {} }] } }
    useBackendForTests(testBackend({ 'kept.json': kept, 'standoff.json': standoff }))
    await answeringLeave('discard', () => useLibraryStore().openExample('kept.json'))
    const tactics = useTacticsStore()
    expect(tactics.a.map((o) => o.name)).toEqual(['stand', 'slow'])
    expect(JSON.parse(tactics.a[1].patch)).toEqual(JSON.parse(kidSlow))
    expect(tactics.b.map((o) => o.name)).toEqual(['stand'])
    expect(tactics.metric).toBe('acts-first-alone:kid')
    // before any run the kept metric is named from the system's list of results, in words
    expect(tactics.choices[0]).toEqual({ value: 'acts-first-alone:kid', label: 'The Kid acts first, alone' })
    expect(tactics.keptDiffers).toBe(false)
    tactics.b = [...tactics.b, { name: 'slow', patch: marshalSlow }]
    expect(tactics.keptDiffers).toBe(true)
    expect(tactics.players).toEqual({ a: '', b: '' })
    tactics.players = { a: 'the Kid', b: 'the Marshal' }
    tactics.keep()
    expect((editor0() as { choices: { players: unknown } }).choices.players).toEqual({ a: 'the Kid', b: 'the Marshal' })
    const editor = useEditorStore()
    expect((editor.doc as { choices: { b: { name: string }[] } }).choices.b.map((o) => o.name)).toEqual(['stand', 'slow'])
    expect(tactics.keptDiffers).toBe(false)
    editor.undo()
    expect((editor.doc as { choices: { b: unknown[] } }).choices.b).toHaveLength(1)
    // Another scenario without options: one "as it is" option a side again (the trials and seed set
    // for this test are unsaved edits, thrown away).
    await answeringLeave('discard', () => useLibraryStore().openExample('standoff.json'))
    expect(tactics.a.map((o) => o.name)).toEqual(['as it is'])
    expect(tactics.metric).toBe('')
  })

  it('issue 28: the gunfighters\' Tactics answer and metric picker read in a GM\'s words, as Results do (no engine label, no id)', async () => {
    const gunfighters = JSON.parse(readFileSync(join(__dirname, '../../../../resources/examples/hero-gunfighters.json'), 'utf8')) as unknown
    useBackendForTests(testBackend({ 'gunfighters.json': gunfighters }))
    await answeringLeave('discard', () => useLibraryStore().openExample('gunfighters.json'))
    const sim = useSimulationStore()
    sim.trials = 500
    sim.seed = 11
    const tactics = useTacticsStore()
    // the example keeps its options and its metric: Doc's side winning ("wins=A")
    expect(tactics.metric).toBe('wins=A')
    expect(tactics.choices).toEqual([{ value: 'wins=A', label: 'Side A wins' }])
    await tactics.run()
    expect(tactics.error).toBe('')
    expect(tactics.shownAs).toEqual({ label: 'Doc wins', percent: true })
    expect(tactics.sentence).toMatch(/^Doc should (always|mix) .*; the Kid should (always|mix) .*\. Then "Doc wins" is \d+\.\d% \(Doc wants it high, the Kid low\)\.$/)
    for (const words of [tactics.sentence, tactics.shownAs.label]) expect(words).not.toMatch(/Acts first alone:|Who wins:|P\(|Side [AB] wins \(|\b[a-z-]+[:=][a-z]/)
    // after a run the picker lists every result as Results name it; the values it submits stay the queries
    await sim.run()
    const label = (value: string): string | undefined => tactics.choices.find((c) => c.value === value)?.label
    expect(label('wins=A')).toBe('Doc wins')
    expect(label('wins=B')).toBe('Kid wins')
    expect(label('wins=mutual')).toBe('Both sides out at once')
    expect(label('wins=cap')).toBe('Both sides still standing after 10 Turns')
    expect(label('first-actor=doc')).toBe("Doc takes the fight's first action")
    expect(label('interrupt-odds:doc')).toBe('Doc wins the interrupt contest against Kid')
    expect(label('knocked-out:kid')).toBe('Kid is knocked out')
    for (const c of tactics.choices) expect(c.label).not.toMatch(/Who wins:|P\(|Side [AB] wins \(|\b[a-z-]+[:=][a-z]/)
  })

  it('says live what is wrong with an option: not JSON, a duplicate name, a change that breaks the scenario', () => {
    const tactics = useTacticsStore()
    tactics.a = [{ name: 'x', patch: '{ nope' }]
    expect(tactics.problem).toMatch(/^"x": the change is not JSON/)
    tactics.a = [{ name: 'x', patch: '{}' }, { name: 'x', patch: '{}' }]
    expect(tactics.problem).toBe('side A: two options are named "x"')
    tactics.a = [{ name: 'x', patch: '{}' }, { name: 'broken', patch: '{"combatants":[{"id":"kid","skill":99}]}' }]
    expect(tactics.problem).toMatch(/^option A "broken" make the scenario invalid: combatants/)
  })

  it('cancel stops the matrix: no answer, no error, nothing left running', async () => {
    // a backend without exact answers, so every cell is sampled
    useBackendForTests({ ...testBackend({ 'standoff.json': standoff }), exact: async () => null })
    const tactics = useTacticsStore()
    useSimulationStore().trials = 200_000
    tactics.a = [{ name: 'stand', patch: '{}' }, { name: 'slow', patch: kidSlow }]
    tactics.b = [{ name: 'stand', patch: '{}' }, { name: 'slow', patch: marshalSlow }]
    tactics.metric = 'acts-first-alone:kid'
    const run = tactics.run()
    await new Promise((r) => setTimeout(r, 20))
    expect(tactics.running).toBe(true)
    await tactics.cancel()
    await run
    expect(tactics.running).toBe(false)
    expect(tactics.answer).toBeNull()
    expect(tactics.error).toBe('')
    expect(tactics.cell).toBeLessThan(4)
  })

  it('an option can start from the scenario\'s plans as written, and is valid as it comes', () => {
    const tactics = useTacticsStore()
    tactics.addFromScenario('b')
    expect(JSON.parse(tactics.b[1].patch)).toEqual({ tactics: (standoff as unknown as { tactics: unknown }).tactics })
    expect(tactics.b[1].name).toBe('option 2')
    expect(tactics.problem).toBe('')
  })

  it('needs a metric before it runs; opening another scenario starts the options over', async () => {
    const tactics = useTacticsStore()
    await tactics.run()
    expect(tactics.error).toBe('Metric: choose the metric side A wants high and side B wants low')
    tactics.add('a')
    expect(tactics.a.length).toBe(2)
    await answeringLeave('discard', () => useLibraryStore().openExample('standoff.json')) // the trials and seed set above are edits
    expect(tactics.a).toEqual([{ name: 'as it is', patch: '{}' }])
  })

  it('issue 13: renaming a fighter in the editor renames him in the options on screen and their metric; an option not yet JSON is left as typed', () => {
    const tactics = useTacticsStore()
    tactics.metric = 'acts-first-alone:kid'
    tactics.a = [{ name: 'as it is', patch: '{}' }, { name: 'slow', patch: kidSlow }, { name: 'typing', patch: '{ "combatants": [' }]
    useEditorStore().edit(['combatants', 0, 'id'], 'billy')
    expect(tactics.metric).toBe('acts-first-alone:billy')
    expect(JSON.parse(tactics.a[1].patch)).toEqual(JSON.parse(kidSlow.replace('"kid"', '"billy"')))
    expect(tactics.a[0].patch).toBe('{}')
    expect(tactics.a[2].patch).toBe('{ "combatants": [')
  })

  it('issue 25: the scenario\'s fighters offer ready-made options; one click gives a side "each of Blur\'s attacks" and names Blur as the chooser', async () => {
    const haymaker = JSON.parse(readFileSync(join(__dirname, '../../../../resources/examples/hero-haymaker-or-punches.json'), 'utf8')) as unknown
    useBackendForTests(testBackend({ 'haymaker.json': haymaker }))
    await answeringLeave('discard', () => useLibraryStore().openExample('haymaker.json'))
    const tactics = useTacticsStore()
    const keys = tactics.readySets.map((r) => r.key)
    expect(keys).toEqual(expect.arrayContaining(['blur:attacks', 'granite:defences']))
    tactics.a = [{ name: 'as it is', patch: '{}' }]
    tactics.players.a = ''
    tactics.addSet('a', 'blur:attacks')
    expect(tactics.a.map((o) => o.name)).toEqual(tactics.readySets.find((r) => r.key === 'blur:attacks')?.options.map((o) => o.name))
    expect(tactics.a.length).toBeGreaterThanOrEqual(2)
    expect(tactics.players.a).toBe('Blur')
    expect(tactics.problem).toBe('')
    // Offered again, nothing is doubled; offered after edited options, the set is added after them.
    tactics.addSet('a', 'blur:attacks')
    expect(new Set(tactics.a.map((o) => o.name)).size).toBe(tactics.a.length)
  })
})
