import { describe, expect, it } from 'vitest'
import { createStream } from '../../core/rng'
import { createTally } from '../../core/tally'
import { emptyPool, type Pool } from '../../dice/narrative-dice'
import { compileCheck, type CheckPlan } from './check'
import { exactCheckMetrics } from './check-metrics'
import { attackPool, canAttack, type AttackSituation } from './combat-check'
import { advantageAfterCrit, critRoll, critTriggers, hitDamage, woundsAfterSoak } from './damage'
import { genesys } from './index'
import { blaster, checkScenario, issuesOf } from './test-helpers'

const pool = (p: Partial<Pool>): Pool => ({ ...emptyPool(), ...p })
const situation = (s: Partial<AttackSituation>): AttackSituation => ({
  characteristic: 2,
  skill: 0,
  combatSkill: 'ranged-light',
  band: 'medium',
  shooterEngaged: false,
  aims: 0,
  ownGuarded: false,
  targetCover: false,
  targetProne: false,
  targetGuarded: false,
  targetDefense: 0,
  extraBoost: 0,
  extraSetback: 0,
  upgradeAbility: 0,
  upgradeDifficulty: 0,
  downgradeAbility: 0,
  downgradeDifficulty: 0,
  ...s,
})
const built = (s: Partial<AttackSituation>, stacking: 'best' | 'add' = 'best'): Pool => attackPool(situation(s), stacking, 'sequential')

describe('combat check difficulty (the Star Wars turn rules (docs/rules/genesys.md section 5), docs/rules/genesys.md section 4)', () => {
  it.each([
    ['short', 1],
    ['medium', 2],
    ['long', 3],
    ['extreme', 4],
  ] as const)('ranged at %s: %i Difficulty dice', (band, n) => {
    expect(built({ band })).toEqual(pool({ ability: 2, difficulty: n }))
  })
  it('"Melee attack difficulties are always Average"', () => {
    expect(built({ combatSkill: 'melee', band: 'engaged' })).toEqual(pool({ ability: 2, difficulty: 2 }))
    expect(built({ combatSkill: 'brawl', band: 'engaged', shooterEngaged: true })).toEqual(pool({ ability: 2, difficulty: 2 }))
  })
  it('shooting while engaged: Ranged (Light) +1 difficulty, Ranged (Heavy) +2, Gunnery cannot fire', () => {
    expect(built({ band: 'engaged', shooterEngaged: true })).toEqual(pool({ ability: 2, difficulty: 2 }))
    expect(built({ combatSkill: 'ranged-heavy', band: 'short', shooterEngaged: true })).toEqual(pool({ ability: 2, difficulty: 3 }))
    expect(canAttack({ combatSkill: 'gunnery', band: 'medium', shooterEngaged: true })).toBe(false)
    expect(canAttack({ combatSkill: 'gunnery', band: 'medium', shooterEngaged: false })).toBe(true)
  })
  it('a ranged shot at a target engaged with an ally: difficulty upgraded once (EotE p.219); not for melee', () => {
    expect(built({ band: 'medium', targetEngagedWithAlly: true })).toEqual(pool({ ability: 2, difficulty: 1, challenge: 1 }))
    expect(built({ combatSkill: 'melee', band: 'engaged', targetEngagedWithAlly: true })).toEqual(pool({ ability: 2, difficulty: 2 }))
  })
  it('"Ranged at Engaged: Easy + weapon modifier": a target at Engaged range means the shooter is engaged, flag or not', () => {
    expect(built({ band: 'engaged' })).toEqual(pool({ ability: 2, difficulty: 2 }))
    expect(built({ combatSkill: 'ranged-heavy', band: 'engaged' })).toEqual(pool({ ability: 2, difficulty: 3 }))
    expect(canAttack({ combatSkill: 'gunnery', band: 'engaged', shooterEngaged: false })).toBe(false)
  })
  it('a check scenario at range "engaged" with a pistol is Easy + 1 (2 Difficulty dice) without shooterEngaged', () => {
    expect(compileCheck(checkScenario({ characteristic: 3, skill: 1, range: 'engaged', weapon: blaster })).pool).toEqual(pool({ ability: 2, proficiency: 1, difficulty: 2 }))
  })
  it('a check scenario without a range: Engaged for a melee weapon, Medium for a ranged one', () => {
    expect(compileCheck(checkScenario({ characteristic: 3, skill: 1, weapon: { skill: 'brawl', damage: 1, crit: 5, addsBrawn: true } })).pool).toEqual(pool({ ability: 2, proficiency: 1, difficulty: 2 }))
    expect(compileCheck(checkScenario({ characteristic: 3, skill: 1, weapon: blaster })).pool).toEqual(pool({ ability: 2, proficiency: 1, difficulty: 2 }))
  })
  it('without a range, a ranged weapon that reaches only Short fires at Short (Easy), never beyond its range', () => {
    const knife = { name: 'throwing knife', skill: 'ranged-light', damage: 3, crit: 3, range: 'short' }
    expect(compileCheck(checkScenario({ characteristic: 3, skill: 1, weapon: knife })).pool).toEqual(pool({ ability: 2, proficiency: 1, difficulty: 1 }))
    expect(issuesOf({ mode: 'check', check: { characteristic: 3, skill: 1, weapon: knife } })).toEqual([])
  })
  it('without a range, a Gunnery weapon that reaches only Engaged is rejected (Gunnery cannot fire while engaged)', () => {
    expect(issuesOf({ mode: 'check', check: { characteristic: 3, skill: 1, weapon: { skill: 'gunnery', damage: 10, crit: 3, range: 'engaged' } } })).toEqual([
      'check.range: must be one of "short", "medium", "long", "extreme" for a gunnery weapon (Gunnery cannot fire while engaged), got "engaged"',
    ])
  })
  it('a target with Adversary 2: Average becomes 2 Challenge dice; with one more upgrade from elsewhere a Difficulty die is added', () => {
    expect(compileCheck(checkScenario({ characteristic: 3, skill: 1, weapon: blaster, target: { adversary: 2 } })).pool).toEqual(pool({ ability: 2, proficiency: 1, challenge: 2 }))
    expect(compileCheck(checkScenario({ characteristic: 3, skill: 1, weapon: blaster, upgradeDifficulty: 1, target: { adversary: 2 } })).pool).toEqual(pool({ ability: 2, proficiency: 1, challenge: 2, difficulty: 1 }))
  })
  it('a melee attack needs an engaged target', () => {
    expect(canAttack({ combatSkill: 'melee', band: 'short', shooterEngaged: false })).toBe(false)
  })
})

