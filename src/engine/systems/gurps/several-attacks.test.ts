import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { createStream } from '../../core/rng'
import { createTally } from '../../core/tally'
import { mergePatch, withoutChoices } from '../../run/merge-patch'
import { parseScenario, parseScenarioOrThrow } from '../../run/parse'
import { bestArm, expectedInjury } from './best'
import { openingOdds } from './exact'
import { gurps } from './index'
import { compile } from './plan'
import type { GurpsScenario } from './schema'
import { freshState, planOf, scenarioDoc, ScriptedRng, type Spec } from './test-helpers'

/**
 * Several attacks (the multi-attack convention): a weapons list, his tactics' using (a name or "best"),
 * the Ready a switch to an undrawn weapon costs (B366), "his best against this foe" by expected injury a
 * blow, the option sets Tactics offers, and the shipped example "Knife, revolver or fists at 3 yards?".
 */
type Doc = { description: string; run: { seed: number }; choices: { a: { name: string; patch: unknown }[]; b: { name: string; patch: unknown }[] } }
const raw = JSON.parse(readFileSync('resources/examples/gurps-knife-revolver-fists.json', 'utf8')) as Doc
const FIGHTS = 5_000
const pct = (x: number): string => `${(100 * x).toFixed(1)}%`

/** Share of fights Jack wins with his option `a` against Bart's option `b`, with the example's seed. */
function jackWins(a: string, b: string): number {
  const pa = raw.choices.a.find((o) => o.name === a)?.patch
  const pb = raw.choices.b.find((o) => o.name === b)?.patch
  const plan = compile(parseScenarioOrThrow(withoutChoices(mergePatch(mergePatch(raw, pa), pb))).scenario as GurpsScenario)
  const tally = createTally(plan.layout.shape)
  const rng = createStream(raw.run.seed, 0)
  for (let i = 0; i < FIGHTS; i++) gurps.simulate(plan, rng, tally)
  return tally.counts[plan.layout.sideWins] / FIGHTS
}

const revolverAndKnife: Spec = {
  id: 'jack',
  basicSpeed: 6,
  weapons: [
    { name: 'knife', skill: 13, damage: 'thr', type: 'imp', reach: 1, parry: -1 },
    { name: 'revolver', skill: 12, damage: '2d', type: 'pi', ranged: 'firearm', ready: false },
  ],
}

describe('example: Knife, revolver or fists at 3 yards?', () => {
  it(`its description's figures (seed ${raw.run.seed}, ${FIGHTS} fights each)`, () => {
    const options = ['knife', 'revolver', 'fists', 'his best against this foe']
    const figures = options.map((a) => pct(jackWins(a, 'attack')))
    const allOut = options.map((a) => jackWins(a, 'all-out attack (determined)'))
    console.log(`seed ${raw.run.seed}: against Attack ${figures.join(', ')}; against All-Out Attack ${allOut.map(pct).join(', ')}`)
    expect(raw.description).toContain(`Jack wins ${figures[0]} with the knife, ${figures[1]} with the revolver and ${figures[2]} with his fists; playing his best against this foe each turn, ${figures[3]}`)
    expect(raw.description).toContain(`Jack falls to ${pct(allOut[3])} playing his best`)
    // his best is his best answer to the All-Out Attack as well
    expect(Math.max(...allOut.slice(0, 3))).toBeLessThan(allOut[3])
    // the expected injury a blow at arm's length, from the rules (Bart's Dodge, DR 1)
    const plan = compile(parseScenarioOrThrow(withoutChoices(raw)).scenario as GurpsScenario)
    const st = freshState(plan, new ScriptedRng([]))
    st.dist[1] = st.dist[2] = 1
    const e = [1, 0, 2].map((k) => expectedInjury(plan, st, 0, 1, k).toFixed(1))
    expect(raw.description).toContain(`${e[0]} expected injury a shot against ${e[1]} for the knife and ${e[2]} for his fists`)
  })
})

