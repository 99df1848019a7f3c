import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { userTexts, type UserText } from '../user-texts'
import { bushido } from './index'

/**
 * Plain words (issue 13 item 3): everything a user of the Bushido system reads — field descriptions, rule
 * variant labels and sources, metric labels, example names and descriptions, trace lines and the labels
 * of summarized metrics — carries no internal vocabulary: no reference-document names, section signs,
 * register codes (A37, C4.1), source ids ([S L2 …]), seed numbers, function names or math jargon.
 */
export const INTERNAL = /rules(-combat)?\.md|§|\bseed\s*0\d\d|\[[SI] [A-Z]\d|\b[A-C]\d{1,2}(\.\d+)?\b|E\[|\b[BS][1-9]\b/

const examplesDir = join(__dirname, '../../../../resources/examples')
const examples = readdirSync(examplesDir)
  .filter((f) => f.startsWith('bushido-') && f.endsWith('.json'))
  .map((file) => ({ file, doc: JSON.parse(readFileSync(join(examplesDir, file), 'utf8')) }))

/** Every user-visible text of the system, with where it comes from. */
const texts = (): UserText[] => userTexts(bushido, examples)

describe('Bushido speaks a GM\'s language (issue 13 item 3)', () => {
  it('the pattern catches what it must (so this test can fail)', () => {
    for (const bad of ['rules.md §4.5', 'rules-combat.md', 'seed 002 Passe d\'armes', '[S B1 text]', 'A12', 'B1 Prone', 'E[SL|hit]', 'community wiki B2']) expect(bad).toMatch(INTERNAL)
    for (const fine of ['2D6 [4, 6] = 10', 'Melee Pool 3', 'Bushido: Risen Sun rulebook pp.38–42', 'Side A wins', 'Ronin 2 Attack / 1 Defence']) expect(fine).not.toMatch(INTERNAL)
  })

  it('no field description, variant, metric, example, trace line or result label names an internal document or code', () => {
    const bad = texts().filter((t) => INTERNAL.test(t.text)).map((t) => `${t.where}: ${t.text}`)
    expect([...new Set(bad)]).toEqual([])
  })
})
