import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parseScenarioOrThrow } from '../../../engine/run/parse'
import { readShareFragment, shareFragment, shareLink } from './share-link'

const examplesDir = join(__dirname, '../../../../resources/examples')

describe('a scenario as a link (issue 27)', () => {
  it('every shipped example goes through a link and back to the same scenario (same hash)', async () => {
    for (const file of readdirSync(examplesDir).filter((f) => f.endsWith('.json'))) {
      const doc = JSON.parse(readFileSync(join(examplesDir, file), 'utf8')) as unknown
      const link = await shareLink('https://example.org/quickdraw/#old', doc)
      expect(link.startsWith('https://example.org/quickdraw/#scenario='), file).toBe(true)
      const back = await readShareFragment(new URL(link).hash)
      expect(back.kind, file).toBe('scenario')
      if (back.kind === 'scenario') expect(parseScenarioOrThrow(back.scenario).hash, file).toBe(parseScenarioOrThrow(doc).hash)
    }
  })

  it('a link without a scenario is nothing to open', async () => {
    expect(await readShareFragment('')).toEqual({ kind: 'none' })
    expect(await readShareFragment('#view=results')).toEqual({ kind: 'none' })
  })

  it('a cut, damaged or invalid link is refused with the reason, as a damaged file is', async () => {
    const good = await shareFragment(JSON.parse(readFileSync(join(examplesDir, 'gurps-duel.json'), 'utf8')))
    const cut = await readShareFragment(good.slice(0, good.length - 40))
    expect(cut).toMatchObject({ kind: 'refused', message: expect.stringMatching(/^This shared link does not hold a scenario Quickdraw can open: it is cut or damaged/) })
    expect(await readShareFragment('scenario=%%%')).toMatchObject({ kind: 'refused', message: expect.stringMatching(/characters a shared link never has/) })
    const invalid = await shareFragment({ schemaVersion: 1, name: 'x', system: 'gurps', combatants: [] })
    expect(await readShareFragment(invalid)).toMatchObject({ kind: 'refused', message: expect.stringMatching(/combatants/) })
  })
})