describe('his best against this foe (tactics using "best")', () => {
  it('hand-worked: at 3 yards only the revolver reaches; skill 12 − 1 for range against Dodge 8: lands 0.4678, × 7 mean injury (2d pi, DR 0) = 3.27', () => {
    const plan = planOf([{ ...revolverAndKnife, using: 'best' }, { id: 'bart', basicSpeed: 5, parry: -5, distance: 3 }])
    const st = freshState(plan, new ScriptedRng([]))
    // skill 11: success 135/216, critical 4/216; Dodge 8 (no retreat against a bullet): 56/216
    const lands = 4 / 216 + (131 / 216) * (1 - 56 / 216)
    expect(expectedInjury(plan, st, 0, 1, 1)).toBeCloseTo(lands * 7, 12)
    expect(bestArm(plan, st, 0, 1)).toBe(1)
    // in reach of the knife (1 yard), skill 13 against a retreating Dodge 11: lands 0.4228, × mean injury of
    // thr (1d−2 at ST 10) imp ×2: (1+1+1+2+4+6+8)/6 ... = 23/6·… computed from the rules, smaller than the revolver's
    st.dist[1] = st.dist[2] = 1
    expect(expectedInjury(plan, st, 0, 1, 0)).toBeLessThan(expectedInjury(plan, st, 0, 1, 1))
    expect(bestArm(plan, st, 0, 1)).toBe(1)
  })

  it('the opening odds of a fighter playing his best are those of the attack he takes up: the revolver at 3 yards, skill 12 − 1', () => {
    const plan = planOf([{ ...revolverAndKnife, using: 'best' }, { id: 'bart', basicSpeed: 5, parry: -5, distance: 3 }])
    const o = openingOdds(plan)[0]
    expect([o.weapon, o.skill, o.defense.score]).toEqual(['revolver', 11, 8])
    expect(o.lands).toBeCloseTo(4 / 216 + (131 / 216) * (1 - 56 / 216), 12)
  })

  it('he draws the holstered revolver (a Ready, told in the trace with the figures), then shoots; with using "knife" he closes in', () => {
    const log = (using: string): string =>
      gurps
        .trace(planOf([{ ...revolverAndKnife, using }, { id: 'bart', basicSpeed: 5, distance: 3, maneuvers: [{ maneuver: 'all-out-defense' }] }], { turnCap: 2 }), createStream(4, 0))
        .map((e) => e.text)
        .join('\n')
    const best = log('best')
    expect(best).toContain('JACK draws his revolver: his best against BART, 3.3 expected injury a blow; the knife cannot strike him this turn (drawing it takes a Ready).')
    expect(best).toContain('JACK readies the revolver.')
    expect(best).toContain('JACK attacks BART with the revolver')
    const knife = log('knife')
    expect(knife).not.toContain('revolver')
    expect(knife).toContain('JACK moves toward BART')
  })
})

describe('several attacks: what the file may say', () => {
  const problems = (doc: Record<string, unknown>): string[] => {
    const r = parseScenario(doc)
    return r.ok ? [] : r.issues.map((i) => `${i.path}: ${i.message}`)
  }
  it('weapon or weapons, not both and not neither; names unique; using names one of them or "best"', () => {
    const both = scenarioDoc([{ id: 'a' }, { id: 'b' }])
    ;(both.combatants as Record<string, unknown>[])[0].weapons = [{ name: 'knife', skill: 12, damage: 'thr', type: 'imp' }]
    expect(problems(both)).toEqual(['combatants[0].weapons: must not be given together with weapon: give weapon (one attack) or weapons (a list of named attacks)'])
    const twice = scenarioDoc([{ ...revolverAndKnife, weapons: [{ name: 'knife', skill: 12, damage: 'thr', type: 'imp' }, { name: 'knife', skill: 11, damage: 'sw', type: 'cut' }] }, { id: 'b' }])
    expect(problems(twice)).toEqual(['combatants[0].weapons[1].name: must be unique among his attacks, "knife" is used twice, got "knife"'])
    expect(problems(scenarioDoc([{ ...revolverAndKnife, using: 'axe' }, { id: 'b' }]))).toEqual(['tactics[0].using: must be the name of one of his attacks ("knife", "revolver") or "best", got "axe"'])
    expect(problems(scenarioDoc([{ id: 'a', using: 'best' }, { id: 'b' }]))).toEqual(['tactics[0].using: only applies to a fighter with a weapons list (several attacks), got "best"'])
  })
})