describe('maneuver effects on a combat check (the Star Wars turn rules (docs/rules/genesys.md section 5))', () => {
  it('Aim grants one Boost die to the next combat check, two with a second Aim, never more', () => {
    expect(built({ aims: 1 }).boost).toBe(1)
    expect(built({ aims: 2 }).boost).toBe(2)
    expect(built({ aims: 3 }).boost).toBe(2)
  })
  it('Guarded Stance: one Setback to his own combat checks, and one to Melee/Brawl checks against him', () => {
    expect(built({ ownGuarded: true }).setback).toBe(1)
    expect(built({ combatSkill: 'melee', band: 'engaged', targetGuarded: true }).setback).toBe(1)
    expect(built({ targetGuarded: true }).setback).toBe(0)
  })
  it('Taking cover adds a Setback die to Ranged attacks against him, not to melee', () => {
    expect(built({ targetCover: true }).setback).toBe(1)
    expect(built({ combatSkill: 'melee', band: 'engaged', targetCover: true }).setback).toBe(0)
  })
  it('prone: one Setback to Ranged attacks against him, one Boost to Melee and Brawl attacks against him', () => {
    expect(built({ targetProne: true })).toEqual(pool({ ability: 2, difficulty: 2, setback: 1 }))
    expect(built({ combatSkill: 'brawl', band: 'engaged', targetProne: true })).toEqual(pool({ ability: 2, difficulty: 2, boost: 1 }))
  })
  it('defense sources: "best" keeps the best of cover and armour (EotE, Defense), "add" adds each (the maneuvers\' wording, docs/rules/genesys.md section 5)', () => {
    expect(built({ targetCover: true, targetDefense: 1 }).setback).toBe(1)
    expect(built({ targetCover: true, targetDefense: 1 }, 'add').setback).toBe(2)
    expect(built({ targetDefense: 4, targetCover: true }, 'add').setback).toBe(4)
  })
})

