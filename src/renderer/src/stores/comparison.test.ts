// @vitest-environment happy-dom
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it } from 'vitest'
import { compareDocuments } from '../../../engine/run/compare'
import { runJob } from '../../../engine/run/job'
import { runChunk } from '../../../engine/run/run-chunk'
import { setAtPath } from '../../../engine/run/json-path'
import { useBackendForTests } from './backend'
import { useComparisonStore } from './comparison'
import { useEditorStore } from './editor'
import { useLibraryStore } from './library'
import { useSimulationStore } from './simulation'
import { answeringLeave, testBackend } from './test-backend'

const read = (f: string): unknown => JSON.parse(readFileSync(join(__dirname, '../../../../resources/examples', f), 'utf8')) as unknown
const standoff = read('gurps-waits-standoff.json')
const direct = (scenario: unknown) => runJob({ scenario, trials: 5_000, seed: 21, chunkSize: 10_000, concurrency: 1, workers: 1, execute: async (t) => runChunk(t), now: () => 0 })

describe('comparison store', () => {
  beforeEach(async () => {
    setActivePinia(createPinia())
    useBackendForTests(testBackend({ 'standoff.json': standoff, 'triangle.json': read('gurps-waits-triangle.json') }))
    await useLibraryStore().openExample('standoff.json')
    const sim = useSimulationStore()
    sim.trials = 5_000
    sim.seed = 21
  })

  it('a field changed in B: both run with the same seed, rows are the engine comparison of the two runs', async () => {
    const cmp = useComparisonStore()
    cmp.kind = 'field'
    cmp.field = 'combatants[0].skill'
    cmp.fieldValue = '10'
    await cmp.run()
    expect(cmp.error).toBe('')
    const expected = compareDocuments(await direct(standoff), await direct(setAtPath(standoff, 'combatants[0].skill', 10)))
    expect(cmp.rows).toEqual(expected)
    expect(cmp.rows.some((r) => r.significant)).toBe(true)
    expect(cmp.rows.some((r) => !r.significant)).toBe(true)
  })

  it('a rule variant offers the system variants; an invalid value says which field and why', async () => {
    const cmp = useComparisonStore()
    expect(cmp.variants.length).toBeGreaterThan(0)
    cmp.kind = 'rule'
    cmp.rule = cmp.variants[0].key
    cmp.ruleValue = 'no-such-variant'
    await cmp.run()
    expect(cmp.error).toMatch(new RegExp(`With rules\\.${cmp.variants[0].key} = "no-such-variant" the scenario is not valid: rules\\.${cmp.variants[0].key}: must be one of`))
    cmp.ruleValue = cmp.variants[0].values[cmp.variants[0].values.length - 1].value
    await cmp.run()
    expect(cmp.error).toBe('')
    expect(cmp.b?.rules[cmp.variants[0].key]).toBe(cmp.ruleValue)
  })

  it('another scenario as B (a shipped example)', async () => {
    const cmp = useComparisonStore()
    cmp.kind = 'scenario'
    await cmp.run()
    expect(cmp.error).toMatch(/Choose scenario B/)
    await cmp.chooseExample('triangle.json')
    await cmp.run()
    expect(cmp.b?.scenario.name).toBe((read('gurps-waits-triangle.json') as { name: string }).name)
  })

  it('issue 13, nothing stale: an edit marks the comparison out of date; opening another scenario clears it and B', async () => {
    const cmp = useComparisonStore()
    cmp.kind = 'scenario'
    await cmp.chooseExample('triangle.json')
    await cmp.run()
    expect(cmp.rows.length).toBeGreaterThan(0)
    useEditorStore().edit(['combatants', 0, 'skill'], 12)
    expect(cmp.stale).toBe(true)
    await answeringLeave('discard', () => useLibraryStore().openExample('triangle.json'))
    expect([cmp.a, cmp.b, cmp.other, cmp.rows.length, cmp.stale]).toEqual([null, null, null, 0, false])
  })

  it('issue 13: B may change an on/off setting left at its default (Combat Reflexes), and is named by what differs', async () => {
    const cmp = useComparisonStore()
    const doc = useEditorStore().doc as { combatants: { combatReflexes?: boolean; name: string }[] }
    const i = doc.combatants.findIndex((c) => c.combatReflexes === undefined)
    expect(i).toBeGreaterThanOrEqual(0)
    const f = cmp.fields.find((x) => x.path === `combatants[${i}].combatReflexes`)
    expect(f).toMatchObject({ kind: 'flag', value: false, isDefault: true })
    cmp.kind = 'field'
    cmp.field = `combatants[${i}].combatReflexes`
    cmp.fieldValue = 'true'
    await cmp.run()
    expect(cmp.error).toBe('')
    expect(cmp.bLabel).toBe(`${doc.combatants[i].name} — Combat reflexes: on`)
    expect(cmp.rows).toEqual(compareDocuments(await direct(standoff), await direct(setAtPath(standoff, `combatants[${i}].combatReflexes`, true))))
  })

  it('issue 13, Duplicate as B: B starts as a copy of A, is edited beside it, runs with the same seed, and is named by what differs; editing B marks the comparison out of date', async () => {
    const cmp = useComparisonStore()
    cmp.duplicateAsB()
    expect(cmp.kind).toBe('copy')
    expect(cmp.copy).toEqual(useEditorStore().doc)
    expect(cmp.copyDifferences).toEqual([])
    cmp.editB('combatants[0].skill', 10)
    cmp.editB('combatants[1].combatReflexes', true)
    expect(cmp.copyFields.filter((f) => f.differs).map((f) => f.path)).toEqual(['combatants[0].skill', 'combatants[1].combatReflexes'])
    expect(cmp.copyDifferences).toEqual(['The Kid — Skill: 10', 'The Marshal — Combat reflexes: on'])
    await cmp.run()
    expect(cmp.error).toBe('')
    const b = setAtPath(setAtPath(standoff, 'combatants[0].skill', 10), 'combatants[1].combatReflexes', true)
    expect(cmp.rows).toEqual(compareDocuments(await direct(standoff), await direct(b)))
    expect(cmp.bLabel).toBe('The Kid — Skill: 10; The Marshal — Combat reflexes: on')
    expect((cmp.ranB as { combatants: unknown }).combatants).toEqual((b as { combatants: unknown }).combatants)
    expect(cmp.stale).toBe(false)
    cmp.editB('combatants[0].skill', 11)
    expect(cmp.stale).toBe(true)
    // An invalid B is refused with the reason, naming the field.
    cmp.editB('combatants[0].skill', 99)
    await cmp.run()
    expect(cmp.error).toMatch(/^B is not a valid scenario: combatants\[0\]\.skill/)
  })
})