describe('GURPS option sets for Tactics, on the shipped "Knife, revolver or fists at 3 yards?"', () => {
  const parsed = parseScenarioOrThrow(withoutChoices(raw)).scenario as GurpsScenario
  const fightOf = (doc: unknown): string => {
    const r = parseScenario(withoutChoices(doc))
    if (!r.ok) throw new Error(r.issues.map((i) => `${i.path}: ${i.message}`).join('; '))
    return gurps
      .trace(gurps.compile(r.scenario as GurpsScenario), createStream(3, 0))
      .map((e) => e.text)
      .join('\n')
  }
  it('Jack is offered each attack and his best; his defences (Dodge, Parry with the knife); and when he retreats. Bart, with one weapon, no attacks set', () => {
    const names = (id: string, kind: string): string[] => gurps.optionSets(parsed, id).find((s) => s.kind === kind)?.options.map((o) => o.name) ?? []
    expect(names('jack', 'attacks')).toEqual(['knife', 'revolver', 'fists', 'his best against this foe'])
    expect(names('jack', 'defences')).toEqual(['his best defence', 'dodge only', 'parry only'])
    expect(names('jack', 'retreat')).toEqual(['retreat whenever allowed', 'never retreat', 'retreat only when it keeps my attack'])
    expect(names('bart', 'attacks')).toEqual([])
  })
  it('each of Jack\'s attacks parses and plays a different fight from every other (seed 3)', () => {
    const set = gurps.optionSets(parsed, 'jack').find((s) => s.kind === 'attacks')
    const fights = (set?.options ?? []).map((o) => fightOf(mergePatch(raw, o.patch)))
    expect(new Set(fights).size).toBe(4)
  })
  /** Twenty fights (seeds 1–20) of the example with Jack's knife and this patch, as one text. */
  const withKnife = (patch: unknown): string => {
    const r = parseScenario(withoutChoices(mergePatch(mergePatch(raw, { tactics: [{ combatant: 'jack', using: 'knife' }] }), patch)))
    if (!r.ok) throw new Error('does not parse')
    const plan = gurps.compile(r.scenario as GurpsScenario)
    return Array.from({ length: 20 }, (_, i) => gurps.trace(plan, createStream(i + 1, 0)).map((e) => e.text).join('\n')).join('\n=\n')
  }
  it('his defences: his best is the retreating Dodge (11 against a knife Parry of 8 + 1) until injury halves it; "dodge only" never parries; "parry only" parries', () => {
    const options = gurps.optionSets(parsed, 'jack').find((s) => s.kind === 'defences')?.options ?? []
    const [best, dodge, parry] = options.map((o) => withKnife(o.patch))
    expect(best).toBe(withKnife({}))
    expect(new Set([best, dodge, parry]).size).toBe(3)
    expect(best).toContain('Jack dodges with a retreat (11)')
    expect(dodge).not.toContain('Jack parries')
    expect(parry).toContain('Jack parries with a retreat (9)')
    expect(parry).not.toContain('Jack dodges')
  })
  it('when he retreats: "whenever allowed" is the scenario\'s own rule; "never" drops the retreat; "keep my attack" keeps every retreat here (Bart never attacks him inside his own turn)', () => {
    const options = gurps.optionSets(parsed, 'jack').find((s) => s.kind === 'retreat')?.options ?? []
    const [always, never, keep] = options.map((o) => withKnife(o.patch))
    expect(always).toBe(withKnife({}))
    expect(always).toContain('Jack dodges with a retreat (11)')
    expect(never).not.toContain('Jack dodges with a retreat')
    expect(never).toContain('Jack dodges (8)')
    expect(keep).toBe(always)
  })
})
