import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createStream } from '../../core/rng'
import { createTally } from '../../core/tally'
import { exactRoll, expectedAbove, probabilityAtLeast } from '../../dice/roll-and-keep'
import { mergePatch, withoutChoices } from '../../run/merge-patch'
import { parseScenario } from '../../run/parse'
import { runJob } from '../../run/job'
import { runChunk } from '../../run/run-chunk'
import { parseMetricQuery } from '../../run/estimate'
import { playTactics } from '../../run/tactics'
import { solveSkirmish } from './exact-fight'
import { l5r } from './index'
import { compile } from './plan'
import { scenarioSchema, type L5rScenario } from './schema'
import { playSkirmish } from './skirmish'

/**
 * Several weapons (docs/rules/l5r.md section 4): `weapons` instead of `weapon`, the tactic's `using` (a
 * weapon's name, or "best": the highest expected wounds an attack against the target as he stands,
 * chance to hit × mean damage past Reduction, ties to the earlier listed), the option sets Tactics
 * offers, the exact solver's refusal of "best", and the example's stated figures.
 */
const dir = join(__dirname, '../../../../resources/examples')
const EXAMPLE = 'l5r-yumi-or-katana.json'
type Doc = Record<string, unknown>

const yumi = { name: 'yumi', kind: 'bow', bowStrength: 3, rolled: 2, kept: 2 }
const katana = { name: 'katana', rolled: 3, kept: 2 }

function doc(archer: Doc, tactic: Doc = {}, foeRounds: Doc[] = [{ stance: 'attack' }]): Doc {
  return {
    schemaVersion: 1,
    name: 't',
    system: 'l5r',
    combatants: [
      { id: 'mei', name: 'Mei', side: 'A', agility: 4, classRank: 2, attackTrait: 3, attackSkill: 4, strength: 4, earth: 2, void: 2, armor: 'light', ...archer },
      { id: 'goro', name: 'Goro', side: 'B', agility: 3, classRank: 2, attackSkill: 3, strength: 3, earth: 3, void: 2, armor: 'light' },
    ],
    tactics: [{ combatant: 'mei', rounds: [{ stance: 'attack' }], ...tactic }, { combatant: 'goro', rounds: foeRounds }],
  }
}

const parse = (d: Doc): L5rScenario => scenarioSchema.parse(d)
const issues = (d: Doc): string[] => {
  const r = scenarioSchema.safeParse(d)
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)
}

function tallyOf(s: L5rScenario, trials: number) {
  const plan = l5r.compile(s)
  const tally = createTally(l5r.shape(plan))
  const rng = createStream(11, 0)
  for (let t = 0; t < trials; t++) l5r.simulate(plan, rng, tally)
  return tally
}

function traceOf(s: L5rScenario, seed: number): string[] {
  const log: { text: string }[] = []
  playSkirmish(compile(s), createStream(seed, 0), undefined, log as never)
  return log.map((e) => e.text)
}

