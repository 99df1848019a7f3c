import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { z } from 'zod'
import { describe, expect, it } from 'vitest'
import { createStream } from '../../core/rng'
import { createTally } from '../../core/tally'
import { bushido } from './index'

/**
 * Plain words (issue 13 item 3): everything a user of the Bushido system reads — field descriptions, rule
 * variant labels and sources, metric labels, example names and descriptions, trace lines and the labels
 * of summarized metrics — carries no internal vocabulary: no reference-document names, section signs,
 * register codes (A37, C4.1), source ids ([S L2 …]), seed numbers, function names or math jargon.
 */
export const INTERNAL = /rules(-combat)?\.md|§|\bseed\s*0\d\d|\[[SI] [A-Z]\d|\b[A-C]\d{1,2}(\.\d+)?\b|E\[|\b[BS][1-9]\b/

function descriptions(node: unknown, at: string, out: { where: string; text: string }[]): void {
  if (Array.isArray(node)) node.forEach((x, i) => descriptions(x, `${at}[${i}]`, out))
  else if (node && typeof node === 'object') {
    for (const [k, v] of Object.entries(node)) {
      if (k === 'description' && typeof v === 'string') out.push({ where: `${at}.description`, text: v })
      else descriptions(v, `${at}.${k}`, out)
    }
  }
}

const examplesDir = join(__dirname, '../../../../resources/examples')
const exampleFiles = readdirSync(examplesDir).filter((f) => f.startsWith('bushido-') && f.endsWith('.json'))

/** Every user-visible text of the system, with where it comes from. */
function userTexts(): { where: string; text: string }[] {
  const out: { where: string; text: string }[] = [
    { where: 'label', text: bushido.label },
    { where: 'description', text: bushido.description },
  ]
  descriptions(z.toJSONSchema(bushido.schema, { io: 'input', unrepresentable: 'any' }), 'schema', out)
  for (const v of bushido.variants) {
    out.push({ where: `variant ${v.key} label`, text: v.label }, { where: `variant ${v.key} source`, text: v.source })
    for (const x of v.values) out.push({ where: `variant ${v.key}=${x.value}`, text: x.label })
  }
  for (const m of bushido.metrics) out.push({ where: `metric ${m.id} label`, text: m.label }, { where: `metric ${m.id} description`, text: m.description })
  for (const f of exampleFiles) {
    const doc = JSON.parse(readFileSync(join(examplesDir, f), 'utf8'))
    out.push({ where: `${f} name`, text: doc.name }, { where: `${f} description`, text: doc.description })
    const plan = bushido.compile(bushido.schema.parse(doc))
    for (let seed = 1; seed <= 3; seed++) for (const e of bushido.trace(plan, createStream(seed, 0))) out.push({ where: `${f} trace`, text: e.text })
    const tally = createTally(bushido.shape(plan))
    for (let t = 0; t < 20; t++) bushido.simulate(plan, createStream(t, 1), tally)
    tally.trials = 20
    for (const m of bushido.summarize(plan, tally)) out.push({ where: `${f} metric ${m.id}`, text: m.label })
    for (const m of bushido.exact?.(plan) ?? []) out.push({ where: `${f} exact`, text: JSON.stringify(m) })
  }
  return out
}

describe('Bushido speaks a GM\'s language (issue 13 item 3)', () => {
  it('the pattern catches what it must (so this test can fail)', () => {
    for (const bad of ['rules.md §4.5', 'rules-combat.md', 'seed 002 Passe d\'armes', '[S B1 text]', 'A12', 'B1 Prone', 'E[SL|hit]', 'community wiki B2']) expect(bad).toMatch(INTERNAL)
    for (const fine of ['2D6 [4, 6] = 10', 'Melee Pool 3', 'Bushido: Risen Sun rulebook pp.38–42', 'Side A wins', 'Ronin 2 Attack / 1 Defence']) expect(fine).not.toMatch(INTERNAL)
  })

  it('no field description, variant, metric, example, trace line or result label names an internal document or code', () => {
    const bad = userTexts().filter((t) => INTERNAL.test(t.text)).map((t) => `${t.where}: ${t.text}`)
    expect([...new Set(bad)]).toEqual([])
  })
})
