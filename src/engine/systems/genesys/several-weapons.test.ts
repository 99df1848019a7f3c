import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createStream } from '../../core/rng'
import { createTally } from '../../core/tally'
import type { TraceEvent } from '../../core/trace'
import { sampledMetrics } from '../../run/exact-agreement'
import { mergePatch, withoutChoices } from '../../run/merge-patch'
import { parseScenario, parseScenarioOrThrow } from '../../run/parse'
import { playFight } from './fight'
import { chooseBest, expectedDamage } from './fight-attack'
import type { FightPlan } from './fight-plan'
import { genesys } from './index'
import { issuesOf } from './test-helpers'

/**
 * A fighter with several weapons (the multi-attack convention): `weapons` instead of `weapon`, the plan's
 * `using` (a weapon's name, or "best": his best against this foe, chance to hit × mean damage past soak,
 * ties to the earlier listed), the option sets Tactics offers, and the example that teaches it.
 */
const examples = join(__dirname, '..', '..', '..', '..', 'resources', 'examples')
const load = (file: string): Record<string, unknown> => JSON.parse(readFileSync(join(examples, file), 'utf8')) as Record<string, unknown>
const fightPlan = (doc: unknown): FightPlan => genesys.compile(parseScenarioOrThrow(doc).scenario as never) as FightPlan
const tallyOf = (p: FightPlan) => createTally({ counters: p.layout.counters, bins: p.layout.bins })
function traced(plan: FightPlan, seed: number): TraceEvent[] {
  const log: TraceEvent[] = []
  playFight(plan, createStream(seed, 0), tallyOf(plan), log)
  return log
}

/** Untrained Agility 1 (one Ability die) at short range (Easy: one Difficulty die), soak 4. */
const pistol = (name: string, damage: number) => ({ name, skill: 'ranged-light', damage, crit: 6, range: 'short' })
function duel(weapons: unknown[], using?: string, soak = 4): Record<string, unknown> {
  const base = { brawn: 2, attack: { characteristic: 1, skill: 0 }, initiative: { characteristic: 1, skill: 0 }, soak, woundThreshold: 10, strainThreshold: 10 }
  return {
    schemaVersion: 1,
    name: 'test duel',
    system: 'genesys',
    mode: 'fight',
    range: 'short',
    combatants: [
      { ...base, id: 'a', name: 'Ace', side: 'A', weapons },
      { ...base, id: 'b', name: 'Bo', side: 'B', weapon: pistol('pistol', 5) },
    ],
    plans: [
      { combatant: 'a', turns: [{ maneuvers: [], action: 'attack' }], ...(using === undefined ? {} : { using }) },
      { combatant: 'b', turns: [{ maneuvers: [], action: 'attack' }] },
    ],
    run: { trials: 1000, seed: 1 },
  }
}

describe('several weapons: the file', () => {
  it('a fighter gives weapon or weapons, not both and not neither; his weapons have names of their own; "using" names one of them or "best"', () => {
    const doc = duel([pistol('hold-out', 5), pistol('hold-out', 4)], 'rifle')
    const issues = issuesOf(doc)
    expect(issues).toContain('combatants[0].weapons[1].name: must be unique among his weapons, "hold-out" is used twice, got "hold-out"')
    expect(issues).toContain('plans[0].using: must be "best" or the name of one of Ace\'s weapons: "hold-out", got "rifle"')
    const both = duel([pistol('a', 5)]) as { combatants: Record<string, unknown>[] }
    both.combatants[0].weapon = pistol('b', 5)
    expect(issuesOf(both)).toContain('combatants[0].weapons: must not be given together with weapon (give weapon for one weapon, or weapons for several)')
    const neither = duel([pistol('a', 5)]) as { combatants: Record<string, unknown>[] }
    delete neither.combatants[0].weapons
    expect(issuesOf(neither)).toContain('combatants[0].weapon: is required unless his weapons are listed in weapons (give weapon or weapons)')
    expect(issuesOf(duel([])).join('\n')).toContain('combatants[0].weapons: must list 1–8 weapons')
  })
  it('a scenario without the list reads as before: the parsed file gains no weapons and no using (so its hash does not move for them)', () => {
    const r = parseScenario(load('genesys-blaster-duel.json'))
    if (!r.ok) throw new Error('invalid')
    const s = r.scenario as unknown as { combatants: Record<string, unknown>[]; plans: Record<string, unknown>[] }
    for (const c of s.combatants) expect('weapons' in c).toBe(false)
    for (const p of s.plans) expect('using' in p).toBe(false)
  })
  it('one weapon given as a list of one plays exactly as the singular weapon (seed 3, 300 fights, every counter and bin)', () => {
    const single = duel([pistol('pistol', 5)]) as { combatants: Record<string, unknown>[] }
    const listed = fightPlan(single)
    delete single.combatants[0].weapons
    single.combatants[0].weapon = pistol('pistol', 5)
    const plain = fightPlan(single)
    const a = tallyOf(listed)
    const b = tallyOf(plain)
    const ra = createStream(3, 0)
    const rb = createStream(3, 0)
    for (let i = 0; i < 300; i++) {
      playFight(listed, ra, a)
      playFight(plain, rb, b)
    }
    expect(Array.from(a.counts)).toEqual(Array.from(b.counts))
    expect(Array.from(a.bins)).toEqual(Array.from(b.bins))
  })
})

