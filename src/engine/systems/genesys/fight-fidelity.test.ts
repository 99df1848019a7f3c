import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createStream } from '../../core/rng'
import { createTally } from '../../core/tally'
import type { TraceEvent } from '../../core/trace'
import { parseScenario, parseScenarioOrThrow } from '../../run/parse'
import { advantageAfterCrit } from './damage'
import { playFight, reset, takeTurn } from './fight'
import { criticalInjury, spendAdvantage } from './fight-aftermath'
import { checkDefeat } from './fight-attack'
import { settleBands } from './fight-geometry'
import { maneuver } from './fight-maneuver'
import { EMPTY, type FightPlan } from './fight-plan'
import { genesys } from './index'

/**
 * Issue 15 items 9–14: the independent audit's findings on the narrative-dice fights. Each test failed
 * before its fix. Books: Edge of the Empire core rulebook (EotE) pp.209-210 (maneuvers, Aim), p.215
 * (critical injuries), spending Triumph/Despair; the maneuver text of the Star Wars turn rules (docs/rules/genesys.md section 5).
 */

const examples = join(__dirname, '..', '..', '..', '..', 'resources', 'examples')
const load = (file: string): Record<string, unknown> => JSON.parse(readFileSync(join(examples, file), 'utf8')) as Record<string, unknown>
const fightPlan = (doc: Record<string, unknown>): FightPlan => genesys.compile(parseScenarioOrThrow(doc).scenario as never) as FightPlan
const melee = load('genesys-guarded-stance-duel.json')

function traced(plan: FightPlan, seed: number): TraceEvent[] {
  const log: TraceEvent[] = []
  playFight(plan, createStream(seed, 0), createTally({ counters: plan.layout.counters, bins: plan.layout.bins }), log)
  return log
}

const knife = { name: 'vibro-knife', skill: 'melee', damage: 1, crit: 2, addsBrawn: true, range: 'engaged' }
const pistol = { name: 'blaster pistol', skill: 'ranged-light', damage: 6, crit: 3, range: 'medium' }
const fighter = (id: string, side: 'A' | 'B', weapon: Record<string, unknown>, extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  id, name: id, side, brawn: 3, attack: { characteristic: 3, skill: 2 }, initiative: { characteristic: 2, skill: 1 }, weapon, soak: 4, woundThreshold: 14, strainThreshold: 13, ...extra,
})
const fight = (range: string, combatants: Record<string, unknown>[], plans: Record<string, unknown>[], rules: Record<string, string> = {}): Record<string, unknown> => ({
  schemaVersion: 1, name: 'test', system: 'genesys', mode: 'fight', range, rules, combatants, plans, run: { trials: 1000, seed: 1 },
})

/** A plan reset as a fight starts, for turns played one by one with `takeTurn`. */
function ready(doc: Record<string, unknown>): { plan: FightPlan; turn: (f: number, seed?: number) => TraceEvent[] } {
  const plan = fightPlan(doc)
  reset(plan)
  const tally = createTally({ counters: plan.layout.counters, bins: plan.layout.bins })
  const turn = (f: number, seed = 1): TraceEvent[] => {
    const log: TraceEvent[] = []
    takeTurn(plan, createStream(seed, 0), tally, f, 1, log)
    return log
  }
  return { plan, turn }
}

describe('item 9: a Triumph that pays for a Critical Injury leaves the threat (Triumph/Despair and advantage/threat are separate tallies)', () => {
  it('2 threat and a Triumph that triggers the critical: 2 threat are still left to spend', () => {
    expect(advantageAfterCrit(-2, 1, 1, 3)).toBe(-2)
    expect(advantageAfterCrit(0, 1, 1, 3)).toBe(0)
    // advantage is still spent on the criticals it pays for
    expect(advantageAfterCrit(7, 1, 3, 3)).toBe(1)
  })
  it('in the Guarded Stance duel, every hit with a Triumph critical and net threat makes the attacker suffer that strain', () => {
    const plan = fightPlan(melee)
    let seen = 0
    for (let seed = 0; seed < 300; seed++) {
      const log = traced(plan, seed)
      log.forEach((e, i) => {
        const m = /net [1-9]\d* success, -(\d+) advantage, \d+ Triumph/.exec(e.text)
        if (e.kind !== 'roll' || !m) return
        const after = log.slice(i + 1, i + 6)
        if (!after.some((x) => x.kind === 'crit')) return
        expect(after.some((x) => x.text.startsWith(`${m[1]} threat: `)), `seed ${seed}: ${e.text}`).toBe(true)
        seen++
      })
    }
    expect(seen).toBeGreaterThan(0)
  })
})

