import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { z } from 'zod'
import { describe, expect, it } from 'vitest'
import { createStream } from '../../core/rng'
import { createTally } from '../../core/tally'
import type { AnyRuleSystem } from '../rule-system'
import { gurpsWaits } from '../gurps-waits'
import { gurps } from './index'

/**
 * Plain words (issue 13 item 3): everything a user of the two GURPS systems reads — field descriptions,
 * rule variant labels and sources, metric labels, example names and descriptions, trace lines and the
 * labels of summarized and exact metrics — carries no internal vocabulary: no reference-document names,
 * section signs, register codes (A30, C2.2), source ids ([S G13 …], [A …]), seed numbers or "the
 * seed", function names or math jargon. Book pages are written "p.B366", which the pattern allows.
 */
export const INTERNAL = /rules(-combat)?\.md|§|\bseed\s*0\d\d|\bthe seed\b|\bseed's\b|\[[SIA][\] :]|\[[SI] [A-Z]\d|(?<!p\.)\b[A-C]\d{1,2}(\.\d+)?\b|E\[|\b(shockNext|shockNow|bestDefense|resolveCascade)\b/

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

/** Every user-visible text of a system, with where it comes from. */
function userTexts(system: AnyRuleSystem, prefix: string): { where: string; text: string }[] {
  const out: { where: string; text: string }[] = [
    { where: 'label', text: system.label },
    { where: 'description', text: system.description },
  ]
  descriptions(z.toJSONSchema(system.schema, { io: 'input', unrepresentable: 'any' }), 'schema', out)
  for (const v of system.variants) {
    out.push({ where: `variant ${v.key} label`, text: v.label }, { where: `variant ${v.key} source`, text: v.source })
    for (const x of v.values) out.push({ where: `variant ${v.key}=${x.value}`, text: x.label })
  }
  for (const m of system.metrics) out.push({ where: `metric ${m.id} label`, text: m.label }, { where: `metric ${m.id} description`, text: m.description })
  const files = readdirSync(examplesDir).filter((f) => f.startsWith(prefix) && f.endsWith('.json') && (prefix !== 'gurps-' || !f.startsWith('gurps-waits-')))
  expect(files.length).toBeGreaterThan(0)
  for (const f of files) {
    const doc = JSON.parse(readFileSync(join(examplesDir, f), 'utf8'))
    out.push({ where: `${f} name`, text: doc.name }, { where: `${f} description`, text: doc.description })
    const plan = system.compile(system.schema.parse(doc))
    for (let seed = 1; seed <= 3; seed++) for (const e of system.trace(plan, createStream(seed, 0))) out.push({ where: `${f} trace`, text: e.text })
    const tally = createTally(system.shape(plan))
    for (let t = 0; t < 20; t++) system.simulate(plan, createStream(t, 1), tally)
    tally.trials = 20
    for (const m of system.summarize(plan, tally)) out.push({ where: `${f} metric ${m.id}`, text: JSON.stringify(m) })
    for (const m of system.exact?.(plan) ?? []) out.push({ where: `${f} exact`, text: JSON.stringify(m) })
  }
  return out
}

describe('GURPS speaks a GM\'s language (issue 13 item 3)', () => {
  it('the pattern catches what it must (so this test can fail)', () => {
    for (const bad of ['rules.md §3.6', 'rules-combat.md', 'seed 001 "Modifiers"', 'as the seed says', "the seed's example", '[S G13 Retreat]', '[A standard reading of B366]', '[A: attack roll only]', 'A30', 'C2.2', 'E[SL|hit]', 'shockNext'])
      expect(bad).toMatch(INTERNAL)
    for (const fine of ['sw+1', '2d-1', '3d6', 'GURPS Basic Set p.B377', 'GURPS Basic Set p.B52', 'GURPS Martial Arts p.108', 'Side A wins after 3 turn(s).', 'rolls 10 vs 12', 'HP 8/10'])
      expect(fine).not.toMatch(INTERNAL)
  })

  it.each([
    ['gurps', gurps as AnyRuleSystem, 'gurps-'],
    ['gurps-waits', gurpsWaits as AnyRuleSystem, 'gurps-waits-'],
  ] as const)('%s: no field description, variant, metric, example, trace line or result label names an internal document or code', (_id, system, prefix) => {
    const bad = userTexts(system, prefix).filter((t) => INTERNAL.test(t.text)).map((t) => `${t.where}: ${t.text}`)
    expect([...new Set(bad)]).toEqual([])
  })
})
