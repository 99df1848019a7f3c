import { describe, expect, it } from 'vitest'
import type { ProbabilityMetric } from '../../core/metrics'
import { createStream } from '../../core/rng'
import { createTally } from '../../core/tally'
import { withinStandardErrors } from '../../../../tests/helpers'
import { exactRoll } from '../../dice/roll-and-keep'
import { l5r } from './index'
import { compile, type Plan } from './plan'
import { skirmish, type FighterSpec } from './test-helpers'

function sampled(plan: Plan, id: string, trials: number): ProbabilityMetric {
  const t = createTally(l5r.shape(plan))
  for (let k = 0; k < trials; k++) l5r.simulate(plan, createStream(4242, k), t)
  t.trials = trials
  return l5r.summarize(plan, t).find((m) => m.id === id) as ProbabilityMetric
}

const exactP = (plan: Plan, id: string): number => {
  const m = l5r.exact(plan).find((x) => x.id === id)
  if (m?.kind !== 'probability') throw new Error(`no exact ${id}`)
  return m.p
}

describe('"Highest Initiative in Round 1" counts what orders Round 1 (docs/rules/l5r.md section 1 Void +10 Initiative at Round start)', () => {
  const pair = (b: Partial<FighterSpec>) => compile(skirmish([{ id: 'a', earth: 10 }, { id: 'b', earth: 10, void: 3, ...b }], { roundCap: 1 }))
  it('B buying +10 Initiative at the start of Round 1 leads Round 1 far more often than half the time, sampled and exact', () => {
    const plan = pair({ rounds: [{ void: 'initiative' }] })
    const exact = exactP(plan, 'initiative-first:b')
    // both roll 4k3; B leads when A < B + 10, and half the ties (same traits: the random draw decides)
    const roll = exactRoll({ rolled: 4, kept: 3, bonus: 0 }, true)
    let byHand = 0
    roll.p.forEach((pa, x) => roll.p.forEach((pb, y) => (byHand += pa * pb * (x < y + 10 ? 1 : x === y + 10 ? 0.5 : 0))))
    expect(exact).toBeCloseTo(byHand, 12)
    expect(exact).toBeGreaterThan(0.8)
    const m = sampled(plan, 'initiative-first:b', 20_000)
    expect(m.exact).toBeCloseTo(exact, 12)
    expect(withinStandardErrors(m.count, m.n, exact), `${m.p} vs ${exact}`).toBe(true)
  })
  it('bought only from Round 2 it does not touch Round 1: one half each', () => {
    const plan = pair({ rounds: [{}, { void: 'initiative' }] })
    expect(exactP(plan, 'initiative-first:b')).toBeCloseTo(0.5, 12)
  })
  it('B spending Void for +1k1 on his Initiative roll (5k4 against 4k3) leads as often as exact says, sampled and exact', () => {
    const plan = pair({ rounds: [{ void: 'initiative-roll' }] })
    const exact = exactP(plan, 'initiative-first:b')
    const a = exactRoll({ rolled: 4, kept: 3, bonus: 0 }, true)
    const b = exactRoll({ rolled: 5, kept: 4, bonus: 0 }, true)
    let byHand = 0
    a.p.forEach((pa, x) => b.p.forEach((pb, y) => (byHand += pa * pb * (a.min + x < b.min + y ? 1 : a.min + x === b.min + y ? 0.5 : 0))))
    expect(exact).toBeCloseTo(byHand, 12)
    const m = sampled(plan, 'initiative-first:b', 20_000)
    expect(withinStandardErrors(m.count, m.n, exact), `${m.p} vs ${exact}`).toBe(true)
  })
  it('without Void Points the plan buys nothing: one half each', () => {
    expect(exactP(pair({ voidPoints: 0, rounds: [{ void: 'initiative' }] }), 'initiative-first:b')).toBeCloseTo(0.5, 12)
  })
})

describe('exact opening attack sees what the sampled one faces', () => {
  const rate = (plan: Plan): { exact: number; m: ProbabilityMetric } => ({ exact: exactP(plan, 'opening-hit:a'), m: sampled(plan, 'hit-rate:a', 20_000) })
  // roundCap 1, target never attacks back, so every attack of a is his opening one, both Healthy
  const vs = (a: Partial<FighterSpec>, b: Partial<FighterSpec>) => compile(skirmish([{ id: 'a', earth: 10, ...a }, { id: 'b', earth: 10, ...b }], { roundCap: 1 }))
  it.each([
    ['Defense Mastery 5 (+3 Armor TN in Defense Stance)', {}, { defenseSkill: 5, rounds: [{ stance: 'defense' }] }],
    ['Defense Mastery 5 in Full Defense', {}, { defenseSkill: 5, rounds: [{ stance: 'full-defense' }] }],
    ['the target\'s Void +10 Armor TN for Round 1', {}, { rounds: [{ stance: 'defense', void: 'armor' }] }],
    ['the target\'s Void +1k1 on his Full Defense roll', {}, { defenseSkill: 2, rounds: [{ stance: 'full-defense', void: 'full-defense' }] }],
    ['the attacker\'s Void +1k1 on the attack roll', { rounds: [{ void: 'attack' }] }, { rounds: [{ stance: 'defense' }] }],
    ['an Emphasis (reroll 1s once) on his attack roll', { emphasis: true }, { rounds: [{ stance: 'defense' }] }],
    ['a bow with an Emphasis and a Raise (bow strength 2 under Strength 3)', { emphasis: true, weapon: { name: 'yumi', kind: 'bow', bowStrength: 2, rolled: 2, kept: 2 }, rounds: [{ raises: 1 }] }, { rounds: [{ stance: 'defense' }] }],
    ['an unskilled attacker spending Void for skill 1', { attackSkill: 0, rounds: [{ void: 'skill' }] }, { agility: 2, rounds: [{ stance: 'defense' }] }],
    ['best Raises (A38) against an easy TN', { rounds: [{ bestRaises: true }] }, { agility: 1, rounds: [{ stance: 'full-attack' }] }],
  ])('%s', (_what, a, b) => {
    const { exact, m } = rate(vs(a as Partial<FighterSpec>, b as Partial<FighterSpec>))
    expect(withinStandardErrors(m.count, m.n, exact), `${m.p} vs ${exact}`).toBe(true)
  })
  it('Defense 5 in Defense Stance: Agility 3 target has TN 30, so 6k3 hits 0.309 (docs/rules/l5r.md section 6)', () => {
    expect(exactP(vs({}, { defenseSkill: 5, air: 2, rounds: [{ stance: 'defense' }] }), 'opening-hit:a')).toBeCloseTo(0.309, 3)
  })
})
