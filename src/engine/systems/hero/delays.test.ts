import { describe, expect, it } from 'vitest'
import { parseScenario } from '../../run/parse'
import { heroPlan, playLogged, UNHURT } from './test-helpers'

const PASSIVE = { ...UNHURT, attack: { dice: '1d6' } }

const issues = (spd: number, delay: Record<string, unknown>, rules: Record<string, string> = {}): string[] => {
  const r = parseScenario({
    schemaVersion: 1,
    name: 't',
    system: 'hero',
    rules,
    combatants: [
      { id: 'd', name: 'D', side: 'A', dex: 15, spd, plan: { onPhase: 'delay', delay } },
      { id: 'm', name: 'M', side: 'B', dex: 15, spd: 3 },
    ],
  })
  return r.ok ? [] : r.issues.map((i) => `${i.path}: ${i.message}`)
}

describe('a delay past his next Phase is refused when the scenario is checked (a delayed action is lost when his next Phase comes)', () => {
  it('SPD 4 (Phases 3 Segments apart): a delay of 4 Segments is refused with the largest allowed', () => {
    expect(issues(4, { segments: 4, dex: 20 })).toEqual(['combatants[0].plan.delay.segments: must be at most 3: at SPD 4 his Phases can be 3 Segments apart, and a delayed action is lost when his next Phase comes, got 4'])
  })
  it('SPD 5 (Phases 2 or 3 Segments apart): 3 Segments would run past his next Phase from Segment 3 (to 6, past 5)', () => {
    expect(issues(5, { segments: 3, dex: 20 })[0]).toMatch(/^combatants\[0\]\.plan\.delay\.segments: must be at most 2: at SPD 5 his Phases can be 2 Segments apart/)
  })
  it('house rules: to the Segment of his next Phase only at his own DEX or higher (the delay then replaces that Phase)', () => {
    expect(issues(4, { segments: 3, dex: 14 })).toEqual(['combatants[0].plan.delay.dex: must be at least his DEX 15 when he delays into the Segment of his next Phase (the delayed action then replaces that Phase; lower, it is lost when his DEX comes up), got 14'])
    expect(issues(4, { segments: 3, dex: 15 })).toEqual([])
    expect(issues(4, { segments: 2, dex: 3 })).toEqual([])
  })
  it('the book: a delay into the Segment of his next Phase is lost when that Segment begins, so it is refused', () => {
    expect(issues(4, { segments: 3, dex: 20 }, { ruleset: 'hero6e-raw' })).toEqual(['combatants[0].plan.delay.segments: must be at most 2 under this rule set: a delayed action is lost when the Segment of his next Phase begins, got 3'])
  })
})

describe('trace wording of a lost delayed action', () => {
  it('a delayed action lost at the end of the Turn is called a delayed action, not a held one', () => {
    const plan = heroPlan([{ id: 'd', side: 'A', dex: 15, spd: 2, ...PASSIVE, plan: { onPhase: 'delay', delay: { segments: 1, dex: 20 } } }, { id: 'm', side: 'B', dex: 10, spd: 2, ...PASSIVE }], { holdAcrossTurn: 'cancel' }, { turnCap: 1 })
    const lost = playLogged(plan, 1).events.filter((e) => e.kind === 'lose' && e.who[0] === 'd')
    expect(lost.map((e) => e.text)).toEqual(["D's delayed action is lost at the end of the Turn."])
  })
})
