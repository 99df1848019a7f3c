import { describe, expect, it } from 'vitest'
import { C, PER_COMBATANT } from './layout'
import { hero } from './index'
import { heroPlan, playLogged, playMany, UNHURT, type Spec } from './test-helpers'

const PASSIVE = { ...UNHURT, attack: { dice: '1d6' } }
const HOUSE = { ruleset: 'tlot3-house' }
const at = (i: number, c: number): number => 4 + i * PER_COMBATANT + c

/** Holder h (DEX 18, SPD 3) waits on mover m (DEX 20, SPD 3); extra combatants join side A or B. */
const holdOn = (onEvent: string, mMove: Record<string, unknown> = {}, extra: Spec[] = [], hSpd = 3) =>
  heroPlan(
    [
      { id: 'h', side: 'A', dex: 18, spd: hSpd, ...PASSIVE, plan: { onPhase: 'hold', hold: { event: 'm', mode: 'interrupt', onEvent } } },
      { id: 'm', side: 'B', dex: 20, ...PASSIVE, ...mMove },
      ...extra,
    ],
    HOUSE,
    { turnCap: 2 },
  )

describe('the campaign house rules (docs/rules/hero.md): "If you decide to take no action when the anticipated event occurs, you will hold your action for defense"', () => {
  it('hold.onEvent "defend-if-targeted": the mover attacks him, so he takes no action, keeps it for defense and uses it before the attack roll (no interrupt contest)', () => {
    const { events } = playLogged(holdOn('defend-if-targeted'), 1)
    const seg4 = events.filter((e) => e.at === 16)
    const kinds = seg4.map((e) => `${e.kind}:${e.who[0]}`)
    const kept = kinds.indexOf('hold:h')
    expect(seg4[kept].text).toMatch(/M moves to attack him: H takes no action and keeps it as a hold for defense/)
    expect(kinds.indexOf('defend:h')).toBe(kept + 1)
    expect(seg4[kept + 1].text).toMatch(/H uses his held action to Dodge \(\+3 DCV\) before M attacks/)
    expect(['hit:m', 'miss:m']).toContain(kinds[kept + 2])
    expect(seg4.some((e) => /tries to interrupt/.test(e.text))).toBe(false)
  })
  it('"defend-if-targeted" still acts as declared when the mover attacks someone else (here an ally: the interrupt contest is rolled)', () => {
    const plan = holdOn('defend-if-targeted', { plan: { target: 'a' } }, [{ id: 'a', side: 'A', dex: 5, ...PASSIVE }])
    const { events } = playLogged(plan, 1)
    expect(events.some((e) => e.at === 16 && /H tries to interrupt M/.test(e.text))).toBe(true)
    expect(events.some((e) => /keeps it as a hold for defense/.test(e.text))).toBe(false)
  })
  it('"act" (the default) interrupts even when he is the target', () => {
    const { events } = playLogged(holdOn('act'), 1)
    expect(events.some((e) => e.at === 16 && /H tries to interrupt M/.test(e.text))).toBe(true)
    expect(events.some((e) => e.kind === 'defend')).toBe(false)
  })
  it('the kept action waits for a later attack: against a Haymaker (Segment 4) it is kept when the wind-up is declared and used when the blow lands at the end of Segment 5, before his SPD 2 Phase in Segment 6', () => {
    const { events } = playLogged(holdOn('defend-if-targeted', { plan: { onPhase: 'haymaker' } }, [], 2), 1)
    const kept = events.find((e) => e.kind === 'hold' && /keeps it as a hold for defense/.test(e.text))
    const defended = events.find((e) => e.kind === 'defend' && e.who[0] === 'h')
    expect(kept?.at).toBe(16)
    expect(defended?.at).toBe(17)
    const after = events[events.indexOf(defended as (typeof events)[number]) + 1]
    expect(after.who[0]).toBe('m')
    expect(after.text).toMatch(/with a Haymaker/)
  })
  it('a kept action counts once: kept-for-defense and hold-used are reported, and each kept hold is used at most once', () => {
    const plan = holdOn('defend-if-targeted')
    const t = playMany(plan, 300)
    const kept = t.counts[at(0, C.keptForDefense)]
    expect(kept).toBeGreaterThan(0)
    expect(t.counts[at(0, C.holdsUsed)] + t.counts[at(0, C.holdsExpired)]).toBeLessThanOrEqual(t.counts[at(0, C.holdsTaken)])
    const m = hero.summarize(plan, t).find((x) => x.id === 'kept-for-defense:h')
    expect(m?.kind === 'probability' && m.count === kept).toBe(true)
  })
})

/** Delayer d (DEX 20, SPD 4) delays to DEX 12 in the same Segment; enemy m (SPD 4) at `mDex`. */
const delayTo = (onArrival: string, mDex: number) =>
  heroPlan(
    [
      { id: 'd', side: 'A', dex: 20, spd: 4, ...PASSIVE, plan: { onPhase: 'delay', delay: { segments: 0, dex: 12, onArrival } } },
      { id: 'm', side: 'B', dex: mDex, spd: 4, ...PASSIVE },
    ],
    HOUSE,
    { turnCap: 1 },
  )

describe('the campaign house rules (docs/rules/hero.md) Delayed Action: "When the DEX and Segment you delayed for occurs, you must either act, or hold your action for defense"', () => {
  it('delay.onArrival "defend": at DEX 12 he takes no action and holds for defense; the enemy\'s attack later that Segment meets his Dodge first', () => {
    const { events } = playLogged(delayTo('defend', 10), 1)
    const seg = events.filter((e) => e.at === 12).map((e) => `${e.kind}:${e.who[0]}`)
    expect(seg).toContain('hold:d')
    const defend = seg.indexOf('defend:d')
    expect(defend).toBeGreaterThan(seg.lastIndexOf('hold:d'))
    expect(['hit:m', 'miss:m']).toContain(seg[defend + 1])
    expect(events.some((e) => e.who[0] === 'd' && /acts on his delayed action/.test(e.text))).toBe(false)
  })
  it('"defend-if-threatened": an enemy targeting him still to come this Segment (DEX 10 < 12) makes him hold for defense', () => {
    const { events } = playLogged(delayTo('defend-if-threatened', 10), 1)
    expect(events.some((e) => e.at === 12 && /with an enemy still to attack him this Segment: D takes no action/.test(e.text))).toBe(true)
  })
  it('"defend-if-threatened": with the enemy already done (DEX 14 > 12) he acts on the delayed action', () => {
    const { events } = playLogged(delayTo('defend-if-threatened', 14), 1)
    expect(events.some((e) => e.at === 12 && /D acts on his delayed action at DEX 12/.test(e.text))).toBe(true)
    expect(events.some((e) => /keeps it as a hold for defense/.test(e.text))).toBe(false)
  })
  it('"act" (the default) acts at the chosen DEX', () => {
    const { events } = playLogged(delayTo('act', 10), 1)
    expect(events.some((e) => e.at === 12 && /D acts on his delayed action at DEX 12/.test(e.text))).toBe(true)
  })
})
