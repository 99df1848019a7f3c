import { describe, expect, it } from 'vitest'
import { parseScenario } from '../engine/run/parse'
import { runChunk } from '../engine/run/run-chunk'
import { runJob } from '../engine/run/job'
import { systems } from '../engine/systems/registry'
import { scenarioTemplate, templateSystems } from './templates'

describe('issue 13: a new scenario from a template, per system', () => {
  it('every registered rule system has a template', () => {
    expect([...templateSystems].sort()).toEqual(systems.map((s) => s.id).sort())
  })

  for (const id of templateSystems) {
    it(`${id}: the template is a valid scenario of that system that runs to the end`, async () => {
      const doc = scenarioTemplate(id)
      const r = parseScenario(doc)
      expect(r.ok ? [] : r.issues).toEqual([])
      expect((doc as { system: string }).system).toBe(id)
      const result = await runJob({ scenario: doc, trials: 200, seed: 1, chunkSize: 200, concurrency: 1, workers: 1, execute: async (t) => runChunk(t), now: () => 0 })
      expect(result.status, result.error).toBe('done')
    })
  }

  it('each call gives a fresh copy (editing one new scenario never changes the next)', () => {
    const a = scenarioTemplate('hero') as { name: string }
    a.name = 'changed'
    expect((scenarioTemplate('hero') as { name: string }).name).toBe('New HERO fight')
    expect(scenarioTemplate('nope')).toBeNull()
  })
})
