import { describe, expect, it } from 'vitest'
import { armorTn, ATTACK, DEFENSE, FULL_ATTACK, FULL_DEFENSE } from './armor'
import { attack, currentArmorTn, rollFullDefense } from './attack'
import { newFight } from './fight'
import { compile, type Plan } from './plan'
import { facesRng, skirmish, traceOf, turnsByRound } from './test-helpers'
import { RANK_PENALTY, rankOf, woundThresholds } from './wounds'

function fightOn(plan: Plan, faces: number[], rest = 5) {
  const f = newFight(plan, facesRng(faces, rest), [], undefined)
  f.s.target.fill(-1)
  f.s.afterTargetRound.fill(-1)
  return f
}

describe('Armor TN and Stances (docs/rules/l5r.md sections 3 and 4)', () => {
  it('Armor TN = 5 × Agility + 5 + armor: Agility 3 in light armour is 25', () => {
    const plan = compile(skirmish([{ id: 'a', agility: 3, armor: 'light' }, { id: 'b' }]))
    expect(plan.fighters[0].baseArmorTn).toBe(25)
    expect(plan.fighters[0].reduction).toBe(3)
  })
  it('Full Attack: Armor TN −10 and +2k1 on attack rolls (6k3 → 8k4)', () => {
    expect(armorTn(25, FULL_ATTACK, 0, 0)).toBe(15)
    const plan = compile(skirmish([{ id: 'a', agility: 3, attackSkill: 3 }, { id: 'b' }]))
    expect(plan.fighters[0].attack[1]).toEqual({ rolled: 8, kept: 4, bonus: 0 })
  })
  it('Defense: Armor TN + Air + Defense skill', () => {
    expect(armorTn(20, DEFENSE, 3 + 2, 0)).toBe(25)
    expect(armorTn(20, ATTACK, 5, 0)).toBe(20)
  })
  it('Full Defense: roll (Defense + Agility) k Agility and add half the total, rounded up (5k3 of 5s = 15 → +8)', () => {
    const plan = compile(skirmish([{ id: 'a', agility: 3, defenseSkill: 2, rounds: [{ stance: 'full-defense' }] }, { id: 'b' }]))
    const f = fightOn(plan, [])
    f.s.stance[0] = FULL_DEFENSE
    rollFullDefense(f, 0)
    expect(f.s.fullDefenseAdd[0]).toBe(8)
    expect(currentArmorTn(f, 0)).toBe(20 + 8)
  })
  it('Defense, Full Defense and Center allow no attacks', () => {
    for (const stance of ['defense', 'full-defense', 'center']) {
      const plan = compile(skirmish([{ id: 'a', rounds: [{ stance }] }, { id: 'b', rounds: [{ stance: 'defense' }] }], { roundCap: 2 }))
      expect(traceOf(plan, facesRng([], 9)).some((e) => e.kind === 'hit' || e.kind === 'miss')).toBe(false)
    }
  })
})

describe('Attacks, Raises and damage (docs/rules/l5r.md section 4)', () => {
  const duel = (a: Record<string, unknown> = {}, b: Record<string, unknown> = {}) => compile(skirmish([{ id: 'a', agility: 3, attackSkill: 3, strength: 3, ...a }, { id: 'b', agility: 3, ...b }]))
  it('hits when the total meets the TN: 6k3 of 7s = 21 vs TN 20 hits; damage 6k2 of 7s = 14', () => {
    const f = fightOn(duel(), [], 7)
    attack(f, 0, 1)
    expect(f.s.wounds[1]).toBe(14)
  })
  it('misses below the TN: 6k3 of 6s = 18 vs TN 20', () => {
    const f = fightOn(duel(), [], 6)
    attack(f, 0, 1)
    expect(f.s.wounds[1]).toBe(0)
    expect(f.log?.[0].kind).toBe('miss')
  })
  it('each Raise adds +5 to the TN and +1k0 to damage; missing the raised TN misses the whole attack', () => {
    const plan = duel({ rounds: [{ raises: 1 }] })
    expect(plan.fighters[0].damage[1]).toEqual({ rolled: 7, kept: 2, bonus: 0 })
    const miss = fightOn(plan, [], 7)
    attack(miss, 0, 1) // 21 beats Armor TN 20 but not the raised 25
    expect(miss.s.wounds[1]).toBe(0)
    const hit = fightOn(plan, [9, 9, 9, 9, 9, 9, 1, 1, 1, 1, 1, 6, 8], 1)
    attack(hit, 0, 1) // 27 vs 25; damage 7k2 keeps 8 + 6
    expect(hit.s.wounds[1]).toBe(14)
  })
  it('Reduction is subtracted from the damage total, never below 0', () => {
    const g = fightOn(duel({}, { armor: 'heavy', agility: 1 }), [9, 9, 9, 9, 9, 9, 1, 1, 1, 1, 2, 3], 1)
    attack(g, 0, 1) // 27 vs 20; damage 3 + 2 = 5 − Reduction 5 = 0
    expect(g.s.wounds[1]).toBe(0)
  })
  it('"Wound penalties raise the wounded character\'s own TNs, including his attack TN": Nicked (+3) turns a hit of 21 vs 20 into a miss', () => {
    const f = fightOn(duel(), [], 7)
    f.s.wounds[0] = 11
    f.s.rank[0] = 1
    attack(f, 0, 1)
    expect(f.s.wounds[1]).toBe(0)
    expect(f.log?.[0].text).toContain('own wounds +3')
  })
  it('Damage dice explode on 10s by default (variants.damageExplodes); "no" keeps them at 10', () => {
    expect(duel().damageExplodes).toBe(true)
    expect(compile(skirmish([{ id: 'a' }, { id: 'b' }], { rules: { damageExplodes: 'no' } })).damageExplodes).toBe(false)
  })
  it('unskilled attacks (skill 0) do not explode', () => {
    expect(duel({ attackSkill: 0 }).fighters[0].attackExplodes).toBe(false)
    expect(duel().fighters[0].attackExplodes).toBe(true)
  })
})