describe('several weapons: the scenario file', () => {
  it('weapons or weapon, not both: the message names both fields (a weapon left at its default katana 3k2 cannot be told from one left out)', () => {
    expect(issues(doc({ weapon: { name: 'no-dachi', rolled: 3, kept: 3 }, weapons: [yumi, katana] }))).toEqual(['combatants.0.weapons: must not be given together with weapon (give weapon for one weapon, or weapons for several)'])
  })
  it('names are unique, never "best"; using names one of them or "best"', () => {
    expect(issues(doc({ weapons: [yumi, { ...katana, name: 'yumi' }] }))).toEqual(['combatants.0.weapons.1.name: must be unique among his weapons, "yumi" is used twice'])
    expect(issues(doc({ weapons: [yumi, { ...katana, name: 'best' }] }))).toEqual(['combatants.0.weapons.1.name: must not be "best" (his tactic\'s "using" reads it as his best weapon)'])
    expect(issues(doc({ weapons: [yumi, katana] }, { using: 'naginata' }))).toEqual(['tactics.0.using: must be one of "yumi", "katana", "best" (the name of one of his weapons, or his best against this foe)'])
    expect(issues(doc({ weapons: [yumi, katana] }, { using: 'best' }))).toEqual([])
  })
  it('a bow in the list still needs its strength; Full Attack and Void on damage read the weapon he uses', () => {
    expect(issues(doc({ weapons: [{ ...yumi, bowStrength: undefined }, katana] }))).toEqual(['combatants.0.weapons.0.bowStrength: must be an integer 1–10 for a bow (its strength rating; damage adds min(bowStrength, Strength) dice)'])
    expect(issues(doc({ weapons: [yumi, katana] }, { using: 'yumi', rounds: [{ stance: 'full-attack' }] }))[0]).toMatch(/^tactics\.0\.rounds\.0\.stance: must be one of .*Full Attack allows melee attacks only \(weapon "yumi" is a bow\)$/)
    expect(issues(doc({ weapons: [yumi, katana] }, { using: 'best', rounds: [{ stance: 'full-attack' }] }))).toEqual([])
    expect(issues(doc({ weapons: [yumi, katana] }, { using: 'yumi', rounds: [{ void: 'damage' }] }))[0]).toMatch(/Void adds to damage only with a katana \(his yumi is not one; set a weapon's voidDamage for a katana by another name\)$/)
    expect(issues(doc({ weapons: [yumi, katana] }, { using: 'katana', rounds: [{ void: 'damage' }] }))).toEqual([])
  })
  it('a file without weapons keeps its hash (the new fields are optional)', () => {
    const raw = JSON.parse(readFileSync(join(dir, 'l5r-archer.json'), 'utf8')) as Doc
    const parsed = parseScenario(raw)
    expect(parsed.ok && 'weapons' in (parsed.scenario as unknown as { combatants: Doc[] }).combatants[0]).toBe(false)
  })
})

describe('several weapons: which he uses', () => {
  it('a weapon named in using plays exactly as that one weapon alone (same seed, same numbers)', () => {
    for (const [using, alone] of [['katana', katana], ['yumi', yumi]] as [string, Doc][]) {
      const listed = tallyOf(parse(doc({ weapons: [yumi, katana] }, { using })), 3000)
      const single = tallyOf(parse(doc(alone === yumi ? { weapon: alone, attackTrait: undefined } : { weapon: alone })), 3000)
      expect(Array.from(listed.counts)).toEqual(Array.from(single.counts))
      expect(Array.from(listed.bins)).toEqual(Array.from(single.bins))
    }
    // absent: the first listed
    expect(Array.from(tallyOf(parse(doc({ weapons: [katana, yumi] })), 2000).counts)).toEqual(Array.from(tallyOf(parse(doc({ weapon: katana })), 2000).counts))
  })

  it('"best" takes the weapon with the most expected wounds, P(roll ≥ TN) × E[damage − Reduction] from exact rolls (hand-worked at his Armor TN 15 in Full Attack: the katana; 25 in Attack Stance: the yumi)', () => {
    // Goro: Agility 3, light armour: Armor TN 5 + 15 + 5 = 25, 15 in Full Attack; Reduction 3. Mei calls no Raises.
    // yumi: (Agility 4 + 4) k 4 = 8k4 to hit, (min(3, 4) + 2) k 2 = 5k2 damage; katana: (3 + 4) k 3 = 7k3, (4 + 3) k 2 = 7k2
    const value = (attack: [number, number], damage: [number, number], tn: number): number =>
      probabilityAtLeast(exactRoll({ rolled: attack[0], kept: attack[1], bonus: 0 }, true), tn) * expectedAbove(exactRoll({ rolled: damage[0], kept: damage[1], bonus: 0 }, true), 3)
    for (const [stance, tn] of [['full-attack', 15], ['attack', 25]] as const) {
      const bow = value([8, 4], [5, 2], tn)
      const blade = value([7, 3], [7, 2], tn)
      const want = blade > bow ? 'katana' : 'yumi'
      expect(want).toBe(stance === 'full-attack' ? 'katana' : 'yumi')
      // Earth 10: Healthy however hard Goro hits first, so no wound penalty on her TN
      const line = traceOf(parse(doc({ weapons: [yumi, katana], earth: 10 }, { using: 'best' }, [{ stance }])), 1).find((t) => t.startsWith('Mei takes the '))
      const other = want === 'katana' ? 'yumi' : 'katana'
      expect(line).toBe(`Mei takes the ${want}: best against Goro as things stand, ${Math.max(bow, blade).toFixed(1)} expected wounds an attack against ${Math.min(bow, blade).toFixed(1)} for the ${other}.`)
    }
  })

  it('ties go to the earlier listed; a bow is left out in Full Attack', () => {
    const twin = traceOf(parse(doc({ weapons: [{ ...katana, name: 'daisho' }, katana] }, { using: 'best' })), 2)
    expect(twin.find((t) => t.startsWith('Mei takes the '))).toMatch(/^Mei takes the daisho: /)
    const fa = traceOf(parse(doc({ weapons: [yumi, { ...katana, rolled: 0, kept: 1 }] }, { using: 'best', rounds: [{ stance: 'full-attack' }] })), 3)
    expect(fa.find((t) => t.startsWith('Mei takes the '))).toMatch(/^Mei takes the katana: .* against the yumi cannot be used in Full Attack\.$/)
    expect(fa.some((t) => t.includes('with the yumi'))).toBe(false)
  })

  it('the exact whole skirmish follows a named weapon, and "best" chosen afresh at each attack: in Full Attack (no bow) "best" is the katana to 1e-12', () => {
    expect(solveSkirmish(compile(parse(doc({ weapons: [yumi, katana] }, { using: 'katana' })))).ok).toBe(true)
    const fa = [{ stance: 'full-attack' }]
    const best = solveSkirmish(compile(parse(doc({ weapons: [yumi, katana] }, { using: 'best', rounds: fa }))))
    const blade = solveSkirmish(compile(parse(doc({ weapons: [yumi, katana] }, { using: 'katana', rounds: fa }))))
    if (!best.ok || !blade.ok) throw new Error('not solved')
    best.solution.win.forEach((p, i) => expect(Math.abs(p - blade.solution.win[i])).toBeLessThan(1e-12))
    expect(Math.abs(best.solution.draw - blade.solution.draw)).toBeLessThan(1e-12)
  })
})

describe('several weapons: Tactics option sets and the example', () => {
  const raw = JSON.parse(readFileSync(join(dir, EXAMPLE), 'utf8')) as Doc & { description: string; choices: { metric: string; a: { name: string; patch: unknown }[]; b: { name: string; patch: unknown }[] }; run: { seed: number } }
  const scenario = parseScenario(withoutChoices(raw))
  if (!scenario.ok) throw new Error('the example does not parse')
  const s = scenario.scenario as L5rScenario

  it('each of her weapons and her best against this foe; Stances for both (no Full Attack for a bow alone)', () => {
    const sets = (id: string) => l5r.optionSets(s, id).map((x) => [x.kind, x.options.map((o) => o.name)])
    expect(sets('archer')).toEqual([
      ['attacks', ['yumi', 'katana', 'his best against this foe']],
      ['defences', ['Full Attack every Round', 'Attack Stance every Round', 'Defense Stance every Round', 'Full Defense every Round']],
    ])
    expect(sets('lion')).toEqual([['defences', ['Full Attack every Round', 'Attack Stance every Round', 'Defense Stance every Round', 'Full Defense every Round']]])
    const bowOnly = parseScenario(withoutChoices(JSON.parse(readFileSync(join(dir, 'l5r-archer.json'), 'utf8'))))
    if (!bowOnly.ok) throw new Error('l5r-archer.json does not parse')
    expect(l5r.optionSets(bowOnly.scenario as L5rScenario, 'archer').map((x) => x.options.map((o) => o.name))).toEqual([['Attack Stance every Round', 'Defense Stance every Round', 'Full Defense every Round']])
  })

  it('each option applied to the example parses and changes what the fighter does', () => {
    const plays = (d: unknown): string => {
      const r = parseScenario(d)
      if (!r.ok) throw new Error('does not parse')
      return traceOf(r.scenario as L5rScenario, 7).join('\n')
    }
    for (const id of ['archer', 'lion']) {
      for (const set of l5r.optionSets(s, id)) {
        const traces = set.options.map((o) => {
          const patched = mergePatch(withoutChoices(raw), o.patch)
          expect(parseScenario(patched).ok, `${id}: ${o.name}`).toBe(true)
          return plays(patched)
        })
        expect(new Set(traces).size, `${id}: ${set.label}`).toBe(traces.length)
      }
    }
  })

  it('the example states its own figures: her best weapon each time about 72% against Full Attack (yumi 70%, katana 67%); against Attack Stance about 86% (katana 70%); he should Full Attack', async () => {
    let clock = 0
    const seed = raw.run.seed
    const trials = 20_000
    const answer = await playTactics({
      scenario: raw,
      a: raw.choices.a,
      b: raw.choices.b,
      query: parseMetricQuery(raw.choices.metric),
      trials,
      seed,
      run: (sc, n) => runJob({ scenario: sc, trials: n, seed, chunkSize: trials, concurrency: 1, workers: 1, execute: async (t) => runChunk(t), now: () => (clock += 1) }),
    })
    expect(answer.equilibrium.a['her best against this foe']).toBeGreaterThan(0.99)
    expect(answer.equilibrium.b['Full Attack every Round']).toBeGreaterThan(0.99)
    const cell = (a: number, b: number): number => 100 * answer.cells[a][b].estimate
    // the description's rounded figures, each within half a point plus 3 standard errors of this recomputation
    const near = (value: number, stated: number): void => {
      const p = value / 100
      expect(Math.abs(value - stated), `${stated}%: recomputed ${value.toFixed(2)}%`).toBeLessThanOrEqual(0.5 + 300 * Math.sqrt((p * (1 - p)) / trials))
    }
    const said = (words: string): number => Number(new RegExp(`${words} (\\d+)%`).exec(raw.description)?.[1])
    near(cell(0, 0), said('taking her best weapon each time wins about'))
    near(cell(1, 0), said('against'))
    near(cell(2, 0), said('and'))
    near(cell(0, 1), said('pays \\(about'))
    near(cell(1, 1), said('pays \\(about'))
    near(cell(2, 1), said('86%, and'))
  })
})
