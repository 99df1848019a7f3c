import { describe, expect, it } from 'vitest'
import { createTally } from '../../core/tally'
import { exactRoll, type RollSpec } from '../../dice/roll-and-keep'
import { bestRaises, bestRaisesAt, RAISE_TN_MAX, raiseTable } from './best-raises'
import { l5r } from './index'
import { compile } from './plan'
import { COUNTER, counterIndex } from './tally-layout'
import { facesRng, skirmish, traceOf, type FighterSpec } from './test-helpers'

/** Attacker a (6k3 katana, Strength 3) against b (Agility 3, Air 1, Defense Stance: Armor TN 21), who never attacks back. */
const duel = (a: Partial<FighterSpec>, b: Partial<FighterSpec> = {}, extra = {}) =>
  compile(skirmish([{ id: 'a', agility: 3, attackSkill: 3, ...a }, { id: 'b', agility: 3, air: 1, earth: 10, rounds: [{ stance: 'defense' }], ...b }], { roundCap: 4, ...extra }))
const hitsAndMisses = (plan: ReturnType<typeof duel>, faces: number) => traceOf(plan, facesRng([], faces)).filter((e) => e.kind === 'hit' || e.kind === 'miss')

describe('Void Points (docs/rules/l5r.md section 1)', () => {
  it('Void Points per skirmish = Void Ring (Void 3 → 3), unless voidPoints says otherwise', () => {
    expect(duel({ void: 3 }).fighters[0].voidPoints).toBe(3)
    expect(duel({ void: 3, voidPoints: 1 }).fighters[0].voidPoints).toBe(1)
  })
  it('"+1k1 to a roll, declared before rolling": the attack roll 6k3 becomes 7k4 (21 → 28 on 7s: a miss at TN 26 becomes a hit)', () => {
    const plain = hitsAndMisses(duel({}, { agility: 4 }), 7)
    expect(plain[0].text).toMatch(/^A misses B: 6k3 = 21 vs TN 26/)
    const boosted = hitsAndMisses(duel({ rounds: [{ void: 'attack' }] }, { agility: 4 }), 7)
    expect(boosted[0].text).toMatch(/^A hits B: 7k4 = 28 vs TN 26 .*a Void Point adds \+1k1, 1 left/)
  })
  it('Void Points run out: Void 2 boosts the attacks of Rounds 1 and 2 only', () => {
    const rolls = hitsAndMisses(duel({ void: 2, rounds: [{ void: 'attack' }] }, { earth: 10 }), 5).map((e) => e.text.split(':')[1].trim().split(' ')[0])
    expect(rolls).toEqual(['7k4', '7k4', '6k3', '6k3'])
  })
  it('variant voidPerRound "one" (default): with two attacks a Turn only the first gets the Void Point; "one-per-effect": both do', () => {
    const roll = (rules = {}) => hitsAndMisses(duel({ void: 4, attacksPerTurn: 2, rounds: [{ void: 'attack' }] }, {}, { roundCap: 1, rules }), 5).map((e) => e.text.split(':')[1].trim().split(' ')[0])
    expect(roll()).toEqual(['7k4', '6k3'])
    expect(roll({ voidPerRound: 'one-per-effect' })).toEqual(['7k4', '7k4'])
  })
  it('"+10 Armor TN for a Round (declared at Round start)": spent before any Turn, and it ends in that Round\'s Reaction stage', () => {
    const plan = duel({}, { rounds: [{ stance: 'defense', void: 'armor' }, { stance: 'defense' }] })
    const events = traceOf(plan, facesRng([], 7)).filter((e) => e.at <= 2)
    const kinds = events.filter((e) => ['void', 'hit', 'miss', 'reaction', 'round'].includes(e.kind)).map((e) => `${e.at}:${e.kind}`)
    expect(kinds).toEqual(['1:round', '1:void', '1:miss', '1:reaction', '2:round', '2:hit'])
    expect(events.find((e) => e.kind === 'miss')?.text).toContain('TN 31 (Armor TN 31 in Defense Stance with Void +10)')
  })
  it('"reduce wounds from one source by 10": a hit of 14 wounds leaves 4; a hit under 10 is taken whole', () => {
    const plan = duel({}, { rounds: [{ stance: 'defense', void: 'wounds' }] }, { roundCap: 1 })
    const soaked = traceOf(plan, facesRng([], 7))
    expect(soaked.find((e) => e.kind === 'void')?.text).toBe('B spends a Void Point: 10 fewer wounds (14 → 4; 1 left).')
    expect(plan.state.wounds[1]).toBe(4)
    // Agility 1: Armor TN 11; on 4s the attack (12) hits and the damage 6k2 is 8
    const weak = duel({}, { agility: 1, rounds: [{ stance: 'defense', void: 'wounds' }] }, { roundCap: 1 })
    const small = traceOf(weak, facesRng([], 4))
    expect(weak.state.wounds[1]).toBe(8)
    expect(small.some((e) => e.kind === 'void')).toBe(false)
  })
  it('tallies: Void spent, the +10 Armor TN turning a hit into a miss, wounds prevented', () => {
    const armor = duel({}, { rounds: [{ stance: 'defense', void: 'armor' }] }, { roundCap: 1 })
    const t = createTally(l5r.shape(armor))
    l5r.simulate(armor, facesRng([], 7), t) // 21 vs TN 21 + 10: a miss only because of the Void Point
    expect(t.counts[counterIndex(1, COUNTER.voidArmorFaced)]).toBe(1)
    expect(t.counts[counterIndex(1, COUNTER.voidArmorSaves)]).toBe(1)
    const m = l5r.summarize(armor, t)
    expect(m.find((x) => x.id === 'void-spent:b')).toMatchObject({ mean: 1 })
    expect(m.find((x) => x.id === 'void-armor-saves:b')).toMatchObject({ p: 1 })
    expect(m.find((x) => x.id === 'void-spent:a')).toBeUndefined()
    expect(m.find((x) => x.id === 'void-attack-hit-rate:b')).toBeUndefined()
  })
})