describe('item 10: no strain for a second maneuver when the planned attack cannot happen (the Star Wars turn rules (docs/rules/genesys.md section 5): exchange the action for a maneuver)', () => {
  const plans = [
    { combatant: 'charger', turns: [{ maneuvers: ['move', 'move'], action: 'attack' }] },
    { combatant: 'target', turns: [{ action: 'none' }] },
  ]
  it('a knife fighter at long range moves twice with the action, not with 2 strain, and does not attack', () => {
    const { plan, turn } = ready(fight('long', [fighter('charger', 'A', knife), fighter('target', 'B', knife)], plans))
    const log = turn(0)
    expect(log.filter((e) => e.kind === 'maneuver').map((e) => e.text)).toEqual(['charger: move (closes on target).', 'charger: move (closes on target).'])
    expect(log.some((e) => e.text.includes('strain'))).toBe(false)
    expect(plan.state.strain[0]).toBe(0)
  })
  it('from medium range the second Move does reach him: then it costs 2 strain and he attacks', () => {
    const { plan, turn } = ready(fight('medium', [fighter('charger', 'A', knife), fighter('target', 'B', knife)], plans))
    const log = turn(0)
    expect(log.some((e) => e.text.includes('suffers 2 strain for a second maneuver'))).toBe(true)
    expect(log.some((e) => e.kind === 'roll')).toBe(true)
    expect(plan.state.strainSpent[0]).toBe(2)
  })
})

describe('item 11: targets that can be reached', () => {
  it('"sticky-first" attacks the first enemy he can attack this turn: the foe engaged with him, not the first one far away', () => {
    const doc = fight('long', [fighter('hero', 'A', knife), fighter('far', 'B', pistol), fighter('near', 'B', knife)], [
      { combatant: 'hero', turns: [{ maneuvers: ['move'], action: 'attack' }] },
      { combatant: 'far', turns: [{ action: 'none' }] },
      { combatant: 'near', turns: [{ action: 'none' }] },
    ])
    const { plan, turn } = ready(doc)
    plan.state.advance[2] = 4
    settleBands(plan, 2)
    const log = turn(0)
    expect(log.filter((e) => e.kind === 'maneuver')).toEqual([])
    expect(log.find((e) => e.kind === 'roll')?.text).toMatch(/^hero attacks with vibro-knife at near \(engaged\)/)
  })
  it('an engaged character disengages (one Move) before he moves toward another enemy (the Star Wars turn rules (docs/rules/genesys.md section 5) "Engage or Disengage")', () => {
    const doc = fight('long', [fighter('hero', 'A', knife), fighter('far', 'B', pistol), fighter('near', 'B', knife)], [
      { combatant: 'hero', turns: [{ maneuvers: ['move', 'move'], action: 'exchange' }] },
      { combatant: 'far', turns: [{ action: 'none' }] },
      { combatant: 'near', turns: [{ action: 'none' }] },
    ])
    const { plan } = ready(doc)
    plan.state.advance[2] = 4
    settleBands(plan, 2)
    const log: TraceEvent[] = []
    maneuver(plan, 0, 1, 'move', 1, log)
    expect([plan.state.advance[0], log[0].text]).toEqual([0, 'hero: move (disengages from near).'])
    maneuver(plan, 0, 1, 'move', 1, log)
    expect([plan.state.advance[0], log[1].text]).toEqual([1, 'hero: move (closes on far).'])
  })
  it('an Assist with no ally beside him is not taken', () => {
    const { turn } = ready(fight('medium', [fighter('lone', 'A', pistol), fighter('foe', 'B', pistol)], [
      { combatant: 'lone', turns: [{ maneuvers: ['assist'], action: 'attack' }] },
      { combatant: 'foe', turns: [{ action: 'none' }] },
    ]))
    expect(turn(0).filter((e) => e.kind === 'maneuver')).toEqual([])
  })
})

describe('item 12: the exact opening hit only where the opening attack is possible', () => {
  const exactIds = (doc: Record<string, unknown>): string[] => genesys.exact(fightPlan(doc) as never).map((m) => m.id).filter((id) => id.startsWith('opening-hit'))
  const plans = [{ combatant: 'a', turns: [{}] }, { combatant: 'b', turns: [{}] }]
  it('a blaster pistol (reach medium) at long range: n/a (no number)', () => {
    expect(exactIds(fight('long', [fighter('a', 'A', pistol), fighter('b', 'B', { ...pistol, range: 'long' })], plans))).toEqual(['opening-hit:b'])
  })
  it('Gunnery at Engaged: n/a', () => {
    expect(exactIds(fight('engaged', [fighter('a', 'A', { ...pistol, skill: 'gunnery' }), fighter('b', 'B', knife)], plans))).toEqual(['opening-hit:b'])
  })
})

