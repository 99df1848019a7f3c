import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Rng } from '../../core/rng'
import { createStream } from '../../core/rng'
import { createTally } from '../../core/tally'
import type { TraceEvent } from '../../core/trace'
import { parseScenarioOrThrow } from '../../run/parse'
import { emptyPool } from '../../dice/narrative-dice'
import { exactCheck, summarizeCheck } from '../../dice/narrative-exact'
import { critEffectOf, critRow } from './crit-effects'
import { playFight } from './fight'
import { criticalInjury, spendAdvantage } from './fight-aftermath'
import type { FightPlan } from './fight-plan'
import { genesys } from './index'
import { turnBudget } from './maneuvers'

const examples = join(__dirname, '..', '..', '..', '..', 'resources', 'examples')
const load = (file: string): Record<string, unknown> => JSON.parse(readFileSync(join(examples, file), 'utf8')) as Record<string, unknown>
const fightPlan = (doc: Record<string, unknown>): FightPlan => genesys.compile(parseScenarioOrThrow(doc).scenario as never) as FightPlan
const duel = load('genesys-blaster-duel.json')
const melee = load('genesys-guarded-stance-duel.json')
const withPlans = (doc: Record<string, unknown>, plans: unknown[], rules: Record<string, string> = {}): Record<string, unknown> => ({ ...doc, plans, rules })

function traced(plan: FightPlan, seed: number): TraceEvent[] {
  const log: TraceEvent[] = []
  playFight(plan, createStream(seed, 0), createTally({ counters: plan.layout.counters, bins: plan.layout.bins }), log)
  return log
}

/** Traces of seeds 0..n−1, concatenated fight by fight. */
function traces(plan: FightPlan, n: number): TraceEvent[][] {
  return Array.from({ length: n }, (_, seed) => traced(plan, seed))
}

/** An Rng whose d100 always shows `d100` (criticalInjury draws nothing else). */
const fixedD100 = (d100: number): Rng => ({ u32: () => 0, below: () => 0, die: () => d100 })

