import { describe, expect, it } from 'vitest'
import { withinStandardErrors } from '../../../../tests/helpers'
import { C, PER_COMBATANT } from './layout'
import { heroPlan, playLogged, playMany, segmentsOf, UNHURT } from './test-helpers'

/** Harmless attacks so the clock can be watched for many Turns. */
const PASSIVE = { ...UNHURT, attack: { dice: '1d6' } }
const HOUSE = { ruleset: 'tlot3-house' }

describe('Phases and DEX order (the campaign house rules (docs/rules/hero.md) "Starting Your Phase")', () => {
  it('"18 DEX and 4 SPD: Phases begin on DEX 18 in Segments 3, 6, 9 and 12" (Turn 2 = absolute Segments 15, 18, 21, 24)', () => {
    const plan = heroPlan([{ id: 'a', side: 'A', dex: 18, spd: 4, ...PASSIVE }, { id: 'b', side: 'B', dex: 10, spd: 2, ...PASSIVE }], {}, { turnCap: 2 })
    const { events } = playLogged(plan, 1)
    expect(segmentsOf(events, 'phase', 'a')).toEqual([12, 15, 18, 21, 24])
    expect(segmentsOf(events, 'phase', 'b')).toEqual([12, 18, 24])
  })
  it('combat starts in Segment 12: everyone with SPD ≥ 2 acts at once; SPD 1 first acts in Segment 7 of the next Turn', () => {
    const plan = heroPlan([{ id: 'a', side: 'A', spd: 1, ...PASSIVE }, { id: 'b', side: 'B', spd: 2, ...PASSIVE }], {}, { turnCap: 2 })
    const { events } = playLogged(plan, 1)
    expect(segmentsOf(events, 'phase', 'a')).toEqual([19])
    expect(segmentsOf(events, 'phase', 'b')[0]).toBe(12)
  })
  it('"Your Phase ends when your next Phase begins": highest DEX acts first in a Segment', () => {
    const plan = heroPlan([{ id: 'slow', side: 'A', dex: 10, ...PASSIVE }, { id: 'fast', side: 'B', dex: 23, ...PASSIVE }], {}, { turnCap: 1 })
    const { events } = playLogged(plan, 1)
    expect(events.filter((e) => e.kind === 'phase').map((e) => e.who[0])).toEqual(['fast', 'slow'])
  })
  it('Lightning Reflexes counts for order only: DEX 18 + 3 LR goes before DEX 20, but rolls DEX 18\'s 13-', () => {
    const plan = heroPlan([{ id: 'lr', side: 'A', dex: 18, lightningReflexes: 3, ...PASSIVE }, { id: 'b', side: 'B', dex: 20, ...PASSIVE }], {}, { turnCap: 1 })
    expect(plan.orderDex[0]).toBe(21)
    expect(plan.dexRoll[0]).toBe(13)
    expect(playLogged(plan, 1).events.find((e) => e.kind === 'phase')?.who[0]).toBe('lr')
  })
})

describe('Post-Segment 12 Recovery (docs/rules/hero.md section 1)', () => {
  it('comes after Segment 12 of every Turn even when nobody has a Phase in Segment 12 (two SPD 1 fighters)', () => {
    const plan = heroPlan([{ id: 'a', side: 'A', spd: 1, ...PASSIVE }, { id: 'b', side: 'B', spd: 1, ...PASSIVE }], {}, { turnCap: 3 })
    expect(playLogged(plan, 1).events.filter((e) => e.kind === 'recovery').map((e) => e.at)).toEqual([12, 24, 36])
  })
  it('regains REC STUN for the SPD 1 fighter hurt in Segment 7', () => {
    const plan = heroPlan([{ id: 'a', side: 'A', spd: 1, dex: 20, ocv: 30, attack: { dice: '3d6' } }, { id: 'b', side: 'B', spd: 1, stun: 300, rec: 7, body: 100, pd: 0, con: 99 }], {}, { turnCap: 2 })
    const { events } = playLogged(plan, 2)
    const taken = events.filter((e) => e.kind === 'hit').map((e) => Number(/after defences (\d+) STUN/.exec(e.text)?.[1]))
    expect(taken.length).toBeGreaterThan(0)
    const rec = events.filter((e) => e.kind === 'recovery' && e.at === 24)
    expect(rec[0]?.text).toContain(`B ${Math.min(300, 300 - taken[0] + 7)}/300 STUN`)
  })
})

