import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { z } from 'zod'
import { describe, expect, it } from 'vitest'
import { createStream } from '../../core/rng'
import { createTally } from '../../core/tally'
import { l5r } from './index'

/**
 * Plain words (issue 13 item 3): everything a user of the L5R system reads — field descriptions, rule
 * variant labels and sources, metric labels, example names and descriptions, trace lines and the labels
 * of summarized metrics — carries no internal vocabulary: no reference-document names, section signs,
 * register codes (A37, C4.1), source ids ([S L2 …]), seed numbers, function names or math jargon.
 */
export const INTERNAL = /rules(-combat)?\.md|§|\bseed\s*0\d\d|\[[SI] [A-Z]\d|\b[A-C]\d{1,2}(\.\d+)?\b|E\[|\bL[1-9]\b/

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
const exampleFiles = readdirSync(examplesDir).filter((f) => f.startsWith('l5r-') && f.endsWith('.json'))

/** Every user-visible text of the system, with where it comes from. */
function userTexts(): { where: string; text: string }[] {
  const out: { where: string; text: string }[] = [
    { where: 'label', text: l5r.label },
    { where: 'description', text: l5r.description },
  ]
  descriptions(z.toJSONSchema(l5r.schema, { io: 'input', unrepresentable: 'any' }), 'schema', out)
  for (const v of l5r.variants) {
    out.push({ where: `variant ${v.key} label`, text: v.label }, { where: `variant ${v.key} source`, text: v.source })
    for (const x of v.values) out.push({ where: `variant ${v.key}=${x.value}`, text: x.label })
  }
  for (const m of l5r.metrics) out.push({ where: `metric ${m.id} label`, text: m.label }, { where: `metric ${m.id} description`, text: m.description })
  for (const f of exampleFiles) {
    const doc = JSON.parse(readFileSync(join(examplesDir, f), 'utf8'))
    out.push({ where: `${f} name`, text: doc.name }, { where: `${f} description`, text: doc.description })
    const plan = l5r.compile(l5r.schema.parse(doc))
    for (let seed = 1; seed <= 3; seed++) for (const e of l5r.trace(plan, createStream(seed, 0))) out.push({ where: `${f} trace`, text: e.text })
    const tally = createTally(l5r.shape(plan))
    for (let t = 0; t < 20; t++) l5r.simulate(plan, createStream(t, 1), tally)
    tally.trials = 20
    for (const m of l5r.summarize(plan, tally)) out.push({ where: `${f} metric ${m.id}`, text: m.label })
    for (const m of l5r.exact?.(plan) ?? []) out.push({ where: `${f} exact`, text: JSON.stringify(m) })
  }
  return out
}

describe('L5R speaks a GM\'s language (issue 13 item 3)', () => {
  it('the pattern catches what it must (so this test can fail)', () => {
    for (const bad of ['rules.md §6.1', 'rules-combat.md', 'seed 004 Stage 2', '[S L2 text]', 'A37 alternative', 'C3.1', 'E[SL|hit]', 'the L6 character sheet']) expect(bad).toMatch(INTERNAL)
    for (const fine of ['6k3', '10k10+4', 'L5R 4th Edition core rulebook p.86', 'Side A wins in Round 2.', 'katana 3k2']) expect(fine).not.toMatch(INTERNAL)
  })

  it('no field description, variant, metric, example, trace line or result label names an internal document or code', () => {
    const bad = userTexts().filter((t) => INTERNAL.test(t.text)).map((t) => `${t.where}: ${t.text}`)
    expect([...new Set(bad)]).toEqual([])
  })
})