describe('item 13: Despair and ammunition (variant "despair")', () => {
  const shooters = (reloads: number, rules: Record<string, string> = {}): ReturnType<typeof ready> =>
    ready(fight('medium', [fighter('shooter', 'A', pistol, { reloads }), fighter('foe', 'B', pistol)], [
      { combatant: 'shooter', turns: [{ action: 'attack' }] },
      { combatant: 'foe', turns: [{ action: 'none' }] },
    ], rules))
  it('"out-of-ammo" (default): without reloads the emptied weapon stays empty for the rest of the fight', () => {
    const { plan, turn } = shooters(0)
    plan.state.noAmmo[0] = EMPTY
    for (let k = 0; k < 3; k++) {
      const log = turn(0, k)
      expect(log.some((e) => e.kind === 'roll' || e.text.includes('manage gear'))).toBe(false)
      expect(log.map((e) => e.text)).toContain('shooter is out of ammunition and has no reload: he cannot attack.')
    }
    expect(plan.state.noAmmo[0]).toBe(EMPTY)
  })
  it('"out-of-ammo" with 1 reload: one Manage Gear reloads and uses it up; a second empty weapon stays empty', () => {
    const { plan, turn } = shooters(1)
    plan.state.noAmmo[0] = EMPTY
    const log = turn(0)
    expect(log.find((e) => e.kind === 'maneuver')?.text).toBe('shooter: manage gear (reloads, 0 reloads left).')
    expect(plan.state.reloads[0]).toBe(0)
    plan.state.noAmmo[0] = EMPTY
    expect(turn(0, 2).some((e) => e.kind === 'roll' || e.kind === 'maneuver')).toBe(false)
  })
  it('"reload": one Manage Gear always reloads, as before', () => {
    const { plan, turn } = shooters(0, { despair: 'reload' })
    for (let k = 0; k < 2; k++) {
      plan.state.noAmmo[0] = EMPTY
      expect(turn(0, k).find((e) => e.kind === 'maneuver')?.text).toBe('shooter: manage gear (reloads).')
    }
  })
  it('in a whole fight under the default, a shooter never fires again after his weapon runs out', () => {
    // Adversary 1 on both: a Challenge die in every shot, so Despairs happen
    const duel = load('genesys-blaster-duel.json')
    const plan = fightPlan({ ...duel, combatants: (duel.combatants as Record<string, unknown>[]).map((c) => ({ ...c, adversary: 1 })) })
    let seen = 0
    for (let seed = 0; seed < 300; seed++) {
      const log = traced(plan, seed)
      const i = log.findIndex((e) => e.text.includes('runs out of ammunition'))
      if (i < 0) continue
      const who = log[i].who[0]
      expect(log.slice(i + 1).some((e) => e.kind === 'roll' && e.who[0] === who)).toBe(false)
      seen++
    }
    expect(seen).toBeGreaterThan(0)
  })
})

describe('item 14: Assist gives one Boost die per assisting character, until the assisted character\'s next turn ends (the Star Wars turn rules (docs/rules/genesys.md section 5) Assist)', () => {
  const squad = (): ReturnType<typeof ready> =>
    ready(fight('medium', [fighter('helper', 'A', pistol), fighter('other', 'A', pistol), fighter('shooter', 'A', pistol), fighter('foe', 'B', pistol)], [
      { combatant: 'helper', turns: [{ maneuvers: ['assist', 'assist'], action: 'none' }] },
      { combatant: 'other', turns: [{ maneuvers: ['assist'], action: 'none' }] },
      { combatant: 'shooter', turns: [{ action: 'attack' }, { action: 'none' }] },
      { combatant: 'foe', turns: [{ action: 'none' }] },
    ]))
  const boosts = (log: TraceEvent[]): string | undefined => /(\d+)B vs/.exec(log.find((e) => e.kind === 'roll')?.text ?? '')?.[1]
  // an Assist goes to the first standing ally beside him: the others are taken out for a moment to point it at the shooter
  it('one character assisting twice gives one Boost die, not two', () => {
    const { plan, turn } = squad()
    plan.state.down[1] = 1
    turn(0)
    expect(boosts(turn(2))).toBe('1')
  })
  it('two characters assisting give two Boost dice', () => {
    const { plan, turn } = squad()
    plan.state.down[1] = 1
    turn(0)
    plan.state.down[1] = 0
    plan.state.down[0] = 1
    turn(1)
    plan.state.down[0] = 0
    expect(boosts(turn(2))).toBe('2')
  })
  it('the Boost dice are gone after the assisted character\'s next turn, even without a check', () => {
    const { plan, turn } = squad()
    plan.state.down[1] = 1
    turn(0)
    plan.state.turnsTaken[2] = 1 // his "none" turn
    turn(2)
    plan.state.turnsTaken[2] = 0 // his attack turn
    expect(boosts(turn(2))).toBeUndefined()
  })
})

