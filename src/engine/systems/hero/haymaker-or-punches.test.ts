import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { createStream } from '../../core/rng'
import { mergePatch, withoutChoices } from '../../run/merge-patch'
import { parseScenario, parseScenarioOrThrow } from '../../run/parse'
import { hero } from './index'
import { WIN_A } from './layout'
import { compile } from './plan'
import type { HeroScenario } from './schema'
import { playMany } from './test-helpers'

/**
 * The shipped example "Haymaker or two punches?" (resources/examples/hero-haymaker-or-punches.json): its
 * description's figures, recomputed with its own seed, and its choices offered to Tactics as the fighters'
 * option sets (each attack, as a Haymaker, his best against this foe).
 */
type Doc = { description: string; run: { seed: number }; choices: { a: { name: string; patch: unknown }[]; b: { name: string; patch: unknown }[] } }
const raw = JSON.parse(readFileSync('resources/examples/hero-haymaker-or-punches.json', 'utf8')) as Doc
const FIGHTS = 10_000
const pct = (x: number): string => `${(100 * x).toFixed(1)}%`

/** Share of fights Blur wins with his option `a` against Granite's option `b`, with the example's seed. */
function blurWins(a: string, b: string): number {
  const pa = raw.choices.a.find((o) => o.name === a)?.patch
  const pb = raw.choices.b.find((o) => o.name === b)?.patch
  const s = parseScenarioOrThrow(withoutChoices(mergePatch(mergePatch(raw, pa), pb))).scenario as HeroScenario
  const plan = compile(s)
  const t = playMany(plan, FIGHTS, raw.run.seed)
  return t.counts[WIN_A] / FIGHTS
}

describe('example: Haymaker or two punches?', () => {
  it(`its description's figures (seed ${raw.run.seed}, ${FIGHTS} fights each)`, () => {
    const punching = blurWins('Punch', 'his best against this foe')
    const haymakers = blurWins('a Haymaker with Punch', 'his best against this foe')
    expect(raw.description).toContain(`Blur wins ${pct(punching)} of the fights punching`)
    expect(raw.description).toContain(`${pct(haymakers)} throwing Haymakers`)
  })
})

describe('HERO option sets for Tactics, on the shipped "Haymaker or two punches?"', () => {
  const parsed = parseScenarioOrThrow(withoutChoices(raw)).scenario as HeroScenario
  const fightOf = (doc: unknown): string => {
    const r = parseScenario(withoutChoices(doc))
    if (!r.ok) throw new Error(r.issues.map((i) => `${i.path}: ${i.message}`).join('; '))
    return hero
      .trace(hero.compile(r.scenario as HeroScenario), createStream(3, 0))
      .map((e) => e.text)
      .join('\n')
  }
  it('Blur (one attack) is offered his Punch and a Haymaker with it; Granite (two) each attack, each as a Haymaker, and his best against this foe', () => {
    const names = (id: string): string[] => hero.optionSets(parsed, id).find((s) => s.kind === 'attacks')?.options.map((o) => o.name) ?? []
    expect(names('blur')).toEqual(['Punch', 'a Haymaker with Punch'])
    expect(names('granite')).toEqual(['Punch', 'a Haymaker with Punch', 'Backhand', 'a Haymaker with Backhand', 'his best against this foe'])
    expect(hero.optionSets(parsed, 'granite').find((s) => s.kind === 'defences')?.options.map((o) => o.name)).toEqual(['no Abort to defend', 'Abort to Dodge when attacked', 'Abort to Block when attacked'])
  })
  it.each(['blur', 'granite'])('each option of %s parses and plays a different fight from every other option of its set (seed 3)', (id) => {
    for (const set of hero.optionSets(parsed, id)) {
      const fights = set.options.map((o) => fightOf(mergePatch(raw, o.patch)))
      expect(new Set(fights).size, set.label).toBe(fights.length)
    }
  })
})
