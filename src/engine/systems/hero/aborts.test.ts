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
    const { events } = playLogged(dodger(), 1)
    const aborts = events.filter((e) => e.kind === 'defend' && e.who[0] === 'acro' && /Aborts/.test(e.text)).map((e) => e.at)
    // Turn 2 Segment 4 (abs 16): Aborts his Segment 6 Phase, Dodge runs to his Segment 12 Phase (abs 24).
    // Segment 8 (abs 20): the Dodge still runs, so no Abort, and his Segment 12 Phase (abs 24) is his to use.
    expect(aborts.filter((at) => at < 24)).toEqual([16])
    expect(segmentsOf(events, 'phase', 'acro')).toContain(24)
  })
  it('the Dodge still counts against the attack he did not Abort for', () => {
    const { events } = playLogged(dodger(), 1)
    const s8 = events.find((e) => e.at === 20 && (e.kind === 'hit' || e.kind === 'miss') && e.who[0] === 'thug')
    // 11 + OCV 3 − (DCV 3 + 3 Dodging) = 8-
    expect(s8?.text).toMatch(/against 8-/)
  })
})