describe('several weapons: his best against this foe', () => {
  // One Ability die against one Difficulty die (Edge of the Empire core rulebook pp.26-29: Ability faces
  // blank, s, s, ss, a, a, sa, aa; Difficulty blank, f, ff, t, t, t, tt, ft): successes 0/1/2 with 4/3/1 in 8,
  // failures 0/1/2 with 5/2/1 in 8, so net 1 with 3·5 + 1·2 = 17 in 64 and net 2 with 1·5 = 5 in 64.
  it('hand-worked: damage 5 against soak 4 is 17/64 × 2 + 5/64 × 3 = 49/64 expected damage an attack; damage 4, 17/64 × 1 + 5/64 × 2 = 27/64; against soak 6, damage 5: 5/64', () => {
    const p = fightPlan(duel([pistol('light', 4), pistol('heavy', 5)], 'best'))
    expect(expectedDamage(p, 0, 1, 0)).toBeCloseTo(27 / 64, 12)
    expect(expectedDamage(p, 0, 1, 1)).toBeCloseTo(49 / 64, 12)
    expect(expectedDamage(fightPlan(duel([pistol('heavy', 5)], 'best', 6)), 0, 1, 0)).toBeCloseTo(5 / 64, 12)
  })
  it('he takes the weapon with the highest expected damage, listed second or not; on a tie the earlier listed', () => {
    const p = fightPlan(duel([pistol('light', 4), pistol('heavy', 5)], 'best'))
    expect(chooseBest(p, 0, 1, 1)).toBe(true)
    expect(p.state.weapon[0]).toBe(1)
    const tie = fightPlan(duel([pistol('left', 5), pistol('right', 5)], 'best'))
    tie.state.weapon[0] = 1
    chooseBest(tie, 0, 1, 1)
    expect(tie.state.weapon[0]).toBe(0)
  })
  it('a weapon that cannot reach the band is not used there: the vibroknife at medium range, the rifle however poor it is', () => {
    const doc = mergePatch(load('genesys-rifle-or-vibroknife.json'), { plans: [{ combatant: 'dax', using: 'best' }] })
    const p = fightPlan(doc)
    const log: TraceEvent[] = []
    expect(chooseBest(p, 0, 1, 1, log)).toBe(true)
    expect(p.state.weapon[0]).toBe(0)
    expect(log[0].text).toMatch(/^Dax keeps his heavy blaster rifle: his best against Grask, \d+\.\d expected damage an attack \(his vibroknife cannot be used at medium range\)\.$/)
  })
  it('the trace says which weapon he uses and why, with what the other would do, and fires the one chosen', () => {
    const p = fightPlan(duel([pistol('light', 4), pistol('heavy', 5)], 'best'))
    const log = traced(p, 1)
    const why = log.find((e) => e.who[0] === 'a' && e.kind === 'note')
    expect(why?.text).toBe('Ace takes his heavy: his best against Bo, 0.8 expected damage an attack (0.4 for his light).')
    expect(log.find((e) => e.kind === 'roll' && e.text.startsWith('Ace fires'))?.text).toContain('Ace fires with heavy at Bo')
  })
  it('a named weapon is the one he uses, whatever the other would do', () => {
    const log = traced(fightPlan(duel([pistol('light', 4), pistol('heavy', 5)], 'light')), 1)
    const shots = log.filter((e) => e.kind === 'roll' && /^Ace (fires|attacks)/.test(e.text))
    expect(shots.length).toBeGreaterThan(0)
    for (const e of shots) expect(e.text).toContain('Ace fires with light at Bo')
  })
})

