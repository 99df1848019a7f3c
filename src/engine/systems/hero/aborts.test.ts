import { describe, expect, it } from 'vitest'
import { heroPlan, playLogged, segmentsOf, UNHURT } from './test-helpers'

const PASSIVE = { ...UNHURT, attack: { dice: '1d6' } }

/**
 * A Thug (DEX 13, SPD 3: Segments 4, 8, 12) swings at an Acrobat (DEX 20, SPD 2: Segments 6, 12) who
 * Aborts to Dodge when attacked. A Dodge lasts until his next Phase (HERO 6E2 Dodge), so a second
 * Abort while it still runs spends a Phase and adds nothing to his defense against that attack.
 */
const dodger = (rules: Record<string, string> = {}) =>
  heroPlan(
    [
      { id: 'thug', side: 'A', dex: 13, spd: 3, ...PASSIVE },
      { id: 'acro', side: 'B', dex: 20, spd: 2, ...PASSIVE, plan: { abort: 'when-attacked', defense: 'dodge' } },
    ],
    rules,
    { turnCap: 2 },
  )

describe('Abort policy: Abort only when it improves his defense against this attack (issue: wasted Aborts)', () => {
  it('no second Abort to Dodge while the Dodge of an earlier Abort is still running (Segment 8 attack meets the Segment 4 Dodge)', () => {
    // The book's rule set: no Abort in Segment 12 after his own attack, so the first Abort comes in Segment 4.
    const { events } = playLogged(dodger({ ruleset: 'hero6e-raw' }), 1)
    const aborts = events.filter((e) => e.kind === 'defend' && e.who[0] === 'acro' && /Aborts/.test(e.text)).map((e) => e.at)
    // Turn 2 Segment 4 (abs 16): Aborts his Segment 6 Phase, Dodge runs to his Segment 12 Phase (abs 24).
    // Segment 8 (abs 20): the Dodge still runs, so no Abort, and his Segment 12 Phase (abs 24) is his to use.
    expect(aborts.filter((at) => at < 24)).toEqual([16])
    expect(segmentsOf(events, 'phase', 'acro')).toContain(24)
  })
  it('the Dodge still counts against the attack he did not Abort for', () => {
    const { events } = playLogged(dodger({ ruleset: 'hero6e-raw' }), 1)
    const s8 = events.find((e) => e.at === 20 && (e.kind === 'hit' || e.kind === 'miss') && e.who[0] === 'thug')
    // 11 + OCV 3 − (DCV 3 + 3 Dodging) = 8-
    expect(s8?.text).toMatch(/against 8-/)
  })
})

describe('Abort after acting (the campaign\'s house rules: "you may always Abort your next Phase to perform a defensive action even if you have already perform[ed] a full Phase of actions")', () => {
  it('house rules (default): having attacked on his Segment 12 Phase, he still Aborts his next Phase to Dodge the Thug later that Segment', () => {
    const { events } = playLogged(dodger(), 1)
    const aborts = events.filter((e) => e.kind === 'defend' && e.who[0] === 'acro' && /Aborts his next Phase/.test(e.text)).map((e) => e.at)
    // Turn 1 Segment 12 and Turn 2 Segment 12, each after his own attack; the Dodge covers Segments 4 and 8.
    expect(aborts).toEqual([12, 24])
    expect(events.some((e) => e.at === 24 && e.who[0] === 'acro' && (e.kind === 'hit' || e.kind === 'miss'))).toBe(true)
  })
  it('the book (and abortAfterActing "refused"): no Abort in a Segment in which he already acted', () => {
    for (const rules of [{ ruleset: 'hero6e-raw' }, { abortAfterActing: 'refused' }] as Record<string, string>[]) {
      const { events } = playLogged(dodger(rules), 1)
      expect(events.filter((e) => e.kind === 'defend' && e.who[0] === 'acro' && /Aborts/.test(e.text)).map((e) => e.at)).toEqual([16])
    }
  })
})
