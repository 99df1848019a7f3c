import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Rng } from '../../core/rng'
import { createStream } from '../../core/rng'
import { createTally } from '../../core/tally'
import type { TraceEvent } from '../../core/trace'
import { parseScenarioOrThrow } from '../../run/parse'
import type { CheckPlan } from './check'
import { playFight } from './fight'
import { criticalInjury } from './fight-aftermath'
import type { FightPlan } from './fight-plan'
import { genesys } from './index'
import { checkScenario } from './test-helpers'

/**
 * Issue 15 item 15, weapon qualities (Edge of the Empire core rulebook, item qualities): Accurate,
 * Inaccurate, Pierce, Breach, Vicious, Stun Damage, Knockdown, Linked, Auto-fire, Blast.
 */
const examples = join(__dirname, '..', '..', '..', '..', 'resources', 'examples')
const duel = JSON.parse(readFileSync(join(examples, 'genesys-blaster-duel.json'), 'utf8')) as Record<string, unknown>
const fightPlan = (doc: Record<string, unknown>): FightPlan => genesys.compile(parseScenarioOrThrow(doc).scenario as never) as FightPlan
const fixedD100 = (d100: number): Rng => ({ u32: () => 0, below: () => 0, die: () => d100 })

/** The blaster duel with the smuggler's weapon given these qualities (and rules). */
function armed(qualities: Record<string, unknown>, rules: Record<string, string> = {}, extra: Record<string, unknown>[] = [], weapon: Record<string, unknown> = {}): FightPlan {
  const combatants = (duel.combatants as Record<string, unknown>[]).map((c) => (c.id === 'smuggler' ? { ...c, weapon: { ...(c.weapon as object), ...weapon, qualities } } : c))
  const plans = [...(duel.plans as Record<string, unknown>[]), ...extra.map((c) => ({ combatant: c.id, turns: [{ action: 'none' }] }))]
  return fightPlan({ ...duel, rules, combatants: [...combatants, ...extra], plans })
}

function traces(plan: FightPlan, n: number): TraceEvent[] {
  const out: TraceEvent[] = []
  for (let seed = 0; seed < n; seed++) playFight(plan, createStream(seed, 0), createTally({ counters: plan.layout.counters, bins: plan.layout.bins }), out)
  return out
}
const shots = (log: TraceEvent[]): TraceEvent[] => log.filter((e) => e.kind === 'roll' && e.text.startsWith('Smuggler fires'))

describe('dice qualities', () => {
  it('Accurate 2 adds 2 Boost dice, Inaccurate 1 a Setback die: 2Y 1G vs 2P becomes 2Y 1G 2B vs 2P 1K', () => {
    const s = shots(traces(armed({ accurate: 2, inaccurate: 1 }, { criticalEffects: 'severity-only' }), 5))
    expect(s.length).toBeGreaterThan(0)
    for (const e of s) expect(e.text).toContain(': 2Y 1G 2B vs 2P 1K →')
  })
  it('Auto-fire makes every attack one Difficulty die harder (2P → 3P)', () => {
    const s = shots(traces(armed({ autoFire: true }, { criticalEffects: 'severity-only' }), 5))
    for (const e of s) expect(e.text).toContain(': 2Y 1G vs 3P →')
  })
  it('a check with Accurate 1 and Auto-fire: one Boost die and one Difficulty die more', () => {
    const plan = genesys.compile(checkScenario({ characteristic: 3, skill: 2, range: 'medium', weapon: { skill: 'ranged-light', damage: 6, crit: 3, range: 'medium', qualities: { accurate: 1, autoFire: true } } })) as CheckPlan
    expect([plan.pool.boost, plan.pool.difficulty]).toEqual([1, 3])
  })
})

