import { describe, expect, it } from 'vitest'
import { createTally } from '../../core/tally'
import { l5r } from './index'
import { compile, VOID_SKILL, VOID_USE_CODES } from './plan'
import { scenarioSchema } from './schema'
import { facesRng, skirmish, traceOf, type FighterSpec } from './test-helpers'

/** Attacker a (6k3 katana, Strength 3) against b (Agility 3, Air 1, Defense Stance: Armor TN 21), who never attacks back. */
const duel = (a: Partial<FighterSpec>, b: Partial<FighterSpec> = {}, extra = {}) =>
  compile(skirmish([{ id: 'a', agility: 3, attackSkill: 3, ...a }, { id: 'b', agility: 3, air: 1, earth: 10, rounds: [{ stance: 'defense' }], ...b }], { roundCap: 4, ...extra }))
const hits = (plan: ReturnType<typeof duel>, faces: number) => traceOf(plan, facesRng([], faces)).filter((e) => e.kind === 'hit' || e.kind === 'miss')

describe('Void on the damage roll: "Katana: a Void Point may add +1k1 to its damage" (docs/rules/l5r.md section 1)', () => {
  it('the katana damage roll 6k2 becomes 7k3 after a hit (14 → 21 on 7s); the Point is spent after the hit, not before', () => {
    const plan = duel({ rounds: [{ void: 'damage' }] }, {}, { roundCap: 1 })
    const [hit] = hits(plan, 7)
    expect(hit.text).toMatch(/^A hits B: 6k3 = 21 vs TN 21 .*Damage 7k3 \(a Void Point adds \+1k1 to the katana's damage, 1 left\) = 21 → 21 wounds\.$/)
    expect(plan.state.voidSpent[0]).toBe(1)
  })
  it('a miss spends nothing (Agility 4 target: TN 26, 21 misses)', () => {
    const plan = duel({ rounds: [{ void: 'damage' }] }, { agility: 4 }, { roundCap: 1 })
    expect(hits(plan, 7)[0].kind).toBe('miss')
    expect(plan.state.voidSpent[0]).toBe(0)
  })
  it('"normally one per Round": with two attacks a Turn only the first hit gets +1k1', () => {
    const plan = duel({ void: 3, attacksPerTurn: 2, rounds: [{ void: 'damage' }] }, {}, { roundCap: 1 })
    expect(hits(plan, 7).map((e) => /Damage (\d+k\d+)/.exec(e.text)?.[1])).toEqual(['7k3', '6k2'])
  })
  it('"not damage rolls" for other weapons: void "damage" with a no-dachi is rejected with the path and the allowed values', () => {
    const doc = { schemaVersion: 1, name: 't', system: 'l5r', combatants: [
      { id: 'a', name: 'A', side: 'A', agility: 3, classRank: 1, attackSkill: 3, strength: 3, earth: 2, weapon: { name: 'no-dachi', rolled: 3, kept: 3 } },
      { id: 'b', name: 'B', side: 'B', agility: 3, classRank: 1, attackSkill: 3, strength: 3, earth: 2 },
    ], tactics: [{ combatant: 'a', rounds: [{ void: 'damage' }] }, { combatant: 'b', rounds: [{}] }] }
    const r = scenarioSchema.safeParse(doc)
    expect(r.success).toBe(false)
    expect(r.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`)).toEqual([
      'tactics.0.rounds.0.void: must be one of "none", "attack", "armor", "wounds", "initiative", "swap-initiative", "skill", "initiative-roll", "full-defense": Void adds to damage only with a katana (weapon "no-dachi"; set weapon.voidDamage for a katana by another name)',
    ])
    doc.combatants[0].weapon = { name: 'daisho blade', rolled: 3, kept: 2, voidDamage: true } as never
    expect(scenarioSchema.safeParse(doc).success).toBe(true)
  })
  it('best Raises with Void on damage decide on the +1k1 damage table (built only when both are planned)', () => {
    expect(duel({ rounds: [{ void: 'damage', bestRaises: true }] }).fighters[0].raiseTableVoid).toBeDefined()
    expect(duel({ rounds: [{ bestRaises: true }] }).fighters[0].raiseTableVoid).toBeUndefined()
    expect(duel({ rounds: [{ void: 'damage' }] }).fighters[0].raiseTable).toBeUndefined()
  })
})

describe('Void for "+10 Initiative for the skirmish (at Round start)" (docs/rules/l5r.md sections 2 and 4)', () => {
  // Both roll 3k3 = 15 on 5s; the tie goes to a (roster order); attacks of 15 miss Armor TN 20.
  const race = (bRounds: FighterSpec['rounds'], extra = {}) => compile(skirmish([{ id: 'a', earth: 10 }, { id: 'b', earth: 10, void: 3, rounds: bRounds }], { roundCap: 3, ...extra }))
  it('declared at Round start, before the Turn order: B 15 + 10 = 25 acts before A 15', () => {
    const events = traceOf(race([{ void: 'initiative' }]), facesRng([], 5))
    const start = events.filter((e) => e.at === 1 && (e.kind === 'void' || e.kind === 'round')).map((e) => e.text)
    expect(start).toEqual(['B spends a Void Point: +10 Initiative for the skirmish (15 → 25; 2 left).', 'Round 1 — Turn order: B 25 (+10 Void), A 15.'])
  })
  it('lasts for the skirmish and is bought once: planned every Round, Void 3 spends 1 and B leads all three Rounds', () => {
    const plan = race([{ void: 'initiative' }])
    const order = traceOf(plan, facesRng([], 5)).filter((e) => e.kind === 'round').map((e) => e.text)
    expect(order).toEqual([1, 2, 3].map((r) => `Round ${r} — Turn order: B 25 (+10 Void), A 15.`))
    expect(plan.state.voidSpent[1]).toBe(1)
  })
  it('bought in Round 2 it counts from Round 2; the Initiative Score metric keeps the rolled score', () => {
    const plan = race([{}, { void: 'initiative' }])
    const order = traceOf(plan, facesRng([], 5)).filter((e) => e.kind === 'round').map((e) => e.text)
    expect(order[0]).toBe('Round 1 — Turn order: A 15, B 15.')
    expect(order[1]).toBe('Round 2 — Turn order: B 25 (+10 Void), A 15.')
    const t = createTally(l5r.shape(plan))
    l5r.simulate(plan, facesRng([], 5), t)
    t.trials = 1
    const m = l5r.summarize(plan, t)
    expect(m.find((x) => x.id === 'initiative:b')).toMatchObject({ mean: 15 })
    expect(m.find((x) => x.id === 'void-on-initiative:b')).toMatchObject({ mean: 1 })
  })
})

describe('variants.down "void-to-act": "Down: must spend Void to act", Free actions only (docs/rules/l5r.md sections 4 and 7)', () => {
  // On 8s a hits first (tie, roster order) for 6k2 = 16 wounds: Earth 1 puts b at Down (16–17). From Round 2 a centers.
  const down = (rules = {}, b: Partial<FighterSpec> = {}) =>
    compile(skirmish([{ id: 'a', earth: 10, rounds: [{}, { stance: 'center' }] }, { id: 'b', earth: 1, ...b }], { roundCap: 4, rules }))
  it('default "defeated": Down ends the skirmish at once', () => {
    const plan = down()
    const events = traceOf(plan, facesRng([], 8))
    expect(events[events.length - 1].text).toBe('Side A wins in Round 1.')
  })
  it('"void-to-act": each Turn at Down costs a Void Point and brings no attack; with the last one spent he is out and his side loses', () => {
    const plan = down({ down: 'void-to-act' })
    const events = traceOf(plan, facesRng([], 8))
    const acts = events.filter((e) => e.who[0] === 'b' && (e.kind === 'act' || e.kind === 'wound' || e.kind === 'hit')).map((e) => `${e.at}: ${e.text}`)
    expect(acts).toEqual([
      '1: B now has 16 wounds: Down (+40 TN, Free actions only: no attacks).',
      '1: B is Down and spends a Void Point to act: Free actions only, no attack (1 left).',
      '2: B is Down and spends a Void Point to act: Free actions only, no attack (0 left).',
      '2: B has no Void Point left to act with and is out of the fight.',
    ])
    expect(events[events.length - 1].text).toBe('Side A wins in Round 2.')
    expect(plan.state.defeatedIn[1]).toBe(2)
  })
  it('"void-to-act" with no Void Points: Down is defeated at once', () => {
    const events = traceOf(down({ down: 'void-to-act' }, { voidPoints: 0 }), facesRng([], 8))
    expect(events[events.length - 1].text).toBe('Side A wins in Round 1.')
  })
  it('tallies the Points spent to act while Down (metric void-to-act-down)', () => {
    const plan = down({ down: 'void-to-act' })
    const t = createTally(l5r.shape(plan))
    l5r.simulate(plan, facesRng([], 8), t)
    t.trials = 1
    const m = l5r.summarize(plan, t)
    expect(m.find((x) => x.id === 'void-to-act-down:b')).toMatchObject({ mean: 2 })
    expect(m.find((x) => x.id === 'void-spent:b')).toMatchObject({ mean: 2 })
    expect(m.find((x) => x.id === 'void-to-act-down:a')).toMatchObject({ mean: 0 })
  })
})

describe('Void "raise a skill 0→1 for the roll" (docs/rules/l5r.md section 1)', () => {
  // a: Agility 3, unskilled; b: Armor TN 21 in Defense Stance. Initiative takes 8 dice of 5s (a first on the tie).
  const unskilled = (rounds: FighterSpec['rounds']) => duel({ attackSkill: 0, rounds }, {}, { roundCap: 1 })
  const attackText = (plan: ReturnType<typeof duel>) => traceOf(plan, facesRng([5, 5, 5, 5, 5, 5, 5, 5, 10, 4, 5, 6], 5)).find((e) => e.kind === 'hit' || e.kind === 'miss')?.text
  it('unskilled, 3k3 does not explode: 10, 4, 5 keeps 19 and misses TN 21', () => {
    expect(attackText(unskilled([{}]))).toMatch(/^A misses B: 3k3 = 19 vs TN 21/)
  })
  it('with the Void Point he rolls 4k3 and tens explode: 10+4, 5, 6 keeps 25 and hits', () => {
    const plan = unskilled([{ void: 'skill' }])
    expect(attackText(plan)).toMatch(/^A hits B: 4k3 = 25 vs TN 21 \(.*a Void Point counts as skill 1 for this roll \(\+1k0, tens explode\), 1 left\)/)
    expect(plan.state.voidByUse[0 * VOID_USE_CODES + VOID_SKILL]).toBe(1)
  })
  it('only an unskilled attacker may: with attackSkill 3 it is rejected with the allowed uses', () => {
    const r = scenarioSchema.safeParse({ schemaVersion: 1, name: 't', system: 'l5r', combatants: [
      { id: 'a', name: 'A', side: 'A', agility: 3, classRank: 1, attackSkill: 3, strength: 3, earth: 2 },
      { id: 'b', name: 'B', side: 'B', agility: 3, classRank: 1, attackSkill: 3, strength: 3, earth: 2 },
    ], tactics: [{ combatant: 'a', rounds: [{ void: 'skill' }] }, { combatant: 'b', rounds: [{}] }] })
    expect(r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)).toEqual([
      'tactics.0.rounds.0.void: must be one of "none", "attack", "armor", "wounds", "damage", "initiative", "swap-initiative", "initiative-roll", "full-defense": Void raises a skill from 0 to 1, and his attackSkill is 3',
    ])
  })
})
