import { describe, expect, it } from 'vitest'
import { exactRoll } from '../../dice/roll-and-keep'
import { l5r } from './index'
import { compile, VOID_FULL_DEFENSE, VOID_INITIATIVE_ROLL, VOID_USE_CODES, type Plan } from './plan'
import { scenarioSchema } from './schema'
import { facesRng, skirmish, traceOf, type FighterSpec } from './test-helpers'

/**
 * "Void Point: +1k1 to a Skill, Trait, Ring … roll (declared before rolling; not damage rolls)"
 * (docs/rules/l5r.md section 1), on the two rolls a skirmish makes besides the attack: the Initiative roll and the
 * Full Defense roll.
 */
const pair = (a: Partial<FighterSpec>, b: Partial<FighterSpec> = {}, extra = {}): Plan =>
  compile(skirmish([{ id: 'a', earth: 10, ...a }, { id: 'b', earth: 10, ...b }], { roundCap: 3, ...extra }))
const texts = (plan: Plan, kind: string, faces = 5): string[] => traceOf(plan, facesRng([], faces)).filter((e) => e.kind === kind).map((e) => e.text)
const spentOn = (plan: Plan, i: number, use: number): number => plan.state.voidByUse[i * VOID_USE_CODES + use]

function issues(doc: unknown): string[] {
  const r = scenarioSchema.safeParse(doc)
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)
}

const doc = (rounds: unknown[]) => ({
  schemaVersion: 1, name: 't', system: 'l5r',
  combatants: [
    { id: 'a', name: 'A', side: 'A', agility: 3, classRank: 1, attackSkill: 3, strength: 3, earth: 2 },
    { id: 'b', name: 'B', side: 'B', agility: 3, classRank: 1, attackSkill: 3, strength: 3, earth: 2 },
  ],
  tactics: [{ combatant: 'a', rounds }, { combatant: 'b', rounds: [{}] }],
})

describe('Void +1k1 on the Initiative roll (void "initiative-roll", docs/rules/l5r.md sections 1, 2 and 4)', () => {
  it('(Agility 3 + Class Rank 1) k Agility 3 = 4k3 becomes 5k4: 15 → 20 on 5s, and he leads the Round', () => {
    const plan = pair({}, { rounds: [{ void: 'initiative-roll' }] })
    const rolls = texts(plan, 'roll')
    expect(rolls[1]).toBe('B takes Attack Stance and rolls Initiative 5k4 (Agility 3 + Class Rank 1, keep Agility, a Void Point adds +1k1, 1 left): 20.')
    expect(rolls[0]).toBe('A takes Attack Stance and rolls Initiative 4k3 (Agility 3 + Class Rank 1, keep Agility): 15.')
    expect(texts(plan, 'round')[0]).toBe('Round 1 — Turn order: B 20, A 15.')
  })
  it('declared in Stage 1 of Round 1 only: planned in every Round, it spends one Point in the skirmish', () => {
    const plan = pair({}, { void: 3, rounds: [{ void: 'initiative-roll' }] })
    texts(plan, 'roll')
    expect(spentOn(plan, 1, VOID_INITIATIVE_ROLL)).toBe(1)
    expect(plan.state.voidSpent[1]).toBe(1)
  })
  it('without Void Points the roll stays 4k3', () => {
    expect(texts(pair({}, { voidPoints: 0, rounds: [{ void: 'initiative-roll' }] }), 'roll')[1]).toMatch(/rolls Initiative 4k3 .*: 15\.$/)
  })
  it('exact: the Initiative distribution is the 5k4 one, and P(highest Initiative) uses it', () => {
    const plan = pair({}, { rounds: [{ void: 'initiative-roll' }] })
    const ex = l5r.exact(plan)
    const init = ex.find((m) => m.id === 'initiative:b')
    expect(init?.kind === 'distribution' && init.mean).toBeCloseTo(exactRoll({ rolled: 5, kept: 4, bonus: 0 }, true).mean, 12)
    const first = ex.find((m) => m.id === 'initiative-first:b')
    expect(first?.kind === 'probability' && first.p).toBeGreaterThan(0.7)
  })
  it('only a Round 1 plan may name it: rounds[1] is rejected with the path and the allowed values', () => {
    expect(issues(doc([{}, { void: 'initiative-roll' }]))).toEqual([
      'tactics.0.rounds.1.void: must be one of "none", "attack", "armor", "wounds", "damage", "initiative", "swap-initiative", "skill", "full-defense": the Initiative roll is made in Round 1 only (rounds[0])',
    ])
    expect(issues(doc([{ void: 'initiative-roll' }, {}]))).toEqual([])
  })
})