describe('same-DEX ties (variants.tieRule), decided afresh every Segment', () => {
  const twins = (rules: Record<string, string>, a: Record<string, unknown> = {}, b: Record<string, unknown> = {}) =>
    heroPlan([{ id: 'a', side: 'A', dex: 15, ...PASSIVE, ...a }, { id: 'b', side: 'B', dex: 15, ...PASSIVE, ...b }], rules, { turnCap: 1 })
  it('the campaign house rules (docs/rules/hero.md): "each character rolls 1d6. Phases begin from highest roll to lowest. Reroll any ties"', () => {
    const { events } = playLogged(twins(HOUSE), 4)
    const rolls = events.filter((e) => e.kind === 'roll')
    expect(rolls.every((e) => /on 1d6/.test(e.text))).toBe(true)
    const last = rolls.slice(-2).map((e) => ({ who: e.who[0], d: Number(/rolls (\d)/.exec(e.text)?.[1]) }))
    expect(last[0].d).not.toBe(last[1].d)
    const winner = last[0].d > last[1].d ? last[0].who : last[1].who
    expect(events.find((e) => e.kind === 'phase')?.who[0]).toBe(winner)
    // every pair of equal rolls was rolled again
    expect(rolls.length % 2).toBe(0)
  })
  it.each([['tlot3-house', 'ruleset'], ['hero6e-raw', 'ruleset'], ['hero6e-raw', 'fixed']])('%s / %s: identical twins go first half the time (4 standard errors)', (ruleset, tieRule) => {
    const t = playMany(twins({ ruleset, tieRule }), 20_000)
    expect(withinStandardErrors(t.counts[4 + C.firstActor], 20_000, 0.5)).toBe(true)
  })
  it('6e RAW: contested DEX Roll, largest margin first (a better DEX Roll wins more often)', () => {
    const plan = twins({ ruleset: 'hero6e-raw' }, { dex: 15 }, { dex: 15 })
    expect(playLogged(plan, 2).events.some((e) => /DEX Roll \(12-\) for the tie/.test(e.text))).toBe(true)
  })
  it('GM alternative "int-pre": highest INT first, then PRE', () => {
    const t = playMany(twins({ tieRule: 'int-pre' }, { int: 13 }, { int: 10, pre: 30 }), 200)
    expect(t.counts[4 + C.firstActor]).toBe(200)
  })
  it('GM alternative "fast-draw": a character with Fast Draw goes first', () => {
    const t = playMany(twins({ tieRule: 'fast-draw' }, {}, { fastDraw: 0 }), 200)
    expect(t.counts[4 + PER_COMBATANT + C.firstActor]).toBe(200)
  })
  it('"fixed": one roll-off per combat, the same winner in every Segment of that fight', () => {
    const plan = heroPlan([{ id: 'a', side: 'A', dex: 15, ...PASSIVE }, { id: 'b', side: 'B', dex: 15, ...PASSIVE }], { tieRule: 'fixed' }, { turnCap: 3 })
    for (let seed = 1; seed < 6; seed++) {
      const phases = playLogged(plan, seed).events.filter((e) => e.kind === 'phase').map((e) => e.who[0])
      for (let k = 0; k < phases.length; k += 2) expect(phases[k]).toBe(phases[0])
    }
  })
  it('"per Segment" (default): the first mover changes between Segments of one fight', () => {
    const plan = heroPlan([{ id: 'a', side: 'A', dex: 15, ...PASSIVE }, { id: 'b', side: 'B', dex: 15, ...PASSIVE }], HOUSE, { turnCap: 5 })
    const phases = playLogged(plan, 3).events.filter((e) => e.kind === 'phase').map((e) => e.who[0])
    const firsts = new Set(phases.filter((_, k) => k % 2 === 0))
    expect(firsts.size).toBe(2)
  })
})

