import { describe, expect, it } from 'vitest'
import * as registry from '../../../engine/systems/registry'
import { findSystem, isSystemId, loadSystem, loadSystemOf, systemIds, systems, watchSystems } from './systems'

/**
 * The page's list of rule systems (loaded one chunk at a time) stands in for the engine's registry in the
 * app's build, so it must name the same systems, in the same order, and hand out the very same objects.
 */
describe('the page loads each rule system on demand', () => {
  it('names the registry\'s systems in the registry\'s order', () => {
    expect(systemIds).toEqual(registry.systemIds)
  })

  it('a lookup before loading answers nothing, starts the load, and tells the page when the system has come', async () => {
    let reads = 0
    let changes = 0
    watchSystems({ read: () => void reads++, changed: () => void changes++ })
    expect(findSystem('hero')).toBeUndefined()
    expect(reads).toBe(1)
    const hero = await loadSystem('hero')
    expect(changes).toBe(1)
    expect(findSystem('hero')).toBe(hero)
    expect(systems).toEqual([hero])
  })

  it('each system loaded is the registry\'s own object, and the loaded list keeps the registry\'s order', async () => {
    for (const id of [...systemIds].reverse()) expect(await loadSystem(id)).toBe(registry.findSystem(id))
    expect(systems).toEqual(registry.systems)
  })

  it('a scenario loads the system it names; anything else is left to the parser to explain', async () => {
    await expect(loadSystemOf({ system: 'l5r' })).resolves.toBeUndefined()
    await expect(loadSystemOf({ system: 'chess' })).resolves.toBeUndefined()
    await expect(loadSystemOf(null)).resolves.toBeUndefined()
    await expect(loadSystemOf('hero')).resolves.toBeUndefined()
    expect(isSystemId('__proto__')).toBe(false)
    expect(isSystemId('constructor')).toBe(false)
    expect(findSystem('chess')).toBeUndefined()
    await expect(loadSystem('chess')).rejects.toThrow('no rule system "chess"')
  })
})
