import { describe, expect, it } from 'vitest'
import { withinStandardErrors } from '../../../../tests/helpers'
import { contestPartsExact } from './contest'
import { interruptExact, tandemExact } from './exact'
import { parseScenario } from '../../run/parse'
import { hero } from './index'
import { C, PER_COMBATANT } from './layout'
import { heroPlan, playLogged, playMany, UNHURT } from './test-helpers'

const PASSIVE = { ...UNHURT, attack: { dice: '1d6' } }
const HOUSE = { ruleset: 'tlot3-house' }
const at = (i: number, c: number): number => 4 + i * PER_COMBATANT + c

/** Holder h (DEX 18, SPD 3) waits on mover m (DEX 20, SPD 3), who attacks every Phase. */
const standoff = (mode: string, rules: Record<string, string> = HOUSE, h: Record<string, unknown> = {}, m: Record<string, unknown> = {}, turnCap = 2) =>
  heroPlan(
    [
      { id: 'h', side: 'A', dex: 18, ...PASSIVE, plan: { onPhase: 'hold', hold: { event: 'm', mode } }, ...h },
      { id: 'm', side: 'B', dex: 20, ...PASSIVE, ...m },
    ],
    rules,
    { turnCap },
  )

describe('Held action (the campaign house rules (docs/rules/hero.md))', () => {
  it('interrupt: "both make a DEX Roll ... whoever makes their roll by the most resolves their action first"', () => {
    const { events } = playLogged(standoff('interrupt'), 1)
    const contest = events.find((e) => e.kind === 'roll' && /tries to interrupt/.test(e.text))
    expect(contest).toBeDefined()
    const first = /— (\w+) goes first/.exec(contest?.text ?? '')?.[1]
    const attacks = events.filter((e) => e.at === contest?.at && (e.kind === 'hit' || e.kind === 'miss')).map((e) => e.who[0].toUpperCase())
    expect(attacks[0]).toBe(first)
  })
  it('interrupt: exact odds from the contest (book, 13- vs 13-, ties re-rolled: exactly 1/2); Fast Draw 15- raises them to the value for +2 (0.6951)', () => {
    const BOOK = { ruleset: 'hero6e-raw' }
    expect(interruptExact(standoff('interrupt', BOOK), 0)).toBe(0.5)
    const fd = standoff('interrupt', BOOK, { fastDraw: 2, plan: { onPhase: 'hold', hold: { event: 'm', mode: 'interrupt', roll: 'fast-draw' } } })
    expect(fd.holdRoll[0]).toBe(15)
    expect(interruptExact(fd, 0)).toBeCloseTo(0.6951, 4)
  })
  it('interrupt under the house rules: a round in which neither makes the roll is nobody\'s, so 13- vs 13- interrupts less than half the time', () => {
    const [h, same, , neither] = contestPartsExact(13, 13)
    const p = interruptExact(standoff('interrupt'), 0) ?? 0
    expect(p).toBeCloseTo(h / (1 - same), 12)
    expect(p).toBeLessThan(0.5 - neither / 2 + 1e-9)
  })
  it('interrupt: "if the other character is still capable, he may then perform his action" — a knocked-out mover loses his', () => {
    const plan = standoff('interrupt', HOUSE, { ocv: 30, end: 300, attack: { dice: '60d6' } }, { stun: 5, pd: 0, ed: 0, con: 1 })
    let seen = 0
    for (let seed = 1; seed <= 40; seed++) {
      const { events } = playLogged(plan, seed)
      const k = events.findIndex((e) => /H goes first/.test(e.text))
      const ko = events.findIndex((e, j) => j > k && /M is Knocked Out/.test(e.text))
      if (k < 0 || ko < 0 || events[ko].at !== events[k].at) continue
      expect(events[ko + 1].text).toBe('M can no longer act: his action is lost.')
      seen++
    }
    expect(seen).toBeGreaterThan(5)
  })
  it('house rules, interrupt: "whoever makes their roll by the most" — if neither makes his DEX Roll nobody interrupts: the mover\'s attack resolves first, the holder acts after it', () => {
    const plan = standoff('interrupt', HOUSE, { dex: 0 }, { dex: 0 }, 6)
    let seen = 0
    for (let seed = 1; seed <= 30; seed++) {
      const { events } = playLogged(plan, seed)
      for (const e of events.filter((x) => /tries to interrupt/.test(x.text) && !/roll again/.test(x.text))) {
        const m = /rolls (\d+) against (\d+)- .*vs (\d+) against (\d+)-/.exec(e.text)
        if (!m || Number(m[1]) <= Number(m[2]) || Number(m[3]) <= Number(m[4])) continue
        const k = events.indexOf(e)
        const attacks = events.slice(k).filter((x) => x.at === e.at && (x.kind === 'hit' || x.kind === 'miss')).map((x) => x.who[0])
        expect(attacks.slice(0, 2), e.text).toEqual(['m', 'h'])
        seen++
      }
    }
    expect(seen).toBeGreaterThan(5)
  })
  it('the interrupt contest in its parts (holder ahead, same margin, mover ahead, neither makes it): sampled within 4 standard errors of exact, and the parts add up to every roll', () => {
    const plan = standoff('interrupt', HOUSE, {}, {}, 6)
    const t = playMany(plan, 3000)
    const ms = hero.summarize(plan, t).filter((m) => /^interrupt-(holder-first|same-margin|mover-first|neither):h$/.test(m.id))
    expect(ms.map((m) => m.id.split(':')[0])).toEqual(['interrupt-holder-first', 'interrupt-same-margin', 'interrupt-mover-first', 'interrupt-neither'])
    let total = 0
    for (const m of ms) {
      if (m.kind !== 'probability' || m.exact === undefined) throw new Error(`${m.id} has no exact value`)
      expect(withinStandardErrors(m.count, m.n, m.exact), `${m.id}: ${m.count}/${m.n} vs ${m.exact}`).toBe(true)
      total += m.count
      expect(m.n).toBe(ms[0].kind === 'probability' ? ms[0].n : 0)
    }
    expect(total).toBe(ms[0].kind === 'probability' ? ms[0].n : -1)
  })
  it('after: "once the anticipated event occurs and is resolved, your character may act"', () => {
    const { events } = playLogged(standoff('after'), 1)
    const used = events.find((e) => e.kind === 'act' && e.who[0] === 'h')
    const before = events.filter((e) => e.at === used?.at && (e.kind === 'hit' || e.kind === 'miss'))
    expect(before[0].who[0]).toBe('m')
    expect(before[1].who[0]).toBe('h')
  })
  it('tandem: "on a successful roll, your action occurs simultaneously"; variants.tandemFail default: a failed roll acts right after', () => {
    const plan = heroPlan(
      [
        { id: 'ally', side: 'A', dex: 20, ...PASSIVE },
        { id: 'h', side: 'A', dex: 12, ...PASSIVE, teamwork: 3, plan: { onPhase: 'hold', hold: { event: 'ally', mode: 'tandem', roll: 'teamwork' } } },
        { id: 'foe', side: 'B', dex: 10, ...PASSIVE },
      ],
      HOUSE,
      { turnCap: 3 },
    )
    expect(plan.holdRoll[1]).toBe(11 + 3)
    const t = playMany(plan, 4000)
    expect(t.counts[at(1, C.tandemRolls)]).toBe(t.counts[at(1, C.holdsUsed)])
    expect(withinStandardErrors(t.counts[at(1, C.tandemMade)], t.counts[at(1, C.tandemRolls)], 196 / 216)).toBe(true)
  })
  it('chains: a held action that is used is itself the event another holder waits for (M attacks, H acts after M, G acts after H)', () => {
    const plan = heroPlan(
      [
        { id: 'h', side: 'A', dex: 18, ...PASSIVE, plan: { onPhase: 'hold', hold: { event: 'm', mode: 'after' } } },
        { id: 'm', side: 'B', dex: 20, ...PASSIVE },
        { id: 'g', side: 'B', dex: 15, ...PASSIVE, plan: { onPhase: 'hold', hold: { event: 'h', mode: 'after' } } },
      ],
      HOUSE,
      { turnCap: 2 },
    )
    const { events } = playLogged(plan, 1)
    const attacks = events.filter((e) => e.at === 16 && (e.kind === 'hit' || e.kind === 'miss')).map((e) => e.who[0])
    expect(attacks).toEqual(['m', 'h', 'g'])
    expect(events.filter((e) => e.at === 16 && e.kind === 'act').map((e) => e.who[0])).toEqual(['h', 'g'])
  })
  it('variants.tandemFail "lose": a failed tandem roll loses the held action', () => {
    const plan = heroPlan(
      [
        { id: 'ally', side: 'A', dex: 20, ...PASSIVE },
        { id: 'h', side: 'A', dex: 3, ...PASSIVE, plan: { onPhase: 'hold', hold: { event: 'ally', mode: 'tandem' } } },
        { id: 'foe', side: 'B', dex: 10, ...PASSIVE },
      ],
      { ...HOUSE, tandemFail: 'lose' },
      { turnCap: 3 },
    )
    const t = playMany(plan, 2000)
    expect(t.counts[at(1, C.holdsUsed)]).toBe(t.counts[at(1, C.tandemMade)])
  })
  it('untrained tandem: "a Teamwork Roll is required to Coordinate Attacks with a character you have not trained with and is required by both characters" — both must make Teamwork (12- × 10-)', () => {
    const plan = heroPlan(
      [
        { id: 'ally', side: 'A', dex: 5, teamwork: 0, ...PASSIVE },
        { id: 'h', side: 'A', dex: 15, teamwork: 0, ...PASSIVE, plan: { onPhase: 'hold', hold: { event: 'ally', mode: 'tandem', roll: 'teamwork', trained: false } } },
        { id: 'foe', side: 'B', dex: 3, ...PASSIVE },
      ],
      HOUSE,
      { turnCap: 4 },
    )
    expect(tandemExact(plan, 1)).toBeCloseTo((160 / 216) * (108 / 216), 12)
    const t = playMany(plan, 3000)
    expect(withinStandardErrors(t.counts[at(1, C.tandemMade)], t.counts[at(1, C.tandemRolls)], (160 / 216) * (108 / 216))).toBe(true)
  })
  it('untrained tandem needs a Teamwork Roll from both: a DEX Roll, or a partner without Teamwork, is refused with a message', () => {
    const doc = (h: Record<string, unknown>, ally: Record<string, unknown> = {}) => ({
      schemaVersion: 1,
      name: 't',
      system: 'hero',
      combatants: [
        { id: 'ally', name: 'Ally', side: 'A', dex: 15, spd: 3, ...ally },
        { id: 'h', name: 'H', side: 'A', dex: 15, spd: 3, teamwork: h.teamwork, plan: { onPhase: 'hold', hold: { event: 'ally', mode: 'tandem', trained: false, ...(h.roll ? { roll: h.roll } : {}) } } },
        { id: 'foe', name: 'Foe', side: 'B', dex: 15, spd: 3 },
      ],
    })
    const issues = (d: unknown): string[] => {
      const r = parseScenario(d)
      return r.ok ? [] : r.issues.map((i) => `${i.path}: ${i.message}`)
    }
    expect(issues(doc({ teamwork: 1 }, { teamwork: 0 }))).toEqual(['combatants[1].plan.hold.roll: must be "teamwork" when trained is false: coordinating with someone he has not trained with takes a Teamwork Roll from both, got "dex"'])
    expect(issues(doc({ teamwork: 1, roll: 'teamwork' }))).toEqual(['combatants[1].plan.hold.event: "ally" needs teamwork too: with someone he has not trained with, both make a Teamwork Roll, got "ally"'])
    expect(issues(doc({ teamwork: 1, roll: 'teamwork' }, { teamwork: 0 }))).toEqual([])
  })
  it('variants.teamworkPenalty: untrained Teamwork at −2 / −4', () => {
    const spec = (penalty: string) =>
      heroPlan(
        [
          { id: 'ally', side: 'A', dex: 20, teamwork: 0, ...PASSIVE },
          { id: 'h', side: 'A', dex: 15, teamwork: 0, ...PASSIVE, plan: { onPhase: 'hold', hold: { event: 'ally', mode: 'tandem', roll: 'teamwork', trained: false } } },
          { id: 'foe', side: 'B', ...PASSIVE },
        ],
        { teamworkPenalty: penalty },
      ).holdRoll[1]
    expect([spec('none'), spec('minus-2'), spec('minus-4')]).toEqual([12, 10, 8])
  })
  it('"if the anticipated event does not occur before your next Phase ... losing your held action"', () => {
    const plan = standoff('interrupt', HOUSE, {}, { plan: { onPhase: 'hold-defense' } })
    const t = playMany(plan, 50)
    expect(t.counts[at(0, C.holdsUsed)]).toBe(0)
    expect(t.counts[at(0, C.holdsExpired)]).toBeGreaterThan(0)
  })
  it('"if the event occurs before your DEX on the Segment of your next Phase, you use your held action but lose that Phase" (house)', () => {
    const { events } = playLogged(standoff('after'), 1)
    expect(events.some((e) => e.at === 16 && e.who[0] === 'h' && e.kind === 'act')).toBe(true)
    expect(events.some((e) => e.at === 16 && e.who[0] === 'h' && /lost to the held action/.test(e.text))).toBe(true)
  })
  it('issue 13: "Phases lost" agrees with the log — a Phase given up to a held action used before his DEX is lost ("you use your held action but lose that Phase", house rules)', () => {
    const plan = standoff('after')
    const { events, tally } = playLogged(plan, 1)
    const heldUsed = events.filter((e) => e.who[0] === 'h' && /lost to the held action/.test(e.text)).length
    expect(heldUsed).toBeGreaterThan(0)
    // Every Phase the log says he lost: to the held action, an Abort, an expired hold, being Stunned (a Phase
    // replaced by his delayed action or taken by his Haymaker is not lost).
    const lostInLog = events.filter((e) => e.who[0] === 'h' && e.kind === 'lose' && !/replaced by his delayed action|taken by his Haymaker/.test(e.text)).length
    const m = hero.summarize(plan, tally).find((x) => x.id === 'phases-lost:h')
    expect(m?.kind === 'distribution' ? m.mean : -1).toBe(lostInLog)
    expect(events.find((e) => e.who[0] === 'h' && /Phases lost \d+\.$/.test(e.text))?.text).toContain(`Phases lost ${lostInLog}.`)
  })
  it('variants.holdExpiry book: the hold is lost at the start of that Segment, so the DEX 20 mover is not caught in Segment 4', () => {
    const { events } = playLogged(standoff('after', { ruleset: 'hero6e-raw' }), 1)
    expect(events.some((e) => e.at === 16 && e.who[0] === 'h' && /start of the Segment/.test(e.text))).toBe(true)
    expect(events.some((e) => e.at === 16 && e.who[0] === 'h' && e.kind === 'act')).toBe(false)
  })
  it('variants.holdExpiry "holder-dex" under the book rule set gives the house rules\' behaviour', () => {
    const { events } = playLogged(standoff('after', { ruleset: 'hero6e-raw', holdExpiry: 'holder-dex' }), 1)
    expect(events.some((e) => e.at === 16 && e.who[0] === 'h' && e.kind === 'act')).toBe(true)
  })
  it('variants.holdAcrossTurn: a hold persists across Post-Segment 12 Recovery by default; "cancel" drops it at the end of the Turn', () => {
    const plan = (holdAcrossTurn: string) => heroPlan([{ id: 'h', side: 'A', dex: 10, spd: 2, ...PASSIVE, plan: { onPhase: 'hold-defense' } }, { id: 'm', side: 'B', dex: 20, spd: 4, ...PASSIVE }], { ...HOUSE, holdAcrossTurn }, { turnCap: 2 })
    const persist = playLogged(plan('persist'), 1).events
    expect(persist.some((e) => e.at === 15 && e.who[0] === 'h' && e.kind === 'defend')).toBe(true)
    const cancel = playLogged(plan('cancel'), 1).events
    expect(cancel.some((e) => e.at === 12 && e.who[0] === 'h' && /end of the Turn/.test(e.text))).toBe(true)
    expect(cancel.some((e) => e.at === 15 && e.who[0] === 'h' && e.kind === 'defend')).toBe(false)
  })
})

