import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createStream } from '../../core/rng'
import { parseScenario } from '../../run/parse'
import { sampledMetrics } from '../../run/exact-agreement'
import { labelInWords } from '../../../shared/report/headline'
import { genesys } from './index'

/**
 * Every text of this system a user can see speaks a GM's language and cites books: schema descriptions,
 * rule variants (labels, value labels, sources), metric labels and descriptions, example names and
 * descriptions, trace lines and exact-metric labels. No internal vocabulary: our working rules files,
 * section signs, seed numbers, source ids, register codes, math jargon.
 */
const INTERNAL = /rules(-combat)?\.md|§|\bseed\s*0\d\d|\[[SIA][\] ]|\b[A-C]\d{1,2}(\.\d+)?\b|\bF\d\b|E\[|\[A\]/

const dir = join(__dirname, '..', '..', '..', '..', 'resources', 'examples')
const files = readdirSync(dir).filter((f) => f.startsWith('genesys-') && f.endsWith('.json'))
const docs = files.map((f) => ({ file: f, doc: JSON.parse(readFileSync(join(dir, f), 'utf8')) as Record<string, unknown> }))

/** Every "description" string in a JSON schema, with its path. */
function descriptions(node: unknown, path = '$'): { where: string; text: string }[] {
  if (Array.isArray(node)) return node.flatMap((x, i) => descriptions(x, `${path}[${i}]`))
  if (!node || typeof node !== 'object') return []
  return Object.entries(node as Record<string, unknown>).flatMap(([k, v]) =>
    k === 'description' && typeof v === 'string' ? [{ where: path, text: v }] : descriptions(v, `${path}.${k}`),
  )
}

function visibleTexts(): { where: string; text: string }[] {
  const out: { where: string; text: string }[] = [
    { where: 'system label', text: genesys.label },
    { where: 'system description', text: genesys.description },
    ...descriptions(z.toJSONSchema(genesys.schema, { io: 'input', unrepresentable: 'any' })).map((d) => ({ where: `schema ${d.where}`, text: d.text })),
  ]
  for (const v of genesys.variants) {
    out.push({ where: `variant ${v.key} label`, text: v.label }, { where: `variant ${v.key} source`, text: v.source })
    for (const x of v.values) out.push({ where: `variant ${v.key}=${x.value}`, text: x.label })
  }
  for (const m of genesys.metrics) out.push({ where: `metric ${m.id}`, text: `${m.label} ${m.description}` })
  for (const { file, doc } of docs) {
    out.push({ where: `${file} name`, text: String(doc.name) }, { where: `${file} description`, text: String(doc.description ?? '') })
    const r = parseScenario(doc)
    if (!r.ok) continue
    const plan = genesys.compile(r.scenario as never)
    for (let seed = 0; seed < 5; seed++) for (const e of genesys.trace(plan, createStream(seed, 0))) out.push({ where: `${file} trace`, text: e.text })
    for (const m of genesys.exact(plan)) out.push({ where: `${file} exact`, text: m.label })
  }
  return out
}

describe('plain words in everything a Genesys user sees', () => {
  it('the pattern catches internal vocabulary (so the walk below can fail)', () => {
    for (const bad of ['see rules.md', 'rules-combat.md', '§5.4', 'seed 003', '[S F2 p.210]', '[I H1 x]', 'register A28', 'C4.1', 'E[SL|hit]', 'recalled [A]', 'source F2']) expect(bad).toMatch(INTERNAL)
    for (const ok of ['2Y 1G 1B vs 2P 1K', 'Edge of the Empire core rulebook p.210', 'Side A wins', 'Table 6-10']) expect(ok).not.toMatch(INTERNAL)
  })
  it('schema descriptions, variants, metrics, examples, trace lines and exact labels carry none', () => {
    const texts = visibleTexts()
    expect(texts.length).toBeGreaterThan(100)
    expect(texts.filter((t) => INTERNAL.test(t.text)).map((t) => `${t.where}: ${t.text}`)).toEqual([])
  })
  it('every variant source cites a book', () => {
    for (const v of genesys.variants) expect(v.source, v.key).toMatch(/rulebook/)
  })
})

describe('Star Wars results are named in a GM\'s words where they are made, so nothing shown needs to translate them', () => {
  it('every chance of every shipped example, sampled (200 fights, seed 1) and exact, reads as Results show it: no "P(…)" notation, and said in words it stays the same ("Smuggler is defeated", "Smuggler\'s attacks that hit", "At least one Triumph")', async () => {
    const chances: string[] = []
    for (const m of genesys.metrics) if (m.kind === 'probability') chances.push(m.label)
    for (const { doc } of docs) {
      const r = parseScenario(doc)
      if (!r.ok) continue
      for (const m of await sampledMetrics(doc, 200, 1)) if (m.kind === 'probability') chances.push(m.label)
      for (const m of genesys.exact(genesys.compile(r.scenario as never))) if (m.kind === 'probability') chances.push(m.label)
    }
    expect(chances).toContain('Smuggler is defeated')
    expect(chances).toContain("Smuggler's attacks that hit")
    expect(chances).toContain("Smuggler's opening attack hits Bounty hunter at medium range")
    expect(chances).toContain('At least one Triumph')
    expect(chances.filter((l) => /\bP\(/.test(l))).toEqual([])
    expect(chances.filter((l) => labelInWords(l) !== l)).toEqual([])
  }, 120_000)
})