describe('best Raises (docs/rules/l5r.md section 4)', () => {
  const spec = (rolled: number, kept: number): RollSpec => ({ rolled, kept, bonus: 0 })
  const katana = [6, 7, 8].map((x) => exactRoll(spec(x, 2), true))
  it.each([
    [5, 3, 15, 3],
    [5, 3, 20, 3],
    [6, 3, 20, 3],
    [6, 3, 25, 3],
    [5, 3, 15, 0],
  ])('"Damage-Raises never pay off in these cases" (docs/rules/l5r.md section 6): %ik%i vs TN %i, Reduction %i → 0 Raises', (x, y, tn, red) => {
    expect(bestRaises(exactRoll(spec(x, y), true), katana, red, tn)).toBe(0)
  })
  it('against an easy TN they do: 6k3 with a katana calls 2 Raises at TN 5, 1 at TN 10, none at TN 15', () => {
    const atk = exactRoll(spec(6, 3), true)
    expect([5, 10, 15].map((tn) => bestRaises(atk, katana, 0, tn))).toEqual([2, 1, 0])
  })
  it('the precomputed table picks what bestRaises picks, at every TN, spec and Reduction', () => {
    const attacks = [spec(6, 3), spec(8, 4), spec(4, 2)]
    const damage = [spec(6, 2), spec(7, 2), spec(8, 2)]
    const t = raiseTable(attacks, () => true, damage, true, [0, 3, 5])
    const dmg = damage.map((d) => exactRoll(d, true, 6))
    let raised = 0
    attacks.forEach((a, k) => {
      const atk = exactRoll(a, true, 6)
      ;[0, 3, 5].forEach((red, r) => {
        for (let tn = 0; tn <= RAISE_TN_MAX; tn++) {
          const want = bestRaises(atk, dmg, red, tn)
          raised += want
          expect(bestRaisesAt(t, k, r, tn), `spec ${k}, Reduction ${red}, TN ${tn}`).toBe(want)
        }
      })
    })
    expect(raised).toBeGreaterThan(0)
  })
  it('in a skirmish: against a Full Attack target with Agility 1 (Armor TN 0) he calls 2 Raises; against Armor TN 20 none', () => {
    const easy = hitsAndMisses(duel({ rounds: [{ bestRaises: true }] }, { agility: 1, rounds: [{ stance: 'full-attack' }] }, { roundCap: 1 }), 5)
    expect(easy[0].text).toContain('2 Raises +10 (best Raises)')
    const hard = hitsAndMisses(duel({ rounds: [{ bestRaises: true }] }, {}, { roundCap: 1 }), 5)
    expect(hard[0].text).not.toContain('Raise')
  })
})