describe('Holding for defense and Aborting (the campaign house rules (docs/rules/hero.md))', () => {
  const defender = (plan: Record<string, unknown>, turnCap = 3) =>
    heroPlan([{ id: 'd', side: 'A', dex: 25, spd: 2, ...PASSIVE, plan }, { id: 'm', side: 'B', dex: 20, spd: 4, ...PASSIVE }], HOUSE, { turnCap })
  it('"use a held action for defense ... you always act before the attacker": the Dodge comes before the attack roll', () => {
    const { events } = playLogged(defender({ onPhase: 'hold-defense' }), 1)
    const k = events.findIndex((e) => e.kind === 'defend')
    expect(events[k + 1].who[0]).toBe('m')
    expect(/Dodge/.test(events[k].text)).toBe(true)
  })
  it('"you may Abort a held or delayed action to perform a defensive action": it costs the held action, no Phase', () => {
    // one Segment: he holds at DEX 25, then Aborts that held action when the DEX 20 attacker strikes
    const t = playMany(defender({ onPhase: 'hold', hold: { event: 'm', mode: 'after' }, abort: 'when-attacked' }, 1), 500)
    expect(t.counts[at(0, C.aborts)]).toBe(500)
    expect(t.counts[at(0, C.aborts)]).toBeGreaterThan(0)
    expect(t.counts[at(0, C.abortCostHeld)]).toBe(t.counts[at(0, C.aborts)])
    expect(t.counts[at(0, C.phasesLostToAbort)]).toBe(0)
  })
  it('"you may always Abort your next Phase to perform a defensive action": it costs the next Phase', () => {
    const t = playMany(defender({ onPhase: 'attack', abort: 'when-attacked' }), 500)
    expect(t.counts[at(0, C.abortCostPhase)]).toBe(t.counts[at(0, C.aborts)])
    expect(t.counts[at(0, C.phasesLostToAbort)]).toBeGreaterThan(0)
  })
  it('"regardless of who goes first, the other character may always Abort": a mover interrupted before he acts Aborts the action he was about to take, not his next Phase (docs/rules/hero.md section 5)', () => {
    const plan = heroPlan(
      [
        { id: 'h', side: 'A', dex: 18, fastDraw: 10, ...PASSIVE, plan: { onPhase: 'hold', hold: { event: 'm', mode: 'interrupt', roll: 'fast-draw' } } },
        { id: 'm', side: 'B', dex: 20, ...PASSIVE, plan: { abort: 'when-attacked' } },
      ],
      HOUSE,
      { turnCap: 2 },
    )
    const { events } = playLogged(plan, 1)
    const k = events.findIndex((e) => /H goes first/.test(e.text))
    expect(k).toBeGreaterThan(0)
    const seg = events[k].at
    expect(events.some((e) => e.at === seg && e.kind === 'defend' && /M Aborts the action he was about to take/.test(e.text))).toBe(true)
    expect(events.some((e) => e.at === seg && (e.kind === 'hit' || e.kind === 'miss') && e.who[0] === 'm')).toBe(false)
    expect(events.some((e) => e.kind === 'lose' && e.who[0] === 'm' && /spent on an Abort/.test(e.text))).toBe(false)
    // Counted where he may not Abort after acting: every Abort then is one of an interrupted action.
    const strict = heroPlan(plan.combatants, { ...HOUSE, abortAfterActing: 'refused' }, { turnCap: 2 })
    const t = playMany(strict, 300)
    expect(t.counts[at(1, C.abortCostPhase)]).toBe(0)
    expect(t.counts[at(1, C.abortCostHeld)]).toBe(t.counts[at(1, C.aborts)])
    expect(t.counts[at(1, C.aborts)]).toBeGreaterThan(0)
  })
  it('a Stunned character cannot Abort (docs/rules/hero.md section 5)', () => {
    const plan = heroPlan([{ id: 'd', side: 'A', dex: 10, spd: 2, ...UNHURT, con: 1, pd: 0, plan: { abort: 'when-attacked' } }, { id: 'm', side: 'B', dex: 20, spd: 12, ocv: 30, ...PASSIVE, attack: { dice: '6d6' } }], HOUSE, { turnCap: 1 })
    const { events } = playLogged(plan, 1)
    const stunnedAt = events.findIndex((e) => e.kind === 'status' && /Stunned/.test(e.text))
    expect(stunnedAt).toBeGreaterThan(0)
    const later = events.slice(stunnedAt).filter((e) => e.kind === 'defend')
    expect(later).toHaveLength(0)
  })
  it('blockFirst "on" (docs/rules/hero.md section 2 item 5): after a successful Block, the blocker acts before that attacker in the next Segment where both have a Phase, then DEX order again; "off" (default) keeps DEX order', () => {
    const plan = (blockFirst: string) =>
      heroPlan([{ id: 'd', side: 'A', dex: 10, spd: 4, ocv: 30, ...PASSIVE, plan: { onPhase: 'hold-defense', defense: 'block' } }, { id: 'm', side: 'B', dex: 20, spd: 4, ...PASSIVE }], { ...HOUSE, blockFirst }, { turnCap: 2 })
    const phases = (blockFirst: string, seg: number): string[] =>
      playLogged(plan(blockFirst), 1).events.filter((e) => e.at === seg && (e.kind === 'phase' || (e.kind === 'lose' && /Phase/.test(e.text)))).map((e) => e.who[0])
    expect(playLogged(plan('on'), 1).events.some((e) => e.at === 15 && /to Block M: .* blocked/.test(e.text))).toBe(true)
    expect(phases('on', 18)).toEqual(['d', 'm'])
    expect(phases('off', 18)).toEqual(['m', 'd'])
  })
  it('Block: 11 + OCV − attacker OCV; a successful Block stops the attack', () => {
    const plan = heroPlan([{ id: 'd', side: 'A', dex: 10, spd: 2, ocv: 30, ...PASSIVE, plan: { onPhase: 'hold-defense', defense: 'block' } }, { id: 'm', side: 'B', dex: 20, spd: 4, ...PASSIVE }], HOUSE, { turnCap: 3 })
    const { events } = playLogged(plan, 1)
    const block = events.findIndex((e) => /to Block/.test(e.text))
    expect(/against 38-/.test(events[block].text)).toBe(true)
    expect(events[block + 1].kind === 'hit' || events[block + 1].kind === 'miss').toBe(false)
  })
})