describe('item 15: rivals have no strain threshold (EotE adversaries: rivals)', () => {
  const plans = [
    { combatant: 'rival', turns: [{ maneuvers: ['aim', 'aim'], action: 'attack' }] },
    { combatant: 'foe', turns: [{ action: 'none' }] },
  ]
  const doc = (rival: boolean): Record<string, unknown> => fight('medium', [fighter('rival', 'A', pistol, { rival, strainThreshold: 1 }), fighter('foe', 'B', pistol)], plans)
  it('the 2 strain of a second Aim are suffered as wounds, and he is not out for strain', () => {
    const { plan, turn } = ready(doc(true))
    const log = turn(0)
    expect(log.find((e) => e.text.includes('suffers 2 strain'))?.text).toBe('rival suffers 2 strain for a second maneuver (as wounds, 2/14).')
    expect(plan.state.strain[0]).toBe(0)
    expect(plan.state.wounds[0]).toBeGreaterThanOrEqual(2)
    expect(plan.state.down[0]).toBe(0)
  })
  it('threat on his attack is suffered as wounds too; a character with the same numbers is not a rival and buys no second Aim past strain threshold 1', () => {
    const { plan, turn } = ready(doc(false))
    turn(0)
    expect(plan.state.strainSpent[0]).toBe(0)
    let seen = 0
    for (let seed = 0; seed < 40; seed++) {
      const r = ready(doc(true))
      const log = r.turn(0, seed)
      const threat = log.find((e) => / threat: rival suffers \d+ strain/.test(e.text))
      if (!threat) continue
      expect(threat.text).toMatch(/\(as wounds, \d+\/14\)\.$/)
      expect(r.plan.state.strain[0]).toBe(0)
      seen++
    }
    expect(seen).toBeGreaterThan(0)
  })
})

describe('item 15: starting range per pair of opponents', () => {
  const cast = [fighter('brawler', 'A', knife), fighter('sniper', 'A', { ...pistol, range: 'long' }), fighter('thug', 'B', knife)]
  const plans = [
    { combatant: 'brawler', turns: [{ maneuvers: ['move'], action: 'attack' }] },
    { combatant: 'sniper', turns: [{ action: 'attack' }] },
    { combatant: 'thug', turns: [{ action: 'none' }] },
  ]
  const doc = fight('long', cast, plans)
  const paired = { ...doc, ranges: [{ between: ['thug', 'brawler'], range: 'engaged' }] }
  it('a brawler who starts engaged with the thug attacks at once while the sniper is still at long range', () => {
    const { plan, turn } = ready(paired)
    expect([plan.state.band[0 * 3 + 2], plan.state.band[1 * 3 + 2]]).toEqual([0, 3])
    const log = turn(0)
    expect(log.filter((e) => e.kind === 'maneuver')).toEqual([])
    expect(log.find((e) => e.kind === 'roll')?.text).toMatch(/^brawler attacks with vibro-knife at thug \(engaged\)/)
    expect(genesys.exact(fightPlan(paired) as never).filter((m) => m.id.startsWith('opening-hit')).map((m) => m.label)).toEqual([
      "brawler's opening attack hits thug while engaged",
      "sniper's opening attack hits thug at long range",
      "thug's opening attack hits brawler while engaged",
    ])
  })
  it('without the pair everyone starts at long range', () => {
    const { plan } = ready(doc)
    expect(Array.from(plan.state.band)).toEqual(Array(9).fill(3))
  })
  it('a pair on the same side or an unknown id is rejected, naming the field', () => {
    const bad = { ...doc, ranges: [{ between: ['brawler', 'sniper'], range: 'short' }, { between: ['thug', 'ghost'], range: 'short' }] }
    const r = parseScenario(bad)
    expect(r.ok ? [] : r.issues.map((i) => `${i.path}: ${i.message}`)).toEqual([
      'ranges[0].between: must name two opponents (one on side A, one on side B), got ["brawler","sniper"]',
      'ranges[1].between[1]: must be one of the combatant ids "brawler", "sniper", "thug", got "ghost"',
    ])
  })
})