describe('several weapons: the options Tactics offers', () => {
  const doc = load('genesys-rifle-or-vibroknife.json')
  const scenario = parseScenarioOrThrow(withoutChoices(doc)).scenario
  const sets = genesys.optionSets(scenario as never, 'dax')
  it('his attacks (each weapon by name, and his best against this foe) and his defences', () => {
    expect(sets.map((s) => [s.kind, s.label, s.options.map((o) => o.name)])).toEqual([
      ['attacks', "each of Dax's weapons", ['heavy blaster rifle', 'vibroknife', 'his best against this foe']],
      ['defences', "Dax's defence", ['no defensive maneuver', 'Guarded Stance every turn']],
    ])
    // a fighter with one weapon is offered no attacks; a foe who shoots (Dax's rifle) adds taking cover to the defences
    expect(genesys.optionSets(scenario as never, 'grask').map((s) => [s.kind, s.options.map((o) => o.name)])).toEqual([['defences', ['no defensive maneuver', 'Guarded Stance every turn', 'take cover on his first turn']]])
    const duelSets = genesys.optionSets(parseScenarioOrThrow(withoutChoices(load('genesys-blaster-duel.json'))).scenario as never, 'hunter')
    expect(duelSets.map((s) => s.options.map((o) => o.name))).toEqual([['no defensive maneuver', 'Guarded Stance every turn', 'take cover on his first turn']])
  })
  it('each option applied to the example parses, changes only his plan, and makes him fight differently from every other option of its set (his trace, seed 4)', () => {
    const his = (plan: FightPlan): string => traced(plan, 4).filter((e) => e.who[0] === 'dax').map((e) => e.text).join('\n')
    for (const set of sets) {
      const seen = new Map<string, string>()
      for (const o of set.options) {
        const patched = mergePatch(withoutChoices(doc), o.patch) as { plans: { combatant: string }[] }
        expect(parseScenario(patched).ok, o.name).toBe(true)
        expect(patched.plans.find((p) => p.combatant === 'grask')).toEqual((doc.plans as { combatant: string }[]).find((p) => p.combatant === 'grask'))
        const plan = fightPlan(patched)
        const trace = his(plan)
        for (const [other, t] of seen) expect(trace, `${o.name} against ${other}`).not.toBe(t)
        seen.set(o.name, trace)
        if (o.name === 'vibroknife') expect(traced(plan, 4).filter((e) => e.kind === 'roll' && e.text.startsWith('Dax attacks')).every((e) => e.text.includes('with vibroknife'))).toBe(true)
        if (o.name === 'Guarded Stance every turn') expect(trace).toContain('Dax: guarded-stance')
      }
    }
  })
})

describe('the example: blaster rifle or vibroknife? (its description\'s figures recomputed)', () => {
  const doc = load('genesys-rifle-or-vibroknife.json') as { description: string; choices: { a: { name: string; patch: unknown }[]; b: { name: string; patch: unknown }[] }; run: { trials: number; seed: number } }
  const option = (side: 'a' | 'b', name: string): unknown => (doc.choices[side].find((o) => o.name === name) as { patch: unknown }).patch
  const pct = (x: number): string => `${(100 * x).toFixed(1)}%`
  it('expected damage a shot past soak: the rifle at medium; once engaged, the rifle against three Difficulty dice and the knife', () => {
    const p = fightPlan(withoutChoices(doc))
    expect(doc.description).toContain(`${expectedDamage(p, 0, 1, 0).toFixed(1)} expected damage a shot past Grask's soak`)
    // Grask engages him: both stand engaged, nothing else changed
    p.state.advance[1] = 2
    p.state.band[1] = 0
    p.state.band[2] = 0
    expect(doc.description).toContain(`still does ${expectedDamage(p, 0, 1, 0).toFixed(1)} expected damage a shot against ${expectedDamage(p, 0, 1, 1).toFixed(1)} for the knife`)
  })
  it('who wins, with each of Dax\'s options against Grask\'s charge, and Grask walking in against Dax\'s best (the example\'s seed and trials)', async () => {
    const wins = async (a: string, b: string): Promise<number> => {
      const ms = await sampledMetrics(withoutChoices(mergePatch(mergePatch(doc, option('a', a)), option('b', b))), doc.run.trials, doc.run.seed)
      const w = ms.find((m) => m.id === 'winner')
      if (w?.kind !== 'order') throw new Error('no winner')
      return w.outcomes.find((o) => o.key === 'A')?.p ?? 0
    }
    const charge = 'charge (2 strain)'
    expect(doc.description).toContain(`Dax wins ${pct(await wins('heavy blaster rifle', charge))} of the time keeping the rifle and ${pct(await wins('his best against this foe', charge))} playing his best each turn`)
    expect(doc.description).toContain(`but only ${pct(await wins('close in with the vibroknife', charge))} when he closes in with the vibroknife`)
    expect(doc.description).toContain(`walking in one band a turn, he loses ${pct(await wins('his best against this foe', 'advance one band a turn'))} of the time against Dax's best`)
  }, 120_000)
})