describe('Void +1k1 on the Full Defense roll (void "full-defense", docs/rules/l5r.md sections 1, 3 and 4)', () => {
  // b: Agility 3, Defense 2: (2 + 3) k 3 = 5k3; Armor TN 20 + half the roll rounded up
  const guard = (rounds: FighterSpec['rounds'], more: Partial<FighterSpec> = {}): Plan => pair({}, { defenseSkill: 2, void: 3, rounds, ...more })
  it('Round 1, right after Initiative: 5k3 becomes 6k4, 15 → 20 on 5s, Armor TN +10 → 30 instead of +8 → 28', () => {
    const rolls = texts(guard([{ stance: 'full-defense', void: 'full-defense' }]), 'roll')
    expect(rolls[2]).toBe('B takes Full Defense: Defense roll 6k4 (a Void Point adds +1k1, 2 left) = 20, Armor TN +10 → 30.')
    expect(texts(guard([{ stance: 'full-defense' }]), 'roll')[2]).toBe('B takes Full Defense: Defense roll 5k3 = 15, Armor TN +8 → 28.')
  })
  it('at each Turn spent in the stance: one Point per Round (Void 3, three Rounds)', () => {
    const plan = guard([{ stance: 'full-defense', void: 'full-defense' }])
    expect(texts(plan, 'roll').filter((t) => t.includes('6k4'))).toHaveLength(3)
    expect(spentOn(plan, 1, VOID_FULL_DEFENSE)).toBe(3)
  })
  it('a roll kept by Defense Mastery 3 is not rolled, so spends nothing (36 on 9s ≥ the 6k3 mean 26.5)', () => {
    const plan = guard([{ stance: 'full-defense', void: 'full-defense' }], { defenseSkill: 3 })
    const rolls = texts(plan, 'roll', 9)
    expect(rolls[2]).toBe('B takes Full Defense: Defense roll 7k4 (a Void Point adds +1k1, 2 left) = 36, Armor TN +18 → 38.')
    expect(rolls[3]).toMatch(/^B stays in Full Defense and keeps the last Defense roll of 36 \(Defense Mastery 3\)/)
    expect(spentOn(plan, 1, VOID_FULL_DEFENSE)).toBe(1)
  })
  it('with the Center Stance bonus on the same roll: (2 + 3 + 1 + 1) k (3 + 1 + 1) + Void 3 = 7k5+3', () => {
    const rolls = texts(guard([{ stance: 'center' }, { stance: 'full-defense', void: 'full-defense' }]), 'roll')
    expect(rolls).toContain('B takes Full Defense: Defense roll 7k5+3 (with the Center Stance bonus) (a Void Point adds +1k1, 2 left) = 28, Armor TN +14 → 34.')
  })
  it('exact opening attack against him uses the 6k4 Defense roll', () => {
    const ex = (p: Plan): number => (l5r.exact(p).find((m) => m.id === 'opening-hit:a') as { p: number }).p
    expect(ex(guard([{ stance: 'full-defense', void: 'full-defense' }]))).toBeLessThan(ex(guard([{ stance: 'full-defense' }])))
  })
  it('needs the Full Defense Stance in that Round: otherwise rejected with the path and the allowed values', () => {
    expect(issues(doc([{ stance: 'defense', void: 'full-defense' }]))).toEqual([
      'tactics.0.rounds.0.void: must be one of "none", "attack", "armor", "wounds", "damage", "initiative", "swap-initiative", "skill", "initiative-roll": Void +1k1 on the Full Defense roll needs stance "full-defense" in that Round (got "defense")',
    ])
  })
})

describe('an Emphasis belongs to his weapon skill, not to Defense (docs/rules/l5r.md section 1)', () => {
  it('the Full Defense roll of a combatant with an Emphasis is the plain Defense roll (no 1s rerolled)', () => {
    // 1s then 5s: with rerolls the 1s would turn into 5s
    const plan = pair({}, { defenseSkill: 2, emphasis: true, rounds: [{ stance: 'full-defense' }] })
    const ev = traceOf(plan, facesRng([5, 5, 5, 5, 5, 5, 5, 5, 1, 1, 1, 1, 1], 5)).filter((e) => e.kind === 'roll')
    expect(ev[2].text).toBe('B takes Full Defense: Defense roll 5k3 = 3, Armor TN +2 → 22.')
  })
})
