// @vitest-environment happy-dom
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it } from 'vitest'
import { exactOf } from '../../../engine/run/exact'
import { useBackendForTests } from './backend'
import { useEditorStore } from './editor'
import { EXACT_DEBOUNCE_MS, useExactStore } from './exact'
import { useLibraryStore } from './library'
import { answeringLeave, testBackend } from './test-backend'

const examplesDir = join(__dirname, '../../../../resources/examples')
const standoff = JSON.parse(readFileSync(join(examplesDir, 'gurps-waits-standoff.json'), 'utf8')) as unknown
const settle = (): Promise<void> => new Promise((r) => setTimeout(r, EXACT_DEBOUNCE_MS + 50))
const firstAlone = (metrics: ReturnType<typeof exactOf>): number => {
  const m = metrics?.find((e) => e.id === 'acts-first-alone:kid')
  if (m?.kind !== 'probability') throw new Error('no acts-first-alone:kid')
  return m.p
}

let backend: ReturnType<typeof testBackend>
let asked: string[]

describe('exact store: the exact answer follows the editor', () => {
  beforeEach(async () => {
    setActivePinia(createPinia())
    backend = testBackend({ 'gurps-waits-standoff.json': standoff })
    asked = []
    const exact = backend.exact.bind(backend)
    backend.exact = async (req) => {
      asked.push(req.jobId)
      return exact(req)
    }
    backend.info = async () => ({ appVersion: 't', engineVersion: 't', systems: [{ id: 'gurps-waits', label: 'GURPS', version: '1', exact: true }] })
    useBackendForTests(backend)
    await useLibraryStore().load()
    await useLibraryStore().openExample('gurps-waits-standoff.json')
  })

  it("computes the opened scenario's exact values a moment after it opens", async () => {
    const exact = useExactStore()
    expect(exact.supported).toBe(true)
    await settle()
    expect(exact.status).toBe('done')
    expect(firstAlone(exact.metrics)).toBe(firstAlone(exactOf(standoff)))
  })

  it('quick successive edits make one computation, of the last one', async () => {
    const exact = useExactStore()
    const editor = useEditorStore()
    await settle()
    asked.length = 0
    for (const skill of [12, 13, 16]) editor.edit(['combatants', 0, 'skill'], skill)
    await settle()
    expect(asked).toHaveLength(1)
    expect(firstAlone(exact.metrics)).toBe(firstAlone(exactOf(editor.doc)))
    expect(firstAlone(exact.metrics)).not.toBe(firstAlone(exactOf(standoff)))
  })

  it('an invalid edit keeps the last answer as stale and asks nothing; a valid one brings it up to date', async () => {
    const exact = useExactStore()
    const editor = useEditorStore()
    await settle()
    const before = exact.metrics
    asked.length = 0
    editor.edit(['combatants', 0, 'skill'], 99)
    await settle()
    expect(exact.status).toBe('stale')
    expect(exact.metrics).toBe(before)
    expect(asked).toEqual([])
    editor.edit(['combatants', 0, 'skill'], 16)
    await settle()
    expect(exact.status).toBe('done')
    expect(asked).toHaveLength(1)
  })

  it("opening another scenario drops the last one's answer at once, before the new one is computed", async () => {
    const exact = useExactStore()
    await settle()
    expect(exact.metrics).not.toBeNull()
    const other = { ...(standoff as object), name: 'Another standoff' }
    backend.loadExample = async () => structuredClone(other)
    await answeringLeave('discard', () => useLibraryStore().openExample('gurps-waits-standoff.json'))
    expect(useEditorStore().doc).toMatchObject({ name: 'Another standoff' })
    expect(exact.status).toBe('computing')
    expect(exact.metrics).toBeNull()
    await settle()
    expect(exact.status).toBe('done')
    expect(exact.metrics).not.toBeNull()
  })

  it('an answer that arrives after a newer edit is dropped, and the newer one shown', async () => {
    const exact = useExactStore()
    const editor = useEditorStore()
    await settle()
    const answer = backend.exact
    let release: () => void = () => undefined
    backend.exact = (req) => new Promise((resolve) => (release = () => void answer(req).then(resolve)))
    editor.edit(['combatants', 0, 'skill'], 12)
    await settle() // the computation for skill 12 is in flight
    const late = release
    backend.exact = answer
    editor.edit(['combatants', 0, 'skill'], 17)
    await settle()
    late()
    await settle()
    expect(firstAlone(exact.metrics)).toBe(firstAlone(exactOf(editor.doc)))
  })
})