describe('Delayed action (the campaign house rules (docs/rules/hero.md))', () => {
  it('"delay until a DEX later in the Segment": DEX 20 delaying to DEX 10 acts after DEX 15', () => {
    const plan = heroPlan([{ id: 'd', side: 'A', dex: 20, ...PASSIVE, plan: { onPhase: 'delay', delay: { segments: 0, dex: 10 } } }, { id: 'm', side: 'B', dex: 15, ...PASSIVE }], HOUSE, { turnCap: 1 })
    const acts = playLogged(plan, 1).events.filter((e) => e.kind === 'hit' || e.kind === 'miss').map((e) => e.who[0])
    expect(acts).toEqual(['m', 'd'])
  })
  it('"delayed to a DEX another character starts his Phase on: who goes first as if both began their Phase on that DEX"', () => {
    const plan = heroPlan([{ id: 'd', side: 'A', dex: 20, ...PASSIVE, plan: { onPhase: 'delay', delay: { segments: 0, dex: 15 } } }, { id: 'm', side: 'B', dex: 15, ...PASSIVE }], HOUSE, { turnCap: 1 })
    const t = playMany(plan, 10_000)
    // the first action of the fight is whoever wins the 1d6 roll-off at DEX 15
    expect(withinStandardErrors(t.counts[4 + C.firstActor], 10_000, 0.5)).toBe(true)
  })
  it('"delay to a higher DEX on the Segment of your next Phase: your delayed action replaces that Phase" (house)', () => {
    const plan = heroPlan([{ id: 'd', side: 'A', dex: 10, spd: 4, ...PASSIVE, plan: { onPhase: 'delay', delay: { segments: 3, dex: 20 } } }, { id: 'm', side: 'B', dex: 15, spd: 4, ...PASSIVE }], HOUSE, { turnCap: 2 })
    const { events } = playLogged(plan, 1)
    expect(events.some((e) => e.at === 15 && e.kind === 'lose' && /replaced by his delayed action/.test(e.text))).toBe(true)
    expect(events.filter((e) => e.at === 15 && (e.kind === 'hit' || e.kind === 'miss')).map((e) => e.who[0])[0]).toBe('d')
  })
  it('delaying to his own DEX on the Segment of his next Phase: the delayed action takes that Phase, it is not lost (house)', () => {
    const plan = heroPlan([{ id: 'd', side: 'A', dex: 15, spd: 4, ...PASSIVE, plan: { onPhase: 'delay', delay: { segments: 3, dex: 15 } } }, { id: 'm', side: 'B', dex: 15, spd: 4, ...PASSIVE }], HOUSE, { turnCap: 2 })
    for (let seed = 1; seed <= 6; seed++) {
      const { events } = playLogged(plan, seed)
      expect(events.some((e) => e.at === 15 && e.who[0] === 'd' && e.kind === 'act' && /delayed action/.test(e.text))).toBe(true)
      expect(events.some((e) => e.at === 15 && e.who[0] === 'd' && /held action is lost/.test(e.text))).toBe(false)
    }
  })
  it('book (6e RAW): the same delay would be lost at the start of the Segment of the next Phase, so it is refused when the scenario is checked', () => {
    expect(() => heroPlan([{ id: 'd', side: 'A', dex: 10, spd: 4, ...PASSIVE, plan: { onPhase: 'delay', delay: { segments: 3, dex: 20 } } }, { id: 'm', side: 'B', dex: 15, spd: 4, ...PASSIVE }], { ruleset: 'hero6e-raw' }, { turnCap: 2 })).toThrow(/delay\.segments: must be at most 2 under this rule set/)
  })
  it('"you must either act, or hold your action for defense. You may not continue to delay": the delayed action is an action', () => {
    const plan = heroPlan([{ id: 'd', side: 'A', dex: 20, ...PASSIVE, plan: { onPhase: 'delay', delay: { segments: 1, dex: 5 } } }, { id: 'm', side: 'B', dex: 15, ...PASSIVE }], HOUSE, { turnCap: 1 })
    const { events } = playLogged(plan, 1)
    expect(events.filter((e) => e.who[0] === 'd' && e.kind === 'hold')).toHaveLength(1)
    expect(events.filter((e) => e.who[0] === 'd' && (e.kind === 'hit' || e.kind === 'miss'))).toHaveLength(0)
  })
})