describe('turn economy fixes', () => {
  it('a turn without an attack pays the second maneuver with the idle action, not with strain', () => {
    expect(turnBudget(2, 'none', 0, 10)).toEqual({ maneuvers: 2, strain: 0, actionLeft: false })
  })
  it('a Move toward a foe he is already engaged with is not spent (the brawler, engaged by the duellist, attacks without moving)', () => {
    const plan = fightPlan({ ...melee, maxRounds: 1 })
    for (const log of traces(plan, 20)) {
      const moves = log.filter((e) => e.kind === 'maneuver' && e.text.includes('move'))
      expect(moves).toHaveLength(1)
      expect(moves[0].text).toMatch(/move \(engages /)
    }
  })
  it('a staggered character takes no action (Stunned critical injury)', () => {
    const plan = fightPlan(melee)
    let seen = 0
    for (const log of traces(plan, 400)) {
      const i = log.findIndex((e) => e.kind === 'crit' && e.text.includes('Stunned'))
      if (i < 0) continue
      const victim = log[i].who[0]
      const next = log.slice(i + 1).find((e) => e.who[0] === victim && (e.kind === 'roll' || e.text.includes('staggered: no action')))
      if (!next) continue
      expect(next.text).toContain('is staggered: no action this turn')
      seen++
    }
    expect(seen).toBeGreaterThan(0)
  })
})

const into = {
    ...duel,
    range: 'short',
    combatants: [
      ...(duel.combatants as Record<string, unknown>[]),
      { id: 'wookiee', name: 'Wookiee', side: 'A', brawn: 4, attack: { characteristic: 4, skill: 2 }, initiative: { characteristic: 2, skill: 0 }, weapon: { name: 'fists', skill: 'brawl', damage: 0, crit: 5, addsBrawn: true, range: 'engaged' }, soak: 5, woundThreshold: 20, strainThreshold: 14 },
    ],
    plans: [
      { combatant: 'smuggler', turns: [{ action: 'attack' }] },
      { combatant: 'hunter', turns: [{ action: 'none' }] },
      { combatant: 'wookiee', turns: [{ maneuvers: ['move'], action: 'attack' }] },
    ],
    rules: { initiativeSlots: 'individual' },
}

describe('shooting into an engagement (docs/rules/genesys.md section 4, EotE p.219)', () => {
  it('a shot at a target engaged with an ally has its difficulty upgraded once', () => {
    const shots = traces(fightPlan(into), 30).flat().filter((e) => e.text.includes('Smuggler fires') && e.text.includes('engaged with Wookiee'))
    expect(shots.length).toBeGreaterThan(0)
    // 1K when the Wookiee has bowled the hunter over (prone: Setback to ranged attacks)
    for (const e of shots) expect(e.text).toMatch(/vs 1R( 1K)? →/)
  })
  it('a successful shot with a Despair hits the engaged ally instead', () => {
    let seen = 0
    for (const log of traces(fightPlan(into), 600)) {
      const i = log.findIndex((e) => e.text.includes('Smuggler fires') && e.text.includes('engaged with') && e.text.includes('Despair') && !/net (-\d+|0) success/.test(e.text))
      if (i < 0) continue
      expect(log[i + 1].text).toBe('Despair: the shot hits Wookiee instead.')
      expect(log[i + 2].text).toMatch(/Wookiee takes/)
      seen++
    }
    expect(seen).toBeGreaterThan(0)
  })
})

describe('Adversary talent (docs/rules/genesys.md section 3)', () => {
  // criticals only kill here, so no lasting injury adds dice of its own
  const hunterWith = (adversary: number): Record<string, unknown> => ({
    ...duel,
    rules: { criticalEffects: 'severity-only' },
    combatants: (duel.combatants as Record<string, unknown>[]).map((c) => (c.id === 'hunter' ? { ...c, adversary } : c)),
  })
  it('Adversary 2: every shot at him has its difficulty upgraded twice (2Y 1G vs 2P becomes 2Y 1G vs 2R)', () => {
    const shots = traces(fightPlan(hunterWith(2)), 10).flat().filter((e) => e.text.startsWith('Smuggler fires'))
    expect(shots.length).toBeGreaterThan(0)
    for (const e of shots) expect(e.text).toContain(': 2Y 1G vs 2R →')
    const back = traces(fightPlan(hunterWith(2)), 10).flat().filter((e) => e.text.startsWith('Bounty hunter fires'))
    for (const e of back) expect(e.text).toContain(': 1Y 2G vs 2P →')
  })
  it('Adversary 3 on an Average shot adds a Difficulty die after both are upgraded, and the exact opening P(hit) uses it', () => {
    const exact = genesys.exact(fightPlan(hunterWith(3)) as never)
    const opening = exact.find((m) => m.id === 'opening-hit:smuggler')
    const p = summarizeCheck(exactCheck({ ...emptyPool(), proficiency: 2, ability: 1, challenge: 2, difficulty: 1 })).success
    expect(opening?.kind === 'probability' ? opening.p : NaN).toBeCloseTo(p, 12)
    const shots = traces(fightPlan(hunterWith(3)), 5).flat().filter((e) => e.text.startsWith('Smuggler fires'))
    for (const e of shots) expect(e.text).toContain(': 2Y 1G vs 2R 1P →')
  })
  it('Adversary above 5 is rejected with the allowed range', () => {
    expect(() => fightPlan(hunterWith(6))).toThrow(/combatants\[1\]\.adversary: .*0.*5/)
  })
})

describe('Despair empties a ranged weapon (variant "despair")', () => {
  it('"reload": the next turn starts with a Manage Gear maneuver to reload', () => {
    let seen = 0
    for (const log of traces(fightPlan({ ...into, rules: { ...into.rules, despair: 'reload' } }), 300)) {
      const i = log.findIndex((e) => e.text.includes('runs out of ammunition'))
      if (i < 0) continue
      const who = log[i].who[0]
      const next = log.slice(i + 1).find((e) => e.who[0] === who && (e.kind === 'maneuver' || e.kind === 'roll'))
      if (!next) continue
      expect(next.text).toMatch(/manage gear \(reloads\)/)
      seen++
    }
    expect(seen).toBeGreaterThan(0)
  })
  it('"ignore": a Despair never empties the weapon', () => {
    const logs = traces(fightPlan({ ...into, rules: { ...into.rules, despair: 'ignore' } }), 200).flat()
    expect(logs.some((e) => e.text.includes('Despair'))).toBe(true)
    expect(logs.some((e) => e.text.includes('runs out of ammunition'))).toBe(false)
  })
})

describe('Critical Injury effects (variant "criticalEffects")', () => {
  it('table rows: 1–5 Minor Nick, 31–35 Stunned, 41–45 Bowled Over, 131–140 Bleeding Out, 141–150 The End is Nigh, 151+ Dead', () => {
    expect([1, 5, 31, 35, 41, 45, 131, 140, 141, 150, 151, 260].map((r) => critRow(r).name)).toEqual(['Minor Nick', 'Minor Nick', 'Stunned', 'Stunned', 'Bowled Over', 'Bowled Over', 'Bleeding Out', 'Bleeding Out', 'The End is Nigh', 'The End is Nigh', 'Dead', 'Dead'])
  })
  it('"severity-only" keeps only death', () => {
    expect(critEffectOf(33, false)).toBe('none')
    expect(critEffectOf(160, false)).toBe('dead')
    expect(critEffectOf(33, true)).toBe('stunned')
  })
  const apply = (d100: number, existing = 0, triggers = 1): FightPlan => {
    const plan = fightPlan(duel)
    plan.state.injuries[1] = existing
    criticalInjury(plan, fixedD100(d100), createTally({ counters: plan.layout.counters, bins: plan.layout.bins }), 0, 1, triggers, 3)
    return plan
  }
  it('Minor Nick: 1 strain', () => expect(apply(3).state.strain[1]).toBe(1))
  it('Off-Balance: a Setback die on his next check; Stinger: his next check one Difficulty die harder', () => {
    expect(apply(22).state.nextSetback[1]).toBe(1)
    expect(apply(38).state.nextIncrease[1]).toBe(1)
  })
  it('Stunned: staggered through his next turn; Knocked Senseless: for good', () => {
    expect(apply(33).state.staggered[1]).toBe(1)
    expect(apply(123).state.staggered[1]).toBeGreaterThan(1000)
  })
  it('Bowled Over: knocked prone and 1 strain', () => {
    const s = apply(43).state
    expect([s.prone[1], s.knockedDown[1], s.strain[1]]).toEqual([1, 1, 1])
  })
  it('+10 per existing injury: d100 35 on a target with one injury is Bowled Over (45), not Stunned', () => {
    expect(apply(35, 1).state.prone[1]).toBe(1)
  })
  it('Bleeding Out: marked to bleed; The End is Nigh: dies after round 4 when struck in round 3; 151+: dead', () => {
    expect(apply(135).state.bleeding[1]).toBe(1)
    expect(apply(145).state.doom[1]).toBe(4)
    expect(apply(95, 6).state.wounds[1]).toBe(15)
  })
  it('a Bowled Over fighter stands up with his first maneuver on his next turn', () => {
    let seen = 0
    for (const log of traces(fightPlan(melee), 400)) {
      const i = log.findIndex((e) => e.kind === 'crit' && e.text.includes('Bowled Over'))
      if (i < 0) continue
      const who = log[i].who[0]
      const next = log.slice(i + 1).find((e) => e.who[0] === who && (e.kind === 'maneuver' || e.kind === 'roll'))
      if (!next) continue
      expect(next.text).toMatch(/: stand\.$/)
      seen++
    }
    expect(seen).toBeGreaterThan(0)
  })
})

describe('spending advantage (docs/rules/genesys.md section 6)', () => {
  const plan = (): FightPlan => fightPlan(withPlans(duel, [{ combatant: 'smuggler', turns: [{}], advantage: 'free-maneuver' }, { combatant: 'hunter', turns: [{}] }]))
  it('2 advantage buy a free maneuver: a shooter out of cover takes cover', () => {
    const p = plan()
    spendAdvantage(p, 0, 1, 2, 1)
    expect(p.state.cover[0]).toBe(1)
    expect(p.state.turnManeuvers[0]).toBe(1)
  })
  it('already in cover, the free maneuver is an Aim for his next shot', () => {
    const p = plan()
    p.state.cover[0] = 1
    spendAdvantage(p, 0, 1, 3, 1)
    expect(p.state.aims[0]).toBe(1)
  })
  it('1 advantage adds a Boost die to the next ally\'s check on top of the Assist dice he already has (it used to reset them to 1)', () => {
    const p = fightPlan(load('genesys-squad-cover.json'))
    p.state.boost[1] = 2
    spendAdvantage(p, 0, 3, 1, 1)
    expect(p.state.boost[1]).toBe(3)
  })
  it('the free maneuver stays within the cap of two maneuvers a turn; the advantage then recovers strain', () => {
    const p = plan()
    p.state.turnManeuvers[0] = 2
    p.state.strain[0] = 4
    spendAdvantage(p, 0, 1, 2, 1)
    expect([p.state.cover[0], p.state.strain[0]]).toEqual([0, 2])
  })
})