describe('item 15: threat and advantage spends beyond strain (EotE spending advantage and threat in combat)', () => {
  const duelDoc = (rules: Record<string, string> = {}, advantage = 'recover-strain'): Record<string, unknown> =>
    fight('medium', [fighter('shooter', 'A', pistol), fighter('foe', 'B', pistol)], [
      { combatant: 'shooter', turns: [{ action: 'attack' }], advantage },
      { combatant: 'foe', turns: [{ action: 'attack' }] },
    ], rules)
  it('"strain" (default): 5 threat are 5 strain', () => {
    const { plan } = ready(duelDoc())
    spendAdvantage(plan, 0, 1, -5, 1)
    expect([plan.state.strain[0], plan.state.prone[0], plan.state.cover[1]]).toEqual([5, 0, 0])
  })
  it('"tactical": of 6 threat, 3 knock the attacker prone, 2 give the target a free maneuver (he takes cover), 1 is strain', () => {
    const { plan } = ready(duelDoc({ threatSpend: 'tactical' }))
    const log: TraceEvent[] = []
    spendAdvantage(plan, 0, 1, -6, 1, log)
    expect([plan.state.strain[0], plan.state.prone[0], plan.state.cover[1]]).toEqual([1, 1, 1])
    expect(log.map((e) => e.text)).toEqual(['3 threat: shooter falls prone.', '2 threat: foe takes a free maneuver.', 'foe: take-cover.', '1 threat: shooter suffers 1 strain (1/13).'])
  })
  it('advantage "defense": 3 advantage put a Setback die on attacks against him until the end of his next turn', () => {
    const { plan, turn } = ready(duelDoc({ criticalEffects: 'severity-only' }, 'defense'))
    spendAdvantage(plan, 0, 1, 3, 1)
    expect(plan.state.defended[0]).toBe(2)
    expect(turn(1).find((e) => e.kind === 'roll')?.text).toContain(': 2Y 1G vs 2P 1K →')
  })
})

describe('item 15: minion groups (EotE adversaries: minions)', () => {
  // three troopers, 5 wounds each, Agility 3: group skill 2 with three standing, 1 with two, 0 with one
  const doc = fight('medium', [fighter('hero', 'A', pistol), fighter('squad', 'B', pistol, { minions: 3, woundThreshold: 5, attack: { characteristic: 3, skill: 0 } })], [
    { combatant: 'hero', turns: [{ action: 'none' }] },
    { combatant: 'squad', turns: [{ action: 'attack' }] },
  ], { criticalEffects: 'severity-only' })
  it('the group shares one pool of wounds (3 × 5) and attacks with skill = minions standing − 1', () => {
    const { plan, turn } = ready(doc)
    expect(plan.fighters[1].c.woundThreshold).toBe(15)
    expect(turn(1).find((e) => e.kind === 'roll')?.text).toContain(': 2Y 1G vs 2P →')
    plan.state.wounds[1] = 6
    expect(turn(1, 2).find((e) => e.kind === 'roll')?.text).toContain(': 1Y 2G vs 2P →')
    plan.state.wounds[1] = 11
    expect(turn(1, 3).find((e) => e.kind === 'roll')?.text).toContain(': 3G vs 2P →')
  })
  it('a Critical Injury defeats one minion; the group is out when its wounds pass 15', () => {
    const { plan } = ready(doc)
    plan.state.wounds[1] = 2
    const log: TraceEvent[] = []
    criticalInjury(plan, { u32: () => 0, below: () => 0, die: () => 50 }, createTally({ counters: plan.layout.counters, bins: plan.layout.bins }), 0, 1, 1, 1, log)
    expect([plan.state.wounds[1], log[0].text]).toEqual([6, 'Critical Injury on squad: one minion is defeated (2 of 3 standing).'])
    plan.state.wounds[1] = 15
    checkDefeat(plan, 1, createTally({ counters: plan.layout.counters, bins: plan.layout.bins }), 1)
    expect(plan.state.down[1]).toBe(0)
    plan.state.wounds[1] = 16
    checkDefeat(plan, 1, createTally({ counters: plan.layout.counters, bins: plan.layout.bins }), 1)
    expect(plan.state.down[1]).toBe(1)
  })
})