describe('damage, soak and criticals (the Star Wars turn rules (docs/rules/genesys.md section 5) step 3, docs/rules/genesys.md section 6)', () => {
  it('each remaining success adds +1 damage: blaster 6 + 1 net success = 7; 7 − soak 3 = 4 wounds', () => {
    expect(hitDamage(6, 1)).toBe(7)
    expect(woundsAfterSoak(7, 3)).toBe(4)
    expect(woundsAfterSoak(3, 5)).toBe(0)
  })
  it('a Critical Injury needs damage past soak, then advantage equal to the Crit rating or a Triumph', () => {
    expect(critTriggers(0, 6, 1, 2)).toBe(0)
    expect(critTriggers(1, 2, 0, 3)).toBe(0)
    expect(critTriggers(1, 3, 0, 3)).toBe(1)
    expect(critTriggers(1, 0, 1, 3)).toBe(1)
    expect(critTriggers(1, 6, 1, 3)).toBe(3)
    expect(advantageAfterCrit(7, 1, 3, 3)).toBe(1)
  })
  it('the crit roll adds +10 per existing injury and +10 per extra trigger', () => {
    expect(critRoll(45, 2, 3)).toBe(45 + 20 + 20)
  })
})

describe('check scenarios', () => {
  it('exact outcome of 2G1B vs 2P (one Aim, docs/rules/genesys.md section 7): the successes sum to 0.5281, the advantages to 0.4681, all six to 1', () => {
    const exact = exactCheckMetrics(compileCheck(checkScenario({ pool: { ability: 2, boost: 1, difficulty: 2 }, weapon: blaster })))
    const o = exact.find((m) => m.id === 'outcome')
    if (o?.kind !== 'order') throw new Error('no outcome')
    const p = (key: string): number => o.outcomes.find((x) => x.key === key)?.p ?? NaN
    expect(p('success-advantage') + p('success') + p('success-threat')).toBeCloseTo(0.5281, 4)
    expect(p('success-advantage') + p('failure-advantage')).toBeCloseTo(0.4681, 4)
    expect(o.outcomes.reduce((s, x) => s + x.p, 0)).toBeCloseTo(1, 12)
  })
  it('Triumph and Despair counts: 2Y vs 1R has P(2 Triumphs) = 1/144 and P(1 Despair) = 1/12', () => {
    const exact = exactCheckMetrics(compileCheck(checkScenario({ pool: { proficiency: 2, challenge: 1 }, weapon: blaster })))
    const at = (id: string, v: number): number => {
      const m = exact.find((x) => x.id === id)
      return m?.kind === 'distribution' ? (m.p.find((x) => x.value === v)?.p ?? 0) : NaN
    }
    expect(at('triumphs', 2)).toBeCloseTo(1 / 144, 14)
    expect(at('triumphs', 1)).toBeCloseTo(22 / 144, 14)
    expect(at('despairs', 1)).toBeCloseTo(1 / 12, 14)
  })
  it('builds the pool from characteristic and skill: Agility 3, Ranged (Light) 1 at medium → 1Y 2G vs 2P', () => {
    const plan = compileCheck(checkScenario({ characteristic: 3, skill: 1, weapon: blaster }))
    expect(plan.pool).toEqual(pool({ proficiency: 1, ability: 2, difficulty: 2 }))
  })
  it('exact P(hit) of 2G vs 2P is the docs/rules/genesys.md section 7 value 0.4351, and wounds use weapon damage + net − soak', () => {
    const plan = compileCheck(checkScenario({ pool: { ability: 2, difficulty: 2 }, weapon: blaster, target: { soak: 8 } }))
    const exact = exactCheckMetrics(plan)
    const hit = exact.find((m) => m.id === 'hit')
    expect(hit?.kind === 'probability' && hit.p).toBeCloseTo(0.4351, 4)
    const wounds = exact.find((m) => m.id === 'wounds')
    if (wounds?.kind !== 'distribution') throw new Error('no wounds')
    // damage 7 + net (≥1) vs soak 8: a hit by 1 deals 0 wounds, by 2 deals 1 ...
    expect(wounds.p[0].value).toBe(0)
    expect(wounds.p.at(-1)?.value).toBe(7 + 4 - 8)
  })
  it('Brawn is added to "+X" melee weapons', () => {
    const plan = compileCheck(checkScenario({ characteristic: 3, skill: 2, range: 'engaged', brawn: 3, weapon: { skill: 'melee', damage: 2, crit: 3, addsBrawn: true } }))
    expect(plan.damage).toBe(5)
  })
  it('the trace makes the same draws as simulate and tells the same result', () => {
    const plan = genesys.compile(checkScenario({ pool: { proficiency: 2, ability: 2, boost: 1, difficulty: 3, setback: 1 }, weapon: blaster })) as CheckPlan
    for (let seed = 0; seed < 20; seed++) {
      const tally = createTally(genesys.shape(plan))
      const rng = createStream(seed, 0)
      genesys.simulate(plan, rng, tally)
      const after = rng.u32()
      const rng2 = createStream(seed, 0)
      const events = genesys.trace(plan, rng2)
      expect(rng2.u32()).toBe(after)
      const hit = tally.bins.findIndex((c) => c === 1)
      const net = Math.floor(hit / ((plan.dist.advMax - plan.dist.advMin + 1) * (plan.dist.trMax + 1) * (plan.dist.deMax + 1))) + plan.dist.netMin
      expect(events.some((e) => e.text.includes(`net successes ${net > 0 ? '+' : ''}${net}`))).toBe(true)
      expect(events[0].text.split(';')).toHaveLength(9)
    }
  })
})

