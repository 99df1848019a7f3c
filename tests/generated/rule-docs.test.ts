import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { VariantDoc } from '../../src/engine/core/scenario'
import type { AnyRuleSystem } from '../../src/engine/systems/rule-system'
import { systems } from '../../src/engine/systems/registry'
import { root } from '../helpers'
import { driftMessage, generatedSection } from './write'

/** Which rules document holds each system (both GURPS systems share one). */
export const RULE_DOC: Record<string, string> = {
  hero: 'hero.md',
  'gurps-waits': 'gurps.md',
  gurps: 'gurps.md',
  bushido: 'bushido.md',
  genesys: 'genesys.md',
  l5r: 'l5r.md',
}

const cell = (s: string): string => s.replace(/\|/g, '\\|').replace(/\n/g, ' ')

/** Older value names a file may still carry, and what they are read as. */
function renamedNote(v: VariantDoc): string {
  const pairs = Object.entries(v.renamed ?? {})
  return pairs.length === 0 ? '' : ` Older files may say ${pairs.map(([old, now]) => `\`${old}\` (read as \`${now}\`)`).join(', ')}.`
}

function variantMarkdown(v: VariantDoc): string {
  const values = v.values.map((x) => `| ${cell(x.label)}${x.value === v.default ? ' (the default)' : ''} | \`${x.value}\` |`).join('\n')
  const byDefault = v.values.find((x) => x.value === v.default)?.label ?? v.default
  // The rule in words first; what to write in a scenario file's "rules" last, for those who edit it by hand.
  return `\n#### ${cell(v.label)}\n\nBy default: ${cell(byDefault)}. Source: ${cell(v.source)}.${renamedNote(v)}\n\n| choice | in the scenario file's rules, \`"${v.key}":\` |\n|---|---|\n${values}\n`
}

/** The rule-variant reference of one system, as docs/rules/<system>.md carries it. */
export function variantsSection(system: AnyRuleSystem): string {
  if (system.variants.length === 0) return '\n_This system has no rule variants._\n'
  return `\n${system.variants.map(variantMarkdown).join('')}\n`
}

describe('docs/rules: one document per system, its rule variants as the code has them', () => {
  it.each(systems.map((s) => [s.id, s] as const))('%s: documented in docs/rules with its current rule variants', (id, system) => {
    const file = join(root, 'docs', 'rules', RULE_DOC[id] ?? `${id}.md`)
    expect(existsSync(file), `${file} is missing`).toBe(true)
    const expected = variantsSection(system)
    expect(generatedSection(file, `rule variants of ${id}`, expected), driftMessage(`the rule variants in ${file}`)).toBe(expected)
  })
})