describe('Wound ranks (docs/rules/l5r.md section 4)', () => {
  it('Earth 2: Healthy 1–10, Nicked 11–14, Grazed 15–18, Hurt 19–22, Injured 23–26, Crippled 27–30, Down 31–34, Out 35–38, dead above', () => {
    const t = woundThresholds(2)
    const at = (w: number): number => rankOf(w, t)
    expect([0, 10, 11, 14, 15, 18, 19, 22, 23, 26, 27, 30, 31, 34, 35, 38, 39].map(at)).toEqual([0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8])
  })
  it('penalties +3, +5, +10, +15, +20, +40', () => {
    expect(RANK_PENALTY.slice(0, 7)).toEqual([0, 3, 5, 10, 15, 20, 40])
  })
  // a (Earth 3, ashigaru armour, Defense Stance) takes 17 wounds per hit from b's 9s: 17, 34, 51 (Down), 68 (dead)
  const target = (rules = {}) =>
    compile(skirmish([{ id: 'a', agility: 3, earth: 3, armor: 'ashigaru', rounds: [{ stance: 'defense' }] }, { id: 'b', agility: 4 }], { roundCap: 6, rules }))
  it('"A character at Down cannot attack at all", and by default Down counts as defeated (variants.down): the fight ends at Down', () => {
    const events = traceOf(target(), facesRng([], 9))
    expect(events.some((e) => e.kind === 'wound' && e.text.includes('51 wounds: Down'))).toBe(true)
    expect(events.at(-1)?.text).toBe('Side B wins in Round 3.')
  })
  it('variant "fights-on": a Down character takes no Turns but is attacked until Out or dead', () => {
    const events = traceOf(target({ down: 'fights-on' }), facesRng([], 9))
    expect(events.some((e) => e.kind === 'wound' && e.text.includes('68 wounds: dead'))).toBe(true)
    expect(turnsByRound(events)[3]).toEqual(['b'])
    expect(events.at(-1)?.text).toBe('Side B wins in Round 4.')
  })
})

describe('Initiative ties (variants.initiativeTies)', () => {
  it('default: equal scores go to the higher Agility, then Class Rank', () => {
    // 4k3 of 5s = 15 for both; a has Agility 3 Class Rank 1, b Agility 3 Class Rank 2 → b rolls 5k3 = 15 too
    const plan = compile(skirmish([{ id: 'a', agility: 3, classRank: 1 }, { id: 'b', agility: 3, classRank: 2, rounds: [{ stance: 'defense' }] }], { roundCap: 1 }))
    expect(turnsByRound(traceOf(plan, facesRng([], 5)))[0]).toEqual(['b', 'a'])
  })
  // 13k2 of 9s → 10k3 = 27 wounds: more than enough to kill Earth 1 (dead above 19)
  const killers = (rules = {}) => compile(skirmish([{ id: 'a', earth: 1, strength: 10 }, { id: 'b', earth: 1, strength: 10 }], { rules }))
  it('default: the first of two equal fighters (random draw, here 0 for both, then roster order) kills the other first', () => {
    expect(traceOf(killers(), facesRng([], 9)).at(-1)?.text).toBe('Side A wins in Round 1.')
  })
  it('"simultaneous": two fighters who drop each other at once end in a draw', () => {
    const log = traceOf(killers({ initiativeTies: 'simultaneous' }), facesRng([], 9))
    expect(log.filter((e) => e.kind === 'hit')).toHaveLength(2)
    expect(log.at(-1)?.text).toBe('The skirmish ends in a draw.')
  })
})