describe('invalid input names the path and the allowed values', () => {
  it('negative dice', () => {
    expect(issuesOf({ mode: 'check', check: { pool: { ability: -1 }, weapon: blaster } })).toEqual(['check.pool.ability: must be an integer 0–20, got -1'])
  })
  it('an unknown range band', () => {
    expect(issuesOf({ mode: 'check', check: { characteristic: 2, skill: 1, range: 'close', weapon: blaster } })).toEqual([
      'check.range: must be one of "engaged", "short", "medium", "long", "extreme", got "close"',
    ])
  })
  it('a pool and characteristic/skill together, or neither', () => {
    expect(issuesOf({ mode: 'check', check: { pool: {}, characteristic: 2, skill: 1, weapon: blaster } })[0]).toMatch(/^check\.pool: must not be given together/)
    expect(issuesOf({ mode: 'check', check: { skill: 1, weapon: blaster } })).toEqual(['check.characteristic: is required unless the dice are given as check.pool'])
  })
  it('a melee check at a range other than Engaged', () => {
    expect(issuesOf({ mode: 'check', check: { characteristic: 2, skill: 1, range: 'medium', weapon: { skill: 'melee', damage: 2, crit: 3 } } })).toEqual([
      'check.range: must be "engaged" for a melee weapon (a melee attack needs an engaged target), got "medium"',
    ])
  })
  it('a ranged check beyond the weapon\'s range', () => {
    expect(issuesOf({ mode: 'check', check: { characteristic: 2, skill: 1, range: 'long', weapon: blaster } })).toEqual([
      'check.range: must be within the weapon\'s range "medium": one of "engaged", "short", "medium", got "long"',
    ])
  })
  it('a Gunnery check while engaged', () => {
    const cannon = { skill: 'gunnery', damage: 10, crit: 3 }
    expect(issuesOf({ mode: 'check', check: { characteristic: 2, skill: 1, range: 'engaged', weapon: cannon } })).toEqual([
      'check.range: must be one of "short", "medium", "long", "extreme" for a gunnery weapon (Gunnery cannot fire while engaged), got "engaged"',
    ])
    expect(issuesOf({ mode: 'check', check: { characteristic: 2, skill: 1, range: 'short', shooterEngaged: true, weapon: cannon } })).toEqual([
      'check.shooterEngaged: must be false for a gunnery weapon (Gunnery cannot fire while engaged), got true',
    ])
  })
  it('a check scenario without its check', () => {
    expect(issuesOf({ mode: 'check' })).toEqual(['check: is required when mode is "check"'])
  })
})
