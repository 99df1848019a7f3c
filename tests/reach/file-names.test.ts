import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { SCENARIO_ENDING, scenarioFileName } from '../../src/main/desktop/scenario-name'
import { root } from '../helpers'

/** Issue 30: the desktop app saved `.json` while the installers open `.quickdraw.json` files with it. */
describe('a saved scenario is named so the installed app opens it', () => {
  it('the ending the app saves is the one the installers associate', () => {
    const config = readFileSync(join(root, 'electron-builder.yml'), 'utf8')
    expect(config).toMatch(new RegExp(`fileAssociations:\\s*\\n\\s*- ext: ${SCENARIO_ENDING.slice(1).replace('.', '\\.')}\\n`))
  })

  it.each([
    ['duel.json', 'duel.quickdraw.json'],
    ['duel.quickdraw.json', 'duel.quickdraw.json'],
    ['Duel.Quickdraw.JSON', 'Duel.Quickdraw.JSON'],
    ['two-gunfighters', 'two-gunfighters.quickdraw.json'],
    ['.json', 'scenario.quickdraw.json'],
  ])('%s is saved as %s', (suggested, saved) => {
    expect(scenarioFileName(suggested)).toBe(saved)
  })
})
