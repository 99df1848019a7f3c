import { z } from 'zod'
import { createStream } from '../core/rng'
import { createTally } from '../core/tally'
import type { AnyRuleSystem } from './rule-system'

/** One text a user reads, and where it comes from. */
export interface UserText {
  where: string
  text: string
}

function descriptions(node: unknown, at: string, out: UserText[]): void {
  if (Array.isArray(node)) node.forEach((x, i) => descriptions(x, `${at}[${i}]`, out))
  else if (node && typeof node === 'object') {
    for (const [k, v] of Object.entries(node)) {
      if (k === 'description' && typeof v === 'string') out.push({ where: `${at}.description`, text: v })
      else descriptions(v, `${at}.${k}`, out)
    }
  }
}

/**
 * Everything a user of a rule system reads: its label and description, every field description of its
 * schema, rule-variant labels, values and sources, metric labels and descriptions, and for each example
 * its name and description, the lines of a few sample fights and the labels of summarized and exact
 * results. The systems' plain-words tests walk these for internal vocabulary.
 */
export function userTexts(system: AnyRuleSystem, examples: readonly { file: string; doc: { name: string; description?: string } }[]): UserText[] {
  const out: UserText[] = [
    { where: 'label', text: system.label },
    { where: 'description', text: system.description },
  ]
  descriptions(z.toJSONSchema(system.schema, { io: 'input', unrepresentable: 'any' }), 'schema', out)
  for (const v of system.variants) {
    out.push({ where: `variant ${v.key} label`, text: v.label }, { where: `variant ${v.key} source`, text: v.source })
    for (const x of v.values) out.push({ where: `variant ${v.key}=${x.value}`, text: x.label })
  }
  for (const m of system.metrics) out.push({ where: `metric ${m.id} label`, text: m.label }, { where: `metric ${m.id} description`, text: m.description })
  for (const { file, doc } of examples) {
    out.push({ where: `${file} name`, text: doc.name }, { where: `${file} description`, text: doc.description ?? '' })
    const plan = system.compile(system.schema.parse(doc))
    for (let seed = 1; seed <= 3; seed++) for (const e of system.trace(plan, createStream(seed, 0))) out.push({ where: `${file} trace`, text: e.text })
    const tally = createTally(system.shape(plan))
    for (let t = 0; t < 20; t++) system.simulate(plan, createStream(t, 1), tally)
    tally.trials = 20
    for (const m of system.summarize(plan, tally)) out.push({ where: `${file} metric ${m.id}`, text: m.label })
    for (const m of system.exact?.(plan) ?? []) out.push({ where: `${file} exact`, text: JSON.stringify(m) })
  }
  return out
}