describe('soak and criticals', () => {
  it('Pierce 2 takes 2 off soak 5; Breach 1 takes off 10 (all of it)', () => {
    const check = (qualities: Record<string, unknown>): number =>
      (genesys.compile(checkScenario({ characteristic: 3, skill: 2, weapon: { skill: 'ranged-light', damage: 6, crit: 3, range: 'medium', qualities }, target: { soak: 5 } })) as CheckPlan).soak
    expect([check({}), check({ pierce: 2 }), check({ breach: 1 }), check({ pierce: 9 })]).toEqual([5, 3, 0, 0])
    const hits = traces(armed({ pierce: 2 }), 5).filter((e) => e.kind === 'hit' && e.text.includes('Bounty hunter takes'))
    expect(hits.length).toBeGreaterThan(0)
    for (const e of hits) expect(e.text).toContain('soak 5 less 2 (Pierce/Breach)')
  })
  it('Vicious 1 adds 10 to the Critical Injury roll: d100 35 (Stunned) becomes 45 (Bowled Over)', () => {
    const plan = armed({ vicious: 1 })
    criticalInjury(plan, fixedD100(35), createTally({ counters: plan.layout.counters, bins: plan.layout.bins }), 0, 1, 1, 1)
    expect(plan.state.prone[1]).toBe(1)
  })
  it('Stun Damage: damage past soak is strain, never wounds, and no Critical Injury', () => {
    const plan = armed({ stunDamage: true })
    const log = traces(plan, 40)
    const hits = log.filter((e) => e.kind === 'hit' && e.who[0] === 'smuggler')
    expect(hits.length).toBeGreaterThan(0)
    for (const e of hits) expect(e.text).toMatch(/Bounty hunter takes \d+ strain \(\d+\/12, Stun Damage\)/)
    expect(log.some((e) => e.kind === 'crit' && e.who[0] === 'hunter')).toBe(false)
  })
})

describe('qualities advantage pays for', () => {
  /** Per smuggler attack: the extra-hit lines after it, until the next roll. */
  const extrasPerShot = (log: TraceEvent[], what: string): number[] => {
    const out: number[] = []
    log.forEach((e, i) => {
      if (e.kind !== 'roll' || !e.text.startsWith('Smuggler fires')) return
      const next = log.slice(i + 1).findIndex((x) => x.kind === 'roll' || x.kind === 'end')
      out.push(log.slice(i + 1, i + 1 + (next < 0 ? log.length : next)).filter((x) => x.text.startsWith(what)).length)
    })
    return out
  }
  it('Linked 1: at most one extra hit per attack, for 2 advantage, with the same damage as the first hit', () => {
    const log = traces(armed({ linked: 1 }), 60)
    const extras = extrasPerShot(log, 'Linked (2 advantage), another hit:')
    expect(Math.max(...extras)).toBe(1)
    log.forEach((e, i) => {
      if (!e.text.startsWith('Linked')) return
      const first = log.slice(0, i).reverse().find((x) => x.text.startsWith('Hit: '))
      expect(/: (\d+) damage/.exec(e.text)?.[1]).toBe(/= (\d+) damage/.exec(first?.text ?? '')?.[1])
    })
    expect(extrasPerShot(traces(armed({}), 60), 'Linked').every((n) => n === 0)).toBe(true)
  })
  it('Auto-fire: as many extra hits as 2-advantage pairs pay for (more than one in some attack)', () => {
    // Critical rating 6, so advantage is seldom spent on a critical first
    const extras = extrasPerShot(traces(armed({ autoFire: true, accurate: 3 }, {}, [], { crit: 6 }), 150), 'Auto-fire (2 advantage), another hit:')
    expect(Math.max(...extras)).toBeGreaterThan(1)
  })
  it('Blast 3: 2 advantage make the target\'s comrade beside him suffer 3 + net successes', () => {
    const guard = { id: 'guard', name: 'Guard', side: 'B', npc: true, brawn: 2, attack: { characteristic: 2, skill: 0 }, initiative: { characteristic: 1, skill: 0 }, weapon: { name: 'blaster pistol', skill: 'ranged-light', damage: 6, crit: 3, range: 'medium' }, soak: 2, woundThreshold: 10, strainThreshold: 10 }
    const log = traces(armed({ blast: 3 }, {}, [guard]), 60)
    let seen = 0
    log.forEach((e, i) => {
      if (!e.text.startsWith('Blast (2 advantage) on Guard:')) return
      const roll = log.slice(0, i).reverse().find((x) => x.kind === 'roll')
      const net = Number(/net (\d+) success/.exec(roll?.text ?? '')?.[1])
      expect(e.text).toContain(`: ${3 + net} damage, soak 2: Guard takes ${Math.max(0, 1 + net)} wounds`)
      seen++
    })
    expect(seen).toBeGreaterThan(0)
  })
  it('Knockdown: a Triumph knocks the target prone (default); under "two-advantage", 2 advantage do', () => {
    const tri = traces(armed({ knockdown: true }), 150)
    expect(tri.some((e) => e.text === 'Knockdown (a Triumph): Bounty hunter is knocked prone.')).toBe(true)
    expect(tri.some((e) => e.text.startsWith('Knockdown (2 advantage)'))).toBe(false)
    const two = traces(armed({ knockdown: true }, { knockdownCost: 'two-advantage' }), 60)
    expect(two.some((e) => e.text === 'Knockdown (2 advantage): Bounty hunter is knocked prone.')).toBe(true)
  })
})