describe('what a GM reads about lost Phases and actions per Turn', () => {
  const lostMean = (plan: ReturnType<typeof heroPlan>, metric: string, id: string): number => {
    const m = hero.summarize(plan, playMany(plan, 400)).find((x) => x.id === `${metric}:${id}`)
    if (!m || m.kind !== 'distribution') throw new Error(`no ${metric}:${id}`)
    return m.mean
  }
  it('"Phases lost to Aborts" and "Phases lost to expired holds" are separate metrics', () => {
    const aborter = heroPlan([{ id: 'd', side: 'A', dex: 25, spd: 2, ...PASSIVE, plan: { abort: 'when-attacked' } }, { id: 'm', side: 'B', dex: 20, spd: 4, ...PASSIVE }], HOUSE, { turnCap: 3 })
    expect(lostMean(aborter, 'phases-lost-abort', 'd')).toBeGreaterThan(0.5)
    expect(lostMean(aborter, 'phases-lost-hold', 'd')).toBe(0)
    const waiter = standoff('interrupt', HOUSE, {}, { plan: { onPhase: 'hold-defense' } }, 3)
    expect(lostMean(waiter, 'phases-lost-hold', 'h')).toBeGreaterThan(0.5)
    expect(lostMean(waiter, 'phases-lost-abort', 'h')).toBe(0)
  })
  it('an action counts in the Turn it is taken: a hold from Segment 12 used in Segment 1 belongs to Turn 2', () => {
    const plan = heroPlan([{ id: 'h', side: 'A', dex: 10, spd: 4, ...PASSIVE, plan: { onPhase: 'hold', hold: { event: 'm', mode: 'after' } } }, { id: 'm', side: 'B', dex: 20, spd: 12, ...PASSIVE }], HOUSE, { turnCap: 2 })
    const { events } = playLogged(plan, 1)
    expect(events.some((e) => e.at === 13 && e.who[0] === 'h' && e.kind === 'act')).toBe(true)
    const st = plan.st
    expect(st.turnActions[0 * st.turnSlots + 1]).toBe(0)
    expect(st.originTurnActions[0 * st.turnSlots + 1]).toBe(1)
    expect(st.turnActions[0 * st.turnSlots + 2]).toBeGreaterThanOrEqual(1)
  })
})
