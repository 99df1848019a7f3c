import { describe, expect, it } from 'vitest'
import { emptyPool, type Pool } from './narrative-dice'
import { buildPool, downgradeAbility, downgradeDifficulty, positiveDice, upgradeAbility, upgradeDifficulty } from './narrative-pool'

const pool = (p: Partial<Pool>): Pool => ({ ...emptyPool(), ...p })

describe('pool building (docs/rules/genesys.md section 3)', () => {
  it('Agility 3, Ranged 1 → 2 Ability + 1 Proficiency', () => {
    expect(positiveDice(3, 1)).toEqual({ ability: 2, proficiency: 1 })
  })
  it('skill above characteristic: Brawn 2, Melee 3 → 1 Ability + 2 Proficiency', () => {
    expect(positiveDice(2, 3)).toEqual({ ability: 1, proficiency: 2 })
  })
  it('untrained: Agility 3, skill 0 → 3 Ability', () => {
    expect(positiveDice(3, 0)).toEqual({ ability: 3, proficiency: 0 })
  })
  it('upgrade turns an Ability die into Proficiency', () => {
    expect(upgradeAbility(pool({ ability: 2 }), 1)).toEqual(pool({ ability: 1, proficiency: 1 }))
  })
  it('upgrading a pool with no Ability die left adds an Ability die', () => {
    expect(upgradeAbility(pool({ proficiency: 2 }), 1)).toEqual(pool({ proficiency: 2, ability: 1 }))
    expect(upgradeAbility(emptyPool(), 1)).toEqual(pool({ ability: 1 }))
    expect(upgradeAbility(pool({ proficiency: 1 }), 2)).toEqual(pool({ proficiency: 2 }))
  })
  it('upgrade difficulty turns a Difficulty die into Challenge; with none left, adds a Difficulty die', () => {
    expect(upgradeDifficulty(pool({ difficulty: 2 }), 1)).toEqual(pool({ difficulty: 1, challenge: 1 }))
    expect(upgradeDifficulty(pool({ challenge: 1 }), 1)).toEqual(pool({ challenge: 1, difficulty: 1 }))
  })
  it('downgrade: Proficiency → Ability and Challenge → Difficulty; nothing to downgrade has no effect', () => {
    expect(downgradeAbility(pool({ proficiency: 1, ability: 1 }), 2)).toEqual(pool({ ability: 2 }))
    expect(downgradeDifficulty(pool({ challenge: 1 }), 1)).toEqual(pool({ difficulty: 1 }))
    expect(downgradeDifficulty(pool({ difficulty: 2 }), 1)).toEqual(pool({ difficulty: 2 }))
  })
  it('"increase difficulty" adds a Difficulty die, unlike an upgrade', () => {
    expect(buildPool({ characteristic: 2, skill: 0, difficulty: 2, increase: 1 })).toEqual(pool({ ability: 2, difficulty: 3 }))
    expect(buildPool({ characteristic: 2, skill: 0, difficulty: 2, upgradeDifficulty: 1 })).toEqual(pool({ ability: 2, difficulty: 1, challenge: 1 }))
  })
  it('Boost and Setback are added last', () => {
    expect(buildPool({ characteristic: 3, skill: 1, difficulty: 2, boost: 1, setback: 2 })).toEqual(pool({ ability: 2, proficiency: 1, boost: 1, difficulty: 2, setback: 2 }))
  })
  it('rules.modifierOrder "sequential" (default): increase, then upgrades, then downgrades; 2Y, one upgrade and one downgrade → 1Y 2G', () => {
    expect(buildPool({ characteristic: 2, skill: 2, difficulty: 0, upgradeAbility: 1, downgradeAbility: 1 })).toEqual(pool({ proficiency: 1, ability: 2 }))
  })
  it('rules.modifierOrder "cancel-first": an upgrade and a downgrade cancel, so 2Y stays 2Y', () => {
    expect(buildPool({ characteristic: 2, skill: 2, difficulty: 0, upgradeAbility: 1, downgradeAbility: 1 }, 'cancel-first')).toEqual(pool({ proficiency: 2 }))
  })
  it('rules.modifierOrder "sequential": the increase comes before the upgrade, so Average increased then upgraded is 2P 1R', () => {
    expect(buildPool({ characteristic: 2, skill: 0, difficulty: 2, increase: 1, upgradeDifficulty: 1 })).toEqual(pool({ ability: 2, difficulty: 2, challenge: 1 }))
  })
})
