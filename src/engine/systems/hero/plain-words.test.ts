import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { replayTrial } from '../../run/replay'
import { systemJsonSchema } from '../json-schema'
import { hero } from './index'

/**
 * Issue 13: no internal vocabulary where a GM looks — document names, section signs, register codes,
 * source ids, seed numbers, math jargon. Walks every user-visible HERO text: schema descriptions, rule
 * variant labels and sources, metric labels, the system description, the shipped examples' names and
 * descriptions, and the trace lines of sample fights.
 */
const INTERNAL = /rules(-combat)?\.md|§|\bseed\s*0\d\d|\[[SI] [A-Z]\d|\b[A-C]\d{1,2}(\.\d+)?\b|E\[|\bH\d{1,2}\b/i

const examplesDir = join(__dirname, '../../../../resources/examples')
const examples = readdirSync(examplesDir).filter((f) => f.startsWith('hero-'))

function descriptions(node: unknown, out: string[] = []): string[] {
  if (Array.isArray(node)) node.forEach((x) => descriptions(x, out))
  else if (node && typeof node === 'object') {
    for (const [k, v] of Object.entries(node)) {
      if ((k === 'description' || k === 'title') && typeof v === 'string') out.push(v)
      else descriptions(v, out)
    }
  }
  return out
}

const offending = (texts: string[]): string[] => texts.filter((t) => INTERNAL.test(t))

describe('HERO speaks a GM\'s language (issue 13): no internal references in any user-visible text', () => {
  it('the pattern itself catches what it is meant to catch', () => {
    expect(offending(['see rules.md §2.5', 'rules-combat.md', 'seed 000', '[S H2 quoting', 'register A28', 'C4.1 onCap', 'E[SL|hit]', 'house page H4'])).toHaveLength(8)
    expect(offending(['12d6 normal vs PD 27', '2½d6', 'Side A wins', 'HERO 6E2 p.21', 'Segment 12', '1d6+1', 'SPD 4: Segments 3, 6, 9, 12'])).toEqual([])
  })
  it('schema descriptions and the system\'s own description', () => {
    expect(offending([hero.description, hero.label, ...descriptions(systemJsonSchema(hero))])).toEqual([])
  })
  it('rule variant labels, value labels and sources', () => {
    expect(offending(hero.variants.flatMap((v) => [v.label, v.source, ...v.values.map((x) => x.label)]))).toEqual([])
  })
  it('metric labels and descriptions', () => {
    expect(offending(hero.metrics.flatMap((m) => [m.label, m.description ?? '']))).toEqual([])
  })
  it.each(examples)('%s: name, description, and the trace of sample fights', (file) => {
    const doc = JSON.parse(readFileSync(join(examplesDir, file), 'utf8')) as { name: string; description?: string }
    expect(offending([doc.name, doc.description ?? ''])).toEqual([])
    for (const trial of [0, 1, 2]) expect(offending(replayTrial(doc, 7, trial).map((e) => e.text))).toEqual([])
  })
  it('trace lines under the rule variants that add their own wording', () => {
    const doc = JSON.parse(readFileSync(join(examplesDir, 'hero-bench-2v2.json'), 'utf8')) as { rules: Record<string, string> }
    for (const rules of [{ haymakerInterrupted: 'lands', koRecovery: 'bands', endurance: 'stun-for-end', holdAcrossTurn: 'cancel', onCap: 'most-health', blockFirst: 'on' }, { ruleset: 'hero6e-raw', tieRule: 'fast-draw' }]) {
      for (const trial of [0, 1, 2, 3]) expect(offending(replayTrial({ ...doc, rules }, 5, trial).map((e) => e.text))).toEqual([])
    }
  })
})
